//! Observers beyond the raw [`Observer`] hook: combining observers, and [`ChangeObserver`], which
//! turns the stream of tick results into status *changes*.

use crate::render::Statuses;
use crate::{NodeId, Observer, Status};

/// Both observers are told every event, the first one first. Nest pairs to combine more.
impl<A: Observer, B: Observer> Observer for (A, B) {
    #[inline]
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.0.ticked(node, status);
        self.1.ticked(node, status);
    }
    #[inline]
    fn halted(&mut self, node: NodeId) {
        self.0.halted(node);
        self.1.halted(node);
    }
    #[inline]
    fn skipped(&mut self, node: NodeId) {
        self.0.skipped(node);
        self.1.skipped(node);
    }
    #[inline]
    fn observes(&self) -> bool {
        self.0.observes() || self.1.observes()
    }
    /// The first observer's answer, else the second's.
    #[inline]
    fn intercept(&mut self, node: NodeId) -> Option<Status> {
        self.0.intercept(node).or_else(|| self.1.intercept(node))
    }
    /// The first observer's answer, else the second's.
    #[inline]
    fn intercept_result(&mut self, node: NodeId, status: Status) -> Option<Status> {
        self.0.intercept_result(node, status).or_else(|| self.1.intercept_result(node, status))
    }
}

/// An optional observer: `None` observes nothing (handy for observers chosen at run time, such as
/// a live view enabled by a command-line flag).
impl<O: Observer> Observer for Option<O> {
    #[inline]
    fn ticked(&mut self, node: NodeId, status: Status) {
        if let Some(o) = self {
            o.ticked(node, status);
        }
    }
    #[inline]
    fn halted(&mut self, node: NodeId) {
        if let Some(o) = self {
            o.halted(node);
        }
    }
    #[inline]
    fn skipped(&mut self, node: NodeId) {
        if let Some(o) = self {
            o.skipped(node);
        }
    }
    #[inline]
    fn observes(&self) -> bool {
        self.as_ref().is_some_and(Observer::observes)
    }
    #[inline]
    fn intercept(&mut self, node: NodeId) -> Option<Status> {
        self.as_mut().and_then(|o| o.intercept(node))
    }
    #[inline]
    fn intercept_result(&mut self, node: NodeId, status: Status) -> Option<Status> {
        self.as_mut().and_then(|o| o.intercept_result(node, status))
    }
}

/// One event reported by a [`ChangeObserver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// Node `node` was ticked and returned `new`, which differs from its `previous` tracked status
    /// (`None`: it was idle).
    Ticked {
        /// The node.
        node: NodeId,
        /// Its tracked status before this tick; `None` for idle.
        previous: Option<Status>,
        /// The status the tick returned.
        new: Status,
    },
    /// Node `node` was halted: it was running and is now idle.
    Halted {
        /// The node.
        node: NodeId,
    },
}

/// What a [`ChangeObserver`] tells: every status change and every halt.
///
/// Implement it, or pass a closure `FnMut(Change)` or a `Vec<Change>` (feature `alloc`), which
/// collects them. `()` listens to nothing (a `ChangeObserver` with it just tracks statuses).
pub trait ChangeListener {
    /// Node `node` returned `new` from a tick, and its tracked status was `previous` (`None`:
    /// idle), a different one.
    fn on_change(&mut self, node: NodeId, previous: Option<Status>, new: Status);

    /// Node `node` was halted; its tracked status is now idle. Called for every halt.
    #[inline]
    fn on_halt(&mut self, node: NodeId) {
        let _ = node;
    }
}

impl ChangeListener for () {
    #[inline]
    fn on_change(&mut self, _: NodeId, _: Option<Status>, _: Status) {}
}

/// Collects the changes.
#[cfg(feature = "alloc")]
impl ChangeListener for alloc::vec::Vec<Change> {
    #[inline]
    fn on_change(&mut self, node: NodeId, previous: Option<Status>, new: Status) {
        self.push(Change::Ticked { node, previous, new })
    }
    #[inline]
    fn on_halt(&mut self, node: NodeId) {
        self.push(Change::Halted { node })
    }
}

impl<F: FnMut(Change)> ChangeListener for F {
    #[inline]
    fn on_change(&mut self, node: NodeId, previous: Option<Status>, new: Status) {
        self(Change::Ticked { node, previous, new })
    }
    #[inline]
    fn on_halt(&mut self, node: NodeId) {
        self(Change::Halted { node })
    }
}

