//! Runtime of the `bt` behavior-tree library.
//!
//! Users depend on the `bt` facade crate, which re-exports everything here together with the `bt!`
//! macro; this crate's documentation is the reference for the node semantics.
//!
//! The building blocks:
//!
//! * [`Status`] — what a tick returns; [`Outcome`] — with BehaviorTree.CPP's fourth status,
//!   `Skipped`, for the nodes that can be skipped ([`Node::SKIPS`]).
//! * [`Node`] — anything that can be ticked and halted. Composites and decorators are generic
//!   structs over their children, so a whole tree is one concrete type and a tick is a chain of
//!   statically dispatched calls.
//! * [`Action`] and [`Condition`] — the two kinds of leaf users write. [`ActionNode`] gives an
//!   action its lifecycle (internal condition, `enter`, `execute`, `exit` exactly once). The
//!   [`leaves`] module holds the leaves built into the DSL ([`Sleep`], [`AlwaysSuccess`],
//!   [`AlwaysFailure`]).
//! * [`Children`] — tuples of 1 to 16 nodes, the children of a composite.
//! * [`Compose`] — how `bt!` builds a composite or decorator from its children; the specs of the
//!   built-in kinds are in [`kind`]. [`short`] writes one of your own as a struct and a `tick`.
//! * [`abort`] — the observer aborts of [`Guard`]: when its condition is re-checked, and whether
//!   it takes over from a lower-priority sibling under a selector.
//! * [`AsyncAction`] — a leaf that awaits: its work is a future, polled once per tick and
//!   dropped (cancelled) when the leaf is halted; see the [`future`] module.
//! * [`BehaviorTree`] — the wrapper `bt!` returns.
//! * [`Clock`], [`ManualClock`] and [`Expiring`] — time, read from the context, never from a thread.
//! * [`Observer`] — told every node status and every halt; [`NoObserver`] compiles to nothing.
//!   [`ChangeObserver`] reports status changes only.
//! * [`TreeDescription`] — the static description `bt!` emits; the [`render`] module navigates
//!   it and draws it as text, Graphviz DOT, Mermaid or BehaviorTree.CPP XML.
//! * [`persist`] (feature `serde`) — a running tree's state saved and restored
//!   exactly.
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod abort;
pub mod active;
mod bound;
#[cfg(feature = "alloc")]
mod boxed;
mod children;
mod clock;
mod compose;
pub mod composite;
mod count;
pub mod decorator;
mod describe;
mod expiring;
pub mod future;
pub mod guide;
pub mod kind;
mod leaf;
pub mod leaves;
mod node;
mod observe;
pub mod otherwise;
mod packed;
#[cfg(feature = "serde")]
pub mod persist;
pub mod render;
pub mod short;
mod stamp;
mod status;
mod tree;

pub use bound::{Bound, ConstU8, Counter};
#[cfg(feature = "alloc")]
pub use boxed::{BoxedNode, DynNode, boxed};
pub use children::{Arity, ChildStates, Children};
#[cfg(feature = "std")]
pub use clock::StdClock;
pub use clock::{Clock, ManualClock};
pub use compose::Compose;
pub use composite::*;
pub use count::{
    Const, ConstDuration, ConstRate, Count, CountOf, FromContext, Interval, IntervalOf, Latches, Rate,
    ReadParam, Threshold,
};
pub use decorator::*;
pub use describe::{
    ArgValue, Argument, BindingValue, Describe, MAX_NESTING, NodeInfo, NodeScript, PortBinding,
    PortDirection, PortInfo, ScriptHook, TreeDescription,
};
pub use expiring::Expiring;
#[cfg(feature = "alloc")]
pub use future::async_action;
pub use future::{AsyncAction, IntoStatus, Spawned, StartFuture, async_action_unpin, spawn_action};
pub use leaf::{
    Action, ActionFn, ActionNode, Condition, Exit, InBlock, IntoNode, Leaf, Subtree, action, condition,
    markers,
};
pub use leaves::*;
pub use node::{
    Activation, NoObserver, Node, NodeId, Observer, halt_child, tick_child, tick_child_fresh,
    tick_child_skip, tick_child_skip_fresh,
};
pub use observe::{Change, ChangeListener, ChangeObserver};
#[cfg(feature = "serde")]
pub use persist::{Persist, PersistChildren, PersistNode, RestoreError, ShapeMismatch};
pub use render::{NoStatuses, NodeName, NodePath, Statuses};
pub use status::{Outcome, Status};
pub use tree::{BehaviorTree, Builder, Tree};
