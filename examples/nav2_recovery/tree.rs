//! The leaves of Nav2's `navigate_to_pose_w_replanning_and_recovery` tree, mocked against the
//! simulated robot of `sim.rs`, the tree itself ([`NavigateToPose`]), and [`Navigation`], which
//! runs the scenario's goals through it.
//!
//! # The tree
//!
//! [`NavigateToPose`] is Nav2's XML element for element (38 nodes, the XML's `name` attributes in
//! comments), in one `bt!` invocation; [`NavigateToPoseXml`] is the XML file itself, compiled by
//! `bt_xml!` into the same tree:
//!
//! ```text
//! recovery(6)<                                          NavigateRecovery
//!     pipeline_sequence<                                NavigateWithReplanning
//!         ProgressCheckerSelector, GoalCheckerSelector, PathHandlerSelector,
//!         ControllerSelector, PlannerSelector,
//!         rate_controller(1.0)<recovery(1)<             ComputePathToPose
//!             selector<                                 FallbackComputePathToPose
//!                 reactive_sequence<invert(GlobalUpdatedGoal), IsGoalNearby,
//!                                   TruncatePathLocal, ValidatePath>,   CheckIfNewPathNeeded
//!                 ComputePathToPose>,
//!             sequence<WouldAPlannerRecoveryHelp, ClearEntireCostmap>>>,   ClearGlobalCostmap-Context
//!         recovery(1)<FollowPath,                       FollowPath
//!             sequence<WouldAControllerRecoveryHelp, ClearEntireCostmap>>>,  ClearLocalCostmap-Context
//!     sequence<
//!         selector<WouldAControllerRecoveryHelp, WouldAPlannerRecoveryHelp>,
//!         reactive_selector<GoalUpdated,                RecoveryFallback
//!             round_robin<                              RecoveryActions
//!                 sequence<ClearEntireCostmap, ClearEntireCostmap>,   ClearingActions
//!                 Spin, Wait, BackUp>>>>
//! ```
//!
//! How it plays out, tick by tick (one tick per step of the simulation):
//!
//! * The pipeline ticks the five selectors (they succeed at once), then the rate controller, then
//!   FollowPath's recovery node, every tick: the path is recomputed while the robot follows it.
//! * The rate controller ticks its child once a second, and on every tick while it runs. The path
//!   is kept (no planning) when the goal has not changed, is less than 4 m ahead along the path,
//!   and the rest of the path is free (`CheckIfNewPathNeeded` succeeds); otherwise
//!   ComputePathToPose asks the planner for a new one, which FollowPath takes on the fly.
//! * **Context recoveries.** When ComputePathToPose fails with an error code that clearing may fix
//!   (`NO_VALID_PATH`), its recovery node clears the global costmap and plans again on the next
//!   tick; when FollowPath fails (`NO_VALID_CONTROL`), its recovery node clears the local costmap
//!   and follows again on the next tick. Each has one retry, counted until its action succeeds.
//! * **Navigation recoveries.** When an action fails with its retry used up, the pipeline fails.
//!   If either error code says a recovery may help, `RecoveryActions` runs its next child —
//!   ClearingActions, Spin, Wait, BackUp, in turn across activations and goals — unless
//!   `GoalUpdated` interrupts it; then `NavigateRecovery` starts the pipeline again (whose first
//!   tick checks at once whether a new path is needed: the end of the pipeline's activation
//!   re-armed the rate controller). After six such rounds in one navigation, the tree fails.
//!
//! Where `bt`'s nodes differ from Nav2's (see their documentation): `recovery` ticks the action
//! again on the tick after a successful recovery, not in the same tick (in `bt` a node is ticked
//! at most once per tick), so a recovery cycle takes one more tick. `rate_controller` waits with
//! `Running` as Nav2's does, and `round_robin` starts over at ClearingActions after `GoalUpdated`
//! interrupted it, as Nav2's does.
//!
//! # The leaves
//!
//! Each leaf is a type named after the XML element it stands for, whose ports (`#[derive(Ports)]`)
//! are the XML's attributes: `Input<T>` for what it reads, `Output<T>` for what it writes,
//! `InOut<T>` for a path it rewrites in place (so that a tick allocates nothing). The `{…}`
//! entries live in the robot's blackboard ([`Robot::bb`], keys in [`keys`]); literals are typed
//! (`f32`, plugin [`Name`]s, [`CostmapService`]s), parsed when the tree is built. The same types
//! serve both trees: [`NavigateToPose`] binds them with struct literals
//! (`path: keys::PATH.into()`, `spin_dist: Input::value(1.57)`), [`NavigateToPoseXml`] from the
//! XML's attributes. As in Nav2, the leaves that stand for actions only talk to servers: they
//! send a request on their first tick (`enter`), read the result on every tick (`execute`), and
//! cancel the request when they are halted (`exit`); the servers do the work in
//! [`Robot::update`].
//!
//! | leaf | here |
//! |---|---|
//! | `*Selector` | writes `default_*` to `{selected_*}` (or the last name published on `topic_name`) and succeeds |
//! | [`GlobalUpdatedGoal`] | succeeds when the goal changed since its previous tick (and on its very first tick) |
//! | [`GoalUpdated`] | the same, but its memory starts over with each activation of its parent |
//! | [`IsGoalNearby`] | succeeds when the path left from the robot is shorter than `proximity_threshold` |
//! | [`TruncatePathLocal`] | writes the part of `{path}` ahead of the robot to `{remaining_path}` |
//! | [`ValidatePath`] | succeeds when no cell of `{remaining_path}` is blocked in the global costmap |
//! | [`ComputePathToPose`] | asks the planner for a path to `{goal}` (A*, a few ticks) |
//! | [`FollowPath`] | asks the controller to follow `{path}`; passes it every new path |
//! | [`WouldAPlannerRecoveryHelp`], [`WouldAControllerRecoveryHelp`] | read the error codes, with Nav2's lists |
//! | [`ClearEntireCostmap`] | removes the phantom marks of the costmap its `service_name` names |
//! | [`Spin`], [`Wait`], [`BackUp`] | run on the behavior server |
//!
//! Nav2's `ValidatePath` and `ClearEntireCostmap` call services and wait for the answer over a few
//! ticks; here the answer comes within the tick.

