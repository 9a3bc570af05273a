use super::{halt_if_running, tick_tracked};
use crate::{Node, NodeId, Observer, Status};

/// `until_failure(child)`, also written `keep_running_until_failure(child)`: runs the child again
/// and again until it fails (BehaviorTree.CPP's `KeepRunningUntilFailure`, whose name the alias
/// keeps; both keywords build this node, described with kind `"until_failure"`).
///
/// Each tick ticks the child once:
///
/// * `Running` → `Running`;
/// * `Success` → `Running`; the next tick starts the child's next activation;
/// * `Failure` → `Failure`.
///
/// It never succeeds: like BehaviorTree.CPP (and behavior3's `RepeatUntilFailure`) it reports the
/// child's failure; wrap it in `force_success` or `invert` when the failure is the expected way out
/// of the loop. **At most one child activation completes per tick**.
///
/// Halting it halts the child if it is running (after a successful activation it is idle and is
/// not halted). State: one flag.
#[derive(Clone, Debug, Default)]
pub struct UntilFailure<N> {
    child: N,
    child_running: bool,
}

impl<N> UntilFailure<N> {
    /// Re-runs `child` until it fails.
    #[inline]
    pub const fn new(child: N) -> Self {
        UntilFailure { child, child_running: false }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for UntilFailure<N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        match tick_tracked(&mut self.child, &mut self.child_running, ctx, obs, id + 1) {
            Status::Failure => Status::Failure,
            Status::Success | Status::Running => Status::Running,
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
crate::persist::persist!([N] UntilFailure<N>, { child_running: bool }, { child: N });
