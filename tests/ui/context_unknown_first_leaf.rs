// The first leaf is not a leaf, and the tree states no context: the context reads `_`, and the
// error says how to state it.
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
struct C;
impl Action<Agent> for C {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Running
    }
}

struct Other;

fn main() {
    let mut tree = bt! { sequence<Other, A> };
    let _ = tree.tick(&mut Agent);
}
