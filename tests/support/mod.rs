//! Scripted leaves and an event log, shared by the conformance tests.
//!
//! Every leaf writes what happens to it into the log held by the context ([`World`]):
//!
//! | event | meaning |
//! |---|---|
//! | `a>` | action `a` entered (first tick of an activation) |
//! | `a=R` / `a=S` / `a=F` | action `a` executed and returned `Running` / `Success` / `Failure` |
//! | `a<S` / `a<F` | action `a` exited after completing with `Success` / `Failure` |
//! | `a<H` | action `a` exited because it was halted |
//! | `c?T` / `c?F` | condition `c` was checked and answered `true` / `false` |
//! | `s#k` | the selector `s` of a `switch` was read and gave the value `k` |
//!
//! Conditions and selectors are scripted per tick (their answer on tick `t` is entry `t` of their script, the last
//! entry repeating); actions are scripted per activation (run `k` ticks returning `Running`, then
//! return the given status).
#![allow(dead_code)]

use std::cell::RefCell;
use std::time::Duration;

use bt::{Action, ActionNode, BehaviorTree, Clock, Condition, Exit, ManualClock, Node, Status};

pub const R: Status = Status::Running;
pub const S: Status = Status::Success;
pub const F: Status = Status::Failure;

/// The context of every scripted tree: the tick counter, a manual clock and the event log.
#[derive(Default)]
pub struct World {
    /// Index of the current tick (0 for the first one); [`step`] advances it.
    pub tick: usize,
    /// The clock read by `timeout`, `delay` and `cooldown`.
    pub clock: ManualClock,
    /// How far [`step`] moves the clock after each tick.
    pub dt: Duration,
    log: RefCell<Vec<String>>,
}

impl World {
    pub fn new() -> Self {
        World::default()
    }

    /// A world whose clock moves `dt_ms` milliseconds after each tick.
    pub fn with_dt(dt_ms: u64) -> Self {
        World { dt: Duration::from_millis(dt_ms), ..World::default() }
    }

    pub fn record(&self, event: String) {
        self.log.borrow_mut().push(event);
    }

    /// Takes the events recorded so far.
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.log.borrow_mut())
    }
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

fn letter(s: Status) -> char {
    match s {
        Status::Success => 'S',
        Status::Failure => 'F',
        Status::Running => 'R',
    }
}

/// An action scripted per activation: activation `i` uses `plan[i % plan.len()] = (k, end)`, i.e.
/// returns `Running` for `k` ticks, then `end`.
#[derive(Clone, Debug)]
pub struct Act {
    name: &'static str,
    plan: Vec<(u32, Status)>,
    activation: usize,
    ticks: u32,
    /// Internal condition, scripted per tick (`None`: always true).
    condition: Option<Vec<bool>>,
}

impl Act {
    /// Runs `k` ticks, then returns `end`, in every activation.
    pub fn new(name: &'static str, k: u32, end: Status) -> Self {
        Act { name, plan: vec![(k, end)], activation: 0, ticks: 0, condition: None }
    }

    /// One `(k, end)` per activation, cycling.
    pub fn plan(name: &'static str, plan: &[(u32, Status)]) -> Self {
        assert!(!plan.is_empty());
        Act { name, plan: plan.to_vec(), activation: 0, ticks: 0, condition: None }
    }

    /// Adds an internal condition, scripted per tick.
    pub fn with_condition(mut self, script: &[bool]) -> Self {
        self.condition = Some(script.to_vec());
        self
    }
}

impl Action<World> for Act {
    fn condition(&mut self, w: &World) -> bool {
        match &self.condition {
            None => true,
            Some(script) => script[w.tick.min(script.len() - 1)],
        }
    }

    fn enter(&mut self, w: &mut World) {
        self.ticks = 0;
        w.record(format!("{}>", self.name));
    }

