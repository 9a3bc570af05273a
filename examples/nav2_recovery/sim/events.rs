//! What happened, for the log and the tests.

use super::*;

/// Something that happened, for the log and the tests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EventKind {
    /// A navigation to goal `goal` of the scenario started.
    NavigationStarted {
        /// Index of the goal in the scenario.
        goal: usize,
    },
    /// The goal of the navigation in progress moved.
    GoalUpdated {
        /// Index of the goal in the scenario.
        goal: usize,
        /// Where it is now.
        to: Pos,
    },
    /// The tree succeeded: the robot is at the goal.
    GoalReached {
        /// Index of the goal in the scenario.
        goal: usize,
    },
    /// The tree failed (the recoveries ran out, or no recovery applied).
    NavigationFailed {
        /// Index of the goal in the scenario.
        goal: usize,
    },
    /// Sensor noise: a phantom mark in the local costmap.
    Noise {
        /// The marked cell.
        at: Pos,
    },
    /// A phantom bar across the path in the global costmap.
    StaleMarks {
        /// One end of the bar.
        from: Pos,
        /// The other end.
        to: Pos,
    },
    /// A real obstacle appeared.
    Appeared(Obstacle),
    /// A person left.
    Left {
        /// Where the person stood.
        at: Pos,
    },
    /// `ComputePathToPose` sent a request to the planner.
    PlanningStarted {
        /// The planner plugin (`planner_id`).
        planner: &'static str,
        /// The goal.
        goal: Pos,
    },
    /// The planner found a path.
    PlanningSucceeded {
        /// The path's length in cells (moves).
        cells: usize,
        /// Whether it is the route the controller was already following.
        same_route: bool,
    },
    /// The planner found no path.
    PlanningFailed(PlanError),
    /// `ComputePathToPose` was halted while the planner was busy.
    PlanningCancelled,
    /// `FollowPath` sent a path to the controller.
    FollowStarted {
        /// The controller plugin (`controller_id`).
        controller: &'static str,
        /// Cells to drive.
        cells: usize,
    },
    /// The robot drove [`PROGRESS_EVERY`] more cells.
    Progress {
        /// Cells left on the path.
        to_go: usize,
    },
    /// The controller stopped: the next cell is blocked (or the path was empty).
    FollowFailed {
        /// The error code.
        code: ControlError,
        /// The blocked cell and what blocked it.
        blocked: Option<(Pos, Blocker)>,
    },
    /// The robot reached the end of the path.
    FollowSucceeded,
    /// `FollowPath` was halted.
    FollowHalted,
    /// `ClearEntireCostmap` cleared a costmap.
    Cleared {
        /// The node's name in the tree (`ClearLocalCostmap-Context`, …).
        name: &'static str,
        /// Which costmap.
        layer: Layer,
        /// Phantom marks removed.
        removed: u16,
    },
    /// A behavior started, and how much it is to do: radians (Spin), seconds (Wait), metres
    /// (BackUp, DriveOnHeading).
    BehaviorStarted(Behavior, f32),
    /// A behavior ended, and how.
    BehaviorEnded(Behavior, Exit, BehaviorError),
}

/// An [`EventKind`] with the simulated time it happened at and where the robot was.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Event {
    /// Simulated time.
    pub at: Duration,
    /// The robot's cell.
    pub robot: Pos,
    /// What happened.
    pub kind: EventKind,
}

/// Every how many cells driven the controller reports its progress.
pub const PROGRESS_EVERY: u32 = 16;

/// The events of the last steps, in a fixed-size ring.
pub type Events = super::ring::Ring<Event, 64>;

pub(super) const NO_EVENTS: Events =
    Events::new(Event { at: Duration::ZERO, robot: Pos::new(0, 0), kind: EventKind::FollowHalted });
