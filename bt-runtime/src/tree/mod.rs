use core::marker::PhantomData;

mod build;
mod engine;
#[cfg(feature = "serde")]
mod persist;

pub use build::Builder;
pub use engine::Tree;

use crate::{
    Activation, Describe, NoObserver, Node, NodeId, Observer, Status, TreeDescription, halt_child, tick_child,
};

/// A behavior tree: the root node and the context type it runs on. `bt!` returns one.
///
/// The `N: Node<Ctx>` bound sits on the methods, not on the type, which keeps type errors short.
/// The context type is part of the tree's type so that every leaf is checked against it. The tree
/// is `Send`/`Sync` whenever its nodes are, whatever `Ctx` is.
///
/// ```
/// use bt::{bt, Status};
///
/// struct Counter { n: u32 }
/// let mut tree = bt! {
///     sequence<
///         { |c: &mut Counter| { c.n += 1; Status::Success } },
///         { |c: &Counter| c.n >= 3 },
///     >
/// };
/// let mut c = Counter { n: 0 };
/// assert_eq!(tree.tick(&mut c), Status::Failure);
/// assert_eq!(tree.tick(&mut c), Status::Failure);
/// assert_eq!(tree.tick(&mut c), Status::Success);
/// ```
///
/// `D` carries the tree's static [`TreeDescription`] (see [`Describe`]); it is zero-sized.
///
/// The tree holds its nodes and the root's active state ([`Activation::Active`]): the state of
/// the activations in progress, whose size is about that of the tree's largest branch.
pub struct BehaviorTree<N: Activation, Ctx: ?Sized, D = ()> {
    root: N,
    active: N::Active,
    ctx: PhantomData<fn(&mut Ctx) -> D>,
}

impl<N: Activation + Clone, Ctx: ?Sized, D> Clone for BehaviorTree<N, Ctx, D>
where
    N::Active: Clone,
{
    fn clone(&self) -> Self {
        BehaviorTree { root: self.root.clone(), active: self.active.clone(), ctx: PhantomData }
    }
}

impl<N: Activation + core::fmt::Debug, Ctx: ?Sized, D> core::fmt::Debug for BehaviorTree<N, Ctx, D>
where
    N::Active: core::fmt::Debug,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BehaviorTree").field("root", &self.root).field("active", &self.active).finish()
    }
}

impl<N: Activation, Ctx: ?Sized, D> BehaviorTree<N, Ctx, D> {
    /// A tree with `root` as its root node, idle.
    #[inline]
    pub fn new(root: N) -> Self {
        BehaviorTree { root, active: Default::default(), ctx: PhantomData }
    }

    /// Ticks the tree once: one traversal from the root.
    #[inline]
    pub fn tick(&mut self, ctx: &mut Ctx) -> Status
    where
        N: Node<Ctx>,
    {
        self.tick_with(ctx, &mut NoObserver)
    }

