use crate::{Node, NodeId, Observer, Status};

/// `always_success`: a leaf that succeeds (BehaviorTree.CPP's `AlwaysSuccess`).
///
/// Every tick returns `Success`; it is never running, so it is never halted. It has no state.
/// To turn a child's result into a success, use [`ForceSuccess`](crate::ForceSuccess)
/// (`force_success<A>`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AlwaysSuccess;

impl<Ctx: ?Sized> Node<Ctx> for AlwaysSuccess {
    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, _: &mut Ctx, _: &mut O, _: NodeId) -> Status {
        Status::Success
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([] AlwaysSuccess, {}, {});
