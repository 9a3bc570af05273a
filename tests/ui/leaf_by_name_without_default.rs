// A leaf with fields written by its name alone is built with `Default`: without it, the error
// is on the name and says to derive `Default` (or to write the fields).
use bt::{bt, Action, Status};

struct Agent;
struct Attack {
    left: u32,
}
impl Action<Agent> for Attack {
    fn execute(&mut self, _: &mut Agent) -> Status {
        self.left = self.left.saturating_sub(1);
        Status::Success
    }
}

fn main() {
    let mut tree = bt! { Agent => sequence<Attack, Attack { left: 2 }> };
    let _ = tree.tick(&mut Agent);
}
