use crate::{Condition, Node, NodeId, Observer, Status, halt_child, tick_child};

/// `guard(cond)<child>`: a condition that must hold on *every* tick the child runs (Unreal Engine's
/// decorator with observer abort "self").
///
/// Each tick the condition is checked first:
///
/// * false: if the child is running it is halted (exactly once); the guard returns `Failure`
///   without ticking the child;
/// * true: the child is ticked and its status returned.
///
/// Compare [`Precondition`](crate::Precondition), which checks its condition only when the child is
/// about to start and lets a running child finish. Halting the guard halts the running child.
/// State: one flag.
#[derive(Clone, Debug, Default)]
pub struct Guard<C, N> {
    condition: C,
    child: N,
    child_running: bool,
}

impl<C, N> Guard<C, N> {
    /// Runs `child` only while `condition` holds.
    #[inline]
    pub const fn new(condition: C, child: N) -> Self {
        Guard { condition, child, child_running: false }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

impl<Ctx: ?Sized, C: Condition<Ctx>, N: Node<Ctx>> Node<Ctx> for Guard<C, N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        if !self.condition.check(ctx) {
            if self.child_running {
                self.child_running = false;
                halt_child(&mut self.child, ctx, obs, id + 1);
            }
            return Status::Failure;
        }
        let status = tick_child(&mut self.child, ctx, obs, id + 1);
        self.child_running = status == Status::Running;
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.child_running {
            self.child_running = false;
            halt_child(&mut self.child, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.child_running = false;
        self.child.reset();
    }
}
