// A `switch` needs a closure, which a named tree cannot hold.
use bt::{bt, Action, Status};

pub struct Agent {
    mode: u8,
}
pub struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

bt! {
    pub struct Brain for Agent {
        switch(|a: &Agent| a.mode)<0 => A, _ => A>
    }
}

fn main() {
    let _ = Agent { mode: 0 }.mode;
    let _brain = Brain::new();
}
