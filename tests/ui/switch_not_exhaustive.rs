// A `switch` without a default whose patterns miss a value: the compiler names the missing pattern.
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
    let mut tree = bt! { switch(|a: &Agent| a.mode)<Mode::Dock => A, Mode::Explore => A> };
    let _ = tree.tick(&mut agent);
}
