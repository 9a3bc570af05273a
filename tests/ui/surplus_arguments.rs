// Several surplus arguments are one mistake: one error, over all of them.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { retry(3, 4, 5)<A> };
    let _ = tree.tick(&mut Agent);
}
