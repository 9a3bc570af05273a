// The context separated from the tree with `:` instead of `=>`.
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

fn main() {
    let mut tree = bt! { Agent: sequence<A, B> };
    let _ = tree.tick(&mut Agent);
}
