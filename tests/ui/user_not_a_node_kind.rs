// A type that is not a composite or decorator (an action) written as a node kind with children.
use bt::{bt, Action, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

#[derive(Default)]
struct Walk;
impl Action<Agent> for Walk {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Running
    }
}

fn main() {
    let mut tree = bt! { Walk<A, A> };
    let _ = tree.tick(&mut Agent);
}
