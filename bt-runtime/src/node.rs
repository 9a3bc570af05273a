use crate::{Outcome, Status, TreeDescription};

mod child;
mod observer;

pub use child::{halt_child, tick_child, tick_child_fresh, tick_child_skip, tick_child_skip_fresh};
pub use observer::{NoObserver, Observer};

/// Position of a node in its tree: the node's index in a pre-order walk, the root being 0.
///
/// Ids are computed from [`Node::SIZE`] at compile time; they match the indices of the static
/// description `bt!` emits, so an [`Observer`] can map an id to a node's kind and label.
pub type NodeId = usize;

/// The state a node keeps between the ticks of one activation, held by its parent.
///
/// A node keeps two kinds of state. What must outlive an activation (a memory composite's
/// position, `cooldown`'s last run, a leaf's own fields) is in the node itself. What only matters
/// while the node runs (the child a sequence resumes at, a timeout's start, whether an action was
/// entered) is its [`Active`](Activation::Active) state, which the node's *parent* holds and passes
/// to every [`tick_with`](Node::tick_with) and [`halt_with`](Node::halt_with). An idle node's
/// active state is its `Default`, so a composite that runs one child at a time (a sequence, a
/// selector, their reactive forms) keeps a single block for all its children: an enum holding
/// the running child's state only (see [`Children`](crate::Children)). The state of a whole tree
/// is then about as large as its largest branch, not the sum of its nodes, as in code written by
/// hand. [`BehaviorTree`](crate::BehaviorTree) holds the root's.
///
/// The type does not depend on the context, so one tree can be ticked with several context
/// types ([`BehaviorTree::tick_as`](crate::BehaviorTree::tick_as)).
///
/// # Contract
///
/// * `Active::default()` is the state of an idle node; a node that completes (returns `Success`
///   or `Failure`) or is halted leaves its active state idle.
/// * [`is_running`](Activation::is_running) is true exactly while the node is running: after a
///   tick that returned [`Status::Running`], until the next tick or halt. Parents that run several
///   children at once (the parallels) ask it to know which children to halt. (The one exception
///   is a node whose [`IN_BLOCK`](Activation::IN_BLOCK) is `true`, whose parent knows instead.)
///
/// A node without state between ticks writes `type Active = bool;` and keeps in it whether it
/// is running (or `()` and `false` if it never returns `Running`).
pub trait Activation {
    /// The state of one activation; `Default` is idle.
    type Active: Default;

    /// Whether `active` is the state of a running activation.
    fn is_running(active: &Self::Active) -> bool;

    /// Whether the active state leaves it to the parent to know whether the node runs: `true`
    /// only for [`InBlock`](crate::InBlock), whose active state is nothing at all (its
    /// [`is_running`](Activation::is_running) says `false`). Such a node is only ever a child of a
    /// composite that runs one child at a time: that composite's block of child states
    /// ([`ChildStates::One`](crate::ChildStates::One)) is at the child exactly while the child
    /// runs, and the composite starts the child with [`Node::tick_fresh`]. The default, `false`,
    /// is right for every other node.
    const IN_BLOCK: bool = false;
}

/// Something that can be ticked: a leaf, a composite, a decorator or a whole tree.
///
/// `Ctx` is the user's context type (the agent, the world, a struct holding a blackboard). It is a
/// trait parameter, so the built-in nodes work for every context.
///
/// # Contract
///
/// * [`tick_with`](Node::tick_with) advances the node by one step. A node that returns
///   [`Status::Success`] or [`Status::Failure`] has reset itself: its next tick starts a new
///   activation.
/// * [`halt_with`](Node::halt_with) interrupts a node that returned [`Status::Running`] on its last
///   tick. Parents call it exactly once per interrupted activation and never on an idle or a
///   completed node. The node halts its own running children (depth-first, in child order), runs its
///   exit hooks and returns to idle. One built-in node ticks a child within its halt, when asked
///   to: [`TryCatch`](crate::TryCatch) with `catch_on_halt` runs its clean-up child, as
///   BehaviorTree.CPP's does, and halts it if it runs on.
/// * Within one tick of the root, every node is ticked at most once.
/// * [`reset`](Node::reset) returns an idle node and everything below it to the state it was
///   built in; [`reset_status`](Node::reset_status) makes an idle node forget the result it keeps
///   across its own activations (see there).
///
/// Parents tick and halt children through [`tick_child`] and [`halt_child`], which report to the
/// observer; implementations never call the observer for themselves. The guide
/// [`guide::custom_nodes`](crate::guide::custom_nodes) states the whole contract for a node of
/// your own.
pub trait Node<Ctx: ?Sized>: Activation {
    /// Number of nodes in this subtree, counting this one (pre-order numbering of [`NodeId`]s).
    /// Leaves keep the default of 1; composites add their children's sizes.
    const SIZE: usize = 1;

    /// The static description of the tree this node is, when it is a whole tree built by `bt!`
    /// ([`BehaviorTree`](crate::BehaviorTree) sets it). Embedded as a leaf of another tree, such a
    /// node shows all its nodes in that tree's description and observers. Every other node keeps
    /// the default, `None`: composites and decorators are described by the tree they are written
    /// in.
    const DESCRIPTION: Option<&'static TreeDescription> = None;

    /// Whether [`preempts`](Node::preempts) can ever say yes. Leave it `false` (the default) unless
    /// you override `preempts`: parents skip the question at compile time when it is `false`.
    const PREEMPTS: bool = false;

    /// Whether the node can be skipped (BehaviorTree.CPP's `SKIPPED`, see [`Outcome`]): `true`
    /// only for the nodes that hold pre-conditions and the composites and decorators above them.
    /// Parents that know about skipping ask [`tick_skip`](Node::tick_skip) of a child only when
    /// this is `true`, at compile time, so that trees which never skip pay nothing. The default is
    /// `false`.
    const SKIPS: bool = false;

