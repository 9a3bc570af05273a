// A leaf of a named tree that is not an action for its context. Known limitation: the struct spells
// out the leaf's type, so the compiler checks it where the type is declared (reported on the tree's
// name, naming the leaf and the context) and again where a value of the type is used.
use bt::{bt, Action, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}
struct Other;

bt! {
    struct Brain for Agent {
        sequence<A, Other>
    }
}

fn main() {
    let _brain = Brain::new();
}
