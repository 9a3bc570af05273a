use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

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
/// Only one child is running at a time. Halting the reactive sequence halts that child. State: none in the node;
/// its active state is the children's [`One`](crate::ChildStates::One): the running child's state, tagged
/// with its index. A child before it is ticked with a fresh idle state of its own.
///
/// Matches BehaviorTree.CPP v4's `ReactiveSequence` (which also halts every other child when one
/// returns `Running`).
#[derive(Clone, Debug)]
pub struct ReactiveSequence<C> {
    children: C,
}

impl<C> ReactiveSequence<C> {
    /// A reactive sequence over the tuple `children`.
    #[inline]
    pub const fn new(children: C) -> Self {
        ReactiveSequence { children }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

/// The running child's state, tagged with its index.
impl<C: ChildStates> Activation for ReactiveSequence<C> {
    type Active = C::One;

    #[inline(always)]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for ReactiveSequence<C> {
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
        self.children.tick_reactive(active, Status::Success, ctx, obs, id + 1)
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
        self.children.tick_reactive_skip(active, Status::Success, ctx, obs, id + 1)
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if C::one_running(active) {
            self.children.halt_one(active, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::one_at_a_time!(ReactiveSequence);
