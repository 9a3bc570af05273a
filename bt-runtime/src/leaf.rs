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

    /// The ports the action declares by hand, shown in the description of every tree it is a
    /// leaf of; the default is none. A leaf that derives `bt::Ports` needs not set it: `bt!` and
    /// `bt_xml!` show the derived ports (of a [`Condition`] too). Set it for ports declared
    /// without the derive, or for a node used outside `bt!` that should report them
    /// ([`Node::PORTS`](crate::Node::PORTS)).
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
/// A condition takes the context by `&` by design: checking one never changes what the rest of
/// the tree sees, so a condition can be asked again (by a reactive node, a guard) at no risk. A
/// check that must also write (count attempts, remember what it saw) is an [`Action`] that returns
/// [`Status::Success`] or [`Status::Failure`], or a condition followed by an action in a
/// `sequence`; state of the condition's own goes in its fields (`&mut self`).
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
    const CONDITION: bool = !A::LIFECYCLE;

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
/// `<T as Leaf<Ctx>>::Node`, or `<T as Leaf<Ctx>>::InBlock` where the leaf is a child of a
/// composite that runs one child at a time. Implement it for your own [`Node`] types (with
/// `type Node = Self` and `type InBlock = Self`) to use them as leaves of named trees; trees
/// declared with the named form implement it already.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a behavior-tree leaf for context `{Ctx}`",
    label = "not an action or condition for `{Ctx}`",
    note = "implement `bt::Action<{Ctx}>` or `bt::Condition<{Ctx}>` for `{Self}`"
)]
pub trait Leaf<Ctx: ?Sized> {
    /// The node that runs this leaf.
    type Node: Node<Ctx>;
    /// The node that runs this leaf as a child of one of `bt!`'s composites that run one child at a
    /// time (a `sequence`, a `selector`, …), where `bt!` places it: [`InBlock`] of the node, which leaves its running
    /// flag to the composite, for an action or a condition; for a node of your own, the node
    /// itself (`type InBlock = Self;`).
    type InBlock: Node<Ctx> + From<Self::Node>;
    /// Wraps the leaf in its node.
    fn into_node(self) -> Self::Node;
}

impl<Ctx: ?Sized, A: Action<Ctx>> Leaf<Ctx> for A {
    type Node = ActionNode<A>;
    type InBlock = InBlock<ActionNode<A>>;
    #[inline]
    fn into_node(self) -> ActionNode<A> {
        ActionNode::new(self)
    }
}

mod in_block;
mod into_node;
mod subtree;
pub use in_block::InBlock;
pub use into_node::{IntoNode, markers};
pub use subtree::Subtree;

#[cfg(feature = "serde")]
mod persist;
