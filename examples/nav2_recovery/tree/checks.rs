//! Nav2's conditions on the goal and the path.

use super::*;

/// `GlobalUpdatedGoal`: succeeds when `{goal}` changed since this node's previous tick, whenever
/// that was, and on its very first tick (as Nav2's does).
#[derive(Clone, Copy, Debug, Default)]
pub struct GlobalUpdatedGoal {
    seen: Option<u32>,
}

impl Condition<Robot> for GlobalUpdatedGoal {
    fn check(&mut self, robot: &Robot) -> bool {
        let now = robot.goal_version;
        self.seen.replace(now) != Some(now)
    }
}

/// `GoalUpdated`: succeeds when `{goal}` changed since the first tick of the current activation
/// of its parent.
///
/// Nav2's node remembers the goal on its first tick after its parent (re)started (its own status
/// is idle then) and fails on that tick. A leaf here does not see its parent's activations; it
/// counts a tick that does not follow one of its own on the previous step as such a first tick.
/// In this tree its parent is a `reactive_selector`, which ticks it on every step while it runs,
/// so the two agree.
#[derive(Clone, Copy, Debug, Default)]
pub struct GoalUpdated {
    seen: u32,
    last_step: Option<u64>,
}

impl Condition<Robot> for GoalUpdated {
    fn check(&mut self, robot: &Robot) -> bool {
        let (now, step) = (robot.goal_version, robot.steps);
        let first = self.last_step.replace(step) != Some(step.wrapping_sub(1));
        let changed = !first && self.seen != now;
        self.seen = now;
        changed
    }
}

// ----- path conditions ------------------------------------------------------------------------

/// `IsGoalNearby`: succeeds when the length of `path` from the robot's closest cell to its end is
/// below `proximity_threshold` metres; fails on an empty or absent path.
#[derive(Clone, Debug, Ports)]
pub struct IsGoalNearby {
    /// The path.
    pub path: Input<Vec<Pos>>,
    /// In metres.
    pub proximity_threshold: Input<f32>,
    /// How far past the closest cell found so far the search goes on, in metres.
    pub max_robot_pose_search_dist: Input<f32>,
}

impl Action<Robot> for IsGoalNearby {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let threshold = self.proximity_threshold.get(robot).copied().unwrap_or_default();
        let search = self.max_robot_pose_search_dist.get(robot).copied().unwrap_or_default();
        let Some(path) = self.path.get(robot) else { return Status::Failure };
        let near = closest(path, robot.pos, search).is_some_and(|i| length_from(path, i) < threshold);
        if near { Status::Success } else { Status::Failure }
    }
}

/// `TruncatePathLocal`: writes to `output_path` the part of `input_path` from `distance_backward`
/// metres behind the robot's closest cell to `distance_forward` metres ahead of it (a negative
/// distance: to the end), and succeeds; fails on an empty or absent path.
///
/// `output_path` is read and written (Nav2 declares it an output): the entry's vector is reused,
/// so that a tick allocates nothing once it is large enough.
#[derive(Clone, Debug, Ports)]
pub struct TruncatePathLocal {
    /// The path.
    pub input_path: Input<Vec<Pos>>,
    /// Its part around the robot.
    pub output_path: InOut<Vec<Pos>>,
    /// In metres; negative for the whole rest of the path.
    pub distance_forward: Input<f32>,
    /// In metres.
    pub distance_backward: Input<f32>,
}

impl Action<Robot> for TruncatePathLocal {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let forward = self.distance_forward.get(robot).copied().unwrap_or(-1.0);
        let backward = self.distance_backward.get(robot).copied().unwrap_or_default();
        let mut out = self.output_path.get_mut(robot).map(mem::take).unwrap_or_default();
        let Some(path) = self.input_path.get(robot) else { return Status::Failure };
        let Some(i) = closest(path, robot.pos, f32::INFINITY) else {
            self.output_path.set(robot, out);
            return Status::Failure;
        };
        let cells = |metres: f32| (metres / CELL).round() as usize;
        let from = i.saturating_sub(cells(backward));
        let to = if forward < 0.0 { path.len() } else { (i + 1 + cells(forward)).min(path.len()) };
        out.clear();
        out.extend_from_slice(&path[from..to]);
        self.output_path.set(robot, out);
        Status::Success
    }
}

/// `ValidatePath`: succeeds when `path` is not empty and none of its cells is blocked in the
/// global costmap (the robot's own cell aside). Nav2 asks the planner server over a service; here
/// the answer comes within the tick.
#[derive(Clone, Debug, Ports)]
pub struct ValidatePath {
    /// The path to check.
    pub path: Input<Vec<Pos>>,
}

impl Action<Robot> for ValidatePath {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let Some(path) = self.path.get(robot) else { return Status::Failure };
        let free =
            !path.is_empty() && path.iter().all(|&p| p == robot.pos || !robot.is_blocked(Layer::Global, p));
        if free { Status::Success } else { Status::Failure }
    }
}
