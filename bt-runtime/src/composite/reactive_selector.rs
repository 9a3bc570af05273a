use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

/// `reactive_selector<…>` (also called *reactive fallback*): a selector that re-tries every child
/// from the first one on every tick, so a higher-priority child pre-empts a lower-priority one that
/// is running.
///
/// Each tick, starting *always* at the first child:
///
/// * the child is ticked; on `Failure` the selector moves on to the next child in the same tick;
/// * on `Running` the selector returns `Running`. If a later (lower-priority) child was running, it
///   is halted — exactly once — before the selector returns: the higher-priority branch has taken
///   over;
/// * on `Success` the selector returns `Success`; a later child that was running is halted the same
///   way;
/// * when the last child fails the selector returns `Failure`.
///
/// A child that was running is halted only when it was *not* ticked again in this tick: a running
/// child that is reached and completes is simply done, never halted afterwards (the double-close bug
/// of classic implementations cannot happen). The halt comes after the tick of the child that pre-empted it,
/// as in BehaviorTree.CPP: the selector cannot know that the running child must stop before an
/// earlier child has answered.
///
/// Only one child is running at a time. Halting the reactive selector halts that child. State: none in the node;
/// its active state is the children's [`One`](crate::ChildStates::One): the running child's state, tagged
/// with its index. A child before it is ticked with a fresh idle state of its own.
///
/// Matches BehaviorTree.CPP v4's `ReactiveFallback`. behavior3's `Priority` node is the same
/// idea: a patrolling enemy that is attacked must switch to fighting back at once.
#[derive(Clone, Debug)]
pub struct ReactiveSelector<C> {
    children: C,
}

impl<C> ReactiveSelector<C> {
    /// A reactive selector over the tuple `children`.
    #[inline]
    pub const fn new(children: C) -> Self {
        ReactiveSelector { children }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

/// The running child's state, tagged with its index.
impl<C: ChildStates> Activation for ReactiveSelector<C> {
    type Active = C::One;

    #[inline(always)]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for ReactiveSelector<C> {
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
        self.children.tick_reactive(active, Status::Failure, ctx, obs, id + 1)
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
        self.children.tick_reactive_skip(active, Status::Failure, ctx, obs, id + 1)
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
crate::persist::one_at_a_time!(ReactiveSelector);
