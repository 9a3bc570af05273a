// A closure taking `&` is a condition: its body must return `bool`.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => sequence<A, { |_: &Agent| Status::Success }> };
    let _ = tree.tick(&mut Agent);
}
