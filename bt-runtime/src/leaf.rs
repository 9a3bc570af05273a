//! Leaves: actions, conditions, closures, and how the DSL turns a leaf into a node.

use crate::{Activation, Node, NodeId, Observer, Status};

/// How an action's activation ended; passed to [`Action::exit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exit {
    /// `execute` returned [`Status::Success`].
    Success,
    /// `execute` returned [`Status::Failure`], or the internal condition turned false.
    Failure,
    /// The parent interrupted the running action (see [`Node::halt_with`]).
    Halted,
}

/// A leaf that does something, possibly over several ticks, with the lifecycle of a classic
/// behavior-tree action.
///
/// Wrapped in an [`ActionNode`] (which `bt!` does for you), an action is ticked like this:
///
/// 1. [`condition`](Action::condition), the action's *internal* condition, is checked on every tick.
///    If it is false the tick returns [`Status::Failure`]; an activation in progress ends with
///    `exit(Exit::Failure)`, and an idle action is not entered at all.
/// 2. On the first tick of an activation, [`enter`](Action::enter) runs.
/// 3. [`execute`](Action::execute) runs on every tick, the first included. Its status is the tick's.
/// 4. When the activation ends, [`exit`](Action::exit) runs exactly once with how it ended: after
///    `execute` returned `Success` or `Failure`, after the internal condition failed, or when the
///    parent halted the running action.
///
/// A completed action starts a fresh activation (step 2 again) on its next tick.
///
/// ```
/// use bt::{Action, Exit, Status};
///
/// struct Agent { x: i32, log: Vec<&'static str> }
///
/// /// Walks one step per tick until x reaches the target.
/// struct WalkTo(i32);
///
/// impl Action<Agent> for WalkTo {
///     fn enter(&mut self, a: &mut Agent) { a.log.push("start walking"); }
///     fn execute(&mut self, a: &mut Agent) -> Status {
///         if a.x == self.0 { return Status::Success; }
///         a.x += (self.0 - a.x).signum();
///         Status::Running
///     }
///     fn exit(&mut self, a: &mut Agent, how: Exit) {
///         a.log.push(if how == Exit::Success { "arrived" } else { "stopped" });
///     }
/// }
///
/// let mut agent = Agent { x: 0, log: Vec::new() };
/// let mut tree = bt::bt! { WalkTo(2) };
/// assert_eq!(tree.tick(&mut agent), Status::Running);
/// assert_eq!(tree.tick(&mut agent), Status::Running);
/// assert_eq!(tree.tick(&mut agent), Status::Success);
/// assert_eq!(agent.log, ["start walking", "arrived"]);
/// ```
pub trait Action<Ctx: ?Sized> {
    /// The internal condition, checked before every tick of the action; defaults to `true`.
    #[inline]
    fn condition(&mut self, ctx: &Ctx) -> bool {
        let _ = ctx;
        true
    }

    /// Runs on the first tick of each activation, before `execute`.
    #[inline]
    fn enter(&mut self, ctx: &mut Ctx) {
        let _ = ctx;
    }

    /// Does the work of one tick.
    fn execute(&mut self, ctx: &mut Ctx) -> Status;

    /// Runs exactly once when an activation ends, saying how it ended.
    #[inline]
    fn exit(&mut self, ctx: &mut Ctx, how: Exit) {
        let _ = (ctx, how);
    }

    /// Returns the action to the state it was built in, for
    /// [`BehaviorTree::reset`](crate::BehaviorTree::reset); called only while the action is idle.
    /// The default does nothing: most actions set their state up in [`enter`](Action::enter).
    #[inline]
    fn reset(&mut self) {}

    /// The ports the action declares, shown in the description of every tree it is a leaf of.
    /// Set it to `<Self as bt::ports::Ports>::PORTS` when you derive `bt::Ports`; the default is
    /// none. ([`Condition`] has no such constant, which keeps it usable as a trait object: a
    /// condition with ports implements `Action` instead, answering in one tick.)
    const PORTS: &'static [crate::PortInfo] = &[];

    /// Whether the action has a lifecycle worth tracking. Conditions set this to `false` so their
    /// [`ActionNode`] skips the enter/exit bookkeeping entirely.
    #[doc(hidden)]
    const LIFECYCLE: bool = true;
}

