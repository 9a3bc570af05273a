// A mistake in a tree that is never ticked (so its context cannot be inferred): still one error.
use bt::{bt, Action, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

fn main() {
    let _tree = bt! { seqence<A> };
}
