//! BehaviorTree.CPP's scripts compiled by `bt_xml!`: the cases of BehaviorTree.CPP 4.10's own tests
//! (`gtest_skipping.cpp`, `gtest_preconditions.cpp`, `gtest_postconditions.cpp`,
//! `script_parser_test.cpp`), on compiled trees, with the outcomes BehaviorTree.CPP gives.

use core::time::Duration;

use bt::blackboard::{Blackboard, Key};
use bt::ports::{HasBlackboard, Input, Output, Ports};
use bt::script::Fault;
use bt::{Action, Clock, Exit, ManualClock, Outcome, Status, bt_xml};

#[derive(Default)]
struct World {
    bb: Blackboard,
    counters: [u32; 4],
    halts: u32,
    log: Vec<String>,
    faults: Vec<String>,
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
        self.faults.push(format!("{script}: {fault}"));
    }
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl World {
    fn set<T: Send + Sync + 'static>(&mut self, key: &'static str, v: T) {
        self.bb.set(Key::<T>::new(key), v);
    }
    fn get<T: Clone + 'static>(&self, key: &'static str) -> Option<T> {
        self.bb.get(Key::<T>::new(key), Duration::ZERO).cloned()
    }
}

macro_rules! counting {
    ($($name:ident = $i:expr),*) => {$(
        /// Counts its ticks and succeeds.
        #[derive(Default)]
        struct $name;
        impl Action<World> for $name {
            fn execute(&mut self, w: &mut World) -> Status {
                w.counters[$i] += 1;
                Status::Success
            }
        }
    )*};
}

counting!(TestA = 0, TestB = 1, TestC = 2, TestD = 3);

/// Runs until halted (BehaviorTree.CPP's `KeepRunning` of the tests).
#[derive(Default)]
struct KeepRunning;
impl Action<World> for KeepRunning {
    fn execute(&mut self, _: &mut World) -> Status {
        Status::Running
    }
    fn exit(&mut self, w: &mut World, how: Exit) {
        if how == Exit::Halted {
            w.halts += 1;
        }
    }
}

/// Runs for one tick, then succeeds (the tests' asynchronous action).
#[derive(Default)]
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

/// Whether the battery is low, for a battery device.
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

/// Writes 0 to a `u8` entry.
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

bt_xml! { struct SkippingSequence for World = "tests/xml/scripts/skipping_sequence.xml" }
bt_xml! { struct SkipAll for World = "tests/xml/scripts/skip_all.xml", keys(A: i64) }
bt_xml! { struct SkipSubtree for World = "tests/xml/scripts/skip_subtree.xml" }
bt_xml! { struct ReactiveSingleChild for World = "tests/xml/scripts/reactive_single_child.xml", keys(flag: bool) }
bt_xml! {
    struct SkippingReactive for World = "tests/xml/scripts/skipping_reactive_sequence.xml",
    keys(value_in: i64),
    nodes(AsyncActionTest = AsyncActionTest::default())
}
bt_xml! { struct WhileSkip for World = "tests/xml/scripts/while_skip.xml", keys(doit_in: bool) }

#[test]
fn skipping_sequence() {
    let mut t = SkippingSequence::new();
    let mut w = World::default();
    assert_eq!(t.tick_outcome(&mut w), Outcome::Success);
    assert_eq!(w.counters, [0, 1, 0, 0]);
    assert_eq!(w.get::<i64>("A"), Some(1));
}

#[test]
fn skip_all() {
    let mut t = SkipAll::new();
    let mut w = World::default();
    w.set::<i64>("A", 1);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Skipped);
    assert_eq!(w.counters, [0, 0, 0, 0]);
    // A tree whose root is skipped reads as a success through `tick`.
    assert_eq!(t.tick(&mut w), Status::Success);
}

#[test]
fn skip_subtree() {
    let mut t = SkipSubtree::new();
    let mut w = World::default();
    assert_eq!(t.tick_outcome(&mut w), Outcome::Success);
    assert_eq!(w.counters, [1, 0, 0, 0]);
}

#[test]
fn reactive_single_child() {
    let mut t = ReactiveSingleChild::new();
    let mut w = World::default();
    w.set("flag", true);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Skipped);
    w.set("flag", false);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Success);
}