use core::mem;
use core::time::Duration;

use bt::ports::{InOut, Input, Output, Ports};
use bt::{Action, Clock, Condition, Exit, NoObserver, Observer, PortInfo, Status, bt, bt_xml};

use crate::sim::{
    Behavior, BehaviorError, CELL, ControlError, DT, EventKind, Goal, Layer, Name, PlanError, Pos, Progress,
    Robot, closest, keys, length_from,
};

// ----- selectors ------------------------------------------------------------------------------

macro_rules! selector {
    ($($(#[$doc:meta])* $name:ident { $default:ident } => $entry:ident;)*) => {$(
        $(#[$doc])*
        ///
        /// Writes the last name published on `topic_name`, or the default if none was, and
        /// succeeds (Nav2's selector nodes do the same with a ROS topic).
        #[derive(Clone, Debug, Ports)]
        pub struct $name {
            /// The selected plugin.
            pub $entry: Output<Name>,
            /// The plugin selected when nothing was published.
            pub $default: Input<Name>,
            /// Where a different plugin name can be published.
            pub topic_name: Input<Name>,
        }

        impl Action<Robot> for $name {
            const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
            fn execute(&mut self, robot: &mut Robot) -> Status {
                let Some(&default) = self.$default.get(robot) else { return Status::Failure };
                let topic = self.topic_name.get(robot).copied();
                let chosen = topic.and_then(|t| robot.published(t.0)).map_or(default, Name);
                self.$entry.set(robot, chosen);
                Status::Success
            }
        }
    )*};
}

selector! {
    /// `ProgressCheckerSelector`: selects the progress checker (`{selected_progress_checker}`).
    ProgressCheckerSelector { default_progress_checker } => selected_progress_checker;
    /// `GoalCheckerSelector`: selects the goal checker (`{selected_goal_checker}`).
    GoalCheckerSelector { default_goal_checker } => selected_goal_checker;
    /// `PathHandlerSelector`: selects the path handler (`{selected_path_handler}`).
    PathHandlerSelector { default_path_handler } => selected_path_handler;
    /// `ControllerSelector`: selects the controller plugin (`{selected_controller}`).
    ControllerSelector { default_controller } => selected_controller;
    /// `PlannerSelector`: selects the planner plugin (`{selected_planner}`).
    PlannerSelector { default_planner } => selected_planner;
}

// ----- goal conditions ------------------------------------------------------------------------

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

// ----- planning and following -----------------------------------------------------------------

/// `ComputePathToPose`: asks the planner `planner_id` for a path to `goal` and runs until it
/// answers ([`PLANNING_TIME`](crate::sim::PLANNING_TIME) later). Success writes `path`, and `NONE`
/// to `error_code_id`; failure writes an empty `path` and the planner's error code (its name to
/// `error_msg`), as Nav2's does. Halted, it cancels the request and empties `path`.
///
/// `path` is read and written (Nav2 declares it an output): the entry's vector is reused.
#[derive(Clone, Debug, Ports)]
pub struct ComputePathToPose {
    /// Where to go.
    pub goal: Input<Pos>,
    /// The path found.
    pub path: InOut<Vec<Pos>>,
    /// The planner plugin.
    pub planner_id: Input<Name>,
    /// `NONE`, or why planning failed.
    pub error_code_id: Output<PlanError>,
    /// The error code's name (empty on success).
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
        robot.request_plan(goal, planner);
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
#[derive(Clone, Debug, Ports)]
pub struct FollowPath {
    /// The path to follow.
    pub path: Input<Vec<Pos>>,
    /// The controller plugin.
    pub controller_id: Input<Name>,
    /// `NONE`, or why following failed.
    pub error_code_id: Output<ControlError>,
    /// The error code's name (empty on success).
    pub error_msg: Output<&'static str>,
    /// Cells left to drive.
    pub tracking_feedback: Output<usize>,
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

// ----- recoveries -----------------------------------------------------------------------------

/// `WouldAPlannerRecoveryHelp`: succeeds when `error_code` is one a planner recovery may fix:
/// `UNKNOWN`, `NO_VALID_PATH` or `TIMEOUT` (Nav2's list); fails when it is absent.
#[derive(Clone, Debug, Ports)]
pub struct WouldAPlannerRecoveryHelp {
    /// The planner's last error code.
    pub error_code: Input<PlanError>,
}

impl Action<Robot> for WouldAPlannerRecoveryHelp {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        match self.error_code.get(robot) {
            Some(PlanError::Unknown | PlanError::NoValidPath | PlanError::Timeout) => Status::Success,
            _ => Status::Failure,
        }
    }
}

/// `WouldAControllerRecoveryHelp`: succeeds when `error_code` is one a controller recovery may
/// fix: `UNKNOWN`, `PATIENCE_EXCEEDED`, `FAILED_TO_MAKE_PROGRESS` or `NO_VALID_CONTROL` (Nav2's
/// list); fails when it is absent.
#[derive(Clone, Debug, Ports)]
pub struct WouldAControllerRecoveryHelp {
    /// The controller's last error code.
    pub error_code: Input<ControlError>,
}

impl Action<Robot> for WouldAControllerRecoveryHelp {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        match self.error_code.get(robot) {
            Some(
                ControlError::Unknown
                | ControlError::PatienceExceeded
                | ControlError::FailedToMakeProgress
                | ControlError::NoValidControl,
            ) => Status::Success,
            _ => Status::Failure,
        }
    }
}

/// A costmap-clearing service: `local_costmap/…` or `global_costmap/…` (a port literal parses
/// into one when the tree is built; any other service fails there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CostmapService(pub Layer);

impl core::str::FromStr for CostmapService {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.split('/').next() {
            Some("local_costmap") => Ok(CostmapService(Layer::Local)),
            Some("global_costmap") => Ok(CostmapService(Layer::Global)),
            _ => Err(format!("`{s}` is not a service of `local_costmap` or `global_costmap`")),
        }
    }
}

/// `ClearEntireCostmap`: clears the costmap `service_name` names and succeeds. `name` is the
/// node's XML name, for the log. Nav2 calls a service and waits for the answer; here it comes
/// within the tick.
#[derive(Clone, Debug, Ports)]
pub struct ClearEntireCostmap {
    /// The node's name in the XML (`ClearLocalCostmap-Context`, …): its `name` attribute.
    #[port(instance)]
    pub name: &'static str,
    /// The service to call.
    pub service_name: Input<CostmapService>,
}

impl Action<Robot> for ClearEntireCostmap {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let Some(&CostmapService(layer)) = self.service_name.get(robot) else { return Status::Failure };
        robot.clear_costmap(self.name, layer);
        Status::Success
    }
}

