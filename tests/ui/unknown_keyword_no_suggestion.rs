// A lowercase word followed by `(` is a keyword position; nothing is close, so the error lists the keywords and explains braces for function calls.
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
    let mut tree = bt! { walk_to(A) };
    let _ = tree.tick(&mut Agent);
}
