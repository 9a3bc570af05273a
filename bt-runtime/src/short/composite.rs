//! The short-form composite: [`Composite`], its children's handle [`ChildList`], the adapter
//! [`Composed`].

use super::Short;
use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Status};

/// A composite in short form: its tick, given its children. See the [module](super) docs.
///
/// It runs one child at a time, and it runs exactly while one of its children runs: `tick`
/// returns `Running` when the child it ticked did, and halts a running child
/// ([`ChildList::halt`]) before it returns `Success` or `Failure` (checked in debug builds). A
/// composite that runs on its own, with no child running, needs the long form. The adapter
/// ([`Composed`]) sets the state back to `Default` when the node completes; when the node is
/// halted, it halts the running child, then calls [`halted`](Composite::halted).
pub trait Composite<Ctx: ?Sized>: Short {
    /// One tick of the node. Tick each child at most once, starting where the last tick left off
    /// ([`ChildList::resume`]); return `Running` while the node needs more ticks.
    fn tick(&mut self, children: &mut impl ChildList<Ctx>, state: &mut Self::State, ctx: &mut Ctx) -> Status;

    /// Called when the running node is halted, after its running child (if any) was halted;
    /// `state` is reset after it. The default does nothing.
    #[inline(always)]
    fn halted(&mut self, state: &mut Self::State, ctx: &mut Ctx) {
        let _ = (state, ctx);
    }
}

/// A short-form composite's handle on its children, which run one at a time.
pub trait ChildList<Ctx: ?Sized> {
    /// The number of children.
    fn len(&self) -> usize;
    /// Whether there are no children (never: a composite has 1 to 16).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The child to go on with: the running one, or the first one when none runs.
    fn resume(&self) -> usize;
    /// The running child, if one is.
    fn running(&self) -> Option<usize>;
    /// Ticks child `index`; a child that was running and is not `index` must have been halted
    /// first ([`halt`](ChildList::halt)). Reported to the observer, at the child's id.
    fn tick(&mut self, index: usize, ctx: &mut Ctx) -> Status;
    /// Ticks the children in order from [`resume`](ChildList::resume) for as long as they return
    /// `go_on`, and returns the first other status, or `go_on` when every child returned it: the
    /// loop of a sequence (`go_on` = `Success`) or a selector (`Failure`), written out child by
    /// child as the built-ins' is.
    fn tick_while(&mut self, go_on: Status, ctx: &mut Ctx) -> Status;
    /// Halts the running child, if one is.
    fn halt(&mut self, ctx: &mut Ctx);
}

/// The handle [`Composed`] passes to [`Composite::tick`].
struct Handle<'a, C: ChildStates, O: ?Sized> {
    children: &'a mut C,
    one: &'a mut C::One,
    obs: &'a mut O,
    first_id: NodeId,
}

impl<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized> ChildList<Ctx> for Handle<'_, C, O> {
    #[inline(always)]
    fn len(&self) -> usize {
        C::LEN
    }
    #[inline(always)]
    fn resume(&self) -> usize {
        C::one_index(self.one)
    }
    #[inline(always)]
    fn running(&self) -> Option<usize> {
        C::one_running(self.one).then(|| C::one_index(self.one))
    }
    #[inline(always)]
    fn tick(&mut self, index: usize, ctx: &mut Ctx) -> Status {
        self.children.tick_one(index, self.one, ctx, self.obs, self.first_id)
    }
    #[inline(always)]
    fn tick_while(&mut self, go_on: Status, ctx: &mut Ctx) -> Status {
        self.children.tick_while(self.one, go_on, ctx, self.obs, self.first_id)
    }
    #[inline(always)]
    fn halt(&mut self, ctx: &mut Ctx) {
        if C::one_running(self.one) {
            self.children.halt_one(self.one, ctx, self.obs, self.first_id);
        }
    }
}

/// The node of a short-form composite `D` over its children `C`: what `D(…)<a, b, …>` builds.
pub struct Composed<D, C> {
    pub(super) spec: D,
    pub(super) built: D,
    pub(super) children: C,
}

impl<D: Clone, C> Composed<D, C> {
    /// The node of `spec` over `children`.
    pub fn new(spec: D, children: C) -> Self {
        Composed { built: spec.clone(), spec, children }
    }

    /// The composite as it is now.
    pub fn spec(&self) -> &D {
        &self.spec
    }

    /// The children.
    pub fn children(&self) -> &C {
        &self.children
    }
}

/// The running child's state (one block for all the children) and the composite's
/// [`Short::State`]; it runs exactly while one of its children runs.
impl<D: Short, C: ChildStates> Activation for Composed<D, C> {
    type Active = (C::One, D::State);
    #[inline(always)]
    fn is_running((one, _): &Self::Active) -> bool {
        C::one_running(one)
    }
}

impl<Ctx: ?Sized, D: Composite<Ctx>, C: Children<Ctx>> Node<Ctx> for Composed<D, C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let (one, state) = active;
        let mut handle = Handle { children: &mut self.children, one, obs, first_id: id + 1 };
        let status = self.spec.tick(&mut handle, state, ctx);
        debug_assert!(
            C::one_running(one) == (status == Status::Running),
            "a short-form composite returns `Running` exactly while one of its children runs: halt the running child before completing; a composite that runs on its own needs the long form"
        );
        if status.is_done() {
            *state = Default::default();
        }
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        (one, state): &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        self.children.halt_one(one, ctx, obs, id + 1);
        self.spec.halted(state, ctx);
        *state = Default::default();
    }

    fn reset(&mut self) {
        self.spec = self.built.clone();
        self.children.reset_all();
    }
}
