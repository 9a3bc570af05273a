//! Custom nodes in short form: a decorator or a composite written as one struct and one `tick`,
//! adapted by the runtime to the full [`Node`](crate::Node) API.
//!
//! The long form ([`Compose`], [`Activation`](crate::Activation), [`Node`](crate::Node), see
//! [`guide::custom_nodes`](crate::guide::custom_nodes)) gives a node every freedom at the price of
//! its contract: active states, ids, halting the running children, `reset`. The short form keeps
//! that contract for you:
//!
//! * the struct is at once the spec written in the tree (`Limit(2)<Knock>`: `Limit::new(2)`,
//!   named arguments assign its public fields) and the node's state that outlives activations;
//! * [`Short`] names the state of one activation ([`Short::State`], left at its `Default` whenever
//!   the node completes or is halted) and how many children it takes ([`One`] or [`Many`]);
//! * [`Decorator::tick`] or [`Composite::tick`] is the node's tick, with a handle on its child
//!   ([`Child`]) or children ([`ChildList`]) that ticks them through the observer, at their ids.
//!
//! The adapters ([`Decorated`], [`Composed`]) do the rest: halting the node halts its running
//! child (then calls [`halted`](Decorator::halted)); `reset` puts the node back as it was built
//! (a clone of the spec) and resets the children; `SIZE`, ids and the description are those of
//! any node. Your `tick` keeps two rules, checked in debug builds: a node halts a running child
//! before it returns `Success` or `Failure`; and a composite runs exactly while one of its
//! children runs (its children's state is one block,
//! [`ChildStates::One`](crate::ChildStates::One), which says so), so a composite that waits on
//! its own, or a parallel, needs the long form. With the
//! feature `serde`, a node whose struct and state implement `Serialize` and `Deserialize` is
//! saved with the running tree ([`PersistNode`](crate::PersistNode)): its fields and its
//! activation's state as they are, then its children.
//!
//! ```
//! use bt::short::{Child, Decorator, One, Short};
//! use bt::{Action, Status, bt};
//!
//! /// `Limit(n)<child>`: lets the child start at most `n` activations, then fails.
//! #[derive(Clone)]
//! pub struct Limit { pub runs: u32, started: u32 }
//! impl Limit {
//!     pub const fn new(runs: u32) -> Self { Limit { runs, started: 0 } }
//! }
//! impl Short for Limit { type State = (); type Children = One; }
//! impl<Ctx: ?Sized> Decorator<Ctx> for Limit {
//!     fn tick(&mut self, child: &mut impl Child<Ctx>, _: &mut (), ctx: &mut Ctx) -> Status {
//!         if !child.is_running() {
//!             if self.started >= self.runs { return Status::Failure; }
//!             self.started += 1;
//!         }
//!         child.tick(ctx)
//!     }
//! }
//!
//! struct Knock;
//! impl Action<u32> for Knock {
//!     fn execute(&mut self, knocks: &mut u32) -> Status { *knocks += 1; Status::Failure }
//! }
//! let mut tree = bt! { u32 => Limit(2)<Knock> };
//! let mut knocks = 0;
//! for _ in 0..3 { tree.tick(&mut knocks); }
//! assert_eq!(knocks, 2);
//! ```

mod composite;
mod decorator;
#[cfg(feature = "serde")]
mod persist;

pub use composite::{ChildList, Composed, Composite};
pub use decorator::{Child, Decorated, Decorator};

use crate::{Arity, Compose};

/// What a short-form node declares apart from its tick: the state of one activation and how many
/// children it takes. Implementing it makes the type a spec `bt!` can build ([`Compose`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be built with these children",
    label = "no `bt::Compose` for these children",
    note = "`Kind<…>` in `bt!` builds its node with `bt::Compose::compose(spec, (child, …))`, one tuple element per child: implement `bt::Compose` for the children written (a decorator `Compose<(N,)>`, a composite `Compose<(A, B)>` for two children or `Compose<C>` for any number), or write the node in short form (`bt::short::Short`); see `bt::guide::custom_nodes`",
    note = "if `{Self}` is a leaf (an action or a condition), it takes no children: write it alone; a built-in node is written with its keyword, such as `sequence<…>`"
)]
pub trait Short: Clone {
    /// What the node remembers during one activation (the successes counted so far, when the
    /// running child started); `()` for nothing. It is `Default` whenever the node is idle: the
    /// adapter leaves it so when the node completes or is halted. State that outlives
    /// activations (a count of runs) is in the node's own fields.
    type State: Default;

    /// [`One`] for a decorator (implement [`Decorator`]), [`Many`] for a composite (implement
    /// [`Composite`]).
    type Children;
}

/// [`Short::Children`] of a decorator: exactly one child.
#[derive(Clone, Copy, Debug, Default)]
pub struct One;

/// [`Short::Children`] of a composite: 1 to 16 children, run one at a time.
#[derive(Clone, Copy, Debug, Default)]
pub struct Many;

/// How a short-form spec is built over its children; implemented by [`One`] and [`Many`].
#[diagnostic::on_unimplemented(
    message = "`{T}` cannot be built with the children `{C}`",
    label = "a short-form node of this kind",
    note = "a short-form decorator (`type Children = One`) takes exactly one child; a composite (`type Children = Many`) takes 1 to 16"
)]
pub trait Build<T, C> {
    /// The node built.
    type Node;
    /// Builds it.
    fn build(spec: T, children: C) -> Self::Node;
}

impl<T: Clone, N> Build<T, (N,)> for One {
    type Node = Decorated<T, N>;
    #[inline]
    fn build(spec: T, (child,): (N,)) -> Decorated<T, N> {
        Decorated::new(spec, child)
    }
}

impl<T: Clone, C: Arity> Build<T, C> for Many {
    type Node = Composed<T, C>;
    #[inline]
    fn build(spec: T, children: C) -> Composed<T, C> {
        Composed::new(spec, children)
    }
}

impl<T: Short, C> Compose<C> for T
where
    T::Children: Build<T, C>,
{
    type Node = <T::Children as Build<T, C>>::Node;
    #[inline]
    fn compose(self, children: C) -> Self::Node {
        <T::Children as Build<T, C>>::build(self, children)
    }
}
