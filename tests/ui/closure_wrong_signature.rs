// A closure leaf that returns neither `Status` nor `bool`.
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
    let mut tree = bt! { Agent => sequence<A, { |_: &mut Agent| 3 }> };
    let _ = tree.tick(&mut Agent);
}
