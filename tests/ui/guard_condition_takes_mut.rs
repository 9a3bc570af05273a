// A condition argument written as a closure taking `&mut` (an action's shape).
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
    let mut tree = bt! { Agent => guard({ |_: &mut Agent| true })<A> };
    let _ = tree.tick(&mut Agent);
}
