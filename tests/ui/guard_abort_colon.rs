// `guard`'s named `abort` written with `:`: not "a single condition", but `=`.
use bt::{bt, Action, Condition, Status};

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
struct IsReady;
impl Condition<Agent> for IsReady {
    fn check(&mut self, _: &Agent) -> bool {
        true
    }
}

fn main() {
    let mut tree = bt! { guard(IsReady, abort: both)<A> };
    let _ = tree.tick(&mut Agent);
}