/// `execute` of Spin, Wait and BackUp: the behavior server's progress.
fn behave(robot: &mut Robot) -> Status {
    match robot.behaviors.progress {
        Progress::Busy => Status::Running,
        Progress::Succeeded => Status::Success,
        Progress::Failed(_) | Progress::Idle => Status::Failure,
    }
}

/// `exit` of Spin, Wait and BackUp: ends the behavior and writes its error code and message.
fn end_behavior(
    robot: &mut Robot,
    how: Exit,
    code_port: &mut Output<BehaviorError>,
    msg: &mut Output<&'static str>,
) {
    let code = robot.end_behavior(how);
    code_port.set(robot, code);
    msg.set(robot, if code == BehaviorError::None { "" } else { code.name() });
}

/// `Spin`: turns in place for as long as `spin_dist` radians take at
/// [`SPIN_SPEED`](crate::sim::SPIN_SPEED) (the robot, which faces one of four directions, ends a
/// quarter turn to the left); writes `error_code_id` and `error_msg`.
#[derive(Clone, Debug, Ports)]
pub struct Spin {
    /// The angle, in radians.
    pub spin_dist: Input<f32>,
    /// `NONE`, or why it failed.
    pub error_code_id: Output<BehaviorError>,
    /// The error code's name (empty on success).
    pub error_msg: Output<&'static str>,
}

