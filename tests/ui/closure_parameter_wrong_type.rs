// A condition closure whose parameter is not the context: the two accepted shapes are named.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => sequence<A, { |n: &u32| *n > 2 }> };
    let _ = tree.tick(&mut Agent);
}
