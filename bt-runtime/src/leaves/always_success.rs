use crate::{Activation, Node, NodeId, Observer, Status};

/// `always_success`: a leaf that succeeds (BehaviorTree.CPP's `AlwaysSuccess`).
///
/// Every tick returns `Success`; it is never running, so it is never halted. It has no state, and
/// its active state is `()`. To turn a child's result into a success, use
/// [`ForceSuccess`](crate::ForceSuccess) (`force_success<A>`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AlwaysSuccess;

/// Never running: no active state.
impl Activation for AlwaysSuccess {
    type Active = ();

    #[inline(always)]
    fn is_running(_: &()) -> bool {
        false
    }
}

impl<Ctx: ?Sized> Node<Ctx> for AlwaysSuccess {
    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, _: &mut (), _: &mut Ctx, _: &mut O, _: NodeId) -> Status {
        Status::Success
    }
}

#[cfg(feature = "serde")]
/// Nothing to save: it never runs.
impl<Ctx: ?Sized> crate::PersistNode<Ctx> for AlwaysSuccess {
    type Loaded = ();

    fn save_nodes<W: crate::persist::NodeWriter>(
        &self,
        _: &(),
        _: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        w.entry(id, false, &())
    }

    fn load_nodes<R: crate::persist::NodeReader>(
        &self,
        _: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<((), ()), R::Error> {
        r.entry::<()>(id)?;
        Ok(((), ()))
    }

    fn apply(&mut self, (): (), _: &Ctx) {}
}
