//! Behavior trees written inline with a macro and compiled to plain static code.
//!
//! ```
//! use bt::{bt, Action, Condition, Exit, Status};
//!
//! /// The context every node of the tree works on: here, a tiny agent.
//! struct Agent { food: u32, at_food: bool, log: Vec<String> }
//!
//! struct FeelHungry;
//! impl Condition<Agent> for FeelHungry {
//!     fn check(&mut self, a: &Agent) -> bool { a.food < 30 }
//! }
//!
//! /// Takes two ticks to reach the food.
//! struct WalkToFood { steps: u32 }
//! impl Action<Agent> for WalkToFood {
//!     fn enter(&mut self, a: &mut Agent) { self.steps = 0; a.log.push("walk".into()); }
//!     fn execute(&mut self, a: &mut Agent) -> Status {
//!         self.steps += 1;
//!         if self.steps < 2 { return Status::Running; }
//!         a.at_food = true;
//!         Status::Success
//!     }
//! }
//!
//! struct EatFood;
//! impl Action<Agent> for EatFood {
//!     fn condition(&mut self, a: &Agent) -> bool { a.at_food }
//!     fn execute(&mut self, a: &mut Agent) -> Status { a.food = 100; Status::Success }
//!     fn exit(&mut self, a: &mut Agent, how: Exit) { a.log.push(format!("ate: {how:?}")); }
//! }
//!
//! let mut tree = bt! {
//!     Agent => selector<
//!         sequence<FeelHungry, WalkToFood { steps: 0 }, EatFood>,
//!         { |_: &mut Agent| Status::Running }, // idle
//!     >
//! };
//!
//! let mut agent = Agent { food: 10, at_food: false, log: vec![] };
//! assert_eq!(tree.tick(&mut agent), Status::Running); // walking
//! assert_eq!(tree.tick(&mut agent), Status::Success); // arrived and ate
//! assert_eq!(agent.food, 100);
//! assert_eq!(agent.log, ["walk", "ate: Success"]);
//! assert_eq!(tree.tick(&mut agent), Status::Running); // not hungry: idle
//! ```
//!
//! # How it works
//!
//! [`bt!`] turns the tree into nested generic structs at compile time —
//! `Selector<(Sequence<(ActionNode<FeelHungry>, …)>, …)>` — wrapped in a [`BehaviorTree`]. A tick is
//! a chain of statically dispatched, inlinable calls: no `Box<dyn>`, no `Vec` of children, no hash
//! lookups, no allocation. A node keeps plain values, never collections; what only matters while it
//! runs (the child a sequence resumes at, a timeout's start) is its [active state](Activation),
//! held by its parent, and a sequence or selector keeps one block for all its children, holding the
//! running child's: a tree's state is about as large as its largest branch.
//!
//! * **Context.** Every node works on `&mut Ctx`, your own type (the agent, the world). It is fixed
//!   per tree and inferred from `tree.tick(&mut ctx)`, or stated with `bt! { Agent => … }` — then a
//!   leaf that does not fit is reported on the leaf, naming `Agent`.
//! * **Leaves** are [`Action`]s (lifecycle: internal condition every tick, `enter`, `execute`,
//!   `exit` exactly once with how it ended), [`Condition`]s (read-only yes/no), closures
//!   (`|a: &mut Agent| -> Status` actions, `|a: &Agent| -> bool` conditions) or any [`Node`] built
//!   elsewhere. A leaf's work can also be a future ([`AsyncAction`]): polled once per tick,
//!   cancelled by drop when halted, in place or on an executor such as tokio; see the guide
//!   [`guide::async_actions`].
//! * **Semantics.** Every node's documentation states what it does tick by tick. Common rules: a
//!   node that completes resets itself, so its next tick starts a new activation; `halt` reaches only
//!   running nodes, exactly once per interrupted activation; within one tick each node is ticked at
//!   most once, so a tick's work is bounded by the size of the tree.
//! * **Time** comes from the context through [`Clock`] ([`ManualClock`] for simulations and tests,
//!   [`StdClock`] for programs) — never from a thread or the wall clock behind your back.
//! * **Shared data.** Keep it as fields of your context ([`Expiring`] cells for values that expire),
//!   or use the dynamic [`blackboard::Blackboard`] with typed keys.
//! * **Naming a tree.** `bt! { pub struct Brain for Agent { … } }` declares a type you can keep in
//!   a struct field; see [`bt!`].
//! * **Your own nodes.** A composite or decorator you write is used like a keyword,
//!   `AtLeast(2, budget = 300ms)<Camera, Lidar, Radar>`, and is built, described and observed
//!   like the built-ins, which work the same way: a spec implementing [`Compose`] builds a
//!   [`Node`] from the children. The guide [`guide::custom_nodes`] states the contract and writes
//!   a composite and a decorator from start to end; the test kit [`testing`] checks a node of
//!   yours against that contract on random cases, as every built-in node is checked.
//!
//! # Features
//!
//! * `std` (default): [`StdClock`], the live terminal view ([`view`]), the run recorder
//!   ([`record`]) and the test kit ([`testing`]); implies `alloc`.
//! * `alloc`: the `boxed(…)` escape hatch ([`boxed()`]), [`blackboard`], [`async_action`] for
//!   any future and the async leaves' waker that records wake-ups ([`future::WakeSignal`]).
//! * `tracing`: status changes as `tracing` events ([`trace`]).
//! * `serde`: saving and restoring a running tree ([`persist`]: `tree.save(&ctx)` is
//!   `Serialize`, `tree.restore(deserializer, &ctx)` checks everything before it changes the
//!   tree; the [`Persist`] trait and `#[derive(bt::Persist)]` for leaves); works without `std`.
//!
//! # Seeing the tree
//!
//! Every tree carries its static description, `tree.description()` ([`TreeDescription`]: each
//! node's kind, label, arguments, depth and source position), readable without running it and
//! without allocating. It renders as an indented Unicode tree (`.text()`), Graphviz DOT (`.dot()`),
//! Mermaid (`.mermaid()`) or BehaviorTree.CPP v4 XML that Groot2 opens (`.btcpp_xml()`), and names any node by its path (`.path(id)`), such as
//! `repeat/parallel(1)/selector/sequence[1]/FeelHungry` (see [`render`]). While the tree runs,
//! `tree.tick_with(&mut ctx, &mut observer)` reports to an [`Observer`] (a plain `tick` is exactly
//! `tick_with` a no-op observer, at the same cost): [`ChangeObserver`] reports status changes,
//! [`view::LiveView`] redraws the tree in the terminal with statuses in colour,
//! [`record::Recorder`] records a run to replay it later as a timeline, and `trace` emits
//! `tracing` events.
//!
//! Without default features the crate is `#![no_std]` and allocation-free.
#![no_std]
#![forbid(unsafe_code)]
// The docs link to items of the optional features (`persist`, `trace`, `load::Reloading`…): they
// are checked where every feature is on (`cargo doc --all-features`, as docs.rs builds them);
// with fewer features, those names stay text.
#![cfg_attr(
    not(all(feature = "serde", feature = "tracing", feature = "reload", feature = "groot")),
    allow(rustdoc::broken_intra_doc_links)
)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[doc = include_str!("../bt-macros/doc/bt.md")]
#[doc(inline)]
pub use bt_macros::bt;
#[doc = include_str!("../bt-macros/doc/bt_xml.md")]
#[doc(inline)]
pub use bt_macros::bt_xml;
pub use bt_runtime::*;

