// A mistake inside a named tree: one error, and the struct still exists (no cascade where it is used).
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

bt! {
    struct Brain for Agent {
        sequence<A, invert<A, B>>
    }
}

struct Npc {
    brain: Brain,
}

fn main() {
    let mut npc = Npc { brain: Brain::default() };
    let _ = npc.brain.tick(&mut Agent);
}
