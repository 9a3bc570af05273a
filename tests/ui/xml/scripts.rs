// The robot of the compile-fail cases of scripts (`include!`d): a blackboard, and leaves whose
// ports are of several types.
use bt::blackboard::Blackboard;
use bt::ports::{HasBlackboard, Input, Output, Ports};
use bt::{Action, Status};

struct Robot {
    bb: Blackboard,
}

impl HasBlackboard for Robot {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
}

/// No time: nothing here expires.
impl bt::Clock for Robot {
    fn now(&self) -> core::time::Duration {
        core::time::Duration::ZERO
    }
}

/// A position, which scripts cannot compute with.
#[derive(Clone, Debug, Default)]
struct Pose {
    x: f64,
}

#[derive(Ports)]
struct Drive {
    speed: Input<f64>,
    tag: Input<String>,
    #[port(default = "{pose}")]
    goal: Input<Pose>,
    #[port(default = "{count}")]
    count: Output<i32>,
}

impl Action<Robot> for Drive {
    fn execute(&mut self, r: &mut Robot) -> Status {
        let _ = (self.speed.get(r), self.tag.get(r), self.goal.get(r).map(|p| p.x));
        self.count.set(r, 1);
        Status::Success
    }
}

#[derive(Ports)]
struct Sense {
    level: Output<f32>,
}

impl Action<Robot> for Sense {
    fn execute(&mut self, r: &mut Robot) -> Status {
        self.level.set(r, 1.0);
        Status::Success
    }
}
