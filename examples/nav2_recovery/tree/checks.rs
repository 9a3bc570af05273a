//! Nav2's conditions on the goal, the robot and time: `GlobalUpdatedGoal`, `GoalUpdated`,
//! `GoalReached`, `IsStuck`, `TimeExpired`, `DistanceTraveled`, `PathExpiringTimer`.
//!
//! Each is an action that succeeds or fails at once (so that its ports show in the tree's
//! description), with Nav2's ports and defaults.
//!
//! **Starting over.** Several of Nav2's conditions start over when their status is idle, which
//! BehaviorTree.CPP sets when the parent resets its children (its activation ended, or it
//! halted them). A leaf here does not see its parent's activations: [`Fresh`] counts a tick that
//! does not follow one of the node's own on the previous step as such a start. Under a parent
//! that ticks it on every step while it runs (a reactive node, a pipeline), the two agree.

use super::*;

/// Whether a tick starts over (see the module docs): the step of the node's last tick.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fresh {
    last_step: Option<u64>,
}

impl Fresh {
    /// Whether this tick, at the robot's current step, starts over.
    pub fn tick(&mut self, robot: &Robot) -> bool {
        let step = robot.steps;
        self.last_step.replace(step) != Some(step.wrapping_sub(1))
    }
}

/// The goal and goals a goal condition compares: `{goal}` and `{goals}` by default.
#[derive(Clone, Debug, Default, PartialEq)]
struct Goals {
    goal: Option<Pos>,
    goals: Vec<Pos>,
}

impl Goals {
    /// Whether `goal` and `goals` differ from the ones kept; keeps them (allocates only when
    /// `goals` outgrows the ones kept).
    fn update(&mut self, goal: Option<Pos>, goals: &[Pos]) -> bool {
        let changed = self.goal != goal || self.goals != goals;
        if changed {
            self.goal = goal;
            self.goals.clear();
            self.goals.extend_from_slice(goals);
        }
        changed
    }
}

/// Reads `goal` and `goals` from their ports and updates `kept`; whether they changed.
fn goals_changed(
    kept: &mut Goals,
    goal: &mut Input<Pos>,
    goals: &mut Input<Vec<Pos>>,
    robot: &Robot,
) -> bool {
    let goal = goal.get(robot).copied();
    kept.update(goal, goals.get(robot).map_or(&[], Vec::as_slice))
}

/// `GlobalUpdatedGoal`: succeeds on its very first tick, and whenever `goal` or `goals` changed
/// since its previous tick, whenever that was (as Nav2's: it never starts over).
#[derive(Clone, Debug, Ports)]
pub struct GlobalUpdatedGoal {
    /// Destination to check.
    #[port(default = "{goal}")]
    pub goal: Input<Pos>,
    /// Goals to check.
    #[port(default = "{goals}")]
    pub goals: Input<Vec<Pos>>,
    started: bool,
    kept: Goals,
}

impl Action<Robot> for GlobalUpdatedGoal {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let changed = goals_changed(&mut self.kept, &mut self.goal, &mut self.goals, robot);
        Status::from_bool(!std::mem::replace(&mut self.started, true) || changed)
    }
}

/// `GoalUpdated`: succeeds when `goal` or `goals` changed since its last tick; on a tick that
/// starts over ([`Fresh`]) it only remembers them and fails.
#[derive(Clone, Debug, Ports)]
pub struct GoalUpdated {
    /// Destination to check.
    #[port(default = "{goal}")]
    pub goal: Input<Pos>,
    /// Goals to check.
    #[port(default = "{goals}")]
    pub goals: Input<Vec<Pos>>,
    fresh: Fresh,
    kept: Goals,
}

impl Action<Robot> for GoalUpdated {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let fresh = self.fresh.tick(robot);
        let changed = goals_changed(&mut self.kept, &mut self.goal, &mut self.goals, robot);
        Status::from_bool(!fresh && changed)
    }
}

/// Nav2's `goal_reached_tol` (a parameter of the navigator), in metres.
pub const GOAL_REACHED_TOL: f32 = 0.25;

