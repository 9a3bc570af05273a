//! Variant (c): the soldier's tree built from `Box<dyn Node>` nodes with `Vec` children, over the
//! same leaves.

use core::time::Duration;

use super::world::{
    Aim, Flee, GoToNoise, HeardNoise, InCover, LookAround, Npc, Patrol, Pause, Perceive, Shoot, Stance,
    TakeCover, Threatened,
};
use crate::dynbt::{BoxNode, Selector, Sequence, action, boxed, condition};
use crate::dynkinds::{AbortGuard, PreemptSelector, Service, Switch};

/// The tree of [`super::SoldierBrain`], boxed.
pub fn tree() -> BoxNode<Npc> {
    let stance = |n: &Npc| match n.stance {
        Stance::Aggressive => 0,
        Stance::Defensive => 1,
        Stance::Fleeing => 2,
    };
    boxed(Service::new(
        Duration::from_millis(250),
        action(Perceive),
        boxed(PreemptSelector::new(vec![
            boxed(AbortGuard::new(
                Box::new(Threatened),
                true,
                true,
                boxed(Switch::new(
                    Box::new(stance),
                    vec![
                        boxed(Sequence::new(vec![action(Aim), action(Shoot)])),
                        boxed(Selector::new(vec![
                            boxed(Sequence::new(vec![condition(InCover), action(Shoot)])),
                            action(TakeCover),
                        ])),
                        action(Flee),
                    ],
                )),
            )),
            boxed(AbortGuard::new(
                Box::new(HeardNoise),
                false,
                true,
                boxed(Sequence::new(vec![action(GoToNoise), action(LookAround)])),
            )),
            boxed(Sequence::new(vec![action(Patrol), action(Pause)])),
        ])),
    ))
}