impl Action<Robot> for Spin {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn enter(&mut self, robot: &mut Robot) {
        let dist = self.spin_dist.get(robot).copied().unwrap_or_default();
        robot.request_behavior(Behavior::Spin, Duration::from_secs_f32(dist / crate::sim::SPIN_SPEED));
    }
    fn execute(&mut self, robot: &mut Robot) -> Status {
        behave(robot)
    }
    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        end_behavior(robot, how, &mut self.error_code_id, &mut self.error_msg);
    }
}

/// `Wait`: waits `wait_duration` seconds; writes `error_code_id` and `error_msg`.
#[derive(Clone, Debug, Ports)]
pub struct Wait {
    /// In seconds.
    pub wait_duration: Input<f32>,
    /// `NONE`, or why it failed.
    pub error_code_id: Output<BehaviorError>,
    /// The error code's name (empty on success).
    pub error_msg: Output<&'static str>,
}

impl Action<Robot> for Wait {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn enter(&mut self, robot: &mut Robot) {
        let secs = self.wait_duration.get(robot).copied().unwrap_or_default();
        robot.request_behavior(Behavior::Wait, Duration::from_secs_f32(secs));
    }
    fn execute(&mut self, robot: &mut Robot) -> Status {
        behave(robot)
    }
    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        end_behavior(robot, how, &mut self.error_code_id, &mut self.error_msg);
    }
}

/// `BackUp`: drives backwards `backup_dist` metres at `backup_speed` m/s (one cell: the robot
/// moves cell by cell), failing with `COLLISION_AHEAD` if the cell behind it is blocked; writes
/// `error_code_id` and `error_msg`.
#[derive(Clone, Debug, Ports)]
pub struct BackUp {
    /// In metres.
    pub backup_dist: Input<f32>,
    /// In metres per second.
    pub backup_speed: Input<f32>,
    /// `NONE`, or why it failed.
    pub error_code_id: Output<BehaviorError>,
    /// The error code's name (empty on success).
    pub error_msg: Output<&'static str>,
}

