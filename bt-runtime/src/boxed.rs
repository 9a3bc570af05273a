//! The escape hatch: a node behind a `Box<dyn …>`, the only dynamic dispatch in the runtime, and
//! only where the user asks for it (`boxed(…)` in `bt!`).

use alloc::boxed::Box;

use crate::{Activation, NoObserver, Node, NodeId, Observer, Status};

/// The object-safe face of [`Node`]: a node together with its active state
/// ([`Activation::Active`]), which a box cannot leave to its parent (the type of the state is
/// erased with the node's). [`Node`] itself is not object safe (its methods are generic over the
/// observer, and its active state is a type of each node), so boxed nodes go through this trait.
///
/// [`boxed`](crate::boxed()) implements it for any node. To box a node with more (a `Persist` of
/// your own, say), keep the node and its active state in a struct of yours, forward the methods
/// to the node with that state, and box the struct.
pub trait DynNode<Ctx: ?Sized> {
    /// [`Node::tick_with`] with the active state held here and a dynamically dispatched observer.
    fn dyn_tick(&mut self, ctx: &mut Ctx, obs: &mut dyn Observer, id: NodeId) -> Status;
    /// [`Node::halt_with`] with the active state held here and a dynamically dispatched observer.
    fn dyn_halt(&mut self, ctx: &mut Ctx, obs: &mut dyn Observer, id: NodeId);
    /// [`Node::SIZE`] of the boxed node.
    fn dyn_size(&self) -> usize;
    /// [`Node::reset`] of the boxed node; its active state returns to idle.
    fn dyn_reset(&mut self);
    /// [`Node::reset_status`] of the boxed node.
    fn dyn_reset_status(&mut self);
}

/// A node and its active state, as [`boxed`] boxes it.
struct WithActive<N: Activation> {
    node: N,
    active: N::Active,
}

impl<Ctx: ?Sized, N: Node<Ctx>> DynNode<Ctx> for WithActive<N> {
    fn dyn_tick(&mut self, ctx: &mut Ctx, obs: &mut dyn Observer, id: NodeId) -> Status {
        self.node.tick_with(&mut self.active, ctx, obs, id)
    }
    fn dyn_halt(&mut self, ctx: &mut Ctx, obs: &mut dyn Observer, id: NodeId) {
        self.node.halt_with(&mut self.active, ctx, obs, id)
    }
    fn dyn_size(&self) -> usize {
        N::SIZE
    }
    fn dyn_reset(&mut self) {
        self.active = Default::default();
        self.node.reset()
    }
    fn dyn_reset_status(&mut self) {
        self.node.reset_status()
    }
}

/// A boxed node: any node behind one pointer, with one virtual call per tick.
///
/// Its subtree is opaque to ids: it counts as a single node ([`Node::SIZE`] is 1), and the nodes
/// inside are ticked without the observer, so an observer sees the boxed subtree as one node.
/// (Ids are compile-time offsets computed from the node types' sizes; a box erases the type, and
/// with it the size, which is the point of boxing — subtrees of any shape share one type. An
/// embedded tree that keeps its type, [`Subtree`](crate::Subtree), is transparent.)
///
/// The boxed node's active state is in the box with it; the box's own active state, which its
/// parent holds, is one flag: whether it is running.
pub type BoxedNode<'a, Ctx> = Box<dyn DynNode<Ctx> + 'a>;

/// Whether the boxed node runs; its own active state is in the box.
impl<Ctx: ?Sized> Activation for Box<dyn DynNode<Ctx> + '_> {
    type Active = bool;

    #[inline(always)]
    fn is_running(active: &bool) -> bool {
        *active
    }
}

impl<Ctx: ?Sized> Node<Ctx> for Box<dyn DynNode<Ctx> + '_> {
    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        running: &mut bool,
        ctx: &mut Ctx,
        _obs: &mut O,
        _id: NodeId,
    ) -> Status {
        let status = (**self).dyn_tick(ctx, &mut NoObserver, 0);
        *running = status == Status::Running;
        status
    }
    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        running: &mut bool,
        ctx: &mut Ctx,
        _obs: &mut O,
        _id: NodeId,
    ) {
        *running = false;
        (**self).dyn_halt(ctx, &mut NoObserver, 0)
    }
    #[inline]
    fn reset(&mut self) {
        (**self).dyn_reset()
    }
    /// Passed on: a boxed node behaves like the node it holds.
    #[inline]
    fn reset_status(&mut self) {
        (**self).dyn_reset_status()
    }
}

/// Boxes `node`: `boxed(…)` in `bt!`. Use it to give many different subtrees one type (a `Vec` of
/// them, a subtree chosen at run time) at the cost of one virtual call per tick.
#[inline]
pub fn boxed<'a, Ctx: ?Sized, N: Node<Ctx> + 'a>(node: N) -> BoxedNode<'a, Ctx> {
    Box::new(WithActive { node, active: N::Active::default() })
}

/// The spec of `boxed(…)` (feature `alloc`): puts the child behind a `Box<dyn …>` for the context
/// `Ctx`, erasing its type (see [`boxed`](crate::boxed())).
pub struct Boxed<'a, Ctx: ?Sized>(core::marker::PhantomData<fn(&'a (), &mut Ctx)>);

impl<Ctx: ?Sized> Default for Boxed<'_, Ctx> {
    fn default() -> Self {
        Boxed(core::marker::PhantomData)
    }
}

impl<Ctx: ?Sized> core::fmt::Debug for Boxed<'_, Ctx> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Boxed")
    }
}

#[diagnostic::do_not_recommend]
impl<'a, Ctx: ?Sized, N: crate::Node<Ctx> + 'a> crate::Compose<(N,)> for Boxed<'a, Ctx> {
    type Node = crate::BoxedNode<'a, Ctx>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::boxed(child)
    }
}
