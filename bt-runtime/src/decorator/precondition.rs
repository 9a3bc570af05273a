use crate::{Condition, Node, NodeId, Observer, Status, halt_child, tick_child};

/// `precondition(cond)<child>`: an external precondition (as in classic object-oriented behavior-tree frameworks), checked when the child
/// is about to start.
///
/// Each tick:
///
/// * if the child is idle (a fresh activation), the condition is checked first; if it is false the
///   precondition returns `Failure` without ticking the child;
/// * otherwise (the condition held, or the child is already running) the child is ticked and its
///   status is returned.
///
/// The condition is *not* re-checked while the child runs: use `guard` for a condition re-checked on
/// every tick that interrupts the running child. Halting it halts the running child. State: one flag.
#[derive(Clone, Debug, Default)]
pub struct Precondition<C, N> {
    condition: C,
    child: N,
    child_running: bool,
}

impl<C, N> Precondition<C, N> {
    /// Runs `child` only when `condition` holds at its start.
    #[inline(never)]
    pub const fn new(condition: C, child: N) -> Self {
        Precondition { condition, child, child_running: false }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

impl<Ctx: ?Sized, C: Condition<Ctx>, N: Node<Ctx>> Node<Ctx> for Precondition<C, N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        if !self.child_running && !self.condition.check(ctx) {
            return Status::Failure;
        }
        let status = tick_child(&mut self.child, ctx, obs, id + 1);
        self.child_running = status == Status::Running;
        status
    }

    #[inline(never)]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.child_running {
            self.child_running = false;
            halt_child(&mut self.child, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.child_running = false;
        Condition::<Ctx>::reset(&mut self.condition);
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([C, N] Precondition<C, N>, { child_running: bool }, { condition: C, child: N });
