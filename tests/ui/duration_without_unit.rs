// A duration literal without a unit: the error suggests `3s`.
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

fn main() {
    let mut tree = bt! { timeout(3)<A> };
    let _ = tree.tick(&mut Agent);
}
