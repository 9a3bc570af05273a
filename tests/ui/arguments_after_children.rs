// The arguments written after the children.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { sequence<repeat<A>(3), B> };
    let _ = tree.tick(&mut Agent);
}
