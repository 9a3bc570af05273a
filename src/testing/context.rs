//! The test context: tick counter, manual clock, event log, and what the leaves report.

use std::cell::RefCell;
use std::fmt;
use std::format;
use std::rc::Rc;
use std::string::String;
use std::time::Duration;
use std::vec::Vec;

use crate::{Clock, Exit, ManualClock, NodeId, Status};

/// One thing that happened while a node under test ran, in the order it happened.
///
/// Leaves and conditions of the kit ([`Scripted`](super::Scripted),
/// [`ScriptedCondition`](super::ScriptedCondition)) record what they do; a [`Monitor`](super::Monitor)
/// records what every parent reports to the observer; a [`Harness`](super::Harness) records the
/// start of each root tick and its own `halt`/`reset` calls. Two runs behave the same exactly when
/// their events are equal, which is how the kit compares a reset node with a fresh one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A root tick starts: the `tick`-th since the node was built or last reset, at clock time
    /// `now`.
    Tick {
        /// Root ticks before this one since the node was built or reset.
        tick: u64,
        /// The clock's time.
        now: Duration,
    },
    /// Leaf `leaf` started an activation (its first tick since it last completed or was halted).
    Enter {
        /// The leaf's number.
        leaf: usize,
    },
    /// Leaf `leaf` was ticked and returned `status`.
    Run {
        /// The leaf's number.
        leaf: usize,
        /// What it returned.
        status: Status,
    },
    /// Leaf `leaf` ended its activation: it completed, or it was halted.
    Exit {
        /// The leaf's number.
        leaf: usize,
        /// How the activation ended.
        how: Exit,
    },
    /// Condition `condition` was checked and answered `answer`.
    Check {
        /// The condition's number.
        condition: usize,
        /// Its answer.
        answer: bool,
    },
    /// A parent reported that node `node` was ticked and returned `status`
    /// ([`Observer::ticked`](crate::Observer::ticked)).
    Ticked {
        /// The node's id.
        node: NodeId,
        /// What it returned.
        status: Status,
    },
    /// A parent reported that it halted node `node` ([`Observer::halted`](crate::Observer::halted)).
    Halted {
        /// The node's id.
        node: NodeId,
    },
    /// The test halted the tree (`tree.halt()`).
    Halt,
    /// The test reset the tree (`tree.reset()`).
    Reset,
    /// Anything else worth logging, recorded with [`Context::note`].
    Note(String),
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Tick { tick, now } => write!(f, "tick {tick} (clock {now:?})"),
            Event::Enter { leaf } => write!(f, "leaf {leaf}: enter"),
            Event::Run { leaf, status } => write!(f, "leaf {leaf}: {status}"),
            Event::Exit { leaf, how } => write!(f, "leaf {leaf}: exit ({how:?})"),
            Event::Check { condition, answer } => write!(f, "condition {condition}: {answer}"),
            Event::Ticked { node, status } => write!(f, "node {node} -> {status}"),
            Event::Halted { node } => write!(f, "node {node} halted"),
            Event::Halt => f.write_str("tree.halt()"),
            Event::Reset => f.write_str("tree.reset()"),
            Event::Note(note) => f.write_str(note),
        }
    }
}

/// A broken rule of the node contract, found while a node ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The root tick in which it was found, counted from 0 since the [`Context`] (or the
    /// standalone [`Monitor`](super::Monitor)) was created; resets do not restart this count.
    pub tick: u64,
    /// What went wrong, in words.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tick {}: {}", self.tick, self.message)
    }
}

/// What a scripted leaf's lifecycle looks like from outside, kept by the context.
#[derive(Clone, Debug, Default)]
pub(crate) struct LeafState {
    /// An activation is in progress.
    pub(crate) active: bool,
    /// The root tick in which the leaf was last ticked.
    pub(crate) last_tick: Option<u64>,
    /// The root tick in which it last completed, and how.
    pub(crate) completed: Option<(u64, Status)>,
    /// The id it was first ticked or halted with.
    pub(crate) id: Option<NodeId>,
}

/// The state shared by a context and the monitors created from it.
#[derive(Debug, Default)]
pub(crate) struct Journal {
    /// Root ticks started so far (the current one is `ticks - 1`).
    pub(crate) ticks: u64,
    pub(crate) events: Vec<Event>,
    pub(crate) violations: Vec<Violation>,
    pub(crate) leaves: Vec<LeafState>,
    /// What is halting the tree, while it does (`"tree.halt()"`, `"tree.reset()"`).
    pub(crate) halting: Option<&'static str>,
}

impl Journal {
    /// Records a violation if the tree is being halted: nothing may be ticked meanwhile.
    pub(crate) fn tick_while_halting(&mut self, what: &str) {
        if let Some(halting) = self.halting {
            self.violate(format!(
                "{what} was ticked during {halting}: halting a node halts its running children and never ticks one"
            ));
        }
    }

