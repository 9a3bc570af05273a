// A `switch` case needs `=>` between its pattern and its node.
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
    let mut tree = bt! { switch(|a: &Agent| a.mode)<Mode::Dock A, _ => A> };
    let _ = tree.tick(&mut agent);
}
