//! Status changes as [`tracing`] events (feature `tracing`).
//!
//! [`TraceListener`] is a [`ChangeListener`]: in a [`ChangeObserver`] it emits one event per
//! status change and one per halt, at level `DEBUG` with target `bt`, carrying the fields
//!
//! | field | value |
//! |---|---|
//! | `node` | the node's [`NodeId`] |
//! | `path` | its path from the root, such as `repeat/parallel(1)/selector/sequence[1]/FeelHungry`, every name in full ([`TreeDescription::full_path`]) |
//! | `kind` | its keyword (`sequence`, …) or `leaf` |
//! | `label` | its label as written |
//! | `previous` | its previous status: `Success`, `Failure`, `Running` or `idle` |
//! | `new` | its new status, or `idle` for a halt |
//!
//! and the message `status changed` or `halted`. Ticks that change nothing emit nothing.
//!
//! `node` and `path` are a stable key for log queries: the id of a node never changes for a tree,
//! and its path is unique in the tree and never cut (a long leaf label stays whole, unlike in the
//! renderings).
//!
//! ```
//! # use bt::{bt, Status};
//! # struct Agent;
//! # let mut tree = bt! { Agent => { |_: &mut Agent| Status::Running } };
//! # let mut agent = Agent;
//! let mut observer = bt::trace::observer(&tree);
//! let _ = tree.tick_with(&mut agent, &mut observer); // events go to the current subscriber
//! ```
//!
//! In `no_std` code, build the observer with a buffer of your own:
//! `ChangeObserver::new(TraceListener::new(desc), [None; 32])`.

use core::fmt;

use bt_runtime::{ChangeListener, ChangeObserver, NodeId, Status, TreeDescription};

/// Emits status changes and halts as `tracing` events (see the [module docs](self)).
#[derive(Clone, Copy, Debug)]
pub struct TraceListener<'d> {
    desc: &'d TreeDescription,
}

impl<'d> TraceListener<'d> {
    /// A listener naming nodes after `desc` (use `tree.description()`).
    pub const fn new(desc: &'d TreeDescription) -> Self {
        TraceListener { desc }
    }
}

/// A status or `idle`.
struct Shown(Option<Status>);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(s) => write!(f, "{s}"),
            None => f.write_str("idle"),
        }
    }
}

impl ChangeListener for TraceListener<'_> {
    fn on_change(&mut self, node: NodeId, previous: Option<Status>, new: Status) {
        let (kind, label) = self.desc.node(node).map_or(("", ""), |n| (n.kind, n.label));
        tracing::debug!(
            target: "bt",
            node,
            path = %self.desc.full_path(node),
            kind,
            label,
            previous = %Shown(previous),
            new = %new,
            "status changed"
        );
    }

    fn on_halt(&mut self, node: NodeId) {
        let (kind, label) = self.desc.node(node).map_or(("", ""), |n| (n.kind, n.label));
        tracing::debug!(
            target: "bt",
            node,
            path = %self.desc.full_path(node),
            kind,
            label,
            previous = "Running",
            new = "idle",
            "halted"
        );
    }
}

/// A [`ChangeObserver`] that reports to `tracing`, for `tree` (its buffer holds one status per
/// node).
pub fn observer<N: bt_runtime::Node<Ctx>, Ctx: ?Sized, D: bt_runtime::Describe>(
    tree: &bt_runtime::BehaviorTree<N, Ctx, D>,
) -> ChangeObserver<TraceListener<'static>, alloc::vec::Vec<Option<Status>>> {
    ChangeObserver::for_tree(tree, TraceListener::new(tree.description()))
}
