// `-1` as a count (forever, in BehaviorTree.CPP): `repeat<A>` repeats forever.
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
    let mut tree = bt! { repeat(-1)<A> };
    let _ = tree.tick(&mut Agent);
}
