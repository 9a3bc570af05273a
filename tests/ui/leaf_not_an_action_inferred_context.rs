// Without `Ctx =>` the context comes from `tick`; the error is still on the leaf.
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
    let mut tree = bt! { sequence<A, Other> };
    let _ = tree.tick(&mut Agent);
}
