use crate::{Activation, Node, NodeId, Observer, Status};

/// `always_failure`: a leaf that fails (BehaviorTree.CPP's `AlwaysFailure`).
///
/// Every tick returns `Failure`; it is never running, so it is never halted. It has no state, and
/// its active state is `()`. To turn a child's result into a failure, use
/// [`ForceFailure`](crate::ForceFailure) (`force_failure<A>`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AlwaysFailure;

/// Never running: no active state.
impl Activation for AlwaysFailure {
    type Active = ();

    #[inline(always)]
    fn is_running(_: &()) -> bool {
        false
    }
}

impl<Ctx: ?Sized> Node<Ctx> for AlwaysFailure {
    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, _: &mut (), _: &mut Ctx, _: &mut O, _: NodeId) -> Status {
        Status::Failure
    }
}

#[cfg(feature = "serde")]
/// Nothing to save: it never runs.
impl<Ctx: ?Sized> crate::PersistNode<Ctx> for AlwaysFailure {
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
