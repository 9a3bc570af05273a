//! A whole tree built at run time.

use bt_runtime::{Activation, NoObserver, Node, NodeId, Observer, Outcome, Status, TreeDescription};

use crate::{DynBox, ErasedNode};

/// A box as a node, with the ids of the tree it is in: the child of a decorator in a tree built
/// at run time (`Invert<DynChild>`), and the root of a [`DynTree`]. Its active state is whether
/// it runs; the node's own is in the box.
///
/// `SKIPS` is its [`Node::SKIPS`], as for [`DynChildren`](crate::DynChildren): the default,
/// `true`, is right for any box; a decorator over a child with `SKIPS = false` compiles only its
/// plain path and says it cannot be skipped either. The loader of `bt::load` chooses `false` for
/// a box that cannot be skipped ([`can_skip`](ErasedNode::can_skip)).
pub struct DynChild<'a, Ctx: ?Sized, const SKIPS: bool = true>(pub(crate) DynBox<'a, Ctx>);

impl<'a, Ctx: ?Sized> DynChild<'a, Ctx> {
    /// The node in `node`, as a child that may be skipped (`SKIPS = true`, see
    /// [`build`](Self::build) for a child that never is).
    pub fn new(node: DynBox<'a, Ctx>) -> Self {
        DynChild(node)
    }
}

impl<'a, Ctx: ?Sized, const SKIPS: bool> DynChild<'a, Ctx, SKIPS> {
    /// The node in `node`, as [`new`](DynChild::new), as a child whose `SKIPS` is given:
    /// `DynChild::<_, false>::build(node)` for a node that cannot be skipped.
    ///
    /// # Panics
    ///
    /// With `SKIPS = false`, if the node [`can_skip`](ErasedNode::can_skip).
    pub fn build(node: DynBox<'a, Ctx>) -> Self {
        assert!(SKIPS || !node.can_skip(), "a child that can be skipped needs SKIPS = true");
        DynChild(node)
    }

    /// The box.
    pub fn get(&self) -> &(dyn ErasedNode<Ctx> + 'a) {
        &*self.0
    }
}

impl<Ctx: ?Sized, const SKIPS: bool> core::fmt::Debug for DynChild<'_, Ctx, SKIPS> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DynChild").field("running", &self.0.is_running()).finish()
    }
}

impl<Ctx: ?Sized, const SKIPS: bool> Activation for DynChild<'_, Ctx, SKIPS> {
    type Active = bool;
    #[inline(always)]
    fn is_running(active: &bool) -> bool {
        *active
    }
}

/// Ticks the box with the ids of the tree, telling the observer.
impl<Ctx: ?Sized, const SKIPS: bool> Node<Ctx> for DynChild<'_, Ctx, SKIPS> {
    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        running: &mut bool,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let status = if obs.observes() {
            let mut obs = obs;
            self.0.tick_observed(ctx, &mut obs, id)
        } else {
            self.0.tick(ctx)
        };
        *running = status == Status::Running;
        status
    }

    /// The child's `SKIPS`: with `true`, whether the node in the box can actually be skipped is
    /// known at run time (a box that cannot says so, and ticks as [`tick_with`](Node::tick_with)
    /// does).
    const SKIPS: bool = SKIPS;

    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        running: &mut bool,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome {
        let outcome = if obs.observes() {
            let mut obs = obs;
            self.0.tick_skip_observed(ctx, &mut obs, id)
        } else {
            self.0.tick_skip(ctx)
        };
        *running = outcome == Outcome::Running;
        outcome
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        running: &mut bool,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        *running = false;
        if obs.observes() {
            let mut obs = obs;
            self.0.halt_observed(ctx, &mut obs, id);
        } else {
            self.0.halt(ctx, id);
        }
    }

    fn reset(&mut self) {
        self.0.reset();
    }
}

