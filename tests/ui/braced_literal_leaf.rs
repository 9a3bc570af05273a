// A literal in braces is still a literal: the literal message, not a type error.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { sequence<A, { 42 }> };
    let _ = tree.tick(&mut Agent);
}
