// A duration whose unit is written apart from the number.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => timeout(2 s)<A> };
    let _ = tree.tick(&mut Agent);
}