    /// Ticks the tree once, telling `observer` every node's status and every halt.
    #[inline]
    pub fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) -> Status
    where
        N: Node<Ctx>,
    {
        tick_child(&mut self.root, &mut self.active, ctx, observer, 0)
    }

    /// Ticks the tree once, and says whether its root was skipped (BehaviorTree.CPP's `SKIPPED`,
    /// see [`Outcome`](crate::Outcome)): a tree whose nodes are never skipped (its root's
    /// [`Node::SKIPS`] is `false`) only gives what [`tick`](Self::tick) gives, which for a skipped
    /// root is `Success`.
    #[inline]
    pub fn tick_outcome(&mut self, ctx: &mut Ctx) -> crate::Outcome
    where
        N: Node<Ctx>,
    {
        self.tick_outcome_with(ctx, &mut NoObserver)
    }

    /// [`tick_outcome`](Self::tick_outcome), telling `observer` every node's status and every halt.
    #[inline]
    pub fn tick_outcome_with<O: Observer + ?Sized>(
        &mut self,
        ctx: &mut Ctx,
        observer: &mut O,
    ) -> crate::Outcome
    where
        N: Node<Ctx>,
    {
        crate::tick_child_skip(&mut self.root, &mut self.active, ctx, observer, 0)
    }

    /// Interrupts the tree: if it is running, every running node is halted (depth-first, in child
    /// order) and runs its exit hooks exactly once; idle nodes are not touched. Safe to call when
    /// the tree is idle or has just completed: then it does nothing.
    #[inline]
    pub fn halt(&mut self, ctx: &mut Ctx)
    where
        N: Node<Ctx>,
    {
        self.halt_with(ctx, &mut NoObserver)
    }

    /// [`halt`](Self::halt), telling `observer` about every halted node.
    #[inline]
    pub fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O)
    where
        N: Node<Ctx>,
    {
        if N::is_running(&self.active) {
            halt_child(&mut self.root, &mut self.active, ctx, observer, 0);
        }
    }

    /// Ticks the tree once with a context of another type than the one it was declared for, which
    /// every node accepts (`N: Node<C>`), telling `observer` every node's status and every halt.
    ///
    /// This is for contexts that borrow. A named tree (`bt! { struct Brain for View<'static> { … } }`)
    /// states one context type, so a context that borrows its data is named with `'static`
    /// lifetimes there; its leaves implement their traits for every lifetime
    /// (`impl Action<View<'_>> for Walk`), so the tree's nodes accept a `View<'w>` borrowing the data
    /// of the moment, and this method ticks with it. The tree's state (whether it is running) is
    /// the same one [`tick`](Self::tick) keeps. `bt-bevy` ticks a tree over an entity's components
    /// this way. For any other context, use [`tick`](Self::tick) or [`tick_with`](Self::tick_with).
    ///
    /// ```
    /// use bt::{bt, Action, Status};
    ///
    /// /// A context that borrows a counter.
    /// struct View<'a> { n: &'a mut u32 }
    ///
    /// struct Count;
    /// impl Action<View<'_>> for Count {
    ///     fn execute(&mut self, v: &mut View<'_>) -> Status {
    ///         *v.n += 1;
    ///         Status::Success
    ///     }
    /// }
    ///
    /// bt! { struct Counter for View<'static> { sequence<Count, Count> } }
    ///
    /// let mut tree = Counter::new();
    /// let mut n = 0;
    /// let status = tree.tick_as(&mut View { n: &mut n }, &mut bt::NoObserver);
    /// assert_eq!((status, n), (Status::Success, 2));
    /// ```
    #[inline]
    pub fn tick_as<C: ?Sized, O: Observer + ?Sized>(&mut self, ctx: &mut C, observer: &mut O) -> Status
    where
        N: Node<C>,
    {
        tick_child(&mut self.root, &mut self.active, ctx, observer, 0)
    }

    /// [`halt_with`](Self::halt_with) with a context of another type than the one the tree was
    /// declared for (see [`tick_as`](Self::tick_as)).
    #[inline]
    pub fn halt_as<C: ?Sized, O: Observer + ?Sized>(&mut self, ctx: &mut C, observer: &mut O)
    where
        N: Node<C>,
    {
        if N::is_running(&self.active) {
            halt_child(&mut self.root, &mut self.active, ctx, observer, 0);
        }
    }

    /// Halts whatever runs (as [`halt`](Self::halt)) and returns every node to the state it was
    /// built in: memory composites forget their position, `run_once` and `cooldown` forget that
    /// they ran, counters and latches are cleared, `random` rewinds to its seed, and every leaf's
    /// [`Action::reset`](crate::Action::reset) or [`Condition::reset`](crate::Condition::reset)
    /// runs. The tree then behaves exactly as a freshly built one, as far as its nodes go: the
    /// state a leaf keeps is its own to reset in those hooks (a closure leaf has none it can reset:
    /// what it captured stays as it is). One tree serves the next goal without being rebuilt.
    ///
    /// ```
    /// use bt::{bt, Status};
    ///
    /// let mut tree = bt! { run_once({ |n: &mut u32| { *n += 1; Status::Success } }) };
    /// let mut n = 0;
    /// assert_eq!(tree.tick(&mut n), Status::Success);
    /// assert_eq!(tree.tick(&mut n), Status::Success); // ran once: not again
    /// assert_eq!(n, 1);
    /// tree.reset(&mut n);
    /// assert_eq!(tree.tick(&mut n), Status::Success); // a fresh tree runs it again
    /// assert_eq!(n, 2);
    /// ```
    #[inline]
    pub fn reset(&mut self, ctx: &mut Ctx)
    where
        N: Node<Ctx>,
    {
        self.reset_with(ctx, &mut NoObserver)
    }

    /// [`reset`](Self::reset), telling `observer` about every node the reset halts.
    pub fn reset_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O)
    where
        N: Node<Ctx>,
    {
        self.halt_with(ctx, observer);
        self.active = Default::default();
        self.root.reset();
    }

    /// Ticks until the root completes, calling `between(ctx)` after every tick that returned
    /// `Running` (advance the clock, update the world there), and returns the final status.
    ///
    /// This loops for as long as the tree runs: a tree whose root never completes (a `repeat`
    /// forever) never returns. Use [`tick_until_done_within`](Self::tick_until_done_within) to bound it.
    pub fn tick_until_done(&mut self, ctx: &mut Ctx, mut between: impl FnMut(&mut Ctx)) -> Status
    where
        N: Node<Ctx>,
    {
        loop {
            let status = self.tick(ctx);
            if status.is_done() {
                return status;
            }
            between(ctx);
        }
    }

    /// Like [`tick_until_done`](Self::tick_until_done) but gives up after `max_ticks` ticks,
    /// returning `Running` if the root had not completed (the tree stays running; `halt` it to
    /// interrupt it).
    pub fn tick_until_done_within(
        &mut self,
        ctx: &mut Ctx,
        max_ticks: u64,
        mut between: impl FnMut(&mut Ctx),
    ) -> Status
    where
        N: Node<Ctx>,
    {
        for _ in 0..max_ticks {
            let status = self.tick(ctx);
            if status.is_done() {
                return status;
            }
            between(ctx);
        }
        Status::Running
    }

    /// Whether the root returned `Running` on its last tick and has not been halted since.
    #[inline]
    pub fn is_running(&self) -> bool {
        N::is_running(&self.active)
    }

    /// The root's active state: the state of the activations in progress.
    #[inline]
    pub fn active(&self) -> &N::Active {
        &self.active
    }

    /// The root node.
    #[inline]
    pub fn root(&self) -> &N {
        &self.root
    }

    /// The root node, mutably (to reach the state of leaves).
    #[inline]
    pub fn root_mut(&mut self) -> &mut N {
        &mut self.root
    }

    /// The tree's static description (empty for a tree not built by `bt!`).
    #[inline]
    pub const fn description(&self) -> &'static TreeDescription
    where
        D: Describe,
    {
        D::DESCRIPTION
    }

    /// Number of nodes in the tree (the length of its description; the size to give a
    /// [`ChangeObserver`](crate::ChangeObserver)'s buffer).
    #[inline]
    pub const fn node_count(&self) -> usize
    where
        N: Node<Ctx>,
    {
        N::SIZE
    }
}

