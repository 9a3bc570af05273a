use crate::{Node, NodeId, Observer, Status};

/// `always_failure`: a leaf that fails (BehaviorTree.CPP's `AlwaysFailure`).
///
/// Every tick returns `Failure`; it is never running, so it is never halted. It has no state.
/// To turn a child's result into a failure, use [`ForceFailure`](crate::ForceFailure)
/// (`force_failure<A>`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AlwaysFailure;

impl<Ctx: ?Sized> Node<Ctx> for AlwaysFailure {
    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, _: &mut Ctx, _: &mut O, _: NodeId) -> Status {
        Status::Failure
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([] AlwaysFailure, {}, {});
