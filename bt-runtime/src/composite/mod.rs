//! Composites: nodes with several children (a tuple, see [`Children`]).
//!
//! One node per file; each file's docs state the node's semantics tick by tick. A sequence and its
//! mirror selector share their loop, parameterised by the status that moves on to the next child
//! (`go_on`: `Success` for a sequence, `Failure` for a selector): [`Children::tick_while`] for
//! `Sequence`/`Selector`, the functions below for the reactive and memory variants.

use crate::{Children, NoObserver, NodeId, Observer, Outcome, Status};

/// Defines `position` and `reset` for a composite with memory (`MemSequence`, `MemSelector`, both
/// with the field `current: u8`); `$kind` names it in the docs.
macro_rules! memory_accessors {
    ($name:ident, $kind:literal) => {
        impl<C> $name<C> {
            /// The remembered position: the child the next tick starts at.
            #[inline]
            pub fn position(&self) -> usize {
                self.current as usize
            }

            #[doc = concat!(
                "Forgets the position, so the next tick starts at the first child. Call it only while the\n",
                $kind,
                " is not running (it does not halt anything); a running ",
                $kind,
                " resumes its running child first."
            )]
            #[inline]
            pub fn reset(&mut self) {
                self.current = 0;
            }
        }
    };
}

/// The tick of `MemSequence` (`go_on` = `Success`) and `MemSelector` (`go_on` = `Failure`): ticks
/// the children from child `*current` on while they return `go_on`, the running child's state in
/// `one`. On `Running` or the other completed status it returns that status and keeps the child
/// that answered in `*current`; when every child returned `go_on` it returns `go_on` and resets
/// `*current` to 0.
/// Implements [`PersistNode`](crate::PersistNode) for a memory composite: its position is saved,
/// the running child is told by the children's entries.
#[cfg(feature = "serde")]
macro_rules! memory_persist {
    ($name:ident) => {
        impl<Ctx: ?Sized, C: $crate::PersistChildren<Ctx>> $crate::PersistNode<Ctx> for $name<C> {
            type Loaded = (u8, C::Loaded);

            fn fingerprint(&self, h: &mut $crate::persist::Fingerprint) {
                self.children.fingerprint_all(h);
            }

            fn save_nodes<W: $crate::persist::NodeWriter>(
                &self,
                active: &C::One,
                ctx: &Ctx,
                id: NodeId,
                w: &mut W,
            ) -> Result<(), W::Error> {
                let running = <C as $crate::ChildStates>::one_running(active);
                w.entry(id, running, &$crate::composite::Position { at: self.current })?;
                self.children.save_one(active, ctx, id, w)
            }

            fn load_nodes<R: $crate::persist::NodeReader>(
                &self,
                ctx: &Ctx,
                id: NodeId,
                r: &mut R,
            ) -> Result<(Self::Loaded, C::One), R::Error> {
                let $crate::composite::Position { at } = r.entry(id)?;
                let last = $crate::Children::<Ctx>::len(&self.children) as u64 - 1;
                $crate::persist::at_most(r, id, "at", u64::from(at), last)?;
                let (loaded, one) = self.children.load_one(ctx, id, r)?;
                Ok(((at, loaded), one))
            }

            fn apply(&mut self, (at, loaded): Self::Loaded, ctx: &Ctx) {
                self.current = at;
                self.children.apply_all(loaded, ctx);
            }
        }
    };
}

/// The saved position of a memory composite.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct Position {
    pub(crate) at: u8,
}

#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn mem_tick<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
    children: &mut C,
    current: &mut u8,
    one: &mut C::One,
    go_on: Status,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
) -> Status {
    // A running child is resumed where it is, even if the position was reset meanwhile.
    let mut i = if <C as crate::ChildStates>::one_running(one) {
        <C as crate::ChildStates>::one_index(one)
    } else {
        *current as usize
    };
    while i < children.len() {
        match children.tick_one(i, one, ctx, obs, first_id) {
            status if status == go_on => i += 1,
            status => {
                *current = i as u8;
                return status;
            }
        }
    }
    *current = 0;
    go_on
}

/// The halt of a memory composite: halts the running child, if any, and keeps the position.
/// [`mem_tick`] over children that may be skipped: a skipped child is passed over; when every
/// child was skipped in a run that started at the first child, the outcome is `Skipped`.
#[inline]
#[allow(clippy::too_many_arguments)]
fn mem_tick_skip<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
    children: &mut C,
    current: &mut u8,
    one: &mut C::One,
    go_on: Status,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
) -> Outcome {
    let mut i = if <C as crate::ChildStates>::one_running(one) {
        <C as crate::ChildStates>::one_index(one)
    } else {
        *current as usize
    };
    let mut all_skipped = i == 0;
    while i < children.len() {
        match children.tick_one_skip(i, one, ctx, obs, first_id) {
            Outcome::Skipped => i += 1,
            outcome if outcome == go_on => {
                all_skipped = false;
                i += 1;
            }
            outcome => {
                *current = i as u8;
                return outcome;
            }
        }
    }
    *current = 0;
    if all_skipped { Outcome::Skipped } else { Outcome::from(go_on) }
}

#[inline(always)]
fn mem_halt<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
    children: &mut C,
    one: &mut C::One,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
) {
    if <C as crate::ChildStates>::one_running(one) {
        children.halt_one(one, ctx, obs, first_id);
    }
}

mod async_sequence;
mod if_then_else;
mod mem_selector;
mod mem_sequence;
mod parallel;
mod parallel_all;
mod pipeline_sequence;
mod random;
mod reactive_selector;
mod reactive_sequence;
mod recovery;
mod round_robin;
mod selector;
mod sequence;
mod switch;
mod threshold_parallel;
mod try_catch;
mod while_do_else;

pub use async_sequence::AsyncSequence;
pub use if_then_else::IfThenElse;
pub use mem_selector::MemSelector;
pub use mem_sequence::MemSequence;
pub use parallel::Parallel;
pub use parallel_all::ParallelAll;
pub use pipeline_sequence::PipelineSequence;
pub use random::Random;
pub use reactive_selector::ReactiveSelector;
pub use reactive_sequence::ReactiveSequence;
pub use recovery::Recovery;
pub use round_robin::RoundRobin;
pub use selector::Selector;
pub use sequence::Sequence;
pub use switch::{Choose, Chosen, Pick, Switch};
pub use threshold_parallel::ThresholdParallel;
pub use try_catch::TryCatch;
pub use while_do_else::WhileDoElse;

/// Halts the child `one` holds, out of line (halting is a tick's rare path): the halt of a
/// `sequence` or `selector`. Without an observer ([`Observer::observes`] is false) it goes through
/// a function that takes none: a reference to the zero-sized observer, passed out of line, would
/// need an address, and every tick that may halt would reserve a stack slot for it.
#[inline(always)]
pub(crate) fn halt_one_cold<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
    children: &mut C,
    one: &mut C::One,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
) {
    if obs.observes() {
        halt_one_observed(children, one, ctx, obs, first_id)
    } else {
        halt_one_quiet(children, one, ctx, first_id)
    }
}

#[inline(never)]
fn halt_one_observed<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
    children: &mut C,
    one: &mut C::One,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
) {
    children.halt_one(one, ctx, obs, first_id);
}

#[inline(never)]
fn halt_one_quiet<Ctx: ?Sized, C: Children<Ctx>>(
    children: &mut C,
    one: &mut C::One,
    ctx: &mut Ctx,
    first_id: NodeId,
) {
    children.halt_one(one, ctx, &mut NoObserver, first_id);
}
