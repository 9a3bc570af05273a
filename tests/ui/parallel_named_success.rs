// `parallel` given `threshold_parallel`'s named `success`.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { parallel(success = 2)<A, B, C> };
    let _ = tree.tick(&mut Agent);
}
