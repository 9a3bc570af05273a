//! Nav2's `navigate_to_pose_w_replanning_and_recovery` (the file is
//! `tests/xml/corpus/navigation2__navigate_to_pose_w_replanning_and_recovery.xml`), over a world
//! after the example `examples/nav2_recovery` ([`world`]): the path is replanned at 1 Hz while
//! the robot follows it, planning and following each have a context recovery, and the whole
//! navigation has six rounds of recoveries that take turns.
//!
//! ```text
//! recovery(6)<                                                  NavigateRecovery
//!     pipeline_sequence<                                        NavigateWithReplanning
//!         ProgressCheckerSelector, GoalCheckerSelector, PathHandlerSelector,
//!         ControllerSelector, PlannerSelector,
//!         rate_controller(1.0)<recovery(1)<                     ComputePathToPose
//!             selector<
//!                 reactive_sequence<invert(GlobalUpdatedGoal), IsGoalNearby,
//!                                   TruncatePathLocal, ValidatePath>,
//!                 ComputePathToPose>,
//!             sequence<WouldAPlannerRecoveryHelp, ClearEntireCostmap>>>,
//!         recovery(1)<FollowPath,
//!             sequence<WouldAControllerRecoveryHelp, ClearEntireCostmap>>>,
//!     sequence<
//!         selector<WouldAControllerRecoveryHelp, WouldAPlannerRecoveryHelp>,
//!         reactive_selector<GoalUpdated,                        RecoveryFallback
//!             round_robin<                                      RecoveryActions
//!                 sequence<ClearEntireCostmap, ClearEntireCostmap>,
//!                 Spin, Wait, BackUp>>>>
//! ```
//!
//! * (a) [`Nav2Bt`]: that tree, written with `bt!` ([`Nav2Brain`]);
//! * (b) [`Nav2Hand`]: the navigator written by hand ([`hand`]);
//! * (c) [`Nav2Dyn`]: the same tree from `Box<dyn>` nodes ([`dyn_tree`]);
//! * (e) [`Nav2WorldOnly`]: the world alone.

pub mod dyn_tree;
pub mod hand;
pub mod world;

use bt::bt;
use world::{
    BackUp, ClearGlobal, ClearLocal, ComputePathToPose, FollowPath, GlobalUpdatedGoal, GoalUpdated,
    IsGoalNearby, Nav, Select, Spin, TruncatePathLocal, ValidatePath, Wait, WouldAControllerRecoveryHelp,
    WouldAPlannerRecoveryHelp,
};

bt! {
    /// Nav2's navigator (see the module docs).
    pub struct Nav2Brain for Nav {
        recovery(6)<
            pipeline_sequence<
                Select::<0>, Select::<1>, Select::<2>, Select::<3>, Select::<4>,
                rate_controller(1.0)<recovery(1)<
                    selector<
                        reactive_sequence<
                            invert(GlobalUpdatedGoal::default()),
                            IsGoalNearby,
                            TruncatePathLocal,
                            ValidatePath,
                        >,
                        ComputePathToPose,
                    >,
                    sequence<WouldAPlannerRecoveryHelp, ClearGlobal>,
                >>,
                recovery(1)<FollowPath, sequence<WouldAControllerRecoveryHelp, ClearLocal>>,
            >,
            sequence<
                selector<WouldAControllerRecoveryHelp, WouldAPlannerRecoveryHelp>,
                reactive_selector<
                    GoalUpdated,
                    round_robin<sequence<ClearLocal, ClearGlobal>, Spin, Wait, BackUp>,
                >,
            >,
        >
    }
}

crate::tree_variant!(
    /// Variant (a): the `bt!` tree.
    Nav2Bt, "bt", Nav, Nav2Brain, Nav2Brain::new(), |b, r| b.tick(r)
);
crate::tree_variant!(
    /// Variant (b): the hand-written navigator.
    Nav2Hand, "hand", Nav, hand::HandNav, hand::HandNav::new(), |b, r| b.tick(r)
);
crate::tree_variant!(
    /// Variant (c): `Box<dyn>` nodes.
    Nav2Dyn, "dyn", Nav, crate::dynbt::BoxNode<Nav>, dyn_tree::tree(), |b, r| b.update(r)
);
crate::world_only!(
    /// Variant (e): the world alone, no decisions.
    Nav2WorldOnly, Nav
);