impl Action<Robot> for BackUp {
    const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
    fn enter(&mut self, robot: &mut Robot) {
        let dist = self.backup_dist.get(robot).copied().unwrap_or_default();
        let speed = self.backup_speed.get(robot).copied().unwrap_or(1.0);
        robot.request_behavior(Behavior::BackUp, Duration::from_secs_f32(dist / speed));
    }
    fn execute(&mut self, robot: &mut Robot) -> Status {
        behave(robot)
    }
    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        end_behavior(robot, how, &mut self.error_code_id, &mut self.error_msg);
    }
}

// ----- the tree -------------------------------------------------------------------------------

bt! {
    /// Nav2's `navigate_to_pose_w_replanning_and_recovery.xml`, node for node (the XML's `name`
    /// attributes are in the comments), written with `bt!`; [`NavigateToPoseXml`] is the same
    /// tree compiled from the XML file.
    pub struct NavigateToPose for Robot {
        // RecoveryNode number_of_retries="6" name="NavigateRecovery"
        recovery(6)<
            // PipelineSequence name="NavigateWithReplanning"
            pipeline_sequence<
                ProgressCheckerSelector {
                    selected_progress_checker: keys::SELECTED_PROGRESS_CHECKER.into(),
                    default_progress_checker: Input::value(Name("progress_checker")),
                    topic_name: Input::value(Name("progress_checker_selector")),
                },
                GoalCheckerSelector {
                    selected_goal_checker: keys::SELECTED_GOAL_CHECKER.into(),
                    default_goal_checker: Input::value(Name("general_goal_checker")),
                    topic_name: Input::value(Name("goal_checker_selector")),
                },
                PathHandlerSelector {
                    selected_path_handler: keys::SELECTED_PATH_HANDLER.into(),
                    default_path_handler: Input::value(Name("PathHandler")),
                    topic_name: Input::value(Name("path_handler_selector")),
                },
                ControllerSelector {
                    selected_controller: keys::SELECTED_CONTROLLER.into(),
                    default_controller: Input::value(Name("FollowPath")),
                    topic_name: Input::value(Name("controller_selector")),
                },
                PlannerSelector {
                    selected_planner: keys::SELECTED_PLANNER.into(),
                    default_planner: Input::value(Name("GridBased")),
                    topic_name: Input::value(Name("planner_selector")),
                },
                rate_controller(1.0)<
                    // RecoveryNode number_of_retries="1" name="ComputePathToPose"
                    recovery(1)<
                        // Fallback name="FallbackComputePathToPose"
                        selector<
                            // ReactiveSequence name="CheckIfNewPathNeeded"
                            reactive_sequence<
                                invert(GlobalUpdatedGoal::default()),
                                IsGoalNearby {
                                    path: keys::PATH.into(),
                                    proximity_threshold: Input::value(4.0),
                                    max_robot_pose_search_dist: Input::value(1.5),
                                },
                                TruncatePathLocal {
                                    input_path: keys::PATH.into(),
                                    output_path: keys::REMAINING_PATH.into(),
                                    distance_forward: Input::value(-1.0),
                                    distance_backward: Input::value(0.0),
                                },
                                ValidatePath { path: keys::REMAINING_PATH.into() },
                            >,
                            ComputePathToPose {
                                goal: keys::GOAL.into(),
                                path: keys::PATH.into(),
                                planner_id: keys::SELECTED_PLANNER.into(),
                                error_code_id: keys::COMPUTE_PATH_ERROR_CODE.into(),
                                error_msg: keys::COMPUTE_PATH_ERROR_MSG.into(),
                            },
                        >,
                        sequence<
                            WouldAPlannerRecoveryHelp { error_code: keys::COMPUTE_PATH_ERROR_CODE.into() },
                            ClearEntireCostmap {
                                name: "ClearGlobalCostmap-Context",
                                service_name: Input::value(CostmapService(Layer::Global)),
                            },
                        >,
                    >,
                >,
                // RecoveryNode number_of_retries="1" name="FollowPath"
                recovery(1)<
                    FollowPath {
                        path: keys::PATH.into(),
                        controller_id: keys::SELECTED_CONTROLLER.into(),
                        error_code_id: keys::FOLLOW_PATH_ERROR_CODE.into(),
                        error_msg: keys::FOLLOW_PATH_ERROR_MSG.into(),
                        tracking_feedback: keys::TRACKING_FEEDBACK.into(),
                    },
                    sequence<
                        WouldAControllerRecoveryHelp { error_code: keys::FOLLOW_PATH_ERROR_CODE.into() },
                        ClearEntireCostmap {
                            name: "ClearLocalCostmap-Context",
                            service_name: Input::value(CostmapService(Layer::Local)),
                        },
                    >,
                >,
            >,
            sequence<
                selector<
                    WouldAControllerRecoveryHelp { error_code: keys::FOLLOW_PATH_ERROR_CODE.into() },
                    WouldAPlannerRecoveryHelp { error_code: keys::COMPUTE_PATH_ERROR_CODE.into() },
                >,
                // ReactiveFallback name="RecoveryFallback"
                reactive_selector<
                    GoalUpdated::default(),
                    // RoundRobin name="RecoveryActions"
                    round_robin<
                        // Sequence name="ClearingActions"
                        sequence<
                            ClearEntireCostmap {
                                name: "ClearLocalCostmap-Subtree",
                                service_name: Input::value(CostmapService(Layer::Local)),
                            },
                            ClearEntireCostmap {
                                name: "ClearGlobalCostmap-Subtree",
                                service_name: Input::value(CostmapService(Layer::Global)),
                            },
                        >,
                        Spin {
                            spin_dist: Input::value(1.57),
                            error_code_id: keys::SPIN_ERROR_CODE.into(),
                            error_msg: keys::SPIN_ERROR_MSG.into(),
                        },
                        Wait {
                            wait_duration: Input::value(5.0),
                            error_code_id: keys::WAIT_ERROR_CODE.into(),
                            error_msg: keys::WAIT_ERROR_MSG.into(),
                        },
                        BackUp {
                            backup_dist: Input::value(0.30),
                            backup_speed: Input::value(0.15),
                            error_code_id: keys::BACKUP_ERROR_CODE.into(),
                            error_msg: keys::BACKUP_ERROR_MSG.into(),
                        },
                    >,
                >,
            >,
        >
    }
}

