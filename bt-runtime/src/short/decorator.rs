//! The short-form decorator: [`Decorator`], its child's handle [`Child`], the adapter
//! [`Decorated`].

use super::Short;
use crate::{Activation, Node, NodeId, Observer, Status, halt_child, tick_child};

/// A decorator in short form: its tick, given its child. See the [module](super) docs.
///
/// `tick` halts a running child (`child.halt(ctx)`) before it returns `Success` or `Failure`
/// (checked in debug builds). The adapter ([`Decorated`]) sets the state back to `Default` when
/// the node completes; when the node is halted, it halts the running child, then calls
/// [`halted`](Decorator::halted).
pub trait Decorator<Ctx: ?Sized>: Short {
    /// One tick of the node. Tick the child at most once (`child.tick(ctx)`); return `Running`
    /// while the node needs more ticks, with or without a running child.
    fn tick(&mut self, child: &mut impl Child<Ctx>, state: &mut Self::State, ctx: &mut Ctx) -> Status;

    /// Called when the running node is halted, after its child (if it ran) was halted; `state`
    /// is reset after it. The default does nothing.
    #[inline(always)]
    fn halted(&mut self, state: &mut Self::State, ctx: &mut Ctx) {
        let _ = (state, ctx);
    }
}

/// A short-form decorator's handle on its child.
pub trait Child<Ctx: ?Sized> {
    /// Ticks the child (at most once per tick of the node), reported to the observer.
    fn tick(&mut self, ctx: &mut Ctx) -> Status;
    /// Halts the child if it is running; does nothing otherwise.
    fn halt(&mut self, ctx: &mut Ctx);
    /// Whether the child is running (its last tick returned `Running`).
    fn is_running(&self) -> bool;
}

/// The handle [`Decorated`] passes to [`Decorator::tick`].
struct Handle<'a, N: Activation, O: ?Sized> {
    node: &'a mut N,
    active: &'a mut N::Active,
    obs: &'a mut O,
    id: NodeId,
}

impl<Ctx: ?Sized, N: Node<Ctx>, O: Observer + ?Sized> Child<Ctx> for Handle<'_, N, O> {
    #[inline(always)]
    fn tick(&mut self, ctx: &mut Ctx) -> Status {
        tick_child(self.node, self.active, ctx, self.obs, self.id)
    }
    #[inline(always)]
    fn halt(&mut self, ctx: &mut Ctx) {
        if N::is_running(self.active) {
            halt_child(self.node, self.active, ctx, self.obs, self.id);
        }
    }
    #[inline(always)]
    fn is_running(&self) -> bool {
        N::is_running(self.active)
    }
}

/// The node of a short-form decorator `D` over its child `N`: what `D(…)<child>` builds.
pub struct Decorated<D, N> {
    pub(super) spec: D,
    pub(super) built: D,
    pub(super) child: N,
}

impl<D: Clone, N> Decorated<D, N> {
    /// The node of `spec` over `child`.
    pub fn new(spec: D, child: N) -> Self {
        Decorated { built: spec.clone(), spec, child }
    }

    /// The decorator as it is now.
    pub fn spec(&self) -> &D {
        &self.spec
    }

    /// The child.
    pub fn child(&self) -> &N {
        &self.child
    }
}

/// `Some` (the child's state and the decorator's [`Short::State`]) exactly while it runs.
impl<D: Short, N: Activation> Activation for Decorated<D, N> {
    type Active = Option<(N::Active, D::State)>;
    #[inline(always)]
    fn is_running(active: &Self::Active) -> bool {
        active.is_some()
    }
}

impl<Ctx: ?Sized, D: Decorator<Ctx>, N: Node<Ctx>> Node<Ctx> for Decorated<D, N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let (child, state) = active.get_or_insert_with(Default::default);
        let mut handle = Handle { node: &mut self.child, active: child, obs, id: id + 1 };
        let status = self.spec.tick(&mut handle, state, ctx);
        debug_assert!(
            !(status.is_done() && N::is_running(child)),
            "a short-form decorator halts its running child (`child.halt(ctx)`) before it returns `Success` or `Failure`"
        );
        if status.is_done() {
            *active = None;
        }
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if let Some((child, state)) = active {
            if N::is_running(child) {
                halt_child(&mut self.child, child, ctx, obs, id + 1);
            }
            self.spec.halted(state, ctx);
        }
        *active = None;
    }

    fn reset(&mut self) {
        self.spec = self.built.clone();
        self.child.reset();
    }
}