/// A leaf that answers a yes/no question about the context: `true` is [`Status::Success`], `false`
/// is [`Status::Failure`]. It never runs over several ticks and cannot change the context.
///
/// Every condition is also an [`Action`] (one that completes on its first tick), and every closure
/// `FnMut(&Ctx) -> bool` is a condition.
///
/// ```
/// use bt::{Condition, Status};
///
/// struct Agent { food: u32 }
/// struct FeelHungry;
/// impl Condition<Agent> for FeelHungry {
///     fn check(&mut self, a: &Agent) -> bool { a.food < 30 }
/// }
///
/// let mut tree = bt::bt! { FeelHungry };
/// assert_eq!(tree.tick(&mut Agent { food: 10 }), Status::Success);
/// assert_eq!(tree.tick(&mut Agent { food: 90 }), Status::Failure);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a condition for context `{Ctx}`",
    label = "expected a condition on `{Ctx}`",
    note = "implement `bt::Condition<{Ctx}>` for `{Self}`, or write a closure `|ctx: &{Ctx}| -> bool`"
)]
pub trait Condition<Ctx: ?Sized> {
    /// Answers the question; called once per tick.
    fn check(&mut self, ctx: &Ctx) -> bool;

    /// Returns the condition to the state it was built in, for
    /// [`BehaviorTree::reset`](crate::BehaviorTree::reset). The default does nothing: most
    /// conditions keep no state.
    #[inline]
    fn reset(&mut self) {}
}

impl<Ctx: ?Sized, F: FnMut(&Ctx) -> bool> Condition<Ctx> for F {
    #[inline(always)]
    fn check(&mut self, ctx: &Ctx) -> bool {
        self(ctx)
    }
}

impl<Ctx: ?Sized, C: Condition<Ctx>> Action<Ctx> for C {
    #[inline(always)]
    fn execute(&mut self, ctx: &mut Ctx) -> Status {
        Status::from_bool(self.check(ctx))
    }
    #[inline]
    fn reset(&mut self) {
        Condition::<Ctx>::reset(self)
    }
    const LIFECYCLE: bool = false;
}

/// The node that runs an [`Action`] with its lifecycle (see [`Action`] for the tick-by-tick rules).
///
/// Stores the action; its active state ([`Activation::Active`]) is one flag, held by the
/// parent: whether an activation is in progress (the action was entered and has not exited).
#[derive(Clone, Debug, Default)]
pub struct ActionNode<A> {
    action: A,
}

impl<A> ActionNode<A> {
    /// Wraps `action`, idle.
    #[inline]
    pub const fn new(action: A) -> Self {
        ActionNode { action }
    }

    /// The wrapped action.
    #[inline]
    pub fn action(&self) -> &A {
        &self.action
    }

    /// The wrapped action, mutably.
    #[inline]
    pub fn action_mut(&mut self) -> &mut A {
        &mut self.action
    }
}

impl<A> Activation for ActionNode<A> {
    /// Whether an activation is in progress.
    type Active = bool;

    #[inline(always)]
    fn is_running(active: &bool) -> bool {
        *active
    }
}

impl<Ctx: ?Sized, A: Action<Ctx>> Node<Ctx> for ActionNode<A> {
    const PORTS: &'static [crate::PortInfo] = A::PORTS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut bool,
        ctx: &mut Ctx,
        _obs: &mut O,
        _id: NodeId,
    ) -> Status {
        if !A::LIFECYCLE {
            return self.action.execute(ctx);
        }
        if !self.action.condition(ctx) {
            if *active {
                *active = false;
                self.action.exit(ctx, Exit::Failure);
            }
            return Status::Failure;
        }
        if !*active {
            *active = true;
            self.action.enter(ctx);
        }
        let status = self.action.execute(ctx);
        match status {
            Status::Running => {}
            Status::Success => {
                *active = false;
                self.action.exit(ctx, Exit::Success);
            }
            Status::Failure => {
                *active = false;
                self.action.exit(ctx, Exit::Failure);
            }
        }
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut bool,
        ctx: &mut Ctx,
        _obs: &mut O,
        _id: NodeId,
    ) {
        if A::LIFECYCLE && *active {
            *active = false;
            self.action.exit(ctx, Exit::Halted);
        }
    }

    #[inline]
    fn reset(&mut self) {
        Action::<Ctx>::reset(&mut self.action);
    }
}

