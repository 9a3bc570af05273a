//! The observer aborts of [`Guard`](crate::Guard): when its condition is re-checked, and whom a
//! change interrupts (Unreal Engine's *observer aborts*).
//!
//! Each mode is a zero-sized type, the third type parameter of `Guard`; its [`AbortMode`] constants
//! decide at compile time which checks the guard makes, so a mode's unused checks cost nothing.
//! In `bt!` the mode is the `abort` argument of `guard`:
//!
//! | `bt!` | type | the condition is checked… |
//! |---|---|---|
//! | `guard(c, abort = none)<A>` | [`Neither`] | when the child is about to start (like `precondition`) |
//! | `guard(c)<A>`, `guard(c, abort = self)<A>` | [`SelfOnly`] | on every tick; false halts the running child (the default) |
//! | `guard(c, abort = lower_priority)<A>` | [`LowerPriority`] | when the child is about to start, and while a lower-priority sibling runs under the same selector: a change to true takes over |
//! | `guard(c, abort = both)<A>` | [`Both`] | both of the above |
//!
//! `lower_priority` and `both` take effect only under a node that asks its children whether they
//! take over (`selector`, `mem_selector`, or a node kind of yours that implements [`Observes`]);
//! `bt!` refuses them anywhere else (but at a tree's root), as `bt_xml!` and `bt::load` do.
//!
//! ```
//! use bt::{bt, abort, Guard, Node, Status};
//!
//! fn preempts<N: Node<u32>>(_: &N) -> bool {
//!     N::PREEMPTS
//! }
//!
//! // `guard(c, abort = lower_priority)<A>` builds this node, which selectors ask before resuming a
//! // later child:
//! let g = Guard::with_abort(abort::LowerPriority, |n: &u32| *n > 2, bt::action(|_: &mut u32| Status::Success));
//! assert!(preempts(&g));
//! // The default mode, `self`, never takes over from a sibling: selectors do not even ask.
//! assert!(!preempts(&Guard::new(|n: &u32| *n > 2, bt::action(|_: &mut u32| Status::Success))));
//!
//! let tree = bt! { selector<guard({ |n: &u32| *n > 2 }, abort = both)<{ |_: &mut u32| Status::Success }>> };
//! assert_eq!(tree.description().node(1).map(|n| n.args), Some("{ |n: &u32| *n > 2 }, abort = both"));
//! ```

mod sealed {
    pub trait Sealed {}
}

/// What a [`Guard`](crate::Guard) observes: implemented by the four modes of this module only.
pub trait AbortMode: sealed::Sealed {
    /// Re-check the condition on every tick while the child runs, halting it when the condition
    /// turns false (observer abort "self").
    const SELF: bool;
    /// While the guard is idle and a later sibling runs under the same selector, take over when the
    /// condition turns true (observer abort "lower priority", [`Node::preempts`](crate::Node::preempts)).
    const LOWER_PRIORITY: bool;
    /// The mode as written in `bt!`: `none`, `self`, `lower_priority` or `both`.
    const NAME: &'static str;
    /// What the guard keeps of its last check: whether the condition was false (a `bool`) for
    /// the lower-priority modes, which read it; nothing (`()`) for the others.
    type Memory: Memory;
}

/// Whether a guard's condition was false when last checked, kept as a `bool` by the modes that
/// read it and as `()`, no byte, by the others ([`AbortMode::Memory`]).
pub trait Memory: sealed::Sealed + Copy + Default + core::fmt::Debug {
    /// The flag cleared.
    const FALSE: Self;
    /// The flag (always `false` for `()`).
    fn get(self) -> bool;
    /// Sets the flag (does nothing for `()`).
    fn set(&mut self, value: bool);
}

impl sealed::Sealed for bool {}
impl Memory for bool {
    const FALSE: bool = false;
    #[inline(always)]
    fn get(self) -> bool {
        self
    }
    #[inline(always)]
    fn set(&mut self, value: bool) {
        *self = value;
    }
}

impl sealed::Sealed for () {}
impl Memory for () {
    const FALSE: () = ();
    #[inline(always)]
    fn get(self) -> bool {
        false
    }
    #[inline(always)]
    fn set(&mut self, _: bool) {}
}

