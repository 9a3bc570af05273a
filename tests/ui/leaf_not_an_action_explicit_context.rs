// A leaf that is not an action for the tree's context: the error is on the leaf and names `Agent`.
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

struct Other;

fn main() {
    let mut tree = bt! { Agent => sequence<A, Other> };
    let _ = tree.tick(&mut Agent);
}
