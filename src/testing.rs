//! A test kit for nodes of your own: checks a composite or a decorator against the node contract
//! that every built-in node keeps (feature `std`).
//!
//! Write a node (see the guide [`guide::custom_nodes`](crate::guide::custom_nodes)), then hand
//! [`Kit::check`] a closure that builds it over scripted leaves. The kit runs a thousand random
//! cases — random leaf scripts, clock steps, halts and resets at random ticks — and panics with a
//! readable report at the first broken rule:
//!
//! ```
//! use bt::{Activation, ChildStates, Children, Compose, Node, NodeId, Observer, Status};
//! use bt::testing::{Kit, Scripted};
//!
//! /// `Both<A, B>`: ticks both children every tick until both have succeeded; fails as soon as
//! /// one fails, halting the other if it runs.
//! #[derive(Default)]
//! struct Both;
//!
//! struct BothNode<C> { children: C }
//!
//! impl<A, B> Compose<(A, B)> for Both {
//!     type Node = BothNode<(A, B)>;
//!     fn compose(self, children: (A, B)) -> Self::Node {
//!         BothNode { children }
//!     }
//! }
//!
//! /// Both children's states, and which of them succeeded in this activation (a bit each).
//! impl<C: ChildStates> Activation for BothNode<C> {
//!     type Active = (C::All, u8);
//!     fn is_running((children, _): &(C::All, u8)) -> bool {
//!         // Between ticks, `Both` runs exactly while a child does.
//!         C::running_mask(children) != 0
//!     }
//! }
//!
//! impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for BothNode<C> {
//!     const SIZE: usize = 1 + C::SIZE;
//!
//!     fn tick_with<O: Observer + ?Sized>(
//!         &mut self,
//!         (all, done): &mut (C::All, u8),
//!         ctx: &mut Ctx,
//!         obs: &mut O,
//!         id: NodeId,
//!     ) -> Status {
//!         for i in 0..2 {
//!             if *done & (1 << i) != 0 {
//!                 continue;
//!             }
//!             match self.children.tick_child(i, all, ctx, obs, id + 1) {
//!                 Status::Success => *done |= 1 << i,
//!                 Status::Running => {}
//!                 Status::Failure => {
//!                     *done = 0;
//!                     self.children.halt_running(all, ctx, obs, id + 1);
//!                     return Status::Failure;
//!                 }
//!             }
//!         }
//!         if *done == 0b11 {
//!             *done = 0;
//!             return Status::Success;
//!         }
//!         Status::Running
//!     }
//!
//!     fn halt_with<O: Observer + ?Sized>(
//!         &mut self,
//!         (all, done): &mut (C::All, u8),
//!         ctx: &mut Ctx,
//!         obs: &mut O,
//!         id: NodeId,
//!     ) {
//!         *done = 0;
//!         self.children.halt_running(all, ctx, obs, id + 1);
//!     }
//!
//!     fn reset(&mut self) {
//!         self.children.reset_all();
//!     }
//! }
//!
//! // A plain leaf and a leaf standing for a subtree of 3 nodes, so that id arithmetic is checked.
//! Kit::new().check(|children: (Scripted, Scripted<3>)| Both.compose(children));
//! ```
//!
//! A node that breaks the contract is caught. This decorator forgets to halt its running child
//! when it is halted itself:
//!
//! ```
//! use bt::{Activation, Node, NodeId, Observer, Status, tick_child};
//! use bt::testing::{Kit, Scripted};
//!
//! struct Forgetful<N>(N);
//!
//! impl<N: Activation> Activation for Forgetful<N> {
//!     type Active = N::Active;
//!     fn is_running(active: &N::Active) -> bool {
//!         N::is_running(active)
//!     }
//! }
//!
//! impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for Forgetful<N> {
//!     const SIZE: usize = 1 + N::SIZE;
//!     fn tick_with<O: Observer + ?Sized>(
//!         &mut self,
//!         active: &mut N::Active,
//!         ctx: &mut Ctx,
//!         obs: &mut O,
//!         id: NodeId,
//!     ) -> Status {
//!         tick_child(&mut self.0, active, ctx, obs, id + 1)
//!     }
//!     // No `halt_with`: the default forgets the child's state, but the child keeps running
//!     // after its parent was halted.
//! }
//!
//! let failure = Kit::new().try_check(|(child,): (Scripted,)| Forgetful(child)).unwrap_err();
//! assert!(failure.violation.contains("still running"), "{failure}");
//! // The report says how to run that case alone:
//! let again = Kit::new().ticks(failure.ticks).replay(failure.seed);
//! assert!(again.try_check(|(child,): (Scripted,)| Forgetful(child)).is_err());
//! ```
//!
//! # The pieces
//!
//! * [`Kit`] — the random runner; [`Fixture`] is what it builds the node from, [`Ids`] what it
//!   checks of ids, [`Summary`] and [`Failure`] what it returns.
//! * [`Scripted`] — a leaf that plays a [`Script`] (per activation or per tick) and checks how its
//!   parent drives it; [`ScriptedCondition`] — a condition answering a script, for `guard`- or
//!   `precondition`-like decorators.
//! * [`Context`] — the context nodes run on: tick counter, [`ManualClock`](crate::ManualClock)
//!   (it implements [`Clock`](crate::Clock)), event log ([`Event`]), violations ([`Violation`]).
//! * [`Monitor`] — an [`Observer`](crate::Observer) that checks the contract on everything
//!   parents report; it also works on a tree of yours, on your own context.
//! * [`Harness`] — a node as the root of a tree, with a context and a monitor: the kit's driver,
//!   for scenarios written tick by tick.
//! * [`Rng`] — the seeded generator behind every random choice.
//!
//! The node under test runs on [`Context`]: it must implement `Node<bt::testing::Context>`, which
//! a node generic over its context does. If it needs a trait of its context besides `Clock`,
//! implement that trait for `Context` in your tests.

mod context;
mod harness;
mod kit;
mod monitor;
mod report;
mod rng;
mod scripted;

pub use context::{Context, Event, Violation};
pub use harness::Harness;
pub use kit::{Failure, Fixture, Ids, Kit, Layout, Summary};
pub use monitor::Monitor;
pub use rng::Rng;
pub use scripted::{Script, Scripted, ScriptedCondition};