/// A closure `FnMut(&mut Ctx) -> Status` used as a leaf: each tick calls it once and returns its
/// status. It has no enter/exit hooks (implement [`Action`] for those) and no state of its own;
/// its active state is whether it returned `Running` last.
#[derive(Clone, Copy, Debug, Default)]
pub struct ActionFn<F>(pub F);

impl<F> Activation for ActionFn<F> {
    /// Whether the closure returned `Running` on its last tick.
    type Active = bool;

    #[inline(always)]
    fn is_running(active: &bool) -> bool {
        *active
    }
}

impl<Ctx: ?Sized, F: FnMut(&mut Ctx) -> Status> Node<Ctx> for ActionFn<F> {
    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut bool,
        ctx: &mut Ctx,
        _obs: &mut O,
        _id: NodeId,
    ) -> Status {
        let status = (self.0)(ctx);
        *active = status == Status::Running;
        status
    }
}

/// Makes a closure `|ctx: &mut Ctx| -> Status` a leaf node; the closure's parameter type is
/// inferred from `Ctx` when that is known.
#[inline]
pub fn action<Ctx: ?Sized, F: FnMut(&mut Ctx) -> Status>(f: F) -> ActionFn<F> {
    ActionFn(f)
}

/// Makes a closure `|ctx: &Ctx| -> bool` a [`Condition`] (identity, for readability and inference).
#[inline]
pub fn condition<Ctx: ?Sized, F: FnMut(&Ctx) -> bool>(f: F) -> F {
    f
}

/// A type that is a leaf by its type alone: every [`Action`] and every [`Condition`].
///
/// The named form of `bt!` (which must write node types out) turns a leaf of type `T` into
/// `<T as Leaf<Ctx>>::Node`. Implement it for your own [`Node`] types (with `type Node = Self`) to
/// use them as leaves of named trees; trees declared with the named form implement it already.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a behavior-tree leaf for context `{Ctx}`",
    label = "not an action or condition for `{Ctx}`",
    note = "implement `bt::Action<{Ctx}>` or `bt::Condition<{Ctx}>` for `{Self}`"
)]
pub trait Leaf<Ctx: ?Sized> {
    /// The node that runs this leaf.
    type Node: Node<Ctx>;
    /// Wraps the leaf in its node.
    fn into_node(self) -> Self::Node;
}

impl<Ctx: ?Sized, A: Action<Ctx>> Leaf<Ctx> for A {
    type Node = ActionNode<A>;
    #[inline]
    fn into_node(self) -> ActionNode<A> {
        ActionNode::new(self)
    }
}

/// Marker types that tell apart the [`IntoNode`] conversions (the technique behind Bevy's
/// `IntoSystem`). Never named by users; inference picks the one that applies.
pub mod markers {
    /// The value is a [`Leaf`](crate::Leaf): an action or a condition.
    #[derive(Debug)]
    pub enum IsLeaf {}
    /// The value is already a [`Node`](crate::Node) (a subtree built elsewhere).
    #[derive(Debug)]
    pub enum IsNode {}
    /// The value is a closure `FnMut(&mut Ctx) -> Status`, an action.
    #[derive(Debug)]
    pub enum IsActionFn {}
}

/// Anything that can stand as a leaf in `bt!`: an [`Action`], a [`Condition`], a closure
/// `|ctx: &mut Ctx| -> Status` (action) or `|ctx: &Ctx| -> bool` (condition), or any [`Node`]
/// (a subtree built elsewhere).
///
/// `Marker` only exists to keep these conversions apart; inference chooses it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a behavior-tree leaf for context `{Ctx}`",
    label = "not an action, condition or node for `{Ctx}`",
    note = "a leaf must implement `bt::Action<{Ctx}>`, `bt::Condition<{Ctx}>` or `bt::Node<{Ctx}>`, or be a closure `|ctx: &mut {Ctx}| -> bt::Status` (action) or `|ctx: &{Ctx}| -> bool` (condition)"
)]
pub trait IntoNode<Ctx: ?Sized, Marker> {
    /// The node the value becomes.
    type Node: Node<Ctx>;
    /// Converts the value.
    fn into_node(self) -> Self::Node;
}

