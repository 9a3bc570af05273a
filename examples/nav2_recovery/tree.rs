//! The leaves of Nav2's `navigate_to_pose_w_replanning_and_recovery` tree, mocked against the
//! simulated robot of `sim.rs`, the tree itself ([`NavigateToPose`]), and [`Navigation`], which
//! runs the scenario's goals through it.
//!
//! # The tree
//!
//! [`NavigateToPose`] is Nav2's XML element for element (38 nodes, the XML's `name` attributes in
//! comments), in one `bt!` invocation:
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
//! Each leaf is a type named after the XML element it stands for, with the XML's attributes as
//! fields where they matter (`Wait { wait_duration: 5.0 }`). The blackboard entries the XML names
//! in braces (`{path}`, `{follow_path_error_code}`, …) are the fields of [`Blackboard`] of the
//! same names. As in Nav2, the leaves that stand for actions only talk to servers: they send a
//! request on their first tick (`enter`), read the result on every tick (`execute`), and cancel the
//! request when they are halted (`exit`); the servers do the work in [`Robot::update`].
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

use core::time::Duration;

use bt::{Action, Clock, Condition, Exit, NoObserver, Observer, Status, bt};

use crate::sim::{
    Behavior, Blackboard, CELL, ControlError, DT, EventKind, Goal, Layer, PlanError, Pos, Progress, Robot,
    closest, length_from,
};

// ----- selectors ------------------------------------------------------------------------------

