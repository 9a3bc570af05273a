// A count expression of the wrong type: the error is on the expression.
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
    let times: i64 = 3;
    let mut tree = bt! { repeat(times)<A> };
    let _ = tree.tick(&mut Agent);
}
