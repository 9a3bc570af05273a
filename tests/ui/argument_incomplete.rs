// An argument cut short: the error is at the closing parenthesis, not on the whole macro.
use bt::{bt, Action, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

fn main() {
    let mut tree = bt! { parallel(n = )<A, A> };
    let _ = tree.tick(&mut Agent);
}