#[test]
fn skipping_reactive_sequence() {
    let mut a_ticks = 0;
    for (value, skipped) in [(50i64, false), (10, true)] {
        let mut t = SkippingReactive::new();
        let mut w = World::default();
        w.set("value_in", value);
        for _ in 0..3 {
            let mut status = Outcome::Running;
            while status == Outcome::Running {
                status = t.tick_outcome(&mut w);
                if !skipped {
                    a_ticks += 1;
                }
            }
            assert_eq!(status, Outcome::Success);
        }
        if skipped {
            assert_eq!(w.counters[0], 0);
        } else {
            assert_eq!(w.counters[0], a_ticks);
        }
    }
}

#[test]
fn while_skip() {
    for (doit, ticked) in [(true, 1), (false, 0)] {
        let mut t = WhileSkip::new();
        let mut w = World::default();
        w.set("doit_in", doit);
        assert_eq!(t.tick_outcome(&mut w), Outcome::Success);
        assert_eq!(w.counters[0], ticked);
    }
}

bt_xml! { struct PreInts for World = "tests/xml/scripts/preconditions_integers.xml" }
bt_xml! { struct PreDoubles for World = "tests/xml/scripts/preconditions_doubles.xml" }
bt_xml! { struct PreStrings for World = "tests/xml/scripts/preconditions_strings.xml" }
bt_xml! { struct ChecksOnce for World = "tests/xml/scripts/checks_condition_once.xml", keys(A: i64, B: i64) }
bt_xml! { struct PreBasic for World = "tests/xml/scripts/preconditions_basic.xml" }
bt_xml! { struct Issue533 for World = "tests/xml/scripts/issue533.xml" }
bt_xml! { struct NoSkipWhenRunning for World = "tests/xml/scripts/no_skip_when_running.xml", keys(check: bool) }
bt_xml! { struct Remapping for World = "tests/xml/scripts/remapping.xml" }
bt_xml! { struct WhileCallsOnHalt for World = "tests/xml/scripts/while_calls_on_halt.xml", keys(A: i64) }
bt_xml! { struct SkippedSequence for World = "tests/xml/scripts/skipped_sequence.xml", keys(skip: bool) }

#[test]
fn preconditions_decorator() {
    for (tree, name) in [(0, "integers"), (1, "doubles")] {
        let mut w = World::default();
        let outcome = if tree == 0 {
            PreInts::new().tick_outcome(&mut w)
        } else {
            PreDoubles::new().tick_outcome(&mut w)
        };
        assert_eq!(outcome, Outcome::Success, "{name}");
        assert_eq!(w.counters[..3], [1, 0, 1], "{name}");
    }
    let mut w = World::default();
    assert_eq!(PreStrings::new().tick_outcome(&mut w), Outcome::Success);
    assert_eq!(w.counters[..2], [0, 1]);
}

#[test]
fn precondition_checks_its_condition_once() {
    let mut t = ChecksOnce::new();
    let mut w = World::default();
    w.set::<i64>("A", 0);
    w.set::<i64>("B", 0);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Running);
    // While the child runs, the precondition is not checked again.
    w.set::<i64>("A", 1);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Running);
    // `_while` no longer holds: the child is halted and skipped; so is the sequence.
    w.set::<i64>("B", 1);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Skipped);
    assert_eq!(w.halts, 1);
}

#[test]
fn preconditions_basic() {
    let mut w = World::default();
    assert_eq!(PreBasic::new().tick_outcome(&mut w), Outcome::Success);
    assert_eq!(w.counters, [0, 1, 0, 1]);
}

#[test]
fn issue_533() {
    let mut t = Issue533::new();
    let mut w = World::default();
    w.set::<i64>("A", 3);
    let _ = t.tick(&mut w);
    assert_eq!(w.counters[..3], [0, 0, 1]);
    let _ = t.tick(&mut w);
    assert_eq!(w.counters[..3], [0, 1, 1]);
    let _ = t.tick(&mut w);
    assert_eq!(w.counters[..3], [1, 1, 1]);
}

