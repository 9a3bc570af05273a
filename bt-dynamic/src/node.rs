//! A node behind a pointer: the object-safe face of `Node`, and the boxes that implement it.

use bt_runtime::{Activation, Node, NodeId, Observer, Outcome, Status};

/// The object-safe face of [`Node`] for the children of a tree built at run time: a node
/// together with its active state ([`Activation::Active`]), which a box cannot leave to its parent
/// (the state's type is erased with the node's).
///
/// [`boxed`] implements it for any node, [`saving`](crate::saving) for a node that can also be
/// saved (feature `serde`). A node kind of your own needs nothing more than [`Node`] (and
/// [`PersistNode`](bt_runtime::PersistNode) to be saved) to be boxed; implement this trait only
/// for a box of a new kind.
pub trait ErasedNode<Ctx: ?Sized>: Send {
    /// [`Node::tick_with`] without an observer (through code compiled for none, which costs
    /// nothing for it).
    ///
    /// It takes no id: ids are for observers, and without one nobody sees them, so the path a
    /// tick takes without an observer passes none from parent to child (the node is ticked with
    /// id 0, and passes 0-based ids to its own children). With an observer,
    /// [`tick_observed`](ErasedNode::tick_observed) passes each node its id in the tree.
    fn tick(&mut self, ctx: &mut Ctx) -> Status;
    /// [`Node::tick_with`] with a dynamically dispatched observer.
    fn tick_observed(&mut self, ctx: &mut Ctx, obs: &mut dyn Observer, id: NodeId) -> Status;
    /// [`Node::halt_with`] without an observer.
    fn halt(&mut self, ctx: &mut Ctx, id: NodeId);
    /// [`Node::halt_with`] with a dynamically dispatched observer.
    fn halt_observed(&mut self, ctx: &mut Ctx, obs: &mut dyn Observer, id: NodeId);
    /// [`Activation::is_running`] of the active state held here.
    fn is_running(&self) -> bool;
    /// [`Node::reset`]; the active state returns to idle.
    fn reset(&mut self);
    /// [`Node::reset_status`].
    fn reset_status(&mut self);
    /// [`Node::PREEMPTS`].
    fn can_preempt(&self) -> bool;
    /// [`Node::SKIPS`]: whether [`tick_skip`](ErasedNode::tick_skip) can say `Skipped`.
    fn can_skip(&self) -> bool {
        false
    }
    /// [`Node::tick_skip`] without an observer, without an id as [`tick`](ErasedNode::tick).
    /// The default ticks the node ([`tick`](ErasedNode::tick)): never skipped.
    fn tick_skip(&mut self, ctx: &mut Ctx) -> Outcome {
        Outcome::from(self.tick(ctx))
    }
    /// [`Node::tick_skip`] with a dynamically dispatched observer. The default ticks the node
    /// ([`tick_observed`](ErasedNode::tick_observed)): never skipped.
    fn tick_skip_observed(&mut self, ctx: &mut Ctx, obs: &mut dyn Observer, id: NodeId) -> Outcome {
        Outcome::from(self.tick_observed(ctx, obs, id))
    }
    /// [`Node::preempts`].
    fn preempts(&mut self, ctx: &Ctx) -> bool;
    /// [`PersistNode::fingerprint`](bt_runtime::PersistNode::fingerprint) (feature `serde`).
    #[cfg(feature = "serde")]
    fn fingerprint(&self, h: &mut bt_runtime::persist::Fingerprint);
    /// [`PersistNode::save_nodes`](bt_runtime::PersistNode::save_nodes) with the active state held
    /// here (feature `serde`).
    ///
    /// # Errors
    ///
    /// The writer's; a box that cannot be saved refuses.
    #[cfg(feature = "serde")]
    fn save(&self, ctx: &Ctx, id: NodeId, w: &mut dyn crate::ErasedWriter) -> Result<(), crate::Stored>;
    /// [`PersistNode::load_nodes`](bt_runtime::PersistNode::load_nodes) (feature `serde`): reads
    /// and checks the entries, and keeps what it read here for [`apply`](ErasedNode::apply);
    /// returns whether the node will be running.
    ///
    /// # Errors
    ///
    /// The reader's; a box that cannot be restored refuses.
    #[cfg(feature = "serde")]
    fn load(&self, ctx: &Ctx, id: NodeId, r: &mut dyn crate::ErasedReader) -> Result<bool, crate::Stored>;
    /// Puts in place what [`load`](ErasedNode::load) read (feature `serde`).
    #[cfg(feature = "serde")]
    fn apply(&mut self, ctx: &Ctx);
}

