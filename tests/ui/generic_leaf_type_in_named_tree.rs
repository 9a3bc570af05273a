// A generic leaf written as a type with generic arguments (`Set<Target>::new(…)`, as the
// compiler suggests for `Set::new(…)` in a named tree): the turbofish form is explained.
use bt::{bt, Action, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}
struct Target;
struct Set<T>(T);
impl<T> Set<T> {
    fn new(value: T) -> Self {
        Set(value)
    }
}
impl<T> Action<Agent> for Set<T> {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

bt! {
    pub struct Brain for Agent {
        sequence<A, Set<Target>::new(Target)>
    }
}

fn main() {
    let mut tree = Brain::new();
    let _ = tree.tick(&mut Agent);
}
