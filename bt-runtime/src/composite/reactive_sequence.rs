use super::{reactive_halt, reactive_tick};
use crate::{Children, Node, NodeId, Observer, Status};

/// `reactive_sequence<…>`: a sequence that re-checks every child from the first one on every tick.
///
/// Each tick, starting *always* at the first child:
///
/// * the child is ticked; on `Success` the sequence moves on to the next child in the same tick, so
///   conditions in front of a running action are re-evaluated on every tick;
/// * on `Running` the sequence returns `Running`. If another child was running (a later one, which an
///   earlier child now pre-empts because it returned `Running` itself), that child is halted first —
///   exactly once — before the sequence returns;
/// * on `Failure` the sequence returns `Failure`; if a later child was running it is halted (exactly
///   once), so an action guarded by a condition in front of it is interrupted when the condition
///   turns false;
/// * when the last child succeeds the sequence returns `Success`.
///
/// A child that was running is halted only when it was *not* ticked again in this tick: a running
/// child that is reached and completes is simply done, never halted afterwards (the double-close bug
/// of classic implementations cannot happen). The halt comes after the tick of the child that pre-empted it,
/// as in BehaviorTree.CPP: the sequence cannot know that the running child must stop before an
/// earlier child has answered.
///
/// Only one child is running at a time. Halting the reactive sequence halts that child. State: which
/// child is running (one `u8`).
///
/// Matches BehaviorTree.CPP v4's `ReactiveSequence` (which also halts every other child when one
/// returns `Running`).
#[derive(Clone, Debug)]
pub struct ReactiveSequence<C> {
    children: C,
    running: u8,
}

impl<C> ReactiveSequence<C> {
    /// A reactive sequence over the tuple `children`.
    #[inline]
    pub const fn new(children: C) -> Self {
        ReactiveSequence { children, running: 0 }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for ReactiveSequence<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        reactive_tick(&mut self.children, &mut self.running, Status::Success, ctx, obs, id + 1)
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        reactive_halt(&mut self.children, &mut self.running, ctx, obs, id + 1);
    }

    #[inline]
    fn reset(&mut self) {
        self.running = 0;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([C] ReactiveSequence<C>, { running: u8 }, { children: C });