/// `abort = none`: the condition is checked only when the child is about to start; a running child
/// is left to finish, and the guard never takes over from a sibling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Neither;

/// `abort = self`, the default: the condition is checked on every tick, and turning false halts the
/// running child.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SelfOnly;

/// `abort = lower_priority`: the condition is checked when the child is about to start, and, while
/// a later sibling runs under the same selector, turning true makes the selector switch to the
/// guard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LowerPriority;

/// `abort = both`: [`SelfOnly`] and [`LowerPriority`] together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Both;

macro_rules! modes {
    ($($mode:ident: $self_:literal, $lower:literal, $name:literal, $memory:ty;)*) => {$(
        impl sealed::Sealed for $mode {}
        impl AbortMode for $mode {
            const SELF: bool = $self_;
            const LOWER_PRIORITY: bool = $lower;
            const NAME: &'static str = $name;
            type Memory = $memory;
        }
    )*};
}

/// A node kind (its [`Compose`](crate::Compose) spec) that gives a lower-priority guard among its
/// children its effect: its node asks them [`Node::preempts`](crate::Node::preempts) (a composite
/// through [`Children::preempting`](crate::Children::preempting)) while a later child runs, or
/// passes the question on to its parent (a wrapper that forwards
/// [`Node::PREEMPTS`](crate::Node::PREEMPTS) and `preempts`).
///
/// `bt!` accepts `guard(…, abort = lower_priority)` and `abort = both` only where they take
/// effect: as a child of `selector` (`fallback`) or `mem_selector`, at the root of a tree (which
/// takes effect where the tree is embedded under one of them), or as a child of a node kind of
/// yours whose spec implements this trait. Anywhere else the guard would never be asked, and
/// `lower_priority` would check like `none`, `both` like `self`: the macro refuses it, saying
/// where it works, and so does [`bt::load`](../../bt/load/index.html) for the same file.
///
/// ```
/// use bt::{Activation, Arity, Children, Compose, Node, NodeId, Observer, Status, bt};
///
/// /// `Priority<…>`: a selector of its own, which lets lower-priority guards take over.
/// #[derive(Default)]
/// struct Priority;
/// impl bt::abort::Observes for Priority {}
/// # struct PriorityNode<C>(bt::Selector<C>);
/// # impl<C: Arity> Compose<C> for Priority {
/// #     type Node = PriorityNode<C>;
/// #     fn compose(self, c: C) -> PriorityNode<C> { PriorityNode(bt::Selector::new(c)) }
/// # }
/// # impl<C: bt::ChildStates> Activation for PriorityNode<C> {
/// #     type Active = C::One;
/// #     fn is_running(a: &C::One) -> bool { C::one_running(a) }
/// # }
/// # impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for PriorityNode<C> {
/// #     const SIZE: usize = 1 + C::SIZE;
/// #     fn tick_with<O: Observer + ?Sized>(&mut self, a: &mut C::One, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
/// #         self.0.tick_with(a, ctx, obs, id)
/// #     }
/// #     fn halt_with<O: Observer + ?Sized>(&mut self, a: &mut C::One, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
/// #         self.0.halt_with(a, ctx, obs, id)
/// #     }
/// # }
///
/// let tree = bt! {
///     Priority<guard({ |n: &u32| *n > 2 }, abort = lower_priority)<{ |_: &mut u32| Status::Success }>,
///              { |_: &mut u32| Status::Running }>
/// };
/// # let _ = tree;
/// ```
#[diagnostic::on_unimplemented(
    message = "`guard(…, abort = lower_priority)` has no effect under `{Self}`",
    label = "`{Self}` never asks this guard whether it takes over from a later child",
    note = "a lower-priority abort takes effect only as a child of `selector` (`fallback`) or `mem_selector`, which ask their earlier children before resuming a later one; move the guard there, or write `abort = none` (`abort = self` for `both`)",
    note = "if the node `{Self}` builds asks its children (`bt::Children::preempting`), say so: `impl bt::abort::Observes for {Self} {{}}`"
)]
pub trait Observes {}

modes! {
    Neither: false, false, "none", ();
    SelfOnly: true, false, "self", ();
    LowerPriority: false, true, "lower_priority", bool;
    Both: true, true, "both", bool;
}