#[test]
fn no_skip_when_running() {
    let mut t = NoSkipWhenRunning::new();
    let mut w = World::default();
    w.set("check", false);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Running);
    // The precondition is not checked while the node runs.
    w.set("check", true);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Running);
}

#[test]
fn remapping() {
    let mut w = World::default();
    assert_eq!(Remapping::new().tick_outcome(&mut w), Outcome::Success);
    assert_eq!(w.counters[..2], [1, 3]);
}

#[test]
fn while_calls_on_halted() {
    let mut t = WhileCallsOnHalt::new();
    let mut w = World::default();
    w.set::<i64>("A", 1);
    w.set::<i64>("B", 0);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Running);
    assert_eq!(w.get::<i64>("B"), Some(0));
    w.set::<i64>("A", 0);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Skipped);
    assert_eq!(w.get::<i64>("B"), Some(69));
    assert_eq!(w.halts, 1);
}

#[test]
fn skipped_sequence() {
    let mut t = SkippedSequence::new();
    let mut w = World::default();
    for (skip, outcome) in [
        (true, Outcome::Skipped),
        (false, Outcome::Success),
        (true, Outcome::Skipped),
        (false, Outcome::Success),
    ] {
        w.set("skip", skip);
        assert_eq!(t.tick_outcome(&mut w), outcome);
    }
}

bt_xml! { struct PostBasic for World = "tests/xml/scripts/postconditions.xml" }
bt_xml! { struct Issue539 for World = "tests/xml/scripts/issue539.xml" }
bt_xml! { struct Issue601 for World = "tests/xml/scripts/issue601.xml" }

#[test]
fn postconditions() {
    let mut w = World::default();
    assert_eq!(PostBasic::new().tick_outcome(&mut w), Outcome::Success);
    for k in ["B", "C", "D"] {
        assert_eq!(w.get::<i64>(k), Some(42), "{k}");
    }
}

#[test]
fn issue_539() {
    let mut t = Issue539::new();
    let mut w = World::default();
    // `retry` runs one attempt per tick.
    let status = t.tick_until_done(&mut w, |_| {});
    assert_eq!(status, Status::Failure);
    assert_eq!(w.get::<i64>("x"), Some(5));
    assert_eq!(w.get::<i64>("y"), Some(5));
}

#[test]
fn issue_601() {
    let mut t = Issue601::new();
    let mut w = World::default();
    let _ = t.tick_until_done(&mut w, |_| {});
    assert_eq!(w.get::<String>("test").as_deref(), Some("halted"));
}

/// Colours, as BehaviorTree.CPP's test registers them.
#[derive(Clone, Copy)]
enum Color {
    Red = 1,
    Blue = 3,
    Green = 5,
}

bt_xml! {
    struct Enums for World = "tests/xml/scripts/enums.xml",
    enums(THE_ANSWER = 42, RED = Color::Red as i64, BLUE = Color::Blue as i64, GREEN = Color::Green as i64)
}
bt_xml! {
    struct Issue523 for World = "tests/xml/scripts/issue523.xml",
    enums(BATT = 1, CONTROLLER = 2)
}
bt_xml! { struct Issue595 for World = "tests/xml/scripts/issue595.xml" }
bt_xml! { struct CompareNegative for World = "tests/xml/scripts/compare_negative.xml" }
bt_xml! { struct NewLine for World = "tests/xml/scripts/newline.xml" }

#[test]
fn enums() {
    let mut w = World::default();
    assert_eq!(Enums::new().tick_outcome(&mut w), Outcome::Success);
    assert_eq!(w.get::<i64>("A"), Some(42));
    assert_eq!(w.get::<i64>("color1"), Some(Color::Red as i64));
    assert_eq!(w.get::<i64>("color2"), Some(Color::Blue as i64));
    assert_eq!(w.get::<i64>("color3"), Some(Color::Green as i64));
}

#[test]
fn issue_523() {
    let mut w = World::default();
    assert_eq!(Issue523::new().tick_until_done(&mut w, |_| {}), Status::Success);
    assert_eq!(w.get::<i64>("deviceA"), Some(1));
    assert_eq!(w.get::<i64>("deviceB"), Some(2));
    assert_eq!(w.get::<bool>("isLowBattery"), Some(true));
    assert_eq!(w.log, ["SECOND low batteries!"]);
}

