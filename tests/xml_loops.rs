//! BehaviorTree.CPP's `LoopInt`, `LoopDouble`, `LoopString`, `LoopBool` and `UnsetBlackboard`,
//! compiled by `bt_xml!` and loaded by `bt::load`, tick by tick alike.
#![cfg(feature = "load")]

use std::collections::VecDeque;
use std::time::Duration;

use bt::blackboard::{Blackboard, Key};
use bt::ports::{HasBlackboard, Input, Ports};
use bt::{Action, Clock, Status, bt_xml};

#[derive(Default)]
struct World {
    bb: Blackboard,
    log: Vec<String>,
}

impl HasBlackboard for World {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
}

impl Clock for World {
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

/// Logs the `i32` it reads; fails on 3, runs one tick on 2.
#[derive(Ports, Default)]
struct Int {
    value: Input<i32>,
}

impl Action<World> for Int {
    fn execute(&mut self, w: &mut World) -> Status {
        let v = self.value.get(w).copied();
        w.log.push(format!("{v:?}"));
        match v {
            Some(3) => Status::Failure,
            Some(2) if w.log.iter().rev().nth(1).is_none_or(|l| l != "Some(2)") => Status::Running,
            _ => Status::Success,
        }
    }
}

/// Logs the `String` it reads and succeeds.
#[derive(Ports, Default)]
struct Text {
    value: Input<String>,
}

impl Action<World> for Text {
    fn execute(&mut self, w: &mut World) -> Status {
        let v = self.value.get(w).cloned();
        w.log.push(format!("{v:?}"));
        Status::Success
    }
}

fn registry() -> bt::load::Registry<World> {
    bt::load::Registry::<World>::new().with_blackboard().action::<Int>("Int").action::<Text>("Text")
}

/// The statuses of `ticks` ticks of the compiled and the loaded tree, from `setup`'s world, and
/// the logs (equal for both).
fn both(
    compiled: &mut dyn FnMut(&mut World) -> Status,
    file: &str,
    setup: fn(&mut World),
    ticks: usize,
) -> (Vec<Status>, Vec<String>) {
    let mut loaded = registry().key::<bool>("go").load(file).unwrap_or_else(|e| panic!("{e}"));
    let (mut a, mut b) = (World::default(), World::default());
    setup(&mut a);
    setup(&mut b);
    let sa: Vec<Status> = (0..ticks).map(|_| compiled(&mut a)).collect();
    let sb: Vec<Status> = (0..ticks).map(|_| loaded.tick(&mut b)).collect();
    assert_eq!(sa, sb, "compiled and loaded statuses");
    assert_eq!(a.log, b.log, "compiled and loaded logs");
    (sa, a.log)
}

const RUNNING: Status = Status::Running;
const SUCCESS: Status = Status::Success;
const FAILURE: Status = Status::Failure;

#[test]
fn a_literal_queue_pops_one_element_per_child_run_and_starts_over() {
    let mut t = bt_xml!("tests/xml/loops/static_int.xml", ctx = World);
    let (s, log) = both(&mut |w| t.tick(w), "tests/xml/loops/static_int.xml", |_| {}, 8);
    // One element per tick, then the empty queue's `SUCCESS`; the next run starts over.
    assert_eq!(s, [RUNNING, RUNNING, RUNNING, SUCCESS, RUNNING, RUNNING, RUNNING, SUCCESS]);
    assert_eq!(log, ["Some(1)", "Some(4)", "Some(5)", "Some(1)", "Some(4)", "Some(5)"]);
}

#[test]
fn an_entry_queue_is_popped_in_place_and_a_running_child_pops_nothing() {
    let mut t = bt_xml!("tests/xml/loops/running_child.xml", ctx = World);
    let setup = |w: &mut World| w.bb.set(Key::<VecDeque<i32>>::new("q"), VecDeque::from([1, 2, 4]));
    let (s, log) = both(&mut |w| t.tick(w), "tests/xml/loops/running_child.xml", setup, 6);
    // `2` runs over two ticks: the queue is not popped while the child runs.
    assert_eq!(s, [RUNNING, RUNNING, RUNNING, RUNNING, SUCCESS, SUCCESS]);
    assert_eq!(log, ["Some(1)", "Some(2)", "Some(2)", "Some(4)"]);
    // The entry was emptied: the queue is shared with the rest of the tree.
    let mut w = World::default();
    setup(&mut w);
    for _ in 0..5 {
        let _ = t.tick(&mut w);
    }
    assert_eq!(w.bb.get(Key::<VecDeque<i32>>::new("q"), Duration::ZERO), Some(&VecDeque::new()));
    // An absent entry is an empty queue.
    assert_eq!(t.tick(&mut World::default()), SUCCESS);
}

#[test]
fn a_failing_child_fails_the_loop_and_an_empty_queue_returns_if_empty() {
    let mut t = bt_xml!("tests/xml/loops/failure.xml", ctx = World);
    let (s, log) = both(&mut |w| t.tick(w), "tests/xml/loops/failure.xml", |_| {}, 3);
    assert_eq!(s, [RUNNING, FAILURE, RUNNING]);
    assert_eq!(log, ["Some(1)", "Some(3)", "Some(1)"]);
    let mut t = bt_xml!("tests/xml/loops/empty_failure.xml", ctx = World);
    let (s, log) = both(&mut |w| t.tick(w), "tests/xml/loops/empty_failure.xml", |_| {}, 1);
    // The child is never ticked.
    assert_eq!((s, log), (vec![FAILURE], vec![]));
}

#[test]
fn strings_and_unset_blackboard() {
    let mut t = bt_xml!("tests/xml/loops/strings.xml", ctx = World);
    let (s, log) = both(&mut |w| t.tick(w), "tests/xml/loops/strings.xml", |_| {}, 3);
    assert_eq!(s, [RUNNING, RUNNING, SUCCESS]);
    // After `UnsetBlackboard`, the entry reads as absent.
    assert_eq!(log, ["Some(\"hello\")", "Some(\"world\")", "None"]);
}

#[test]
fn a_halted_loop_starts_its_literal_queue_over() {
    let mut t = bt_xml!("tests/xml/loops/halted.xml", ctx = World, keys(go: bool));
    let setup = |w: &mut World| w.bb.set(Key::<bool>::new("go"), true);
    let (s, log) = both(&mut |w| t.tick(w), "tests/xml/loops/halted.xml", setup, 2);
    assert_eq!((s, log), (vec![RUNNING, RUNNING], vec!["Some(1)".to_string(), "Some(2)".into()]));
    let mut w = World::default();
    setup(&mut w);
    for _ in 0..2 {
        let _ = t.tick(&mut w);
    }
    // The condition turns false: the loop is halted with its child running.
    w.bb.set(Key::<bool>::new("go"), false);
    assert_eq!(t.tick(&mut w), FAILURE);
    w.bb.set(Key::<bool>::new("go"), true);
    w.log.clear();
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.log, ["Some(1)"]);
}