/// Trees whose shape is decided at run time: the same nodes over run-time lists of children
/// (feature `std`). See [`dynamic::DynTree`].
#[cfg(feature = "std")]
#[doc(inline)]
pub use bt_dynamic as dynamic;

#[cfg(feature = "load")]
pub mod load;

pub mod guide {
    //! Guides: the longer texts of the documentation.
    //!
    //! * [`custom_nodes`] — writing a composite or a decorator of your own, used in `bt!` like a
    //!   built-in keyword: the node contract, a worked composite and decorator, arguments, errors,
    //!   and testing with the test kit (`bt::testing`).
    //! * [`async_actions`] — leaves that await: a future polled once per tick, cancelled by drop
    //!   when halted, in place or on an executor (tokio), and what the waker records.
    //! * [`loading`] — one tree, two engines: when to compile a tree, when to load it at run time,
    //!   and how to move a tree, its code and its saves from one to the other (feature `load`).
    pub use bt_runtime::guide::{async_actions, custom_nodes};

    #[cfg(feature = "load")]
    #[doc = include_str!("../doc/loading.md")]
    pub mod loading {}
}

/// What `bt_xml!` writes for a named tree's `registry()`: the items when the feature `load` is on,
/// nothing otherwise.
#[cfg(feature = "load")]
#[doc(hidden)]
#[macro_export]
macro_rules! __bt_when_load {
    ($($item:tt)*) => { $($item)* };
}

