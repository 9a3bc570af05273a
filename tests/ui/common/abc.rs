// The context `Agent` and three actions (`A` succeeds, `B` fails, `C` runs), shared by the
// compile-fail cases that need nothing else (`include!`d after `use bt::{bt, Action, Status};`).
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