#[test]
fn a_queue_entry_has_one_type_and_the_attributes_are_checked() {
    let tree = |body: &str| {
        format!("<root BTCPP_format=\"4\"><BehaviorTree ID=\"Main\">{body}</BehaviorTree></root>")
    };
    let err = |body: &str| registry().load_str("t.xml", &tree(body)).map(|_| ()).unwrap_err().to_string();
    // `v` is the loop's `i32` and `Text`'s `String`.
    let e = err(r#"<LoopInt queue="1;2" value="{v}"><Text value="{v}"/></LoopInt>"#);
    assert!(e.contains("the blackboard entry `v`") && e.contains("an entry has one type"), "{e}");
    let e = err(r#"<LoopInt queue="1;2" value="v"><Int value="{v}"/></LoopInt>"#);
    assert!(e.contains("write `value=\"{v}\"`"), "{e}");
    let e = err(r#"<LoopInt queue="1" value="{v}" if_empty="SKIPPED"><Int value="{v}"/></LoopInt>"#);
    assert!(e.contains("`SUCCESS` or `FAILURE`"), "{e}");
    let e = err(r#"<LoopInt queue="1;x" value="{v}"><Int value="{v}"/></LoopInt>"#);
    assert!(e.contains("`x`"), "{e}");
    let e = err(r#"<LoopBool queue="true"/>"#);
    assert!(e.contains("takes one child"), "{e}");
    let e = err(r#"<UnsetBlackboard key="{k}"/>"#);
    assert!(e.contains("without braces"), "{e}");
    // Without a blackboard, the registry knows neither.
    let plain = bt::load::Registry::<World>::new();
    let e =
        plain.load_str("t.xml", &tree(r#"<UnsetBlackboard key="k"/>"#)).map(|_| ()).unwrap_err().to_string();
    assert!(e.contains("UnsetBlackboard"), "{e}");
}

/// `Int` keeps nothing between ticks: its ports are bindings, fixed when the tree is built.
#[cfg(feature = "serde")]
impl bt::Persist<World> for Int {
    type State = ();
    fn save(&self, _: &World) {}
    fn restore(&mut self, _: (), _: &World) {}
}

#[cfg(feature = "serde")]
#[test]
fn a_saved_loop_goes_on_from_the_element_it_had_reached() {
    let build = || bt_xml!("tests/xml/loops/static_int.xml", ctx = World);
    let (mut w, mut v) = (World::default(), World::default());
    let mut tree = build();
    for _ in 0..2 {
        let _ = tree.tick(&mut w);
    }
    // Saved after `1` and `4`: the restored loop pops `5` next, as the original does.
    let json = serde_json::to_string(&tree.save(&w)).unwrap();
    let mut fresh = build();
    fresh.restore(&mut serde_json::Deserializer::from_str(&json), &v).unwrap();
    w.log.clear();
    let original: Vec<Status> = (0..4).map(|_| tree.tick(&mut w)).collect();
    let restored: Vec<Status> = (0..4).map(|_| fresh.tick(&mut v)).collect();
    assert_eq!(original, [RUNNING, SUCCESS, RUNNING, RUNNING]);
    assert_eq!(restored, original);
    assert_eq!(v.log, ["Some(5)", "Some(1)", "Some(4)"]);
    assert_eq!(v.log, w.log);
}
