//! The servers' error codes, with the names Nav2 gives them.

/// `ComputePathToPose`'s error codes (nav2_msgs/action/ComputePathToPose), those the recovery
/// conditions look at and those this planner reports (`GOAL_OCCUPIED`, `NO_VALID_PATH`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PlanError {
    /// No error (the last planning succeeded, or there was none).
    #[default]
    None,
    /// An error of no other kind (never reported here).
    Unknown,
    /// The goal cell is blocked in the global costmap.
    GoalOccupied,
    /// The planner ran out of time (never reported here).
    Timeout,
    /// No path from the robot to the goal in the global costmap.
    NoValidPath,
}

impl PlanError {
    /// The name Nav2 gives it: `"NO_VALID_PATH"`, ….
    pub const fn name(self) -> &'static str {
        match self {
            PlanError::None => "NONE",
            PlanError::Unknown => "UNKNOWN",
            PlanError::GoalOccupied => "GOAL_OCCUPIED",
            PlanError::Timeout => "TIMEOUT",
            PlanError::NoValidPath => "NO_VALID_PATH",
        }
    }
}

/// `FollowPath`'s error codes (nav2_msgs/action/FollowPath), those the recovery conditions look at
/// and those this controller reports (`NO_VALID_CONTROL`, `INVALID_PATH`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ControlError {
    /// No error.
    #[default]
    None,
    /// An error of no other kind (never reported here).
    Unknown,
    /// Every command would collide: the next cell of the path is blocked in the local costmap.
    NoValidControl,
    /// The progress checker saw no progress (never reported here).
    FailedToMakeProgress,
    /// The controller gave up waiting (never reported here).
    PatienceExceeded,
    /// The path to follow is empty.
    InvalidPath,
}

impl ControlError {
    /// The name Nav2 gives it.
    pub const fn name(self) -> &'static str {
        match self {
            ControlError::None => "NONE",
            ControlError::Unknown => "UNKNOWN",
            ControlError::NoValidControl => "NO_VALID_CONTROL",
            ControlError::FailedToMakeProgress => "FAILED_TO_MAKE_PROGRESS",
            ControlError::PatienceExceeded => "PATIENCE_EXCEEDED",
            ControlError::InvalidPath => "INVALID_PATH",
        }
    }
}

/// The behaviors' error codes (Spin, Wait, BackUp), the ones this server can report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BehaviorError {
    /// No error.
    #[default]
    None,
    /// BackUp, DriveOnHeading: the cell to drive to is blocked.
    CollisionAhead,
    /// The behavior would take longer than its `time_allowance`.
    Timeout,
}

impl BehaviorError {
    /// The name Nav2 gives it.
    pub const fn name(self) -> &'static str {
        match self {
            BehaviorError::None => "NONE",
            BehaviorError::CollisionAhead => "COLLISION_AHEAD",
            BehaviorError::Timeout => "TIMEOUT",
        }
    }
}
