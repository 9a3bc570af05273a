// The context separated from the tree with `->` instead of `=>`.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent -> sequence<A, B> };
    let _ = tree.tick(&mut Agent);
}
