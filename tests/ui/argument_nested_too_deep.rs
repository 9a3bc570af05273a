// An argument nested 65 levels deep (parentheses around the count): one error, on the first
// level beyond 64.
use bt::{bt, Action, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

fn main() {
    let mut tree = bt! { Agent => retry((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((3))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))<A> };
    let _ = tree.tick(&mut Agent);
}