bt_xml! {
    /// The same tree, compiled from Nav2's XML file (`tests/xml/corpus/`), with the same leaf
    /// types: the XML's attributes bind their ports (`{path}` the blackboard entry
    /// [`keys::PATH`], `spin_dist="1.57"` a literal), and its `name` attributes are the
    /// `ClearEntireCostmap`s' names.
    pub struct NavigateToPoseXml for Robot =
        "tests/xml/corpus/navigation2__navigate_to_pose_w_replanning_and_recovery.xml",
        nodes(GlobalUpdatedGoal = GlobalUpdatedGoal::default(), GoalUpdated = GoalUpdated::default())
}

// ----- the scenario ---------------------------------------------------------------------------

/// Longest a navigation may take before the scenario gives up on it (halting the tree).
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(180);

/// How one goal of the scenario ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Index of the goal in the scenario.
    pub goal: usize,
    /// `Success` (reached) or `Failure` (the tree failed, or the scenario gave up).
    pub status: Status,
    /// Where the robot ended.
    pub at: Pos,
    /// Where the goal was in the end (after its update, if any).
    pub target: Pos,
    /// When the navigation started.
    pub started: Duration,
    /// When it ended.
    pub ended: Duration,
}

/// What [`Navigation`] needs of its tree: [`NavigateToPose`] (written with `bt!`) and
/// [`NavigateToPoseXml`] (compiled from the XML) both have it.
pub trait NavTree {
    /// The tree, idle.
    fn build() -> Self;
    /// One tick.
    fn tick_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O) -> Status;
    /// Halts the tree.
    fn halt_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O);
    /// The tree's description.
    fn describe(&self) -> &'static bt::TreeDescription;
}

macro_rules! nav_tree {
    ($($t:ty),*) => {$(
        impl NavTree for $t {
            fn build() -> Self {
                <$t>::new()
            }
            #[inline(never)]
            fn tick_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O) -> Status {
                (**self).tick_with(robot, observer)
            }
            fn halt_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O) {
                (**self).halt_with(robot, observer)
            }
            fn describe(&self) -> &'static bt::TreeDescription {
                (**self).description()
            }
        }
    )*};
}

