// A closure leaf taking the context by value.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => sequence<A, { |_agent: Agent| Status::Success }> };
    let _ = tree.tick(&mut Agent);
}