    /// The current root tick (0 before the first).
    pub(crate) fn current(&self) -> u64 {
        self.ticks.saturating_sub(1)
    }

    pub(crate) fn violate(&mut self, message: String) {
        let tick = self.current();
        self.violations.push(Violation { tick, message });
    }

    pub(crate) fn leaf(&mut self, leaf: usize) -> &mut LeafState {
        if self.leaves.len() <= leaf {
            self.leaves.resize(leaf + 1, LeafState::default());
        }
        &mut self.leaves[leaf]
    }
}

pub(crate) type Shared = Rc<RefCell<Journal>>;

/// The context the kit runs nodes on: a tick counter, a [`ManualClock`] (the context implements
/// [`Clock`], so time-based nodes work on it), the event log, and the bookkeeping of the scripted
/// leaves.
///
/// A [`Harness`](super::Harness) owns one and drives it; use it directly only to tick a tree
/// yourself: call [`begin_tick`](Context::begin_tick) before each root tick.
///
/// If the node you test needs a trait of its context (beyond [`Clock`]), implement that trait for
/// `Context` in your tests; [`note`](Context::note) logs what your implementation does.
#[derive(Debug)]
pub struct Context {
    /// The clock every time-based node reads; move it with [`ManualClock::advance`].
    pub clock: ManualClock,
    tick: u64,
    next: u64,
    pub(crate) journal: Shared,
}

impl Default for Context {
    fn default() -> Self {
        Context::new()
    }
}

impl Context {
    /// A context at time zero, before its first tick.
    pub fn new() -> Self {
        Context { clock: ManualClock::new(), tick: 0, next: 0, journal: Shared::default() }
    }

    /// The current root tick, counted from 0 since the node was built or last reset (by
    /// [`restart`](Context::restart)). Scripted conditions answer by it.
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// Starts a root tick: advances [`tick`](Context::tick) and logs [`Event::Tick`]. Call it
    /// before every tick of the root.
    pub fn begin_tick(&mut self) {
        self.tick = self.next;
        self.next += 1;
        let now = self.clock.now();
        let mut journal = self.journal.borrow_mut();
        journal.ticks += 1;
        journal.events.push(Event::Tick { tick: self.tick, now });
    }

    /// Restarts the tick count at 0, for a node that was just reset: it then sees the same ticks
    /// as a freshly built one.
    pub fn restart(&mut self) {
        self.tick = 0;
        self.next = 0;
    }

    /// Appends `event` to the log.
    pub fn record(&self, event: Event) {
        self.journal.borrow_mut().events.push(event);
    }

    /// Marks the tree as being halted by `what` (`Some("tree.halt()")`) or not (`None`): a scripted
    /// leaf or a monitor that sees a tick meanwhile records a violation. A [`Harness`](super::Harness)
    /// does this around its halts and resets.
    pub fn halting(&mut self, what: Option<&'static str>) {
        self.journal.borrow_mut().halting = what;
    }

    /// Logs a note ([`Event::Note`]).
    pub fn note(&self, note: impl Into<String>) {
        self.record(Event::Note(note.into()));
    }

    /// Records a violation of the contract, in the current tick.
    pub fn violate(&self, message: impl Into<String>) {
        self.journal.borrow_mut().violate(message.into());
    }

    /// Everything logged so far.
    pub fn events(&self) -> Vec<Event> {
        self.journal.borrow().events.clone()
    }

    /// Number of events logged so far.
    pub fn event_count(&self) -> usize {
        self.journal.borrow().events.len()
    }

    /// Every violation found so far, by the leaves, the conditions and the monitors of this
    /// context.
    pub fn violations(&self) -> Vec<Violation> {
        self.journal.borrow().violations.clone()
    }

    /// The numbers of the scripted leaves whose activation is in progress (entered, not exited).
    pub fn running_leaves(&self) -> Vec<usize> {
        let journal = self.journal.borrow();
        journal.leaves.iter().enumerate().filter(|(_, l)| l.active).map(|(i, _)| i).collect()
    }

    /// The id each scripted leaf was given by its parent (first tick or halt), by leaf number;
    /// `None` for a leaf never reached.
    pub fn leaf_ids(&self) -> Vec<Option<NodeId>> {
        self.journal.borrow().leaves.iter().map(|l| l.id).collect()
    }

    /// A [`Monitor`](super::Monitor) for a tree of `size` nodes that logs into this context and
    /// counts ticks with it.
    pub fn monitor(&self, size: usize) -> super::Monitor {
        super::Monitor::shared(size, Rc::clone(&self.journal))
    }
}

impl Clock for Context {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}