    fn execute(&mut self, w: &mut World) -> Status {
        let (k, end) = self.plan[self.activation % self.plan.len()];
        let status = if self.ticks < k { R } else { end };
        self.ticks = self.ticks.saturating_add(1);
        w.record(format!("{}={}", self.name, letter(status)));
        status
    }

    fn exit(&mut self, w: &mut World, how: Exit) {
        self.activation += 1;
        let how = match how {
            Exit::Success => 'S',
            Exit::Failure => 'F',
            Exit::Halted => 'H',
        };
        w.record(format!("{}<{}", self.name, how));
    }
}

/// A condition scripted per tick: on tick `t` it answers `script[t]` (the last entry repeating).
#[derive(Clone, Debug)]
pub struct Cond {
    name: &'static str,
    script: Vec<bool>,
}

impl Condition<World> for Cond {
    fn check(&mut self, w: &World) -> bool {
        let answer = self.script[w.tick.min(self.script.len() - 1)];
        w.record(format!("{}?{}", self.name, if answer { 'T' } else { 'F' }));
        answer
    }
}

/// An action leaf node: `k` ticks of `Running`, then `end`.
pub fn act(name: &'static str, k: u32, end: Status) -> ActionNode<Act> {
    ActionNode::new(Act::new(name, k, end))
}

/// An action leaf node that returns `Running` forever.
pub fn forever(name: &'static str) -> ActionNode<Act> {
    act(name, u32::MAX, S)
}

/// An action leaf node with one `(k, end)` per activation, cycling.
pub fn plan(name: &'static str, plan: &[(u32, Status)]) -> ActionNode<Act> {
    ActionNode::new(Act::plan(name, plan))
}

/// A condition (for `precondition`/`guard`), scripted per tick.
pub fn cond(name: &'static str, script: &[bool]) -> Cond {
    assert!(!script.is_empty());
    Cond { name, script: script.to_vec() }
}

/// A condition leaf node, scripted per tick.
pub fn check(name: &'static str, script: &[bool]) -> ActionNode<Cond> {
    ActionNode::new(cond(name, script))
}

/// The selector of a `switch`, scripted per tick: on tick `t` it gives `script[t]` (the last entry
/// repeating).
pub fn select(name: &'static str, script: &[u8]) -> impl FnMut(&World) -> u8 + Clone {
    assert!(!script.is_empty());
    let script = script.to_vec();
    move |w: &World| {
        let value = script[w.tick.min(script.len() - 1)];
        w.record(format!("{name}#{value}"));
        value
    }
}

/// The mapping of a `switch` whose selector gives the child's index.
pub fn index(value: u8) -> u8 {
    value
}

/// Wraps a root into a tree on [`World`].
pub fn tree<N: Node<World>>(root: N) -> BehaviorTree<N, World> {
    BehaviorTree::new(root)
}

/// Ticks the tree once, then advances the tick counter and the clock; returns the status and the
/// events of the tick.
pub fn step<N: Node<World>, D>(t: &mut BehaviorTree<N, World, D>, w: &mut World) -> (Status, Vec<String>) {
    let status = t.tick(w);
    w.tick += 1;
    let dt = w.dt;
    w.clock.advance(dt);
    (status, w.take())
}

/// Ticks the tree once per entry of `expected`, asserting each tick's status and exact events.
#[track_caller]
pub fn expect<N: Node<World>, D>(
    t: &mut BehaviorTree<N, World, D>,
    w: &mut World,
    expected: &[(Status, &[&str])],
) {
    for (i, (status, events)) in expected.iter().enumerate() {
        let tick = w.tick;
        let (got, log) = step(t, w);
        assert_eq!(
            (got, log.as_slice()),
            (*status, events.iter().map(|e| e.to_string()).collect::<Vec<_>>().as_slice()),
            "step {i} (tick {tick})"
        );
    }
}

/// Halts the tree and returns the events of the halt.
pub fn halt<N: Node<World>, D>(t: &mut BehaviorTree<N, World, D>, w: &mut World) -> Vec<String> {
    t.halt(w);
    w.take()
}
