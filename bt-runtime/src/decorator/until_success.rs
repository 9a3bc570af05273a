use super::{halt_if_running, tick_tracked};
use crate::{Node, NodeId, Observer, Status};

/// `until_success(child)`: runs the child again and again until it succeeds (BehaviorTree.CPP's
/// `RetryUntilSuccessful` with unlimited attempts).
///
/// Each tick ticks the child once:
///
/// * `Running` → `Running`;
/// * `Success` → `Success`;
/// * `Failure` → `Running`; the next tick starts the child's next activation.
///
/// It never fails. **At most one child activation completes per tick**: a child that fails at once
/// is run once per tick, not in a loop inside the tick (BehaviorTree.CPP loops; see
/// [`Retry`](crate::Retry)).
///
/// Halting it halts the child if it is running (after a failed activation it is idle and is not
/// halted). State: one flag.
#[derive(Clone, Debug, Default)]
pub struct UntilSuccess<N> {
    child: N,
    child_running: bool,
}

impl<N> UntilSuccess<N> {
    /// Re-runs `child` until it succeeds.
    #[inline]
    pub const fn new(child: N) -> Self {
        UntilSuccess { child, child_running: false }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for UntilSuccess<N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        match tick_tracked(&mut self.child, &mut self.child_running, ctx, obs, id + 1) {
            Status::Success => Status::Success,
            Status::Failure | Status::Running => Status::Running,
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        halt_if_running(&mut self.child, &mut self.child_running, ctx, obs, id + 1);
    }

    #[inline]
    fn reset(&mut self) {
        self.child_running = false;
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([N] UntilSuccess<N>, { child_running: bool }, { child: N });
