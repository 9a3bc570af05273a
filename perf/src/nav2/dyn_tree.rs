//! Variant (c): Nav2's tree built from `Box<dyn Node>` nodes with `Vec` children, over the same
//! leaves.

use super::world::{
    BackUp, ClearGlobal, ClearLocal, ComputePathToPose, FollowPath, GlobalUpdatedGoal, GoalUpdated,
    IsGoalNearby, Nav, Select, Spin, TruncatePathLocal, ValidatePath, Wait, WouldAControllerRecoveryHelp,
    WouldAPlannerRecoveryHelp,
};
use crate::dynbt::{BoxNode, Map, MapKind, Reactive, Selector, Sequence, action, boxed, condition};
use crate::dynkinds::{PipelineSequence, RateController, Recovery, RoundRobin};

/// The tree of [`super::Nav2Brain`], boxed.
pub fn tree() -> BoxNode<Nav> {
    boxed(Recovery::new(
        6,
        boxed(PipelineSequence::new(vec![
            action(Select::<0>),
            action(Select::<1>),
            action(Select::<2>),
            action(Select::<3>),
            action(Select::<4>),
            boxed(RateController::new(
                1.0,
                boxed(Recovery::new(
                    1,
                    boxed(Selector::new(vec![
                        boxed(Reactive::sequence(vec![
                            boxed(Map::new(MapKind::Invert, condition(GlobalUpdatedGoal::default()))),
                            condition(IsGoalNearby),
                            action(TruncatePathLocal),
                            condition(ValidatePath),
                        ])),
                        action(ComputePathToPose),
                    ])),
                    boxed(Sequence::new(vec![condition(WouldAPlannerRecoveryHelp), action(ClearGlobal)])),
                )),
            )),
            boxed(Recovery::new(
                1,
                action(FollowPath),
                boxed(Sequence::new(vec![condition(WouldAControllerRecoveryHelp), action(ClearLocal)])),
            )),
        ])),
        boxed(Sequence::new(vec![
            boxed(Selector::new(vec![
                condition(WouldAControllerRecoveryHelp),
                condition(WouldAPlannerRecoveryHelp),
            ])),
            boxed(Reactive::selector(vec![
                condition(GoalUpdated),
                boxed(RoundRobin::new(vec![
                    boxed(Sequence::new(vec![action(ClearLocal), action(ClearGlobal)])),
                    action(Spin),
                    action(Wait),
                    action(BackUp),
                ])),
            ])),
        ])),
    ))
}