macro_rules! selector {
    ($($(#[$doc:meta])* $name:ident { $default:ident } => $entry:ident;)*) => {$(
        $(#[$doc])*
        ///
        /// Writes the last name published on `topic_name`, or the default if none was, and
        /// succeeds (Nav2's selector nodes do the same with a ROS topic).
        #[derive(Clone, Copy, Debug)]
        pub struct $name {
            /// The plugin selected when nothing was published.
            pub $default: &'static str,
            /// Where a different plugin name can be published.
            pub topic_name: &'static str,
        }

        impl Action<Robot> for $name {
            fn execute(&mut self, robot: &mut Robot) -> Status {
                robot.bb.$entry = robot.published(self.topic_name).unwrap_or(self.$default);
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
        let now = robot.bb.goal_version;
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
        let (now, step) = (robot.bb.goal_version, robot.steps);
        let first = self.last_step.replace(step) != Some(step.wrapping_sub(1));
        let changed = !first && self.seen != now;
        self.seen = now;
        changed
    }
}

// ----- path conditions ------------------------------------------------------------------------

/// `IsGoalNearby`: succeeds when the length of `{path}` from the robot's closest cell to its end is
/// below `proximity_threshold` metres; fails on an empty path.
#[derive(Clone, Copy, Debug)]
pub struct IsGoalNearby {
    /// In metres.
    pub proximity_threshold: f32,
    /// How far past the closest cell found so far the search goes on, in metres.
    pub max_robot_pose_search_dist: f32,
}

impl Condition<Robot> for IsGoalNearby {
    fn check(&mut self, robot: &Robot) -> bool {
        let path = &robot.bb.path;
        closest(path, robot.pos, self.max_robot_pose_search_dist)
            .is_some_and(|i| length_from(path, i) < self.proximity_threshold)
    }
}

/// `TruncatePathLocal`: writes to `{remaining_path}` the part of `{path}` from `distance_backward`
/// metres behind the robot's closest cell to `distance_forward` metres ahead of it (a negative
/// distance: to the end), and succeeds; fails on an empty path.
#[derive(Clone, Copy, Debug)]
pub struct TruncatePathLocal {
    /// In metres; negative for the whole rest of the path.
    pub distance_forward: f32,
    /// In metres.
    pub distance_backward: f32,
}

impl Action<Robot> for TruncatePathLocal {
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let Some(i) = closest(&robot.bb.path, robot.pos, f32::INFINITY) else {
            return Status::Failure;
        };
        let Blackboard { path, remaining_path, .. } = &mut robot.bb;
        let cells = |metres: f32| (metres / CELL).round() as usize;
        let from = i.saturating_sub(cells(self.distance_backward));
        let to = if self.distance_forward < 0.0 {
            path.len()
        } else {
            (i + 1 + cells(self.distance_forward)).min(path.len())
        };
        remaining_path.clear();
        remaining_path.extend_from_slice(&path[from..to]);
        Status::Success
    }
}

/// `ValidatePath`: succeeds when `{remaining_path}` is not empty and none of its cells is blocked
/// in the global costmap (the robot's own cell aside). Nav2 asks the planner server over a
/// service; here the answer comes within the tick.
#[derive(Clone, Copy, Debug, Default)]
pub struct ValidatePath;

impl Condition<Robot> for ValidatePath {
    fn check(&mut self, robot: &Robot) -> bool {
        let path = &robot.bb.remaining_path;
        !path.is_empty() && path.iter().all(|&p| p == robot.pos || !robot.is_blocked(Layer::Global, p))
    }
}

// ----- planning and following -----------------------------------------------------------------

/// `ComputePathToPose`: asks the planner (`{selected_planner}`) for a path to `{goal}` and runs until
/// it answers ([`PLANNING_TIME`](crate::sim::PLANNING_TIME) later). Success writes `{path}` and
/// `NONE` to `{compute_path_error_code}`; failure writes an empty `{path}` and the planner's error
/// code, as Nav2's does. Halted, it cancels the request and empties `{path}`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ComputePathToPose;

impl Action<Robot> for ComputePathToPose {
    fn enter(&mut self, robot: &mut Robot) {
        robot.request_plan(robot.bb.goal, robot.bb.selected_planner);
    }

    fn execute(&mut self, robot: &mut Robot) -> Status {
        let Some(answer) = robot.take_plan() else { return Status::Running };
        let bb = &mut robot.bb;
        bb.path_version += 1;
        match answer {
            Ok(()) => {
                bb.path.clone_from(&robot.planner.path);
                bb.compute_path_error_code = PlanError::None;
                Status::Success
            }
            Err(code) => {
                bb.path.clear();
                bb.compute_path_error_code = code;
                Status::Failure
            }
        }
    }

    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        if how == Exit::Halted {
            robot.cancel_plan();
            robot.bb.path.clear();
            robot.bb.path_version += 1;
        }
    }
}

/// `FollowPath`: asks the controller (`{selected_controller}`) to follow `{path}` and runs until the
/// robot is at its end; while it runs, every new non-empty `{path}` goes to the controller. Writes
/// `NONE` or the controller's error code to `{follow_path_error_code}` when it completes. Halted, it
/// stops the robot.
#[derive(Clone, Copy, Debug, Default)]
pub struct FollowPath;

impl Action<Robot> for FollowPath {
    fn enter(&mut self, robot: &mut Robot) {
        robot.request_follow(robot.bb.selected_controller);
    }

    fn execute(&mut self, robot: &mut Robot) -> Status {
        robot.update_follow();
        match robot.controller.progress {
            Progress::Busy => Status::Running,
            Progress::Succeeded => {
                robot.bb.follow_path_error_code = ControlError::None;
                robot.record(EventKind::FollowSucceeded);
                Status::Success
            }
            Progress::Failed(code) => {
                robot.bb.follow_path_error_code = code;
                let blocked = robot.controller.blocked;
                robot.record(EventKind::FollowFailed { code, blocked });
                Status::Failure
            }
            Progress::Idle => Status::Failure,
        }
    }

    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        robot.cancel_follow();
        if how == Exit::Halted {
            robot.record(EventKind::FollowHalted);
        }
    }
}

// ----- recoveries -----------------------------------------------------------------------------

/// `WouldAPlannerRecoveryHelp`: succeeds when `{compute_path_error_code}` is one a planner recovery
/// may fix: `UNKNOWN`, `NO_VALID_PATH` or `TIMEOUT` (Nav2's list).
#[derive(Clone, Copy, Debug, Default)]
pub struct WouldAPlannerRecoveryHelp;

impl Condition<Robot> for WouldAPlannerRecoveryHelp {
    fn check(&mut self, robot: &Robot) -> bool {
        matches!(
            robot.bb.compute_path_error_code,
            PlanError::Unknown | PlanError::NoValidPath | PlanError::Timeout
        )
    }
}

/// `WouldAControllerRecoveryHelp`: succeeds when `{follow_path_error_code}` is one a controller
/// recovery may fix: `UNKNOWN`, `PATIENCE_EXCEEDED`, `FAILED_TO_MAKE_PROGRESS` or
/// `NO_VALID_CONTROL` (Nav2's list).
#[derive(Clone, Copy, Debug, Default)]
pub struct WouldAControllerRecoveryHelp;

impl Condition<Robot> for WouldAControllerRecoveryHelp {
    fn check(&mut self, robot: &Robot) -> bool {
        matches!(
            robot.bb.follow_path_error_code,
            ControlError::Unknown
                | ControlError::PatienceExceeded
                | ControlError::FailedToMakeProgress
                | ControlError::NoValidControl
        )
    }
}

/// `ClearEntireCostmap`: clears the costmap whose service `service_name` names
/// (`local_costmap/…` or `global_costmap/…`) and succeeds; fails for any other service. `name` is
/// the node's XML name, for the log. Nav2 calls a service and waits for the answer; here it comes
/// within the tick.
#[derive(Clone, Copy, Debug)]
pub struct ClearEntireCostmap {
    /// The node's name in the XML (`ClearLocalCostmap-Context`, …).
    pub name: &'static str,
    /// The service to call.
    pub service_name: &'static str,
}

impl Action<Robot> for ClearEntireCostmap {
    fn execute(&mut self, robot: &mut Robot) -> Status {
        let layer = match self.service_name.split('/').next() {
            Some("local_costmap") => Layer::Local,
            Some("global_costmap") => Layer::Global,
            _ => return Status::Failure,
        };
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

/// `Spin`: turns in place for as long as `spin_dist` radians take at
/// [`SPIN_SPEED`](crate::sim::SPIN_SPEED) (the robot, which faces one of four directions, ends a
/// quarter turn to the left); writes `{spin_error_code}`.
#[derive(Clone, Copy, Debug)]
pub struct Spin {
    /// The angle, in radians.
    pub spin_dist: f32,
}

impl Action<Robot> for Spin {
    fn enter(&mut self, robot: &mut Robot) {
        let time = Duration::from_secs_f32(self.spin_dist / crate::sim::SPIN_SPEED);
        robot.request_behavior(Behavior::Spin, time);
    }
    fn execute(&mut self, robot: &mut Robot) -> Status {
        behave(robot)
    }
    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        robot.bb.spin_error_code = robot.end_behavior(how);
    }
}

/// `Wait`: waits `wait_duration` seconds; writes `{wait_error_code}`.
#[derive(Clone, Copy, Debug)]
pub struct Wait {
    /// In seconds.
    pub wait_duration: f32,
}

impl Action<Robot> for Wait {
    fn enter(&mut self, robot: &mut Robot) {
        robot.request_behavior(Behavior::Wait, Duration::from_secs_f32(self.wait_duration));
    }
    fn execute(&mut self, robot: &mut Robot) -> Status {
        behave(robot)
    }
    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        robot.bb.wait_error_code = robot.end_behavior(how);
    }
}

/// `BackUp`: drives backwards `backup_dist` metres at `backup_speed` m/s (one cell: the robot
/// moves cell by cell), failing with `COLLISION_AHEAD` if the cell behind it is blocked; writes
/// `{backup_error_code}`.
#[derive(Clone, Copy, Debug)]
pub struct BackUp {
    /// In metres.
    pub backup_dist: f32,
    /// In metres per second.
    pub backup_speed: f32,
}

impl Action<Robot> for BackUp {
    fn enter(&mut self, robot: &mut Robot) {
        robot.request_behavior(
            Behavior::BackUp,
            Duration::from_secs_f32(self.backup_dist / self.backup_speed),
        );
    }
    fn execute(&mut self, robot: &mut Robot) -> Status {
        behave(robot)
    }
    fn exit(&mut self, robot: &mut Robot, how: Exit) {
        robot.bb.backup_error_code = robot.end_behavior(how);
    }
}

// ----- the tree -------------------------------------------------------------------------------

bt! {
    /// Nav2's `navigate_to_pose_w_replanning_and_recovery.xml`, node for node (the XML's `name`
    /// attributes are in the comments).
    pub struct NavigateToPose for Robot {
        // RecoveryNode number_of_retries="6" name="NavigateRecovery"
        recovery(6)<
            // PipelineSequence name="NavigateWithReplanning"
            pipeline_sequence<
                ProgressCheckerSelector {
                    default_progress_checker: "progress_checker",
                    topic_name: "progress_checker_selector"
                },
                GoalCheckerSelector {
                    default_goal_checker: "general_goal_checker",
                    topic_name: "goal_checker_selector"
                },
                PathHandlerSelector {
                    default_path_handler: "PathHandler",
                    topic_name: "path_handler_selector"
                },
                ControllerSelector {
                    default_controller: "FollowPath",
                    topic_name: "controller_selector"
                },
                PlannerSelector {
                    default_planner: "GridBased",
                    topic_name: "planner_selector"
                },
                rate_controller(1.0)<
                    // RecoveryNode number_of_retries="1" name="ComputePathToPose"
                    recovery(1)<
                        // Fallback name="FallbackComputePathToPose"
                        selector<
                            // ReactiveSequence name="CheckIfNewPathNeeded"
                            reactive_sequence<
                                invert(GlobalUpdatedGoal::default()),
                                IsGoalNearby { proximity_threshold: 4.0, max_robot_pose_search_dist: 1.5 },
                                TruncatePathLocal { distance_forward: -1.0, distance_backward: 0.0 },
                                ValidatePath,
                            >,
                            ComputePathToPose,
                        >,
                        sequence<
                            WouldAPlannerRecoveryHelp,
                            ClearEntireCostmap {
                                name: "ClearGlobalCostmap-Context",
                                service_name: "global_costmap/clear_entirely_global_costmap"
                            },
                        >,
                    >,
                >,
                // RecoveryNode number_of_retries="1" name="FollowPath"
                recovery(1)<
                    FollowPath,
                    sequence<
                        WouldAControllerRecoveryHelp,
                        ClearEntireCostmap {
                            name: "ClearLocalCostmap-Context",
                            service_name: "local_costmap/clear_entirely_local_costmap"
                        },
                    >,
                >,
            >,
            sequence<
                selector<WouldAControllerRecoveryHelp, WouldAPlannerRecoveryHelp>,
                // ReactiveFallback name="RecoveryFallback"
                reactive_selector<
                    GoalUpdated::default(),
                    // RoundRobin name="RecoveryActions"
                    round_robin<
                        // Sequence name="ClearingActions"
                        sequence<
                            ClearEntireCostmap {
                                name: "ClearLocalCostmap-Subtree",
                                service_name: "local_costmap/clear_entirely_local_costmap"
                            },
                            ClearEntireCostmap {
                                name: "ClearGlobalCostmap-Subtree",
                                service_name: "global_costmap/clear_entirely_global_costmap"
                            },
                        >,
                        Spin { spin_dist: 1.57 },
                        Wait { wait_duration: 5.0 },
                        BackUp { backup_dist: 0.30, backup_speed: 0.15 },
                    >,
                >,
            >,
        >
    }
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

/// The scenario run through the tree: the robot, its tree, the goals, one step at a time.
pub struct Navigation {
    /// The robot and its world (the tree's context).
    pub robot: Robot,
    /// The tree.
    pub tree: NavigateToPose,
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
        Self::with(crate::sim::SCENARIO.to_vec(), Robot::new(crate::sim::DOCK.at, seed, true))
    }

    /// `goals` for `robot`, with a fresh tree.
    pub fn with(goals: Vec<Goal>, robot: Robot) -> Self {
        Navigation { robot, tree: NavigateToPose::new(), goals, outcomes: Vec::new(), current: None }
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
        let mut status = self.tree.tick_with(&mut self.robot, observer);
        if status == Status::Running && now - started >= GIVE_UP_AFTER {
            self.tree.halt_with(&mut self.robot, observer);
            status = Status::Failure;
        }
        if status != Status::Running {
            self.robot.record(match status {
                Status::Success => EventKind::GoalReached { goal },
                _ => EventKind::NavigationFailed { goal },
            });
            let (at, target) = (self.robot.pos, self.robot.bb.goal);
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
        self.robot.bb.goal = at;
        self.robot.bb.goal_version += 1;
    }
}