    /// The ports of a leaf ([`PortInfo`](crate::PortInfo)), for the description; empty (the
    /// default) for every other node. [`ActionNode`](crate::ActionNode) forwards
    /// [`Action::PORTS`](crate::Action::PORTS).
    const PORTS: &'static [crate::PortInfo] = &[];

    /// Whether the node is a condition: a leaf that answers within its tick and never returns
    /// `Running` (an XML export writes it as `<Condition>`). `false` (the default) for every other
    /// node; [`ActionNode`](crate::ActionNode) says `true` for an action without a lifecycle (a
    /// [`Condition`](crate::Condition)).
    const CONDITION: bool = false;

    /// Ticks the node once, reporting the statuses of its descendants to `obs`. `id` is this node's
    /// [`NodeId`]; its first child has `id + 1`.
    ///
    /// Ids are for `obs`, and a node's behavior should not depend on them: a tree built at run
    /// time (`bt::dynamic`, `bt::load`) ticked without an observer passes none from parent to
    /// child, and its boxed nodes are ticked with id 0 (their children with 1, 2, …).
    ///
    /// `active` is the state of the node's current activation ([`Activation::Active`]), which the
    /// parent holds: the node reads and updates it, and leaves it idle (its `Default`) when it
    /// returns `Success` or `Failure`.
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status;

    /// Ticks the node like [`tick_with`](Node::tick_with), when the parent knows that the node is
    /// idle (`active` is its `Default`): the first tick of an activation. Parents call it through
    /// [`tick_child_fresh`] where they start a child; they may call `tick_with` instead for every
    /// node but an [`IN_BLOCK`](Activation::IN_BLOCK) one. The default is `tick_with`, which is right
    /// for every node whose active state tells whether it runs.
    #[inline(always)]
    fn tick_fresh<O: Observer + ?Sized>(
        &mut self,
        active: &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        self.tick_with(active, ctx, obs, id)
    }

    /// Ticks the node like [`tick_with`](Node::tick_with), and says whether it was skipped
    /// ([`Outcome::Skipped`]): a skipped node did not run, and is idle. Parents ask it only of
    /// children whose [`SKIPS`](Node::SKIPS) is `true` ([`tick_child_skip`] does the asking). A
    /// node that can be skipped implements both: its `tick_with` returns `Success` when it is
    /// skipped ([`Outcome::or_success`]), which is what a parent that does not know about
    /// skipping sees. The default ticks the node with `tick_with`: never skipped.
    #[inline(always)]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome {
        Outcome::from(self.tick_with(active, ctx, obs, id))
    }

    /// Interrupts the node; only ever called while it is running (see the trait docs). It leaves
    /// `active` idle. The default just does that.
    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        let _ = (ctx, obs, id);
        *active = Default::default();
    }

    /// Returns the node, which is idle, and all its descendants to the state they were built in:
    /// positions, counters, latches, timers, remembered results. Never called on a running node
    /// ([`BehaviorTree::reset`](crate::BehaviorTree::reset) halts the tree first). Composites and
    /// decorators reset every child; the default does nothing, which is right for a node without
    /// state.
    #[inline]
    fn reset(&mut self) {}

    /// Called by a parent on its idle children when the parent's activation ends: a node that
    /// keeps state from its last result across its own activations forgets it. This is
    /// BehaviorTree.CPP's reset of a child's *status* to `IDLE`, which Nav2's `RateController`
    /// relies on: it keeps its timer for as long as its status is not reset.
    ///
    /// It is **not recursive**: a node resets only its own remembered result, never its
    /// children's (unlike [`reset`](Node::reset), it does not return the node to the state it was
    /// built in). Only [`PipelineSequence`](crate::PipelineSequence) calls it (on every child,
    /// when its activation ends by success, failure or halt), and only
    /// [`RateController`](crate::RateController) implements it (the wrappers that stand for the
    /// node they hold, a [`Subtree`](crate::Subtree), an [`InBlock`](crate::InBlock), an embedded
    /// [`BehaviorTree`](crate::BehaviorTree) or a boxed node, pass it on). The other composites do not
    /// call it: BehaviorTree.CPP resets the statuses of a composite's children whenever the
    /// composite's activation ends, so there a `RateController` under a `Sequence` is re-armed
    /// each time the sequence completes, while in `bt` it keeps its throttle (until it is halted
    /// or reset) under every parent but a `pipeline_sequence`. The default does nothing and
    /// costs nothing.
    #[inline(always)]
    fn reset_status(&mut self) {}

    /// Asked by a parent selector while a *later* child of it runs: whether this idle node wants
    /// to take over now (Unreal Engine's observer abort "lower priority"). A `true` makes the
    /// selector halt its running child and tick from this one, in the same tick. Only asked when
    /// [`PREEMPTS`](Node::PREEMPTS) is `true`; the default says no. [`Selector`](crate::Selector)
    /// and [`MemSelector`](crate::MemSelector) ask; [`Guard`](crate::Guard) with a lower-priority
    /// [`abort`](crate::abort) mode answers.
    #[inline]
    fn preempts(&mut self, ctx: &Ctx) -> bool {
        let _ = ctx;
        false
    }

    /// Ticks the node once without an observer, with `active` as its activation's state.
    #[inline]
    fn tick(&mut self, active: &mut Self::Active, ctx: &mut Ctx) -> Status {
        self.tick_with(active, ctx, &mut NoObserver, 0)
    }

    /// Interrupts the running node without an observer.
    #[inline]
    fn halt(&mut self, active: &mut Self::Active, ctx: &mut Ctx) {
        self.halt_with(active, ctx, &mut NoObserver, 0)
    }
}
