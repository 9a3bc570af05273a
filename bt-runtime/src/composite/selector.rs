use crate::{Activation, ChildStates, Children, NoObserver, Node, NodeId, Observer, Outcome, Status};

/// `selector<…>` (also called *fallback*): tries its children in order until one succeeds.
///
/// Each tick, starting at the remembered child (the first one on a fresh activation):
///
/// * the child is ticked; on `Failure` the selector moves on to the next child *in the same tick*;
/// * on `Running` the selector returns `Running` and remembers the child: the next tick resumes
///   there, and earlier children are not ticked again (use `reactive_selector` to re-check them);
/// * on `Success` the selector returns `Success` and resets: the next tick starts at the first child;
/// * when the last child fails the selector returns `Failure` and resets.
///
/// **Lower-priority aborts.** When a child before the running one can take over —
/// [`guard(c, abort = lower_priority)`](crate::Guard) (or `abort = both`) whose condition has just
/// turned true — the selector, at the start of the tick and before resuming the running child,
/// asks those earlier children in order ([`Node::preempts`]); on the first yes it halts the running
/// child (exactly once) and ticks from that earlier child on, in the same tick, as above. Children
/// that can never take over are not asked: for a selector without such children this costs
/// nothing, not even a test. (Unreal Engine's observer aborts; `reactive_selector` gets the same
/// effect by re-ticking every child on every tick.)
///
/// Halting a running selector halts its running child and resets. State: none in the node; its
/// active state is the children's [`One`](crate::ChildStates::One), the running child's state
/// tagged with its index, so all the children share one block as large as the largest child's.
#[derive(Clone, Debug, Default)]
pub struct Selector<C> {
    children: C,
}

impl<C> Selector<C> {
    /// A selector over the tuple `children`.
    #[inline(never)]
    pub const fn new(children: C) -> Self {
        Selector { children }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

/// The running child's state, tagged with its index.
impl<C: ChildStates> Activation for Selector<C> {
    type Active = C::One;

    #[inline(always)]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for Selector<C> {
    const SIZE: usize = 1 + C::SIZE;
    const SKIPS: bool = C::SKIPS;

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
        if C::PREEMPTS {
            let current = C::one_index(active);
            if current != 0
                && let Some(first) = self.children.preempting(current, ctx)
            {
                self.children.halt_one(active, ctx, obs, id + 1);
                for i in first..self.children.len() {
                    match self.children.tick_one_skip(i, active, ctx, obs, id + 1) {
                        Outcome::Failure | Outcome::Skipped => {}
                        outcome => return outcome,
                    }
                }
                return Outcome::Failure;
            }
        }
        self.children.tick_while_skip(active, Status::Failure, ctx, obs, id + 1)
    }

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
        if C::PREEMPTS {
            let current = C::one_index(active);
            if current != 0
                && let Some(first) = self.children.preempting(current, ctx)
            {
                // A running child at `current` (a selector resumes only at a running child):
                // halted, and the selector starts again at `first`, idle.
                self.children.halt_one(active, ctx, obs, id + 1);
                let status = self.children.tick_one(first, active, ctx, obs, id + 1);
                if status != Status::Failure {
                    return status;
                }
                return if obs.observes() {
                    self.tick_from_observed(first + 1, active, ctx, obs, id)
                } else {
                    self.tick_from_quiet(first + 1, active, ctx, id)
                };
            }
        }
        self.children.tick_while(active, Status::Failure, ctx, obs, id + 1)
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

impl<C> Selector<C> {
    /// [`tick_from`](Self::tick_from) out of line, with an observer.
    #[inline(never)]
    fn tick_from_observed<Ctx: ?Sized, O: Observer + ?Sized>(
        &mut self,
        from: usize,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status
    where
        C: Children<Ctx>,
    {
        self.tick_from(from, active, ctx, obs, id)
    }

    /// [`tick_from`](Self::tick_from) out of line, without an observer: a function that takes
    /// none, so that the tick that calls it gives no address to the zero-sized observer (see
    /// `halt_one_cold`).
    #[inline(never)]
    fn tick_from_quiet<Ctx: ?Sized>(
        &mut self,
        from: usize,
        active: &mut C::One,
        ctx: &mut Ctx,
        id: NodeId,
    ) -> Status
    where
        C: Children<Ctx>,
    {
        self.tick_from(from, active, ctx, &mut NoObserver, id)
    }

    /// Goes on from child `from` after a pre-empting child failed: ticks the children from there
    /// while they fail (the rare path of a selector whose children pre-empt).
    #[inline(always)]
    fn tick_from<Ctx: ?Sized, O: Observer + ?Sized>(
        &mut self,
        from: usize,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status
    where
        C: Children<Ctx>,
    {
        for i in from..self.children.len() {
            let status = self.children.tick_one(i, active, ctx, obs, id + 1);
            if status != Status::Failure {
                return status;
            }
        }
        Status::Failure
    }
}

#[cfg(feature = "serde")]
crate::persist::one_at_a_time!(Selector);