impl<Ctx: ?Sized, T: Leaf<Ctx>> IntoNode<Ctx, markers::IsLeaf> for T {
    type Node = T::Node;
    #[inline]
    fn into_node(self) -> T::Node {
        Leaf::into_node(self)
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> IntoNode<Ctx, markers::IsNode> for N {
    type Node = Subtree<N>;
    #[inline]
    fn into_node(self) -> Subtree<N> {
        Subtree(self)
    }
}

/// A node built elsewhere (a whole tree, a function's result, a named tree) embedded as a leaf.
///
/// It ticks and halts the inner node as it is, with the inner node's own semantics. What the
/// enclosing tree sees of it depends on whether the inner node is described:
///
/// * a tree built by `bt!` (its [`Node::DESCRIPTION`] is set) is **transparent**: the subtree is
///   one node (kind `"subtree"`) whose child is the embedded tree's root, every node inside has its
///   own id in the enclosing tree, and observers are told about all of them, exactly as if the
///   embedded tree had been written in place. Its [`Node::SIZE`] is 1 plus the embedded tree's;
/// * any other node (built by hand) is a single node (`SIZE` 1): a leaf of one node is ticked
///   with its id and the observer, a node of several nodes is **opaque**, its insides ticked
///   without the observer, so that the ids of the enclosing tree match its description;
/// * a node that already is such a subtree node (`Subtree(tree)`, a named tree's
///   [`Leaf::into_node`]) is passed through as it is, so wrapping twice changes nothing.
///
/// Both cost the same to tick without an observer.
#[derive(Clone, Copy, Debug, Default)]
pub struct Subtree<N>(pub N);

/// How a [`Subtree`] shows the node it holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Embedding {
    /// A whole tree built by `bt!`: the subtree node, then every node of the tree.
    Tree,
    /// A node that is itself a subtree node (a `Subtree` of a tree): passed through as it is.
    Wrapped,
    /// A node without a description, of one node: a plain leaf, with its id and the observer.
    Leaf,
    /// A node without a description, of several nodes: one opaque node.
    Opaque,
}

/// How `Subtree<N>` embeds `N`, from `N`'s size and description; a description that matches
/// neither the node's size nor a subtree node of it is a compile-time error, so that ids never
/// drift from the description.
const fn embedding(size: usize, description: Option<&crate::TreeDescription>) -> Embedding {
    match description {
        Some(d) if size == d.len() => Embedding::Tree,
        Some(d) if size == d.len() + 1 => Embedding::Wrapped,
        Some(_) => panic!(
            "Node::DESCRIPTION disagrees with Node::SIZE: a described node has as many nodes as its description (or one more, for a subtree node)"
        ),
        None if size == 1 => Embedding::Leaf,
        None => Embedding::Opaque,
    }
}

/// The embedded node's active state: the subtree stands for the node it embeds.
impl<N: Activation> Activation for Subtree<N> {
    type Active = N::Active;

    #[inline(always)]
    fn is_running(active: &N::Active) -> bool {
        N::is_running(active)
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for Subtree<N> {
    const PORTS: &'static [crate::PortInfo] = N::PORTS;
    const SIZE: usize = match embedding(N::SIZE, N::DESCRIPTION) {
        Embedding::Tree => 1 + N::SIZE,
        Embedding::Wrapped => N::SIZE,
        Embedding::Leaf | Embedding::Opaque => 1,
    };
    const DESCRIPTION: Option<&'static crate::TreeDescription> = N::DESCRIPTION;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        match const { embedding(N::SIZE, N::DESCRIPTION) } {
            Embedding::Tree => crate::tick_child(&mut self.0, active, ctx, obs, id + 1),
            Embedding::Wrapped | Embedding::Leaf => self.0.tick_with(active, ctx, obs, id),
            Embedding::Opaque => self.0.tick_with(active, ctx, &mut crate::NoObserver, 0),
        }
    }

    const SKIPS: bool = N::SKIPS;

