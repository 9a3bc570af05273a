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

// Shared with the tests, which use some of these and not others.
#![allow(unused_imports)]

use core::mem;
use core::time::Duration;

use bt::ports::{InOut, Input, Output, Ports};
use bt::{Action, Clock, Condition, Exit, NoObserver, Observer, PortInfo, Status, bt, bt_xml};

use crate::sim::*;

#[path = "tree/behaviors.rs"]
mod behaviors;
#[path = "tree/checks.rs"]
mod checks;
#[path = "tree/decorators.rs"]
mod decorators;
#[path = "tree/navigation.rs"]
mod navigation;
#[path = "tree/paths.rs"]
mod paths;
#[path = "tree/plan.rs"]
mod plan;
#[path = "tree/recover.rs"]
mod recover;
#[path = "tree/registry.rs"]
mod registry;
#[path = "tree/select.rs"]
mod select;
#[path = "tree/values.rs"]
mod values;

pub use behaviors::*;
pub use checks::*;
pub use decorators::*;
pub use navigation::*;
pub use paths::*;
pub use plan::*;
pub use recover::*;
pub use registry::registry;
pub use select::*;
pub use values::*;

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
                                invert(GlobalUpdatedGoal::unbound()),
                                IsGoalNearby {
                                    path: keys::PATH.into(),
                                    proximity_threshold: Input::value(4.0),
                                    max_robot_pose_search_dist: Input::value(1.5),
                                    ..IsGoalNearby::unbound()
                                },
                                TruncatePathLocal {
                                    input_path: keys::PATH.into(),
                                    output_path: keys::REMAINING_PATH.into(),
                                    distance_forward: Input::value(-1.0),
                                    distance_backward: Input::value(0.0),
                                    ..TruncatePathLocal::unbound()
                                },
                                ValidatePath { path: keys::REMAINING_PATH.into(), ..ValidatePath::unbound() },
                            >,
                            ComputePathToPose {
                                goal: keys::GOAL.into(),
                                path: keys::PATH.into(),
                                planner_id: keys::SELECTED_PLANNER.into(),
                                error_code_id: keys::COMPUTE_PATH_ERROR_CODE.into(),
                                error_msg: keys::COMPUTE_PATH_ERROR_MSG.into(),
                                ..ComputePathToPose::unbound()
                            },
                        >,
                        sequence<
                            WouldAPlannerRecoveryHelp { error_code: keys::COMPUTE_PATH_ERROR_CODE.into(), ..WouldAPlannerRecoveryHelp::unbound() },
                            ClearEntireCostmap {
                                name: "ClearGlobalCostmap-Context",
                                service_name: Input::value(CostmapService(Layer::Global)),
                                ..ClearEntireCostmap::unbound()
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
                        ..FollowPath::unbound()
                    },
                    sequence<
                        WouldAControllerRecoveryHelp { error_code: keys::FOLLOW_PATH_ERROR_CODE.into(), ..WouldAControllerRecoveryHelp::unbound() },
                        ClearEntireCostmap {
                            name: "ClearLocalCostmap-Context",
                            service_name: Input::value(CostmapService(Layer::Local)),
                            ..ClearEntireCostmap::unbound()
                        },
                    >,
                >,
            >,
            sequence<
                selector<
                    WouldAControllerRecoveryHelp { error_code: keys::FOLLOW_PATH_ERROR_CODE.into(), ..WouldAControllerRecoveryHelp::unbound() },
                    WouldAPlannerRecoveryHelp { error_code: keys::COMPUTE_PATH_ERROR_CODE.into(), ..WouldAPlannerRecoveryHelp::unbound() },
                >,
                // ReactiveFallback name="RecoveryFallback"
                reactive_selector<
                    GoalUpdated::unbound(),
                    // RoundRobin name="RecoveryActions"
                    round_robin<
                        // Sequence name="ClearingActions"
                        sequence<
                            ClearEntireCostmap {
                                name: "ClearLocalCostmap-Subtree",
                                service_name: Input::value(CostmapService(Layer::Local)),
                                ..ClearEntireCostmap::unbound()
                            },
                            ClearEntireCostmap {
                                name: "ClearGlobalCostmap-Subtree",
                                service_name: Input::value(CostmapService(Layer::Global)),
                                ..ClearEntireCostmap::unbound()
                            },
                        >,
                        Spin {
                            spin_dist: Input::value(1.57),
                            error_code_id: keys::SPIN_ERROR_CODE.into(),
                            error_msg: keys::SPIN_ERROR_MSG.into(),
                            ..Spin::unbound()
                        },
                        Wait {
                            wait_duration: Input::value(5.0),
                            error_code_id: keys::WAIT_ERROR_CODE.into(),
                            error_msg: keys::WAIT_ERROR_MSG.into(),
                            ..Wait::unbound()
                        },
                        BackUp {
                            backup_dist: Input::value(0.30),
                            backup_speed: Input::value(0.15),
                            error_code_id: keys::BACKUP_ERROR_CODE.into(),
                            error_msg: keys::BACKUP_ERROR_MSG.into(),
                            ..BackUp::unbound()
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
        nodes(GlobalUpdatedGoal = GlobalUpdatedGoal::unbound(), GoalUpdated = GoalUpdated::unbound())
}
