//! Observers: what is told about every tick and halt, and the observer that is told nothing.

use super::NodeId;
use crate::Status;

/// Told about every node's status after each of its ticks, and about every halt.
///
/// Notifications come in post-order: a child's status before its parent's. Both methods default to
/// doing nothing, and every call site is statically dispatched, so an observer that ignores an event
/// costs nothing for it; [`NoObserver`] costs nothing at all.
pub trait Observer {
    /// Node `node` was ticked and returned `status`.
    #[inline]
    fn ticked(&mut self, node: NodeId, status: Status) {
        let _ = (node, status);
    }

    /// Node `node` was halted (it was running and is now idle).
    #[inline]
    fn halted(&mut self, node: NodeId) {
        let _ = node;
    }

    /// Node `node` was ticked and skipped (BehaviorTree.CPP's `SKIPPED`, see [`Outcome`](crate::Outcome)): it did
    /// not run and is idle. Told instead of [`ticked`](Observer::ticked), by parents that know
    /// about skipping ([`tick_child_skip`](crate::tick_child_skip)). The default does nothing.
    #[inline]
    fn skipped(&mut self, node: NodeId) {
        let _ = node;
    }

    /// Asked before node `node` is ticked: `None` (the default) lets the tick happen; `Some(status)`
    /// replaces it — the node is not ticked, and its parent receives `status` as if the node had
    /// returned it (a node that was running is halted first, so that it stays idle and its exit
    /// hooks run). Give `Success` or `Failure`: a node replaced by `Running` is idle all the same,
    /// and a leaf that keeps no running flag of its own ([`InBlock`](crate::InBlock): every action
    /// and condition child of `bt!`'s sequences, selectors and the like) is then resumed on the
    /// next tick as if it had started, without its enter hook.
    ///
    /// This is how a debugger takes control of a running tree (Groot2's breakpoints and result
    /// overrides): it may also block here, to pause the tree before the node. The default answers
    /// `None` and compiles to nothing.
    #[inline(always)]
    fn intercept(&mut self, node: NodeId) -> Option<Status> {
        let _ = node;
        None
    }

    /// Asked after node `node` was ticked (or its tick replaced by [`intercept`](Self::intercept))
    /// and returned `status`, before anyone is told: `None` (the default) keeps the result;
    /// `Some(other)` replaces it — the parent receives `other`, and [`ticked`](Self::ticked) is
    /// told `other`. A node that is running after its tick and is replaced by `Success` or
    /// `Failure` is halted first, so that it is idle as its parent expects. Replace by `Running`
    /// only a node that returned `Running`: a completed leaf without a running flag of its own
    /// ([`InBlock`](crate::InBlock)) replaced by `Running` is resumed on the next tick as if it ran.
    ///
    /// This is Groot2's hook after a node (a breakpoint after the tick, or a result override); an
    /// observer may block here too. The default answers `None` and compiles to nothing.
    #[inline(always)]
    fn intercept_result(&mut self, node: NodeId, status: Status) -> Option<Status> {
        let _ = (node, status);
        None
    }

    /// Whether this observer wants to be told anything: `false` only for [`NoObserver`]. Nodes
    /// behind a pointer (the children of a tree loaded at run time) are ticked without the
    /// observer, through a call compiled for no observer, when it says `false`; the default,
    /// `true`, is right for every observer that records something.
    #[inline(always)]
    fn observes(&self) -> bool {
        true
    }
}

/// The observer that observes nothing; ticking with it is exactly a plain tick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoObserver;

impl Observer for NoObserver {
    #[inline(always)]
    fn observes(&self) -> bool {
        false
    }
}

impl<O: Observer + ?Sized> Observer for &mut O {
    #[inline]
    fn ticked(&mut self, node: NodeId, status: Status) {
        (**self).ticked(node, status)
    }
    #[inline]
    fn halted(&mut self, node: NodeId) {
        (**self).halted(node)
    }
    #[inline]
    fn skipped(&mut self, node: NodeId) {
        (**self).skipped(node)
    }
    #[inline(always)]
    fn observes(&self) -> bool {
        (**self).observes()
    }
    #[inline(always)]
    fn intercept(&mut self, node: NodeId) -> Option<Status> {
        (**self).intercept(node)
    }
    #[inline(always)]
    fn intercept_result(&mut self, node: NodeId, status: Status) -> Option<Status> {
        (**self).intercept_result(node, status)
    }
}
