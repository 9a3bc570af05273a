// A condition closure taking `&mut`: the closure is an action, whose body must return `Status`.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => sequence<A, { |_: &mut Agent| true }> };
    let _ = tree.tick(&mut Agent);
}