/// A whole tree is a node too, so a tree built elsewhere can be embedded as a subtree. A tree built
/// by `bt!` carries its description ([`Node::DESCRIPTION`]), so the tree it is embedded in shows
/// all its nodes (see [`Subtree`](crate::Subtree)). It keeps its root's active state itself; the
/// parent holds whether it runs.
impl<N: Activation, Ctx: ?Sized, D> Activation for BehaviorTree<N, Ctx, D> {
    /// Whether the embedded tree runs.
    type Active = bool;

    #[inline(always)]
    fn is_running(active: &bool) -> bool {
        *active
    }
}

/// An embedded tree ticks its root with the active state it keeps.
impl<N: Node<Ctx>, Ctx: ?Sized, D: Describe> Node<Ctx> for BehaviorTree<N, Ctx, D> {
    const SIZE: usize = N::SIZE;
    const DESCRIPTION: Option<&'static TreeDescription> =
        if D::DESCRIPTION.is_empty() { None } else { Some(D::DESCRIPTION) };
    const PREEMPTS: bool = N::PREEMPTS;
    const SKIPS: bool = N::SKIPS;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        running: &mut bool,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let status = self.root.tick_with(&mut self.active, ctx, obs, id);
        *running = status == Status::Running;
        status
    }

    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        running: &mut bool,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> crate::Outcome {
        let outcome = self.root.tick_skip(&mut self.active, ctx, obs, id);
        *running = outcome == crate::Outcome::Running;
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
        if *running {
            *running = false;
            self.root.halt_with(&mut self.active, ctx, obs, id);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.active = Default::default();
        self.root.reset();
    }

    /// Passed on to the root: an embedded tree stands for its root.
    #[inline(always)]
    fn reset_status(&mut self) {
        self.root.reset_status();
    }

    #[inline]
    fn preempts(&mut self, ctx: &Ctx) -> bool {
        self.root.preempts(ctx)
    }
}
