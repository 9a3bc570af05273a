//! Scripts compiled and scripts interpreted give the same runs: every tree of
//! `tests/xml/scripts/` compiled by `bt_xml!` and loaded by `bt::load`, ticked over the same leaves
//! with the same inputs, their events (every status, skip and halt the observer is told, what the
//! leaves did, the faults, and the blackboard's entries) compared tick by tick.
#![cfg(feature = "load")]

use core::time::Duration;

use bt::blackboard::{Blackboard, Key};
use bt::load::Registry;
use bt::ports::{HasBlackboard, Input, Output, Ports};
use bt::script::Fault;
use bt::{Action, Clock, Exit, ManualClock, NodeId, Observer, Status, bt_xml};

#[derive(Default)]
struct World {
    bb: Blackboard,
    log: Vec<String>,
    clock: ManualClock,
}

impl HasBlackboard for World {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
    fn script_fault(&mut self, script: &'static str, fault: &Fault) {
        self.log.push(format!("fault {script}: {fault}"));
    }
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

macro_rules! logging {
    ($($name:ident),*) => {$(
        /// Logs its tick and succeeds.
        #[derive(Default, Ports)]
        struct $name;
        impl Action<World> for $name {
            fn execute(&mut self, w: &mut World) -> Status {
                w.log.push(stringify!($name).into());
                Status::Success
            }
        }
    )*};
}

logging!(TestA, TestB, TestC, TestD);

/// Runs until halted.
#[derive(Default, Ports)]
struct KeepRunning;
impl Action<World> for KeepRunning {
    fn execute(&mut self, _: &mut World) -> Status {
        Status::Running
    }
    fn exit(&mut self, w: &mut World, how: Exit) {
        w.log.push(format!("KeepRunning {how:?}"));
    }
}

/// Runs for one tick, then succeeds.
#[derive(Default, Ports)]
struct AsyncActionTest {
    ticks: u32,
}
impl Action<World> for AsyncActionTest {
    fn enter(&mut self, _: &mut World) {
        self.ticks = 0;
    }
    fn execute(&mut self, _: &mut World) -> Status {
        self.ticks += 1;
        if self.ticks < 2 { Status::Running } else { Status::Success }
    }
}

/// Writes `true`.
#[derive(Ports)]
struct SimpleOutput {
    output: Output<bool>,
}
impl Action<World> for SimpleOutput {
    fn execute(&mut self, w: &mut World) -> Status {
        self.output.set(w, true);
        Status::Success
    }
}

/// Whether the battery is low.
#[derive(Ports)]
#[allow(non_snake_case)]
struct CheckLevel {
    percentage: Input<f64>,
    deviceType: Input<i64>,
    isLowBattery: Output<bool>,
}
impl Action<World> for CheckLevel {
    fn execute(&mut self, w: &mut World) -> Status {
        let p = *self.percentage.get(w).unwrap();
        if *self.deviceType.get(w).unwrap() == 1 {
            self.isLowBattery.set(w, p < 25.0);
        }
        Status::Success
    }
}

/// Logs its message.
#[derive(Ports)]
struct SaySomething {
    #[port]
    message: String,
}
impl Action<World> for SaySomething {
    fn execute(&mut self, w: &mut World) -> Status {
        w.log.push(self.message.clone());
        Status::Success
    }
}

/// Writes 0.
#[derive(Ports)]
struct SampleNode595 {
    find_enemy: Output<u8>,
}
impl Action<World> for SampleNode595 {
    fn execute(&mut self, w: &mut World) -> Status {
        self.find_enemy.set(w, 0);
        Status::Success
    }
}

/// Plays `steps`: one word per activation, in turn (`"RS F"`: run a tick then succeed; then
/// fail), one letter per tick (`R`unning, `S`uccess, `F`ailure); logs its activations.
#[derive(Ports, Default)]
struct Plan {
    #[port]
    steps: String,
    #[port(instance)]
    name: &'static str,
    activation: usize,
    tick: usize,
}
impl Action<World> for Plan {
    fn enter(&mut self, w: &mut World) {
        self.tick = 0;
        w.log.push(format!("{} enter", self.name));
    }
    fn execute(&mut self, _: &mut World) -> Status {
        let words: Vec<&str> = self.steps.split_whitespace().collect();
        let word = words[self.activation % words.len()].as_bytes();
        let c = word[self.tick.min(word.len() - 1)];
        self.tick += 1;
        match c {
            b'S' => Status::Success,
            b'F' => Status::Failure,
            _ => Status::Running,
        }
    }
    fn exit(&mut self, w: &mut World, how: Exit) {
        self.activation += 1;
        w.log.push(format!("{} exit {how:?}", self.name));
    }
}

/// Every event the observer is told.
#[derive(Default)]
struct Events(Vec<String>);
impl Observer for Events {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.0.push(format!("{node}:{status}"));
    }
    fn halted(&mut self, node: NodeId) {
        self.0.push(format!("{node}:halted"));
    }
    fn skipped(&mut self, node: NodeId) {
        self.0.push(format!("{node}:skipped"));
    }
}