#[test]
fn issue_595() {
    let mut w = World::default();
    assert_eq!(Issue595::new().tick_outcome(&mut w), Outcome::Success);
    assert_eq!(w.counters[0], 0);
}

#[test]
fn compare_with_negative_number() {
    let mut w = World::default();
    assert_eq!(CompareNegative::new().tick_outcome(&mut w), Outcome::Failure);
}

#[test]
fn new_line() {
    let mut w = World::default();
    assert_eq!(NewLine::new().tick_outcome(&mut w), Outcome::Success);
    assert_eq!((w.get::<i64>("A"), w.get::<i64>("B")), (Some(5), Some(6)));
}

bt_xml! { struct Expressions for World = "tests/xml/scripts/expressions.xml", keys(counter_in: i32) }
bt_xml! { struct SetBlackboard for World = "tests/xml/scripts/set_blackboard.xml", keys(goal: f64) }

#[test]
fn expressions() {
    let mut t = Expressions::new();
    let mut w = World::default();
    w.set::<i32>("counter_in", 20);
    w.set::<i64>("total", 0);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Success, "{:?}", w.faults);
    // Arithmetic computes in `f64`, as in BehaviorTree.CPP: `sum` is a real.
    assert_eq!(w.get::<f64>("sum"), Some(8.0));
    assert_eq!(w.get::<f64>("half"), Some(2.5));
    assert_eq!(w.get::<f64>("bits"), Some(17.0));
    assert_eq!(w.get::<String>("greeting").as_deref(), Some("hello bt!"));
    assert_eq!(w.get::<String>("label").as_deref(), Some("n=7"));
    assert_eq!(w.get::<String>("real").as_deref(), Some("2.500000"));
    assert_eq!(w.get::<bool>("ok"), Some(true));
    assert_eq!(w.get::<String>("pick").as_deref(), Some("y"));
    assert_eq!(w.get::<f64>("neg"), Some(-6.0));
    assert_eq!(w.get::<f64>("inv"), Some(-1.0));
    assert_eq!(w.get::<bool>("nope"), Some(false));
    assert_eq!(w.get::<i64>("total"), Some(1));
    // `counter` has the type of what it copies: `counter_in`'s.
    assert_eq!(w.get::<i32>("counter"), Some(39));
}

#[test]
fn set_blackboard() {
    let mut t = SetBlackboard::new();
    let mut w = World::default();
    w.set::<f64>("goal", 4.0);
    assert_eq!(t.tick_outcome(&mut w), Outcome::Success, "{:?}", w.faults);
    assert_eq!(w.get::<f64>("target"), Some(4.0));
    assert_eq!(w.get::<String>("speed").as_deref(), Some("2.5"));
    assert_eq!(w.get::<String>("mode").as_deref(), Some("fast"));
}

#[test]
fn faults_fail_the_node_and_are_reported() {
    let mut t = SkipAll::new();
    let mut w = World::default();
    // `A` has no value: the first `_skipIf` cannot be evaluated; its node fails.
    assert_eq!(t.tick_outcome(&mut w), Outcome::Failure);
    assert_eq!(w.faults.len(), 1);
    assert!(
        w.faults[0].ends_with("skip_all.xml:4:23: _skipIf=\"A==1\": the entry `A` has no value"),
        "{:?}",
        w.faults
    );
}

#[test]
fn descriptions_show_the_scripts() {
    let t = SkippingSequence::new();
    let d = t.description();
    assert_eq!(d.len(), 4, "the conditions are not a node of their own");
    assert_eq!(d.node(1).unwrap().label, "Script code=\"A:=1\"");
    assert_eq!(d.node(2).unwrap().label, "TestA");
    let p = PreInts::new();
    let info = p.description().node(2).unwrap();
    assert_eq!((info.kind, info.args), ("precondition", "if=\"A==B\""));
    let info = p.description().node(4).unwrap();
    assert_eq!(info.args, "if=\"A==C\", otherwise = success");
}