nav_tree!(NavigateToPose, NavigateToPoseXml);

/// The scenario run through the tree: the robot, its tree, the goals, one step at a time.
pub struct Navigation<T = NavigateToPose> {
    /// The robot and its world (the tree's context).
    pub robot: Robot,
    /// The tree.
    pub tree: T,
    /// The goals, in order.
    pub goals: Vec<Goal>,
    /// How the goals done so far ended.
    pub outcomes: Vec<Outcome>,
    /// The goal being navigated to, its start time, and whether its update was sent.
    current: Option<(usize, Duration, bool)>,
}

impl Navigation {
    /// The demo: the scenario's goals from the dock, obstacles drawn from `seed`.
    pub fn new(seed: u64) -> Self {
        Self::of(seed)
    }

    /// `goals` for `robot`, with a fresh tree.
    pub fn with(goals: Vec<Goal>, robot: Robot) -> Self {
        Self::with_tree(goals, robot)
    }
}

impl<T: NavTree> Navigation<T> {
    /// The demo with tree `T`: the scenario's goals from the dock, obstacles drawn from `seed`.
    pub fn of(seed: u64) -> Self {
        Self::with_tree(crate::sim::SCENARIO.to_vec(), Robot::new(crate::sim::DOCK.at, seed, true))
    }

    /// `goals` for `robot`, with a fresh tree `T`.
    pub fn with_tree(goals: Vec<Goal>, robot: Robot) -> Self {
        Navigation { robot, tree: T::build(), goals, outcomes: Vec::new(), current: None }
    }

    /// Whether every goal has been dealt with.
    pub fn is_done(&self) -> bool {
        self.outcomes.len() == self.goals.len()
    }

    /// One step: the physics ([`Robot::update`] by [`DT`]), the scenario (the next goal, a goal
    /// update), then one tick of the tree. Returns the tree's status (`None` once the scenario is
    /// over).
    pub fn step(&mut self) -> Option<Status> {
        self.step_with(&mut NoObserver)
    }

    /// [`step`](Self::step), telling `observer` what every node of the tree returned.
    pub fn step_with<O: Observer>(&mut self, observer: &mut O) -> Option<Status> {
        if self.is_done() {
            return None;
        }
        self.robot.update(DT);
        let now = self.robot.clock.now();
        let (goal, started, updated) = match self.current {
            Some(c) => c,
            None => {
                let goal = self.outcomes.len();
                self.set_goal(self.goals[goal].place.at);
                self.robot.record(EventKind::NavigationStarted { goal });
                (goal, now, false)
            }
        };
        let mut updated = updated;
        if let Some((after, place)) = self.goals[goal].update
            && !updated
            && now - started >= after
        {
            self.update_goal(place.at);
            updated = true;
        }
        self.current = Some((goal, started, updated));
        let mut status = self.tree.tick_on(&mut self.robot, observer);
        if status == Status::Running && now - started >= GIVE_UP_AFTER {
            self.tree.halt_on(&mut self.robot, observer);
            status = Status::Failure;
        }
        if status != Status::Running {
            self.robot.record(match status {
                Status::Success => EventKind::GoalReached { goal },
                _ => EventKind::NavigationFailed { goal },
            });
            let (at, target) = (self.robot.pos, self.robot.goal());
            self.outcomes.push(Outcome { goal, status, at, target, started, ended: now });
            self.current = None;
        }
        Some(status)
    }

    /// Moves the goal of the navigation in progress to `at` (the scenario does it for a goal that
    /// has an update; tests may do it at any time).
    pub fn update_goal(&mut self, at: Pos) {
        if let Some((goal, ..)) = self.current {
            self.set_goal(at);
            self.robot.record(EventKind::GoalUpdated { goal, to: at });
        }
    }

    /// Sets `{goal}` (a new navigation, or an update of the current one).
    fn set_goal(&mut self, at: Pos) {
        self.robot.bb.0.set(keys::GOAL, at);
        self.robot.goal_version += 1;
    }
}
