// A leaf of blocks nested 65 levels deep: one error, on the first level beyond 64.
use bt::{bt, Action, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

fn main() {
    let mut tree = bt! { Agent => sequence<A, { {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{ A }}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}} }> };
    let _ = tree.tick(&mut Agent);
}
