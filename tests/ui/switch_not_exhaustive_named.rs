// A `switch` in a named tree whose patterns miss a value: reported as in the anonymous form, on
// `switch`, naming the missing pattern.
use bt::{bt, Action, Status};

struct Agent {
    mode: Mode,
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

bt! {
    struct Brain for Agent {
        switch(|a: &Agent| a.mode)<Mode::Dock => A, Mode::Explore => A>
    }
}

fn main() {
    let mut agent = Agent { mode: Mode::Idle };
    let _ = (Mode::Dock, Mode::Explore);
    let _ = Brain::new().tick(&mut agent);
}
