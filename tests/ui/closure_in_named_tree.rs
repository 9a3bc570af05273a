// A closure cannot be a leaf of a named tree: its type has no name.
use bt::{bt, Action, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}
struct B;
impl Action<Agent> for B {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Failure
    }
}

bt! {
    struct Brain for Agent {
        sequence<A, { |_: &mut Agent| Status::Success }>
    }
}

fn main() {
    let _ = Brain::new().tick(&mut Agent);
}
