//! A soldier of a game, its behaviour driven by an enum: perception as a `service`, fighting by a
//! `switch` on its stance, guards with observer aborts that interrupt the patrol when an enemy
//! or a noise appears.
//!
//! ```text
//! service(250ms, Perceive)<                                        look and listen
//!     selector<
//!         guard(Threatened, abort = both)<switch(stance)<          fight while it sees an enemy
//!             Stance::Aggressive => sequence<Aim, Shoot>,
//!             Stance::Defensive => selector<sequence<InCover, Shoot>, TakeCover>,
//!             Stance::Fleeing => Flee,
//!         >>,
//!         guard(HeardNoise, abort = lower_priority)<               check noises
//!             sequence<GoToNoise, LookAround>>,
//!         sequence<Patrol, Pause>,                                 or patrol
//!     >
//! >
//! ```
//!
//! * (a) [`SoldierBt`]: that tree, written with `bt!` ([`SoldierBrain`]);
//! * (b) [`SoldierHand`]: the soldier written by hand ([`hand`]);
//! * (c) [`SoldierDyn`]: the same tree from `Box<dyn>` nodes ([`dyn_tree`]);
//! * (e) [`SoldierWorldOnly`]: the world alone.

pub mod dyn_tree;
pub mod hand;
pub mod world;

use bt::bt;
use world::{
    Aim, Flee, GoToNoise, HeardNoise, InCover, LookAround, Npc, Patrol, Pause, Perceive, Shoot, Stance,
    TakeCover, Threatened,
};

bt! {
    /// The soldier (see the module docs).
    pub struct SoldierBrain for Npc {
        service(250ms, Perceive)<
            selector<
                guard(Threatened, abort = both)<
                    switch(|n: &Npc| n.stance)<
                        Stance::Aggressive => sequence<Aim, Shoot>,
                        Stance::Defensive => selector<sequence<InCover, Shoot>, TakeCover>,
                        Stance::Fleeing => Flee,
                    >
                >,
                guard(HeardNoise, abort = lower_priority)<sequence<GoToNoise, LookAround>>,
                sequence<Patrol, Pause>,
            >
        >
    }
}

crate::tree_variant!(
    /// Variant (a): the `bt!` tree.
    SoldierBt, "bt", Npc, SoldierBrain, SoldierBrain::new(), |b, r| b.tick(r)
);
crate::tree_variant!(
    /// Variant (b): the hand-written soldier.
    SoldierHand, "hand", Npc, hand::HandSoldier, hand::HandSoldier::new(), |b, r| b.tick(r)
);
crate::tree_variant!(
    /// Variant (c): `Box<dyn>` nodes.
    SoldierDyn, "dyn", Npc, crate::dynbt::BoxNode<Npc>, dyn_tree::tree(), |b, r| b.update(r)
);
crate::world_only!(
    /// Variant (e): the world alone, no decisions.
    SoldierWorldOnly, Npc
);
