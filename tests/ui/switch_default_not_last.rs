// The default case `_` of a `switch` must come last.
use bt::{bt, Action, Status};

struct Agent {
    mode: Mode,
    ready: bool,
}
#[derive(Clone, Copy)]
enum Mode {
    Dock,
    Explore,
    Idle,
}
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

fn main() {
    let mut agent = Agent { mode: Mode::Idle, ready: true };
    let _ = (agent.mode, agent.ready, Mode::Dock, Mode::Explore);
    let mut tree = bt! { switch(|a: &Agent| a.mode)<_ => A, Mode::Dock => A> };
    let _ = tree.tick(&mut agent);
}
