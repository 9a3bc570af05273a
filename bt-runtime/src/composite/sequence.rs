use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

/// `sequence<…>`: runs its children in order while they succeed.
///
/// Each tick, starting at the remembered child (the first one on a fresh activation):
///
/// * the child is ticked; on `Success` the sequence moves on to the next child *in the same tick*;
/// * on `Running` the sequence returns `Running` and remembers the child: the next tick resumes
///   there, and earlier children are not ticked again;
/// * on `Failure` the sequence returns `Failure` and resets: the next tick starts at the first child;
/// * when the last child succeeds the sequence returns `Success` and resets.
///
/// A child that is skipped (BehaviorTree.CPP's `SKIPPED`, see [`Outcome`]) is passed over, as one
/// that succeeded; when every child was skipped in the tick the sequence completes in (starting
/// at the first child), the sequence is skipped ([`Children::tick_while_skip`]).
///
/// Halting a running sequence halts its running child and resets. State: none in the node; its
/// active state is the children's [`One`](crate::ChildStates::One), the running child's state
/// tagged with its index (the child to resume at), so all the children share one block as large as
/// the largest child's.
#[derive(Clone, Debug, Default)]
pub struct Sequence<C> {
    children: C,
}

impl<C> Sequence<C> {
    /// A sequence over the tuple `children`.
    #[inline(never)]
    pub const fn new(children: C) -> Self {
        Sequence { children }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

/// The running child's state, tagged with its index.
impl<C: ChildStates> Activation for Sequence<C> {
    type Active = C::One;

    #[inline(always)]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for Sequence<C> {
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
        self.children.tick_while(active, Status::Success, ctx, obs, id + 1)
    }

    #[inline(always)]
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
        self.children.tick_while_skip(active, Status::Success, ctx, obs, id + 1)
    }

    #[inline(always)]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        super::halt_one_cold(&mut self.children, active, ctx, obs, id + 1);
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::one_at_a_time!(Sequence);
