// A leaf with generic arguments written without the turbofish: `Wait<3>` reads as a node kind.
use bt::{bt, Action, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

struct Wait<const N: u32>;
impl<const N: u32> Action<Agent> for Wait<N> {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Running
    }
}

fn main() {
    let mut tree = bt! { sequence<A, Wait<3>> };
    let _ = tree.tick(&mut Agent);
}
