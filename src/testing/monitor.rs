//! The invariant-checking observer.

use std::format;
use std::rc::Rc;
use std::vec;
use std::vec::Vec;

use super::context::{Journal, Shared};
use super::{Event, Violation};
use crate::{NodeId, Observer, Status};

/// What the monitor knows of one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    /// Never reported.
    Never,
    /// Returned `Running` on its last tick.
    Running,
    /// Completed in root tick `.0` with `.1`.
    Completed(u64, Status),
    /// Halted in root tick `.0`.
    Halted(u64),
}

/// An [`Observer`] that checks the node contract on everything the parents report, and logs it.
///
/// It records a [`Violation`] when
///
/// * a node id is out of `0..size` (a `SIZE` too small, or a child given a wrong id);
/// * a node is ticked twice in one root tick, or while the tree is being halted
///   ([`Context::halting`](super::Context::halting));
/// * a node is halted that is not running: never ticked, completed (even in this very tick), or
///   already halted.
///
/// [`running`](Monitor::running) lists the nodes whose last report was `Running`: none may be left
/// when the root completes or after `tree.halt()`. A monitor counts root ticks to tell them apart:
/// one made by [`Context::monitor`](super::Context::monitor) counts them with its context
/// ([`Context::begin_tick`](super::Context::begin_tick)) and logs into its log; a standalone one
/// ([`Monitor::new`]), usable with a tree on any context, needs
/// [`begin_tick`](Monitor::begin_tick) before each root tick.
///
/// ```
/// use bt::{bt, Status};
/// use bt::testing::Monitor;
///
/// let mut tree = bt! { sequence<{ |n: &mut u32| { *n += 1; Status::Running } }> };
/// let mut monitor = Monitor::new(tree.node_count());
/// monitor.begin_tick();
/// assert_eq!(tree.tick_with(&mut 0, &mut monitor), Status::Running);
/// assert_eq!(monitor.running(), [0, 1]);
/// tree.halt_with(&mut 0, &mut monitor);
/// assert!(monitor.running().is_empty());
/// monitor.assert_ok();
/// ```
#[derive(Debug)]
pub struct Monitor {
    nodes: Vec<Seen>,
    last_tick: Vec<Option<u64>>,
    journal: Shared,
}

impl Monitor {
    /// A standalone monitor for a tree of `size` nodes (`tree.node_count()`), with a log of its
    /// own.
    pub fn new(size: usize) -> Self {
        Monitor::shared(size, Shared::default())
    }

    pub(crate) fn shared(size: usize, journal: Shared) -> Self {
        Monitor { nodes: vec![Seen::Never; size], last_tick: vec![None; size], journal }
    }

    /// Starts a root tick (a standalone monitor only; see the type's docs).
    pub fn begin_tick(&mut self) {
        self.journal.borrow_mut().ticks += 1;
    }

    /// The ids of the nodes whose last report was `Running` (not halted since), in order.
    pub fn running(&self) -> Vec<NodeId> {
        self.nodes.iter().enumerate().filter(|(_, s)| **s == Seen::Running).map(|(i, _)| i).collect()
    }

    /// Every violation found so far (with a monitor from a context: the context's, leaves
    /// included).
    pub fn violations(&self) -> Vec<Violation> {
        self.journal.borrow().violations.clone()
    }

    /// Everything logged so far (with a monitor from a context: the context's log).
    pub fn events(&self) -> Vec<Event> {
        self.journal.borrow().events.clone()
    }

    /// Records a violation if a node is still running; `when` says when that was checked, as in
    /// `"after tree.halt()"` or `"the root returned Success"`.
    pub fn expect_idle(&mut self, when: &str) {
        let running = self.running();
        if !running.is_empty() {
            self.journal.borrow_mut().violate(format!(
                "{when}, but nodes {running:?} are still running: a node that completes or is halted halts its running children"
            ));
        }
    }

    /// Panics, listing the violations and the log, if any violation was found.
    pub fn assert_ok(&self) {
        let journal = self.journal.borrow();
        if journal.violations.is_empty() {
            return;
        }
        panic!("{}", super::report::violations_and_log(&journal, usize::MAX));
    }

    fn slot(&mut self, journal: &mut Journal, node: NodeId, what: &str) -> Option<usize> {
        if node < self.nodes.len() {
            return Some(node);
        }
        let size = self.nodes.len();
        journal.violate(format!(
            "node {node} was {what}, but the tree has {size} nodes (ids 0..{size}): a SIZE is too small, or a \
             child was given a wrong id"
        ));
        None
    }
}

impl Observer for Monitor {
    fn ticked(&mut self, node: NodeId, status: Status) {
        let journal = Rc::clone(&self.journal);
        let mut journal = journal.borrow_mut();
        journal.events.push(Event::Ticked { node, status });
        let Some(i) = self.slot(&mut journal, node, "ticked") else { return };
        journal.tick_while_halting(&format!("node {node}"));
        let tick = journal.current();
        if journal.ticks > 0 && self.last_tick[i] == Some(tick) {
            journal.violate(format!(
                "node {node} was ticked twice in one root tick: a node ticks each child at most once per tick"
            ));
        }
        self.last_tick[i] = Some(tick);
        self.nodes[i] = if status == Status::Running { Seen::Running } else { Seen::Completed(tick, status) };
    }

    fn halted(&mut self, node: NodeId) {
        let journal = Rc::clone(&self.journal);
        let mut journal = journal.borrow_mut();
        journal.events.push(Event::Halted { node });
        let Some(i) = self.slot(&mut journal, node, "halted") else { return };
        let tick = journal.current();
        let why = match self.nodes[i] {
            Seen::Running => None,
            Seen::Never => Some("it was never ticked".into()),
            Seen::Completed(t, status) if t == tick && journal.ticks > 0 => {
                Some(format!("it returned {status} in this tick (a completed node is idle)"))
            }
            Seen::Completed(_, status) => Some(format!("it is idle: it returned {status} on its last tick")),
            Seen::Halted(t) if t == tick && journal.ticks > 0 => {
                Some("it was already halted in this tick: halt reaches a node once per activation".into())
            }
            Seen::Halted(_) => Some("it is idle: it was already halted".into()),
        };
        if let Some(why) = why {
            journal.violate(format!("node {node} was halted, but {why}: halt only a running child"));
        }
        self.nodes[i] = Seen::Halted(tick);
    }
}
