// BehaviorTree.CPP's `success_count` on a parallel node.
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
    let mut tree = bt! { threshold_parallel(success_count = 2)<A, B, C> };
    let _ = tree.tick(&mut Agent);
}