/// What `bt_xml!` writes for a named tree's `registry()`: the items when the feature `load` is on,
/// nothing otherwise.
#[cfg(not(feature = "load"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __bt_when_load {
    ($($item:tt)*) => {};
}

/// Derives [`Persist`] for a leaf type (an [`Action`] or a [`Condition`]) whose saved state is
/// the whole value: `State = Self`, saved by cloning, restored by assignment. The type must be
/// `Clone`, `serde::Serialize` and `serde::Deserialize` (feature `serde`).
///
/// ```
/// use bt::{bt, Action, Status};
/// use serde::{Deserialize, Serialize};
///
/// struct Agent { x: i32 }
///
/// /// Walks to `target`, one step per tick; `steps` is its own state.
/// #[derive(Clone, Serialize, Deserialize, bt::Persist)]
/// struct Walk { target: i32, steps: u32 }
///
/// impl Action<Agent> for Walk {
///     fn enter(&mut self, _: &mut Agent) { self.steps = 0; }
///     fn execute(&mut self, a: &mut Agent) -> Status {
///         if a.x == self.target { return Status::Success; }
///         a.x += (self.target - a.x).signum();
///         self.steps += 1;
///         Status::Running
///     }
/// }
///
/// let tree = || bt! { Agent => Walk { target: 3, steps: 0 } };
/// let mut agent = Agent { x: 0 };
/// let mut walking = tree();
/// assert_eq!(walking.tick(&mut agent), Status::Running);
/// let bytes = serde_json::to_vec(&walking.save(&agent)).unwrap();
///
/// // Later, or in another process: a fresh tree continues the walk half done.
/// let mut resumed = tree();
/// resumed.restore(&mut serde_json::Deserializer::from_slice(&bytes), &agent).unwrap();
/// assert_eq!(resumed.tick(&mut agent), Status::Running);
/// assert_eq!(resumed.root().action().steps, 2); // entered once, before the save
/// ```
#[cfg(feature = "serde")]
pub use bt_macros::Persist;

/// The dynamic blackboard: typed keys, values with a time-to-live (feature `alloc`).
///
/// ```
/// use bt::blackboard::{Blackboard, Key};
/// use core::time::Duration;
///
/// const FOOD: Key<(i32, i32)> = Key::new("food");
/// let mut bb = Blackboard::new();
/// bb.set_for(FOOD, (3, 4), Duration::ZERO, Duration::from_secs(5));
/// assert_eq!(bb.get(FOOD, Duration::from_secs(5)), Some(&(3, 4)));
/// assert_eq!(bb.get(FOOD, Duration::from_secs(6)), None);
/// ```
#[cfg(feature = "alloc")]
pub mod blackboard {
    pub use bt_blackboard::{Blackboard, EntryView, Key, Missing, Show};
}

#[cfg(feature = "alloc")]
pub mod ports;
/// Groot2's window on a running tree (feature `groot`): the live monitor and `.btlog` files. See
/// the crate `bt_groot`.
#[cfg(feature = "groot")]
pub use bt_groot as groot;
#[cfg(feature = "std")]
pub mod record;
#[cfg(feature = "alloc")]
pub mod script;
#[cfg(feature = "std")]
pub mod testing;
#[cfg(feature = "tracing")]
pub mod trace;
#[cfg(feature = "std")]
pub mod view;

mod checks;
mod derived_ports;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;