/// A behavior tree whose shape was decided at run time (read from a file, built by a program):
/// a boxed root over [`DynChildren`](crate::DynChildren), with its description.
///
/// It offers what a compiled [`BehaviorTree`](bt_runtime::BehaviorTree) offers — [`tick`](Self::tick),
/// [`tick_with`](Self::tick_with) an observer (the ids are those of the description),
/// [`halt`](Self::halt), [`reset`](Self::reset), [`description`](Self::description) and its
/// renderings, and, with the feature `serde`, [`save`](Self::save) and [`restore`](Self::restore)
/// when its nodes were boxed with `saving` — with the semantics of the same node
/// code. A tick allocates nothing; each node reached costs one virtual call.
pub struct DynTree<'a, Ctx: ?Sized> {
    pub(crate) root: DynChild<'a, Ctx>,
    pub(crate) running: bool,
    pub(crate) size: usize,
    pub(crate) description: &'static TreeDescription,
}

impl<Ctx: ?Sized> core::fmt::Debug for DynTree<'_, Ctx> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DynTree")
            .field("name", &self.description.name)
            .field("nodes", &self.size)
            .field("running", &self.running)
            .finish()
    }
}

impl<'a, Ctx: ?Sized> DynTree<'a, Ctx> {
    /// A tree of `size` nodes with `root` as its root, without a description.
    pub fn new(root: DynBox<'a, Ctx>, size: usize) -> Self {
        DynTree { root: DynChild(root), running: false, size, description: &TreeDescription::EMPTY }
    }

    /// A tree with `root` as its root, described by `description` (whose number of nodes is the
    /// tree's).
    pub fn described(root: DynBox<'a, Ctx>, description: &'static TreeDescription) -> Self {
        DynTree { root: DynChild(root), running: false, size: description.len(), description }
    }

    /// The tree's description (built when the tree was, at run time; empty if none was given).
    pub fn description(&self) -> &'static TreeDescription {
        self.description
    }

    /// Number of nodes.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether the tree is running (its last tick returned `Running` and it was not halted since).
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// Ticks the tree once: one traversal from the root.
    #[inline]
    pub fn tick(&mut self, ctx: &mut Ctx) -> Status {
        self.tick_with(ctx, &mut NoObserver)
    }

    /// Ticks the tree once, telling `observer` every node's status and every halt, with the ids of
    /// the description.
    #[inline]
    pub fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) -> Status {
        bt_runtime::tick_child(&mut self.root, &mut self.running, ctx, observer, 0)
    }

    /// Ticks the tree once, and says whether its root was skipped (see
    /// [`Outcome`]); [`tick`](Self::tick) gives `Success` for a skipped root.
    #[inline]
    pub fn tick_outcome(&mut self, ctx: &mut Ctx) -> Outcome {
        self.tick_outcome_with(ctx, &mut NoObserver)
    }

    /// [`tick_outcome`](Self::tick_outcome), telling `observer` every node's status and every halt.
    #[inline]
    pub fn tick_outcome_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) -> Outcome {
        bt_runtime::tick_child_skip(&mut self.root, &mut self.running, ctx, observer, 0)
    }

    /// Interrupts the tree if it is running (every running node is halted, depth-first, and runs
    /// its exit hooks once); does nothing otherwise.
    pub fn halt(&mut self, ctx: &mut Ctx) {
        self.halt_with(ctx, &mut NoObserver);
    }

    /// [`halt`](Self::halt), telling `observer` about every halted node.
    pub fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) {
        if self.running {
            bt_runtime::halt_child(&mut self.root, &mut self.running, ctx, observer, 0);
        }
    }

    /// Halts the tree if it runs, then returns every node to the state it was built in.
    pub fn reset(&mut self, ctx: &mut Ctx) {
        self.halt(ctx);
        self.root.0.reset();
    }

    /// Ticks until the root completes, at most `max_ticks` times; `None` if it was still running.
    pub fn tick_until_done(&mut self, ctx: &mut Ctx, max_ticks: usize) -> Option<Status> {
        (0..max_ticks).map(|_| self.tick(ctx)).find(|s| s.is_done())
    }

    /// The root's box.
    pub fn root(&self) -> &(dyn ErasedNode<Ctx> + 'a) {
        &*self.root.0
    }

    /// Node `id`'s description, if the tree has one.
    pub fn node(&self, id: NodeId) -> Option<bt_runtime::NodeInfo> {
        self.description.node(id)
    }
}

