//! Composites: nodes with several children (a tuple, see [`Children`]).
//!
//! One node per file; each file's docs state the node's semantics tick by tick. A sequence and its
//! mirror selector share their loop, parameterised by the status that moves on to the next child
//! (`go_on`: `Success` for a sequence, `Failure` for a selector): [`Children::tick_while`] for
//! `Sequence`/`Selector`, the functions below for the reactive and memory variants.

use crate::{Children, NodeId, Observer, Status};

/// Defines `position` and `reset` for a composite with memory (`MemSequence`, `MemSelector`, both
/// with the fields `current: u8` and `running: bool`); `$kind` names it in the docs.
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
                " keeps its position."
            )]
            #[inline]
            pub fn reset(&mut self) {
                if !self.running {
                    self.current = 0;
                }
            }
        }
    };
}

/// The tick of `ReactiveSequence` (`go_on` = `Success`) and `ReactiveSelector` (`go_on` =
/// `Failure`): [`Children::tick_reactive`]. `running` is 0 when no child is running, `k + 1` when
/// child `k` is.
#[inline(always)]
fn reactive_tick<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
    children: &mut C,
    running: &mut u8,
    go_on: Status,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
) -> Status {
    children.tick_reactive(running, go_on, ctx, obs, first_id)
}

/// The halt of a reactive composite: halts the running child, if any.
#[inline(always)]
fn reactive_halt<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
    children: &mut C,
    running: &mut u8,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
) {
    if *running != 0 {
        children.halt_child(*running as usize - 1, ctx, obs, first_id);
        *running = 0;
    }
}

/// The tick of `MemSequence` (`go_on` = `Success`) and `MemSelector` (`go_on` = `Failure`): ticks
/// the children from child `*current` on while they return `go_on`. On `Running` or the other
/// completed status it returns that status and keeps the child that answered in `*current`; when
/// every child returned `go_on` it returns `go_on` and resets `*current` to 0. `running` records
/// whether the child at `*current` is running.
#[inline(always)]
fn mem_tick<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
    children: &mut C,
    current: &mut u8,
    running: &mut bool,
    go_on: Status,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
) -> Status {
    let mut i = *current as usize;
    while i < C::LEN {
        match children.tick_child(i, ctx, obs, first_id) {
            status if status == go_on => i += 1,
            status => {
                *current = i as u8;
                *running = status == Status::Running;
                return status;
            }
        }
    }
    *current = 0;
    *running = false;
    go_on
}

/// The halt of a memory composite: halts the child at `current` if it is running, and keeps the
/// position.
#[inline(always)]
fn mem_halt<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
    children: &mut C,
    current: u8,
    running: &mut bool,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
) {
    if *running {
        *running = false;
        children.halt_child(current as usize, ctx, obs, first_id);
    }
}

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
mod while_do_else;

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
pub use switch::Switch;
pub use threshold_parallel::ThresholdParallel;
pub use while_do_else::WhileDoElse;
