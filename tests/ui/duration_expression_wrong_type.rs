// A duration expression that is not a `Duration`: the type error is on the expression.
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

use bt::{Clock, ManualClock};
use core::time::Duration;

struct World(ManualClock);
impl Clock for World {
    fn now(&self) -> Duration {
        self.0.now()
    }
}
impl Action<World> for A {
    fn execute(&mut self, _: &mut World) -> Status {
        Status::Success
    }
}

fn main() {
    let secs: u64 = 3;
    let mut tree = bt! { World => timeout(secs)<A> };
    let _ = tree.tick(&mut World(ManualClock::new()));
}