/// An [`Observer`] that keeps each node's current status and tells a [`ChangeListener`] every
/// change `(node, previous, new)` and every halt.
///
/// # What "status" and "idle" mean here
///
/// A node's *tracked status* is the status it returned on its last tick, or idle (`None`):
///
/// * every node starts idle, when the observer is created or [`reset`](Self::reset);
/// * a tick returning `s` sets it to `Some(s)`; if that differs from the tracked status before,
///   [`on_change`](ChangeListener::on_change) is called with both;
/// * a halt sets it to idle and calls [`on_halt`](ChangeListener::on_halt) (halts are only
///   ever sent to running nodes, so this is always a change from `Running`);
/// * a node that completed (`Success` or `Failure`) has reset itself, but its tracked status keeps
///   that result until its next tick: it says how the node's last activation ended. So a
///   condition that succeeds on every tick produces one change, not one per tick; a node that a
///   parent no longer ticks (a latched child of a parallel, the children after a sequence's
///   failing child) keeps its last result.
///
/// The observer only sees ticks made with it: start observing a tree that is idle (or call
/// [`reset`](Self::reset) after halting it), or the first changes reported are relative to idle,
/// not to what the tree did unobserved.
///
/// # Storage
///
/// Statuses live in a caller-provided buffer `B` of `Option<Status>` (one byte each), indexed by
/// [`NodeId`]: an array in `no_std` code (`[None; 32]`, sized to at least the tree's node count,
/// [`BehaviorTree::node_count`](crate::BehaviorTree::node_count)), a `&mut [Option<Status>]`, or
/// with the `alloc` feature a `Vec` sized by [`for_tree`](Self::for_tree). A node whose id does
/// not fit in the buffer is not tracked: each of its ticks is reported as a change from idle.
///
/// ```
/// use bt::{bt, Change, ChangeObserver, Status};
///
/// struct Ctx { ready: bool }
/// let mut tree = bt! {
///     Ctx => sequence<{ |c: &Ctx| c.ready }, { |_: &mut Ctx| Status::Running }>
/// };
/// let mut changes = Vec::new();
/// let mut obs = ChangeObserver::new(|c: Change| changes.push(c), [None; 3]);
/// let mut ctx = Ctx { ready: false };
/// let _ = tree.tick_with(&mut ctx, &mut obs);
/// let _ = tree.tick_with(&mut ctx, &mut obs); // same statuses again: no change
/// ctx.ready = true;
/// let _ = tree.tick_with(&mut ctx, &mut obs);
/// assert_eq!(obs.statuses(), [Some(Status::Running), Some(Status::Success), Some(Status::Running)]);
/// drop(obs);
/// use Status::*;
/// assert_eq!(changes, [
///     Change::Ticked { node: 1, previous: None, new: Failure },
///     Change::Ticked { node: 0, previous: None, new: Failure },
///     Change::Ticked { node: 1, previous: Some(Failure), new: Success },
///     Change::Ticked { node: 2, previous: None, new: Running },
///     Change::Ticked { node: 0, previous: Some(Failure), new: Running },
/// ]);
/// ```
#[derive(Clone, Debug)]
pub struct ChangeObserver<L, B> {
    listener: L,
    statuses: B,
}

impl<L: ChangeListener, B: AsMut<[Option<Status>]> + AsRef<[Option<Status>]>> ChangeObserver<L, B> {
    /// Tracks statuses in `buffer` (every node idle to start with: the buffer is cleared) and tells
    /// `listener` the changes.
    pub fn new(listener: L, mut buffer: B) -> Self {
        buffer.as_mut().fill(None);
        ChangeObserver { listener, statuses: buffer }
    }

    /// Every tracked status, by node id (`None`: idle).
    #[inline]
    pub fn statuses(&self) -> &[Option<Status>] {
        self.statuses.as_ref()
    }

    /// Node `node`'s tracked status (`None`: idle or not tracked).
    #[inline]
    pub fn status(&self, node: NodeId) -> Option<Status> {
        self.statuses.as_ref().get(node).copied().flatten()
    }

    /// Forgets every status: all nodes are idle again. Tells the listener nothing.
    pub fn reset(&mut self) {
        self.statuses.as_mut().fill(None);
    }

    /// The listener.
    #[inline]
    pub fn listener(&self) -> &L {
        &self.listener
    }

    /// The listener, mutably.
    #[inline]
    pub fn listener_mut(&mut self) -> &mut L {
        &mut self.listener
    }

    /// The listener and the status buffer.
    pub fn into_parts(self) -> (L, B) {
        (self.listener, self.statuses)
    }
}

#[cfg(feature = "alloc")]
impl<L: ChangeListener> ChangeObserver<L, alloc::vec::Vec<Option<Status>>> {
    /// A change observer for `tree`, with a buffer of exactly its node count.
    pub fn for_tree<N: crate::Node<Ctx>, Ctx: ?Sized, D>(
        tree: &crate::BehaviorTree<N, Ctx, D>,
        listener: L,
    ) -> Self {
        let _ = tree;
        Self::with_len(N::SIZE, listener)
    }

    /// A change observer for a tree of `nodes` nodes.
    pub fn with_len(nodes: usize, listener: L) -> Self {
        ChangeObserver { listener, statuses: alloc::vec![None; nodes] }
    }
}

impl<L: ChangeListener, B: AsMut<[Option<Status>]>> Observer for ChangeObserver<L, B> {
    #[inline]
    fn ticked(&mut self, node: NodeId, status: Status) {
        let previous = match self.statuses.as_mut().get_mut(node) {
            Some(slot) => slot.replace(status),
            None => None,
        };
        if previous != Some(status) {
            self.listener.on_change(node, previous, status);
        }
    }

    #[inline]
    fn halted(&mut self, node: NodeId) {
        if let Some(slot) = self.statuses.as_mut().get_mut(node) {
            *slot = None;
        }
        self.listener.on_halt(node);
    }

    /// A skipped node did not run and is idle: it is no longer tracked (no change is reported).
    #[inline]
    fn skipped(&mut self, node: NodeId) {
        if let Some(slot) = self.statuses.as_mut().get_mut(node) {
            *slot = None;
        }
    }
}

impl<L, B: AsRef<[Option<Status>]>> Statuses for ChangeObserver<L, B> {
    #[inline]
    fn status(&self, node: NodeId) -> Option<Status> {
        self.statuses.as_ref().get(node).copied().flatten()
    }
}