/// A node in a box, with the active state its parent would otherwise keep.
pub type DynBox<'a, Ctx> = Box<dyn ErasedNode<Ctx> + 'a>;

/// A node and its active state, as [`boxed`] boxes it.
struct Plain<N: Activation> {
    node: N,
    active: N::Active,
}

/// The methods every box of a node and its active state forwards the same way.
macro_rules! forward_node {
    () => {
        fn tick(&mut self, ctx: &mut Ctx) -> bt_runtime::Status {
            self.node.tick_with(&mut self.active, ctx, &mut bt_runtime::NoObserver, 0)
        }
        fn tick_observed(
            &mut self,
            ctx: &mut Ctx,
            obs: &mut dyn bt_runtime::Observer,
            id: NodeId,
        ) -> bt_runtime::Status {
            self.node.tick_with(&mut self.active, ctx, obs, id)
        }
        fn halt(&mut self, ctx: &mut Ctx, id: NodeId) {
            self.node.halt_with(&mut self.active, ctx, &mut bt_runtime::NoObserver, id)
        }
        fn halt_observed(&mut self, ctx: &mut Ctx, obs: &mut dyn bt_runtime::Observer, id: NodeId) {
            self.node.halt_with(&mut self.active, ctx, obs, id)
        }
        fn is_running(&self) -> bool {
            N::is_running(&self.active)
        }
        fn reset(&mut self) {
            self.active = Default::default();
            self.node.reset()
        }
        fn reset_status(&mut self) {
            self.node.reset_status()
        }
        fn can_preempt(&self) -> bool {
            N::PREEMPTS
        }
        fn can_skip(&self) -> bool {
            N::SKIPS
        }
        fn tick_skip(&mut self, ctx: &mut Ctx) -> bt_runtime::Outcome {
            self.node.tick_skip(&mut self.active, ctx, &mut bt_runtime::NoObserver, 0)
        }
        fn tick_skip_observed(
            &mut self,
            ctx: &mut Ctx,
            obs: &mut dyn bt_runtime::Observer,
            id: NodeId,
        ) -> bt_runtime::Outcome {
            self.node.tick_skip(&mut self.active, ctx, obs, id)
        }
        fn preempts(&mut self, ctx: &Ctx) -> bool {
            N::PREEMPTS && self.node.preempts(ctx)
        }
    };
}
#[cfg(feature = "serde")]
pub(crate) use forward_node;

impl<Ctx: ?Sized, N: Node<Ctx> + Send> ErasedNode<Ctx> for Plain<N>
where
    N::Active: Send,
{
    forward_node!();

    #[cfg(feature = "serde")]
    fn fingerprint(&self, _: &mut bt_runtime::persist::Fingerprint) {}

    #[cfg(feature = "serde")]
    fn save(&self, _: &Ctx, id: NodeId, w: &mut dyn crate::ErasedWriter) -> Result<(), crate::Stored> {
        Err(w.unsupported(id, crate::persist::UNSAVEABLE))
    }

    #[cfg(feature = "serde")]
    fn load(&self, _: &Ctx, id: NodeId, r: &mut dyn crate::ErasedReader) -> Result<bool, crate::Stored> {
        Err(r.invalid(id, bt_runtime::persist::Invalid::Unsupported(crate::persist::UNSAVEABLE)))
    }

    #[cfg(feature = "serde")]
    fn apply(&mut self, _: &Ctx) {}
}

/// Boxes `node` for a [`DynChildren`](crate::DynChildren) list or a [`DynTree`](crate::DynTree):
/// the node and its active state behind one pointer. Such a box cannot be saved;
/// [`saving`](crate::saving) boxes a node that can (feature `serde`).
pub fn boxed<'a, Ctx: ?Sized, N: Node<Ctx> + Send + 'a>(node: N) -> DynBox<'a, Ctx>
where
    N::Active: Send,
{
    Box::new(Plain { node, active: N::Active::default() })
}
