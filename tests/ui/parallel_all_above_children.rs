// `parallel_all(max_failures = k)` with k above the number of children could never fail.
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
    let mut tree = bt! { parallel_all(max_failures = 3)<A, B> };
    let _ = tree.tick(&mut Agent);
}
