//! A node under test with its context and monitor.

use std::string::String;
use std::time::Duration;
use std::vec::Vec;

use super::{Context, Event, Monitor, Violation};
use crate::{Activation, BehaviorTree, Node, Status};

/// A node under test, ticked as the root of a tree on a fresh [`Context`] with a [`Monitor`]: the
/// pieces the [`Kit`](super::Kit) drives at random, for scenarios written by hand.
///
/// Every method checks what it can: after a tick in which the root completed, after
/// [`halt`](Harness::halt) and after [`reset`](Harness::reset), no scripted leaf and no node may
/// still be running, and halting or resetting never ticks anything; after every tick and halt, the
/// root's [`Activation::is_running`](crate::Activation::is_running) must agree with its status.
/// Violations are collected, not raised: look at them with [`violations`](Harness::violations) or
/// [`assert_ok`](Harness::assert_ok).
///
/// ```
/// use bt::Status;
/// use bt::kind::Sequence;
/// use bt::testing::{Event, Harness, Script, Scripted};
/// use bt::Compose;
///
/// let a = Scripted::new(0, Script::PerActivation(vec![(1, Status::Success)]));
/// let b = Scripted::new(1, Script::PerTick(vec![Status::Failure]));
/// let mut h = Harness::new(Sequence.compose((a, b)));
/// assert_eq!(h.tick(), Status::Running); // a runs
/// assert_eq!(h.tick(), Status::Failure); // a succeeds, b fails
/// h.assert_ok();
/// assert!(h.events().contains(&Event::Ticked { node: 2, status: Status::Failure }));
/// ```
pub struct Harness<N: Activation> {
    tree: BehaviorTree<N, Context>,
    ctx: Context,
    monitor: Monitor,
}

impl<N: Activation + core::fmt::Debug> core::fmt::Debug for Harness<N>
where
    N::Active: core::fmt::Debug,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Harness")
            .field("tree", &self.tree)
            .field("ctx", &self.ctx)
            .field("monitor", &self.monitor)
            .finish()
    }
}

impl<N: Node<Context>> Harness<N> {
    /// `node` as the root of a tree, idle, at time zero.
    pub fn new(node: N) -> Self {
        let ctx = Context::new();
        let monitor = ctx.monitor(N::SIZE);
        Harness { tree: BehaviorTree::new(node), ctx, monitor }
    }

    /// One root tick, observed by the monitor; returns the root's status.
    pub fn tick(&mut self) -> Status {
        self.ctx.begin_tick();
        let status = self.tree.tick_with(&mut self.ctx, &mut self.monitor);
        if status.is_done() {
            self.expect_idle(&std::format!("the root returned {status}"));
        }
        let running = self.tree.is_running();
        if running != (status == Status::Running) && self.ctx.journal.borrow().violations.is_empty() {
            self.ctx.violate(std::format!(
                "the root returned {status}, but Activation::is_running says it is {}running: it must be true \
                 exactly while the node is running, and a node that completes leaves its active state idle",
                if running { "" } else { "not " }
            ));
        }
        status
    }

    /// Halts the tree (`tree.halt()`: halts the root if it is running), then checks that nothing
    /// was ticked meanwhile and nothing runs.
    pub fn halt(&mut self) {
        self.ctx.record(Event::Halt);
        self.ctx.halting(Some("tree.halt()"));
        self.tree.halt_with(&mut self.ctx, &mut self.monitor);
        self.ctx.halting(None);
        self.expect_idle("after tree.halt()");
        if self.tree.is_running() && self.ctx.journal.borrow().violations.is_empty() {
            self.ctx.violate(
                "after tree.halt(), Activation::is_running says the root is still running: halting a node leaves its \
                 active state idle",
            );
        }
    }

    /// Resets the tree (`tree.reset()`: halts it, then [`Node::reset`]) and restarts the tick
    /// count, so the node sees the same ticks as a freshly built one.
    pub fn reset(&mut self) {
        self.ctx.record(Event::Reset);
        self.ctx.halting(Some("tree.reset()"));
        self.tree.reset_with(&mut self.ctx, &mut self.monitor);
        self.ctx.halting(None);
        self.ctx.restart();
        self.expect_idle("after tree.reset()");
    }

    /// Moves the clock forward by `dt`.
    pub fn advance(&mut self, dt: Duration) {
        self.ctx.clock.advance(dt);
    }

    /// Ticks until the root completes, moving the clock by `dt` after every tick that returned
    /// `Running`, at most `max_ticks` times; returns the last status.
    pub fn run(&mut self, max_ticks: u32, dt: Duration) -> Status {
        let mut status = Status::Running;
        for _ in 0..max_ticks {
            status = self.tick();
            if status.is_done() {
                break;
            }
            self.advance(dt);
        }
        status
    }

    fn expect_idle(&mut self, when: &str) {
        let leaves = self.ctx.running_leaves();
        if !leaves.is_empty() {
            self.ctx.violate(std::format!(
                "{when}, but leaves {leaves:?} are still running: a node that completes or is halted halts its running children"
            ));
        }
        if !self.ctx.violations().is_empty() {
            // One report is enough; the nodes above a running leaf would repeat it.
            return;
        }
        self.monitor.expect_idle(when);
    }
}

impl<N: Activation> Harness<N> {
    /// The node under test.
    pub fn node(&self) -> &N {
        self.tree.root()
    }

    /// The node under test, mutably.
    pub fn node_mut(&mut self) -> &mut N {
        self.tree.root_mut()
    }

    /// The tree around it.
    pub fn tree(&self) -> &BehaviorTree<N, Context> {
        &self.tree
    }

    /// The context.
    pub fn context(&self) -> &Context {
        &self.ctx
    }

    /// The context, mutably (to move the clock, or reach your own trait's state).
    pub fn context_mut(&mut self) -> &mut Context {
        &mut self.ctx
    }

    /// The monitor.
    pub fn monitor(&self) -> &Monitor {
        &self.monitor
    }

    /// Everything logged so far.
    pub fn events(&self) -> Vec<Event> {
        self.ctx.events()
    }

    /// Every violation found so far.
    pub fn violations(&self) -> Vec<Violation> {
        self.ctx.violations()
    }

    /// Whether no violation was found.
    pub fn is_ok(&self) -> bool {
        self.ctx.journal.borrow().violations.is_empty()
    }

    /// The log as text, one event a line, indented under each root tick.
    pub fn log(&self) -> String {
        super::report::log(&self.ctx.journal.borrow().events, 0, usize::MAX)
    }

    /// Panics, listing the violations and the log, if any violation was found.
    pub fn assert_ok(&self) {
        self.monitor.assert_ok();
    }
}