    #[inline(always)]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> crate::Outcome {
        match const { embedding(N::SIZE, N::DESCRIPTION) } {
            Embedding::Tree => crate::tick_child_skip(&mut self.0, active, ctx, obs, id + 1),
            Embedding::Wrapped | Embedding::Leaf => self.0.tick_skip(active, ctx, obs, id),
            Embedding::Opaque => self.0.tick_skip(active, ctx, &mut crate::NoObserver, 0),
        }
    }

    #[inline(always)]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        match const { embedding(N::SIZE, N::DESCRIPTION) } {
            Embedding::Tree => crate::halt_child(&mut self.0, active, ctx, obs, id + 1),
            Embedding::Wrapped | Embedding::Leaf => self.0.halt_with(active, ctx, obs, id),
            Embedding::Opaque => self.0.halt_with(active, ctx, &mut crate::NoObserver, 0),
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.0.reset();
    }

    /// Passed on: the subtree stands for the node it embeds.
    #[inline(always)]
    fn reset_status(&mut self) {
        self.0.reset_status();
    }

    const PREEMPTS: bool = N::PREEMPTS;

    #[inline]
    fn preempts(&mut self, ctx: &Ctx) -> bool {
        self.0.preempts(ctx)
    }
}

impl<Ctx: ?Sized, F: FnMut(&mut Ctx) -> Status> IntoNode<Ctx, markers::IsActionFn> for F {
    type Node = ActionFn<F>;
    #[inline]
    fn into_node(self) -> Self::Node {
        ActionFn(self)
    }
}

#[cfg(feature = "serde")]
mod persist {
    use super::{Action, ActionNode, Embedding, Subtree, embedding};
    use crate::persist::{Fingerprint, Invalid, LeafEntry, NodeReader, NodeWriter, Persist};
    use crate::{NodeId, PersistNode};

    /// Whether the action runs (entered and not exited), and its own state.
    impl<Ctx: ?Sized, A: Action<Ctx> + Persist<Ctx>> PersistNode<Ctx> for ActionNode<A> {
        type Loaded = A::State;

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &bool,
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            w.entry(id, *active, &LeafEntry { running: *active, state: self.action.save(ctx) })
        }

        fn load_nodes<R: NodeReader>(
            &self,
            _: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(A::State, bool), R::Error> {
            let LeafEntry { running, state } = r.entry::<LeafEntry<A::State>>(id)?;
            if running && !A::LIFECYCLE {
                return Err(r.invalid(
                    id,
                    Invalid::Inconsistent("a condition answers within its tick, it never runs"),
                ));
            }
            if let Err(why) = self.action.check(&state) {
                return Err(r.invalid(id, Invalid::LeafState(why)));
            }
            Ok((state, running))
        }

        fn apply(&mut self, state: A::State, ctx: &Ctx) {
            self.action.restore(state, ctx);
        }
    }

    /// The subtree stands for the node it embeds: a described tree's entries follow the subtree
    /// node's own (empty) entry; a node of several nodes without a description (opaque, without
    /// ids inside) has its entries nested in its one entry.
    impl<Ctx: ?Sized, N: PersistNode<Ctx>> PersistNode<Ctx> for Subtree<N> {
        type Loaded = N::Loaded;

        fn fingerprint(&self, h: &mut Fingerprint) {
            self.0.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &N::Active,
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            let running = <N as crate::Activation>::is_running(active);
            match const { embedding(N::SIZE, N::DESCRIPTION) } {
                Embedding::Tree => {
                    w.entry(id, running, &())?;
                    self.0.save_nodes(active, ctx, id + 1, w)
                }
                Embedding::Wrapped | Embedding::Leaf => self.0.save_nodes(active, ctx, id, w),
                Embedding::Opaque => w.nested(id, running, &(), &self.0, active, ctx),
            }
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(N::Loaded, N::Active), R::Error> {
            match const { embedding(N::SIZE, N::DESCRIPTION) } {
                Embedding::Tree => {
                    r.entry::<()>(id)?;
                    self.0.load_nodes(ctx, id + 1, r)
                }
                Embedding::Wrapped | Embedding::Leaf => self.0.load_nodes(ctx, id, r),
                Embedding::Opaque => r.nested::<(), Ctx, N>(id, &self.0, ctx).map(|((), loaded)| loaded),
            }
        }

        fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
            self.0.apply(loaded, ctx);
        }
    }
}
