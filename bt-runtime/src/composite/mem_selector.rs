use super::{mem_halt, mem_tick, mem_tick_skip};
use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

/// `mem_selector<…>`: a selector that keeps its position across successes, the mirror of
/// [`MemSequence`](crate::MemSequence).
///
/// Each tick, starting at the remembered child (the first one on the very first tick):
///
/// * the child is ticked; on `Failure` the selector moves on to the next child in the same tick;
/// * on `Running` the selector returns `Running` and remembers the child;
/// * on `Success` the selector returns `Success` **and keeps the child that succeeded as its
///   position**: the next tick starts a new activation of the selector *at that child*, and the
///   children before it, which already failed, are not tried again;
/// * when the last child fails the selector returns `Failure` and forgets its position: the next
///   tick starts at the first child.
///
/// So each child is tried in turn until every one of them has failed once: a list of fallbacks
/// that are not retried while a later one still works.
///
/// **Lower-priority aborts.** Whenever the tick would start at a child after the first — resuming
/// a running child, or starting a new activation at the kept position — the selector first asks
/// the children before it, in order, whether one takes over ([`Node::preempts`]: a
/// [`guard(c, abort = lower_priority)`](crate::Guard) or `abort = both` whose condition has just
/// turned true). On the first yes, the running child, if any, is halted (exactly once) and the tick
/// starts at that earlier child instead, which becomes the position. Children that can never take
/// over are not asked, at no cost.
///
/// Halting it halts the running child and keeps the position (as [`MemSequence`](crate::MemSequence)
/// and BehaviorTree.CPP v4's `SequenceWithMemory` do). Call [`reset`](MemSelector::reset) to make it
/// start over. State: the position (one `u8`) in the node, as it outlives the activations; its
/// active state is the running child's, in the variant of that child ([`ChildStates::One`]), so it
/// is as large as the largest child's.
///
/// BehaviorTree.CPP v4 has no selector with memory; this is the exact mirror of its
/// `SequenceWithMemory` (and of its older `FallbackNodeWithMemory` with the `ON_FAILURE` reset
/// policy).
#[derive(Clone, Debug, Default)]
pub struct MemSelector<C> {
    children: C,
    current: u8,
}

impl<C> MemSelector<C> {
    /// A selector with memory over the tuple `children`.
    #[inline]
    pub const fn new(children: C) -> Self {
        MemSelector { children, current: 0 }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

memory_accessors!(MemSelector, "selector");

/// The running child's active state; it runs exactly while that child does.
impl<C: ChildStates> Activation for MemSelector<C> {
    type Active = C::One;

    #[inline(always)]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for MemSelector<C> {
    const SIZE: usize = 1 + C::SIZE;
    const SKIPS: bool = C::SKIPS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if C::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        if C::PREEMPTS
            && self.current != 0
            && let Some(first) = self.children.preempting(self.current as usize, ctx)
        {
            mem_halt(&mut self.children, active, ctx, obs, id + 1);
            self.current = first as u8;
        }
        mem_tick(&mut self.children, &mut self.current, active, Status::Failure, ctx, obs, id + 1)
    }

    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome {
        if !C::SKIPS {
            return Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        if C::PREEMPTS
            && self.current != 0
            && let Some(first) = self.children.preempting(self.current as usize, ctx)
        {
            mem_halt(&mut self.children, active, ctx, obs, id + 1);
            self.current = first as u8;
        }
        mem_tick_skip(&mut self.children, &mut self.current, active, Status::Failure, ctx, obs, id + 1)
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        mem_halt(&mut self.children, active, ctx, obs, id + 1);
    }

    #[inline]
    fn reset(&mut self) {
        self.current = 0;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
memory_persist!(MemSelector);
