// A free function's return type is unknown to the macro: not a leaf of a named tree.
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

mod make {
    pub fn a() -> super::A {
        super::A
    }
}

bt! {
    struct Brain for Agent {
        sequence<A, make::a()>
    }
}

fn main() {
    let _ = Brain::new().tick(&mut Agent);
}
