// A closure leaf without its parameter's type: the two accepted shapes are named.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => sequence<A, { |_agent| Status::Success }> };
    let _ = tree.tick(&mut Agent);
}