/// Saving and restoring (feature `serde`): as for a compiled tree (see `bt::persist`), when every
/// node was boxed with [`saving`](crate::saving).
#[cfg(feature = "serde")]
impl<'a, Ctx: ?Sized> DynTree<'a, Ctx> {
    /// The fingerprint of the tree's shape and configuration (see
    /// `bt::BehaviorTree::fingerprint`).
    pub fn fingerprint(&self) -> u64 {
        use bt_runtime::PersistNode;
        bt_runtime::persist::fingerprint(self.size, self.description, |h| self.root.fingerprint(h))
    }

    /// The state of the whole tree, to be serialized with any serde format (see
    /// `bt::BehaviorTree::save`). Serializing it fails if a node was boxed without the means to
    /// save it.
    pub fn save<'t>(&'t self, ctx: &'t Ctx) -> bt_runtime::persist::SaveView<'t, DynChild<'a, Ctx>, Ctx> {
        bt_runtime::persist::save_tree(
            &self.root,
            &self.running,
            ctx,
            self.description,
            self.size,
            self.fingerprint(),
        )
    }

    /// Calls `f` with every node's id and whether it is running, in pre-order (see
    /// `bt::BehaviorTree::running_nodes`). Stops at a node that cannot be saved.
    pub fn running_nodes(&self, ctx: &Ctx, f: impl FnMut(NodeId, bool)) {
        use bt_runtime::PersistNode;
        use bt_runtime::persist::NodeWriter;
        struct Visit<F>(F);
        impl<F: FnMut(NodeId, bool)> NodeWriter for Visit<F> {
            type Error = ();
            fn entry<T: serde::Serialize + ?Sized>(
                &mut self,
                id: NodeId,
                running: bool,
                _: &T,
            ) -> Result<(), ()> {
                (self.0)(id, running);
                Ok(())
            }
            fn unsupported(&mut self, _: NodeId, _: &'static str) {}
        }
        let _ = self.root.save_nodes(&self.running, ctx, 0, &mut Visit(f));
    }

    /// Reads a state written by [`save`](Self::save) from a tree of the same shape, checks all of
    /// it, and only then puts it in place (see `bt::BehaviorTree::restore`).
    ///
    /// # Errors
    ///
    /// As `bt::BehaviorTree::restore`; the tree is left as it was.
    pub fn restore<'de, De: serde::Deserializer<'de>>(
        &mut self,
        deserializer: De,
        ctx: &Ctx,
    ) -> Result<(), bt_runtime::RestoreError<De::Error>> {
        use bt_runtime::PersistNode;
        let fingerprint = self.fingerprint();
        let ((), running) = bt_runtime::persist::restore_tree(
            deserializer,
            &self.root,
            ctx,
            self.description,
            self.size,
            fingerprint,
        )?;
        self.root.apply((), ctx);
        self.running = running;
        Ok(())
    }
}

impl<Ctx: ?Sized> bt_runtime::Tree<Ctx> for DynTree<'_, Ctx> {
    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) -> Status {
        DynTree::tick_with(self, ctx, observer)
    }

    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) {
        DynTree::halt_with(self, ctx, observer)
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        DynTree::reset(self, ctx)
    }

    fn is_running(&self) -> bool {
        DynTree::is_running(self)
    }

    fn description(&self) -> &'static TreeDescription {
        DynTree::description(self)
    }
}