/// The value of entry `key`, whatever its type.
fn entry(bb: &Blackboard, key: &'static str) -> String {
    let z = Duration::ZERO;
    macro_rules! try_types {
        ($($t:ty),*) => {$(
            if let Some(v) = bb.get(Key::<$t>::new(key), z) {
                return format!("{key}={v:?}:{}", stringify!($t));
            }
        )*};
    }
    try_types!(i64, f64, bool, String, i32, u8);
    format!("{key}=-")
}

/// The inputs of tick `i`: the entries the program writes.
fn inputs(w: &mut World, i: usize, keys: &[(&'static str, &str)]) {
    for &(k, ty) in keys {
        match ty {
            "bool" => w.bb.set(Key::<bool>::new(k), (i / 2) % 3 != 1),
            "i64" => w.bb.set(Key::<i64>::new(k), (i % 5) as i64 - 1),
            "i32" => w.bb.set(Key::<i32>::new(k), i as i32 * 3),
            "f64" => w.bb.set(Key::<f64>::new(k), 5.0 + (i % 7) as f64 * 6.5),
            "String" => {
                w.bb.set(Key::<String>::new(k), ["go", "wait", "stop", "go"][(i / 3) % 4].to_string())
            }
            _ => unreachable!(),
        }
    }
}

fn registry(keys: &[(&'static str, &str)], enums: &[(&str, i64)]) -> Registry<World> {
    let mut r = Registry::new()
        .with_blackboard()
        .with_clock()
        .action::<TestA>("TestA")
        .action::<TestB>("TestB")
        .action::<TestC>("TestC")
        .action::<TestD>("TestD")
        .action::<KeepRunning>("KeepRunning")
        .action::<AsyncActionTest>("AsyncActionTest")
        .action::<SimpleOutput>("SimpleOutput")
        .action::<CheckLevel>("CheckLevel")
        .action::<SaySomething>("SaySomething")
        .action::<SampleNode595>("SampleNode595")
        .action::<Plan>("Plan");
    for &(k, ty) in keys {
        r = match ty {
            "bool" => r.key::<bool>(k),
            "i64" => r.key::<i64>(k),
            "i32" => r.key::<i32>(k),
            "f64" => r.key::<f64>(k),
            "String" => r.key::<String>(k),
            _ => unreachable!(),
        };
    }
    for &(n, v) in enums {
        r = r.script_enum(n, v);
    }
    r
}

/// Ticks the compiled tree and the loaded one `ticks` times side by side, and compares them.
macro_rules! same_runs {
    ($tree:ident, $file:literal, keys [$($k:ident: $t:ident),*], enums [$($e:ident = $v:expr),*], watch [$($w:literal),*]) => {{
        bt_xml! {
            struct $tree for World = $file,
            keys($($k: $t),*),
            enums($($e = $v),*),
            nodes(AsyncActionTest = AsyncActionTest::default(), TestA = TestA, TestB = TestB, TestC = TestC, TestD = TestD, KeepRunning = KeepRunning)
        }
        let keys: &[(&'static str, &str)] = &[$((stringify!($k), stringify!($t))),*];
        let enums: &[(&str, i64)] = &[$((stringify!($e), $v)),*];
        let watch: &[&'static str] = &[$($w),*];
        let mut compiled = $tree::new();
        let mut loaded = registry(keys, enums).load($file).unwrap_or_else(|e| panic!("{}", e));
        assert_eq!(compiled.description().len(), loaded.description().len(), "{}", $file);
        for i in 0..compiled.description().len() {
            let (a, b) = (compiled.description().node(i).unwrap(), loaded.description().node(i).unwrap());
            assert_eq!((a.kind, a.args, a.depth, a.children), (b.kind, b.args, b.depth, b.children), "{} node {i}", $file);
            // Leaves are labelled by how they are built (`nodes(…)`); script leaves alike.
            if b.label.contains("code=") || b.label.starts_with("SetBlackboard") {
                assert_eq!(a.label, b.label, "{} node {i}", $file);
            }
        }
        let (mut wc, mut wl) = (World::default(), World::default());
        let (mut skips, mut halts, mut faults) = (0, 0, 0);
        for tick in 0..24 {
            inputs(&mut wc, tick, keys);
            inputs(&mut wl, tick, keys);
            let (mut ec, mut el) = (Events::default(), Events::default());
            let oc = compiled.tick_outcome_with(&mut wc, &mut ec);
            let ol = loaded.tick_outcome_with(&mut wl, &mut el);
            let snap = |w: &World| watch.iter().map(|k| entry(&w.bb, k)).collect::<Vec<_>>();
            let at = format!("{} tick {tick}", $file);
            assert_eq!(oc, ol, "{at}: outcome");
            assert_eq!(ec.0, el.0, "{at}: events");
            assert_eq!(wc.log, wl.log, "{at}: what the leaves did");
            assert_eq!(snap(&wc), snap(&wl), "{at}: entries");
            skips += ec.0.iter().filter(|e| e.ends_with("skipped")).count();
            halts += ec.0.iter().filter(|e| e.ends_with("halted")).count();
            wc.clock.advance(Duration::from_millis(300));
            wl.clock.advance(Duration::from_millis(300));
        }
        faults += wc.log.iter().filter(|l| l.starts_with("fault")).count();
        (wc.log.len(), skips, halts, faults)
    }};
}

#[test]
fn compiled_and_loaded_scripts_run_alike() {
    let mut logged = (0, 0, 0, 0);
    let mut add = |(l, s, h, f): (usize, usize, usize, usize)| {
        logged.0 += l;
        logged.1 += s;
        logged.2 += h;
        logged.3 += f;
    };
    add(same_runs!(T1, "tests/xml/scripts/skipping_sequence.xml", keys [], enums [], watch ["A"]));
    add(same_runs!(T2, "tests/xml/scripts/skip_all.xml", keys [A: i64], enums [], watch ["A"]));
    add(same_runs!(T3, "tests/xml/scripts/skip_subtree.xml", keys [], enums [], watch ["data"]));
    add(same_runs!(T4, "tests/xml/scripts/reactive_single_child.xml", keys [flag: bool], enums [], watch []));
    add(
        same_runs!(T5, "tests/xml/scripts/skipping_reactive_sequence.xml", keys [value_in: i64], enums [], watch ["value"]),
    );
    add(same_runs!(T6, "tests/xml/scripts/while_skip.xml", keys [doit_in: bool], enums [], watch ["doit"]));
    add(
        same_runs!(T7, "tests/xml/scripts/preconditions_integers.xml", keys [], enums [], watch ["A", "B", "C"]),
    );
    add(
        same_runs!(T8, "tests/xml/scripts/preconditions_doubles.xml", keys [], enums [], watch ["A", "B", "C"]),
    );
    add(
        same_runs!(T9, "tests/xml/scripts/preconditions_strings.xml", keys [], enums [], watch ["A", "B", "C"]),
    );
    add(
        same_runs!(T10, "tests/xml/scripts/checks_condition_once.xml", keys [A: i64, B: i64], enums [], watch []),
    );
    add(same_runs!(T11, "tests/xml/scripts/preconditions_basic.xml", keys [], enums [], watch ["A"]));
    add(same_runs!(T12, "tests/xml/scripts/issue533.xml", keys [], enums [], watch ["A"]));
    add(
        same_runs!(T13, "tests/xml/scripts/no_skip_when_running.xml", keys [check: bool], enums [], watch []),
    );
    add(same_runs!(T14, "tests/xml/scripts/remapping.xml", keys [], enums [], watch ["param", "value"]));
    add(same_runs!(T15, "tests/xml/scripts/while_calls_on_halt.xml", keys [A: i64], enums [], watch ["B"]));
    add(same_runs!(T16, "tests/xml/scripts/skipped_sequence.xml", keys [skip: bool], enums [], watch []));
    add(
        same_runs!(T17, "tests/xml/scripts/postconditions.xml", keys [], enums [], watch ["A", "B", "C", "D"]),
    );
    add(same_runs!(T18, "tests/xml/scripts/issue539.xml", keys [], enums [], watch ["x", "y"]));
    add(same_runs!(T19, "tests/xml/scripts/issue601.xml", keys [], enums [], watch ["test"]));
    add(
        same_runs!(T20, "tests/xml/scripts/enums.xml", keys [], enums [THE_ANSWER = 42, RED = 1, BLUE = 3, GREEN = 5], watch ["A", "color1", "color2", "color3"]),
    );
    add(
        same_runs!(T21, "tests/xml/scripts/issue523.xml", keys [], enums [BATT = 1, CONTROLLER = 2], watch ["deviceA", "deviceB", "battery_level", "isLowBattery"]),
    );
    add(same_runs!(T22, "tests/xml/scripts/issue595.xml", keys [], enums [], watch ["find_enemy"]));
    add(same_runs!(T23, "tests/xml/scripts/compare_negative.xml", keys [], enums [], watch ["A"]));
    add(same_runs!(T24, "tests/xml/scripts/newline.xml", keys [], enums [], watch ["A", "B"]));
    add(
        same_runs!(T25, "tests/xml/scripts/expressions.xml", keys [counter_in: i32], enums [], watch ["sum", "half", "bits", "greeting", "label", "real", "ok", "pick", "neg", "inv", "nope", "total", "counter"]),
    );
    add(
        same_runs!(T26, "tests/xml/scripts/set_blackboard.xml", keys [goal: f64], enums [], watch ["target", "speed", "mode"]),
    );
    add(
        same_runs!(T27, "tests/xml/scripts/mission.xml", keys [battery_in: f64, charges_in: i64], enums [], watch ["attempts", "mode", "battery", "docked", "charges", "aborted"]),
    );
    add(
        same_runs!(T28, "tests/xml/scripts/parallel_skips.xml", keys [flag_in: bool], enums [], watch ["n", "flag"]),
    );
    add(
        same_runs!(T29, "tests/xml/scripts/more_controls.xml", keys [mode_in: String], enums [], watch ["k", "mode"]),
    );
    // The runs did something: leaves ran, nodes were skipped and halted, scripts faulted.
    let (logs, skips, halts, faults) = logged;
    println!("{logged:?}");
    assert!(logs > 200 && skips > 50 && halts > 10 && faults > 5, "{logged:?}");
}