/// `GoalReached`: succeeds when the robot is within [`GOAL_REACHED_TOL`] of `goal` — its own
/// cell or a neighbour (cells are 0.25 m); fails without a goal.
#[derive(Clone, Debug, Ports)]
pub struct GoalReached {
    /// Destination to check.
    pub goal: Input<Pos>,
    /// The robot's frame (the simulated robot has one).
    #[port(default = "base_link")]
    pub robot_base_frame: Input<String>,
}

impl Action<Robot> for GoalReached {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let near = self.goal.get(robot).is_some_and(|g| g.distance(robot.pos) <= GOAL_REACHED_TOL);
        Status::from_bool(near)
    }
}

/// `IsStuck`: succeeds while the robot has just stopped short, as after a bump: Nav2 watches the
/// odometry for a deceleration beyond its brake limit ([`BRAKE_ACCEL_LIMIT`]); the simulated
/// robot stops at once when the next cell of its path is blocked ([`Robot::bumped`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct IsStuck;

impl Condition<Robot> for IsStuck {
    fn check(&mut self, robot: &Robot) -> bool {
        robot.bumped
    }
}

/// `TimeExpired`: on a tick that starts over ([`Fresh`]) starts its timer and fails; then fails
/// until `seconds` have passed, and succeeds then, restarting the timer.
#[derive(Clone, Debug, Ports)]
pub struct TimeExpired {
    /// The time to wait, in seconds.
    #[port(default = "1.0")]
    pub seconds: Input<f64>,
    fresh: Fresh,
    start: Duration,
}

impl Action<Robot> for TimeExpired {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let now = robot.now();
        if self.fresh.tick(robot) {
            self.start = now;
            return Status::Failure;
        }
        let period = self.seconds.get(robot).copied().unwrap_or(1.0);
        if (now - self.start).as_secs_f64() < period {
            return Status::Failure;
        }
        self.start = now;
        Status::Success
    }
}

/// `DistanceTraveled`: on a tick that starts over ([`Fresh`]) notes where the robot is and
/// fails; then fails until the robot is `distance` metres away from there (in a straight line),
/// and succeeds then, noting the new place.
#[derive(Clone, Debug, Ports)]
pub struct DistanceTraveled {
    /// In metres.
    #[port(default = "1.0")]
    pub distance: Input<f32>,
    /// The map's frame (the simulated robot has one).
    #[port(default = "map")]
    pub global_frame: Input<String>,
    /// The robot's frame.
    #[port(default = "base_link")]
    pub robot_base_frame: Input<String>,
    fresh: Fresh,
    start: Pos,
}

impl Action<Robot> for DistanceTraveled {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        if self.fresh.tick(robot) {
            self.start = robot.pos;
            return Status::Failure;
        }
        let distance = self.distance.get(robot).copied().unwrap_or(1.0);
        if self.start.distance(robot.pos) < distance {
            return Status::Failure;
        }
        self.start = robot.pos;
        Status::Success
    }
}

/// `PathExpiringTimer`: on its very first tick starts its timer and fails; the timer restarts
/// whenever `path` changes; succeeds once `seconds` have passed since the timer (re)started,
/// restarting it.
#[derive(Clone, Debug, Ports)]
pub struct PathExpiringTimer {
    /// In seconds.
    #[port(default = "1.0")]
    pub seconds: Input<f64>,
    /// The path whose updates restart the timer.
    pub path: Input<Vec<Pos>>,
    /// When the timer started, and a hash of the path then (none before the first tick).
    timer: Option<(Duration, Option<u64>)>,
}

/// A hash of a path (FNV-1a of its cells), to tell a new path from the same one.
fn path_hash(path: &[Pos]) -> u64 {
    path.iter().fold(0xcbf2_9ce4_8422_2325, |h, p| {
        let v = (p.x as u64) << 16 | p.y as u16 as u64;
        (h ^ v).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl Action<Robot> for PathExpiringTimer {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let now = robot.now();
        let path = self.path.get(robot).map(|p| path_hash(p));
        let Some((start, seen)) = &mut self.timer else {
            self.timer = Some((now, path));
            return Status::Failure;
        };
        if path.is_some() && path != *seen {
            (*start, *seen) = (now, path);
        }
        let period = self.seconds.get(robot).copied().unwrap_or(1.0);
        if (now - *start).as_secs_f64() < period {
            return Status::Failure;
        }
        *start = now;
        Status::Success
    }
}
