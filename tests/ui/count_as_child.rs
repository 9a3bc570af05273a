// The count written as the first child.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { retry<3, A> };
    let _ = tree.tick(&mut Agent);
}
