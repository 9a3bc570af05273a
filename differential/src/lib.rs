//! The two engines of bt side by side: random BehaviorTree.CPP trees (written by `build.rs`),
//! each compiled with `bt_xml!` and loaded at run time with its `registry()`, ticked over the
//! same scripted world; the test (`tests/differential.rs`) compares their logs tick by tick.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use bt::blackboard::{Blackboard, Key};
use bt::ports::{HasBlackboard, Ports};
use bt::{Action, Clock, Condition, Exit, ManualClock, NodeId, Observer, Status};

/// The shared log of a run: the leaves' lifecycles and the statuses and halts the observer sees,
/// in the order they happen.
pub type Log = Rc<RefCell<Vec<String>>>;

/// The context of the random trees: a clock, a blackboard (`mode`, which the switches read,
/// `count` and `ms`, which counts and durations are read from) and the log.
pub struct Ctx {
    /// The clock.
    pub clock: ManualClock,
    /// The blackboard.
    pub bb: Blackboard,
    /// The tick number.
    pub tick: u64,
    /// The log.
    pub log: Log,
}

impl Clock for Ctx {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl HasBlackboard for Ctx {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
}

/// A scripted leaf: its `s`-th… status is the script's letter (`R`, `S`, `F`) at its number of
/// ticks so far.
#[derive(Ports, Default)]
pub struct L {
    #[port]
    id: u32,
    #[port]
    s: String,
    ticks: usize,
}

impl Action<Ctx> for L {
    fn enter(&mut self, c: &mut Ctx) {
        c.log.borrow_mut().push(format!("enter L{}", self.id));
    }
    fn execute(&mut self, c: &mut Ctx) -> Status {
        let b = self.s.as_bytes();
        let status = match b.get(self.ticks % b.len().max(1)) {
            Some(b'R') => Status::Running,
            Some(b'S') => Status::Success,
            _ => Status::Failure,
        };
        self.ticks += 1;
        c.log.borrow_mut().push(format!("L{} {status:?}", self.id));
        status
    }
    fn exit(&mut self, c: &mut Ctx, how: Exit) {
        c.log.borrow_mut().push(format!("exit L{} {how:?}", self.id));
    }
}

macro_rules! conditions {
    ($($name:ident $k:literal),*) => {$(
        /// A condition whose answers follow the tick number.
        #[derive(Default)]
        pub struct $name;
        impl Condition<Ctx> for $name {
            fn check(&mut self, c: &Ctx) -> bool {
                let answer = (c.tick * ($k + 3) + $k) % 5 < 3;
                c.log.borrow_mut().push(format!("{} {answer}", stringify!($name)));
                answer
            }
        }
    )*};
}

conditions!(C0 0, C1 1, C2 2, C3 3);

/// The leaf `service` runs: succeeds every other tick.
#[derive(Default)]
pub struct S;

impl Action<Ctx> for S {
    fn execute(&mut self, c: &mut Ctx) -> Status {
        c.log.borrow_mut().push("service".into());
        if c.tick.is_multiple_of(2) { Status::Success } else { Status::Running }
    }
}

/// Logs every status and halt the tree reports.
pub struct Watch(pub Log);

impl Observer for Watch {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.0.borrow_mut().push(format!("#{node} {status:?}"));
    }
    fn halted(&mut self, node: NodeId) {
        self.0.borrow_mut().push(format!("#{node} halted"));
    }
}

/// How a run goes: ticks, the time between them, the `mode` entry at each tick, and the ticks
/// after which the tree is halted.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Number of ticks.
    pub ticks: u64,
    /// Milliseconds between ticks.
    pub dt_ms: u64,
    /// `mode` at tick `t` is `modes[t % len]` (none when empty).
    pub modes: Vec<&'static str>,
    /// Halt after tick `t` when `t % halt_every == halt_every - 1` (never when 0).
    pub halt_every: u64,
}

/// Runs a tree with `tick` and `halt` over a fresh context along `plan`; returns the log.
pub fn run(
    plan: &Plan,
    mut tick: impl FnMut(&mut Ctx, &mut Watch) -> Status,
    mut halt: impl FnMut(&mut Ctx, &mut Watch),
) -> Vec<String> {
    let log: Log = Rc::default();
    let mut c = Ctx { clock: ManualClock::new(), bb: Blackboard::new(), tick: 0, log: log.clone() };
    let mut w = Watch(log.clone());
    for t in 0..plan.ticks {
        c.tick = t;
        if let Some(m) = plan.modes.get(t as usize % plan.modes.len().max(1)) {
            c.bb.set(Key::<String>::new("mode"), (*m).to_string());
        }
        // The entries counts and durations are read from: absent at first, then changing.
        if t >= 2 {
            c.bb.set(Key::<i32>::new("count"), (t % 4) as i32 - 1);
            c.bb.set(Key::<u32>::new("ms"), (100 * (t % 3)) as u32);
        }
        log.borrow_mut().push(format!("tick {t}"));
        let status = tick(&mut c, &mut w);
        log.borrow_mut().push(format!("root {status:?}"));
        if plan.halt_every > 0 && t % plan.halt_every == plan.halt_every - 1 {
            log.borrow_mut().push("halt".into());
            halt(&mut c, &mut w);
        }
        c.clock.advance(Duration::from_millis(plan.dt_ms));
    }
    halt(&mut c, &mut w);
    log.borrow().clone()
}

