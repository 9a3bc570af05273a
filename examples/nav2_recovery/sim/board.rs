//! Nav2's blackboard entries, the plugin names, and the robot's blackboard.

use super::*;

/// The keys of the entries of Nav2's blackboard that the tree's leaves read and write through
/// their ports (their names are the XML's `{…}` keys).
pub mod keys {
    use bt::blackboard::Key;

    use super::{BehaviorError, ControlError, Name, PlanError, Pos};

    /// `{goal}`: where to go (set by the scenario).
    pub const GOAL: Key<Pos> = Key::new("goal");
    /// `{goals}`: the goals of a navigation through several poses (never set here: the goal
    /// conditions read it, as Nav2's do).
    pub const GOALS: Key<Vec<Pos>> = Key::new("goals");
    /// `{path}`: the last path computed (empty after a failed planning, as in Nav2).
    pub const PATH: Key<Vec<Pos>> = Key::new("path");
    /// `{remaining_path}`: the part of `path` ahead of the robot (`TruncatePathLocal`'s output).
    pub const REMAINING_PATH: Key<Vec<Pos>> = Key::new("remaining_path");
    /// `{selected_progress_checker}`.
    pub const SELECTED_PROGRESS_CHECKER: Key<Name> = Key::new("selected_progress_checker");
    /// `{selected_goal_checker}`.
    pub const SELECTED_GOAL_CHECKER: Key<Name> = Key::new("selected_goal_checker");
    /// `{selected_path_handler}`.
    pub const SELECTED_PATH_HANDLER: Key<Name> = Key::new("selected_path_handler");
    /// `{selected_controller}`.
    pub const SELECTED_CONTROLLER: Key<Name> = Key::new("selected_controller");
    /// `{selected_planner}`.
    pub const SELECTED_PLANNER: Key<Name> = Key::new("selected_planner");
    /// `{compute_path_error_code}`.
    pub const COMPUTE_PATH_ERROR_CODE: Key<PlanError> = Key::new("compute_path_error_code");
    /// `{compute_path_error_msg}`.
    pub const COMPUTE_PATH_ERROR_MSG: Key<&'static str> = Key::new("compute_path_error_msg");
    /// `{follow_path_error_code}`.
    pub const FOLLOW_PATH_ERROR_CODE: Key<ControlError> = Key::new("follow_path_error_code");
    /// `{follow_path_error_msg}`.
    pub const FOLLOW_PATH_ERROR_MSG: Key<&'static str> = Key::new("follow_path_error_msg");
    /// `{tracking_feedback}`: cells left to drive.
    pub const TRACKING_FEEDBACK: Key<usize> = Key::new("tracking_feedback");
    /// `{spin_error_code}`.
    pub const SPIN_ERROR_CODE: Key<BehaviorError> = Key::new("spin_error_code");
    /// `{spin_error_msg}`.
    pub const SPIN_ERROR_MSG: Key<&'static str> = Key::new("spin_error_msg");
    /// `{wait_error_code}`.
    pub const WAIT_ERROR_CODE: Key<BehaviorError> = Key::new("wait_error_code");
    /// `{wait_error_msg}`.
    pub const WAIT_ERROR_MSG: Key<&'static str> = Key::new("wait_error_msg");
    /// `{backup_error_code}`.
    pub const BACKUP_ERROR_CODE: Key<BehaviorError> = Key::new("backup_error_code");
    /// `{backup_error_msg}`.
    pub const BACKUP_ERROR_MSG: Key<&'static str> = Key::new("backup_error_msg");
}

/// The names the robot knows: its plugins and the topics that select them.
pub const NAMES: [&str; 10] = [
    "progress_checker",
    "general_goal_checker",
    "PathHandler",
    "FollowPath",
    "GridBased",
    "progress_checker_selector",
    "goal_checker_selector",
    "path_handler_selector",
    "controller_selector",
    "planner_selector",
];

/// A plugin or topic name, one of [`NAMES`], or empty (a server's default plugin): a port literal
/// (`default_planner="GridBased"`) parses into one when the tree is built, and an unknown name
/// fails there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Name(pub &'static str);

impl core::str::FromStr for Name {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s.is_empty() {
            return Ok(Name(""));
        }
        NAMES.iter().find(|n| **n == s).map(|n| Name(n)).ok_or_else(|| format!("the robot has no `{s}`"))
    }
}

/// The robot's blackboard (Nav2's entries, under [`keys`]), which the leaves' ports reach.
#[derive(Debug, Default)]
pub struct Board(pub bt::blackboard::Blackboard);

/// The board alone is a context too: a leaf reads a port through it while it changes the robot
/// (see `FollowPath::with_path`).
impl bt::ports::HasBlackboard for Board {
    fn blackboard(&self) -> &bt::blackboard::Blackboard {
        &self.0
    }
    fn blackboard_mut(&mut self) -> &mut bt::blackboard::Blackboard {
        &mut self.0
    }
}

/// Nav2's entries are set without a time-to-live: read through the board alone, no time is needed.
impl bt::Clock for Board {
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

impl bt::ports::HasBlackboard for Robot {
    fn blackboard(&self) -> &bt::blackboard::Blackboard {
        &self.bb.0
    }
    fn blackboard_mut(&mut self) -> &mut bt::blackboard::Blackboard {
        &mut self.bb.0
    }
}

impl Robot {
    /// `{goal}` (the dock's cell before the first goal).
    pub fn goal(&self) -> Pos {
        self.bb.0.get(keys::GOAL, Duration::ZERO).copied().unwrap_or_default()
    }

    /// `{path}` (empty before the first planning).
    pub fn path(&self) -> &[Pos] {
        self.bb.0.get(keys::PATH, Duration::ZERO).map_or(&[], Vec::as_slice)
    }
}
