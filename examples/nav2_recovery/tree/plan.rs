//! Planning and following: `ComputePathToPose` and `FollowPath`, which talk to the planner and
//! controller servers.

use super::*;

/// `ComputePathToPose`: asks the planner `planner_id` for a path to `goal` and runs until it
/// answers ([`PLANNING_TIME`](crate::sim::PLANNING_TIME) later). Success writes `path`, and `NONE`
/// to `error_code_id`; failure writes an empty `path` and the planner's error code (its name to
/// `error_msg`), as Nav2's does. Halted, it cancels the request and empties `path`.
///
/// The path starts at `start` when that entry is set and `use_start` is not false (the robot's
/// cell otherwise), and goes through `viapoints`, in order, when that entry is set.
///
/// `path` is read and written (Nav2 declares it an output): the entry's vector is reused. The
/// ports Nav2 leaves unbound when an element does not name them have defaults here (a loaded
/// port without a default must be bound): the optional inputs read the entry of their own name
/// (BehaviorTree.CPP's `{=}`), and the outputs write the entries Nav2's own trees name.
#[derive(Clone, Debug, Ports)]
pub struct ComputePathToPose {
    /// Where the path starts, instead of the robot's cell.
    #[port(default = "{start}")]
    pub start: Input<Pos>,
    /// Whether to use `start` (not false: yes).
    #[port(default = "{use_start}")]
    pub use_start: Input<bool>,
    /// Where to go.
    pub goal: Input<Pos>,
    /// Cells to go through before the goal.
    #[port(default = "{viapoints}")]
    pub viapoints: Input<Vec<Pos>>,
    /// The planner plugin (empty: the planner server's only one).
    #[port(default = "")]
    pub planner_id: Input<Name>,
    /// The action server (the simulated planner answers to any name).
    #[port(default = "compute_path_to_pose")]
    pub server_name: Input<String>,
    /// How long to wait for the server, in ms (it is always up).
    #[port(default = "20")]
    pub server_timeout: Input<u64>,
    /// The path found.
    pub path: InOut<Vec<Pos>>,
    /// `NONE`, or why planning failed.
    #[port(default = "{compute_path_error_code}")]
    pub error_code_id: Output<PlanError>,
    /// The error code's name (empty on success).
    #[port(default = "{compute_path_error_msg}")]
    pub error_msg: Output<&'static str>,
}

impl ComputePathToPose {
    /// Writes `path` (a copy of the planner's path, or empty) and bumps the path's version.
    fn write_path(&mut self, robot: &mut Robot, planned: bool) {
        let mut path = self.path.get_mut(robot).map(mem::take).unwrap_or_default();
        path.clear();
        if planned {
            path.extend_from_slice(&robot.planner.path);
        }
        self.path.set(robot, path);
        robot.path_version += 1;
    }
}

impl Action<Robot> for ComputePathToPose {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;

    fn enter(&mut self, robot: &mut Robot) {
        let goal = self.goal.get(robot).copied().unwrap_or_default();
        let planner = self.planner_id.get(robot).map_or("", |n| n.0);
        let use_start = self.use_start.get(robot).copied() != Some(false);
        let start = self.start.get(robot).copied().filter(|_| use_start);
        let board = mem::take(&mut robot.bb);
        let via = self.viapoints.get(&board).map_or(&[][..], Vec::as_slice);
        robot.request_plan_through(start, via, goal, planner);
        robot.bb = board;
    }

    fn execute(&mut self, robot: &mut Robot) -> Status {
        let Some(answer) = robot.take_plan() else { return Status::Running };
        let code = answer.err().unwrap_or(PlanError::None);
        self.write_path(robot, answer.is_ok());
        self.error_code_id.set(robot, code);
        self.error_msg.set(robot, if answer.is_ok() { "" } else { code.name() });
        if answer.is_ok() { Status::Success } else { Status::Failure }
    }

    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        if how == Exit::Halted {
            robot.cancel_plan();
            self.write_path(robot, false);
        }
    }
}

/// `FollowPath`: asks the controller `controller_id` to follow `path` and runs until the robot is
/// at its end; while it runs, every new non-empty `path` goes to the controller, and
/// `tracking_feedback` is the number of cells left. Writes `NONE` or the controller's error code
/// to `error_code_id` (its name to `error_msg`) when it completes. Halted, it stops the robot.
///
/// The checker and handler plugins, the server's name and its timeout are passed on as Nav2's
/// are; the simulated controller has one of each and is always up. The outputs Nav2 leaves
/// unbound write the entries Nav2's own trees name (see [`ComputePathToPose`]).
#[derive(Clone, Debug, Ports)]
pub struct FollowPath {
    /// The path to follow.
    pub path: Input<Vec<Pos>>,
    /// The controller plugin.
    pub controller_id: Input<Name>,
    /// The goal checker plugin (empty: the server's default).
    #[port(default = "")]
    pub goal_checker_id: Input<Name>,
    /// The progress checker plugin (empty: the server's default).
    #[port(default = "")]
    pub progress_checker_id: Input<Name>,
    /// The path handler plugin (empty: the server's default).
    #[port(default = "")]
    pub path_handler_id: Input<Name>,
    /// The action server.
    #[port(default = "follow_path")]
    pub server_name: Input<String>,
    /// How long to wait for the server, in ms.
    #[port(default = "20")]
    pub server_timeout: Input<u64>,
    /// Cells left to drive.
    #[port(default = "{tracking_feedback}")]
    pub tracking_feedback: Output<usize>,
    /// `NONE`, or why following failed.
    #[port(default = "{follow_path_error_code}")]
    pub error_code_id: Output<ControlError>,
    /// The error code's name (empty on success).
    #[port(default = "{follow_path_error_msg}")]
    pub error_msg: Output<&'static str>,
}

impl FollowPath {
    /// Runs `f` with the robot and `path` (empty when absent). The blackboard is set aside while
    /// `f` runs (moved out and back, which allocates nothing), so that the path can be borrowed
    /// from it while the robot is changed.
    fn with_path(&mut self, robot: &mut Robot, f: impl FnOnce(&mut Robot, &[Pos])) {
        let board = mem::take(&mut robot.bb);
        f(robot, self.path.get(&board).map_or(&[], Vec::as_slice));
        robot.bb = board;
    }
}

impl Action<Robot> for FollowPath {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;

    fn enter(&mut self, robot: &mut Robot) {
        let controller = self.controller_id.get(robot).map_or("", |n| n.0);
        self.with_path(robot, |robot, path| robot.request_follow(controller, path));
    }

    fn execute(&mut self, robot: &mut Robot) -> Status {
        self.with_path(robot, Robot::update_follow);
        let code = match robot.controller.progress {
            Progress::Busy => {
                self.tracking_feedback.set(robot, robot.controller.cells_to_go());
                return Status::Running;
            }
            Progress::Succeeded => {
                robot.record(EventKind::FollowSucceeded);
                ControlError::None
            }
            Progress::Failed(code) => {
                let blocked = robot.controller.blocked;
                robot.record(EventKind::FollowFailed { code, blocked });
                code
            }
            Progress::Idle => return Status::Failure,
        };
        self.error_code_id.set(robot, code);
        self.error_msg.set(robot, if code == ControlError::None { "" } else { code.name() });
        if code == ControlError::None { Status::Success } else { Status::Failure }
    }

    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        robot.cancel_follow();
        if how == Exit::Halted {
            robot.record(EventKind::FollowHalted);
        }
    }
}
