use crate::{Children, Node, NodeId, Observer, Status};

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
/// Halting a running selector halts its running child and resets. State: one `u8`.
#[derive(Clone, Debug, Default)]
pub struct Selector<C> {
    children: C,
    current: u8,
}

impl<C> Selector<C> {
    /// A selector over the tuple `children`.
    #[inline(never)]
    pub const fn new(children: C) -> Self {
        Selector { children, current: 0 }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for Selector<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        if C::PREEMPTS
            && self.current != 0
            && let Some(first) = self.children.preempting(self.current as usize, ctx)
        {
            // A running child at `current` (a selector resumes only at a running child).
            self.children.halt_child(self.current as usize, ctx, obs, id + 1);
            self.current = first as u8;
        }
        self.children.tick_while(&mut self.current, Status::Failure, ctx, obs, id + 1)
    }

    #[inline(never)]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        self.children.halt_child(self.current as usize, ctx, obs, id + 1);
        self.current = 0;
    }

    #[inline]
    fn reset(&mut self) {
        self.current = 0;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([C] Selector<C>, { current: u8 }, { children: C });
