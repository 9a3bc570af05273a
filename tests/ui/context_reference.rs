// The context written as the reference the tree is ticked with.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { &mut Agent => sequence<A, B> };
    let _ = tree.tick(&mut Agent);
}