/// One random tree: its file, and how to run it compiled and loaded.
pub struct Case {
    /// The tree's file.
    pub file: &'static str,
    /// Its description, compiled.
    pub description: fn() -> &'static bt::TreeDescription,
    /// Its description, loaded at run time.
    pub loaded_description: fn() -> Result<&'static bt::TreeDescription, String>,
    /// The log of the compiled tree along a plan.
    pub compiled: fn(&Plan) -> Vec<String>,
    /// The log of the tree loaded at run time along a plan, or the load's errors.
    pub loaded: fn(&Plan) -> Result<Vec<String>, String>,
    /// The registry it loads with.
    pub registry: fn() -> bt::load::Registry<Ctx>,
}

/// The log of the tree `xml` (a file's text) loaded at run time over `registry` along a plan, or
/// the load's errors.
pub fn run_xml(registry: &bt::load::Registry<Ctx>, xml: &str, plan: &Plan) -> Result<Vec<String>, String> {
    let tree = registry.load_str("exported.xml", xml).map_err(|e| e.to_string())?;
    let tree = RefCell::new(tree);
    Ok(run(plan, |c, w| tree.borrow_mut().tick_with(c, w), |c, w| tree.borrow_mut().halt_with(c, w)))
}

/// What a description entry says that both engines must agree on: everything but the source
/// position of a leaf (a compiled tree's leaves are at the `bt_xml!` invocation).
pub fn summary(n: bt::NodeInfo) -> String {
    format!(
        "{} {:?} {:?} depth {} children {} id {:?} name {:?} condition {} arguments {:?} bindings {:?} ports {:?} scripts {:?}",
        n.kind,
        n.label,
        n.args,
        n.depth,
        n.children,
        n.id,
        n.name,
        n.condition,
        n.arguments,
        n.bindings,
        n.ports,
        n.scripts
    )
}

/// The registry of every leaf the generator writes, for the trees in the anonymous form.
pub fn registry() -> bt::load::Registry<Ctx> {
    bt::load::Registry::new()
        .with_clock()
        .with_blackboard()
        .action::<L>("L")
        .condition_with("C0", C0::default)
        .condition_with("C1", C1::default)
        .condition_with("C2", C2::default)
        .condition_with("C3", C3::default)
        .node("S", |_| Ok(bt::ActionNode::new(S)))
}

macro_rules! case {
    (anonymous $file:expr) => {
        Case {
            file: $file,
            description: || bt::bt_xml!($file, ctx = Ctx).description(),
            loaded_description: || registry().load($file).map(|t| t.description()).map_err(|e| e.to_string()),
            compiled: |plan| {
                let tree = std::cell::RefCell::new(bt::bt_xml!($file, ctx = Ctx));
                run(plan, |c, w| tree.borrow_mut().tick_with(c, w), |c, w| tree.borrow_mut().halt_with(c, w))
            },
            loaded: |plan| {
                let tree = registry().load($file).map_err(|e| e.to_string())?;
                let tree = std::cell::RefCell::new(tree);
                Ok(run(
                    plan,
                    |c, w| tree.borrow_mut().tick_with(c, w),
                    |c, w| tree.borrow_mut().halt_with(c, w),
                ))
            },
            registry,
        }
    };
    ($t:ident, $file:expr) => {
        Case {
            file: $file,
            description: || $t::new().description(),
            loaded_description: || {
                $t::registry().load($file).map(|t| t.description()).map_err(|e| e.to_string())
            },
            compiled: |plan| {
                let tree = std::cell::RefCell::new($t::new());
                run(plan, |c, w| tree.borrow_mut().tick_with(c, w), |c, w| tree.borrow_mut().halt_with(c, w))
            },
            loaded: |plan| {
                let tree = $t::registry().load($file).map_err(|e| e.to_string())?;
                let tree = std::cell::RefCell::new(tree);
                Ok(run(
                    plan,
                    |c, w| tree.borrow_mut().tick_with(c, w),
                    |c, w| tree.borrow_mut().halt_with(c, w),
                ))
            },
            registry: $t::registry,
        }
    };
}

include!(concat!(env!("OUT_DIR"), "/trees.rs"));
