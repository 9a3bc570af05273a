//! `bt!` with every keyword of the node catalogue: each test writes the node the way the docs show,
//! ticks it and checks the statuses (the nodes' own semantics are tested in `conformance.rs`; here
//! the point is that the syntax builds the right node with the right arguments).

use core::time::Duration;

use bt::{Action, Clock, Condition, ManualClock, Status, bt};

#[derive(Default)]
struct World {
    clock: ManualClock,
    log: Vec<String>,
    flag: bool,
    n: u32,
    mode: Mode,
    target: Option<u32>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Mode {
    #[default]
    Dock,
    Explore,
    Idle,
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl World {
    fn advance(&mut self, dt: Duration) {
        self.clock.advance(dt);
    }
}

/// Logs its name, then returns its status.
struct Say(&'static str, Status);
impl Action<World> for Say {
    fn execute(&mut self, w: &mut World) -> Status {
        w.log.push(self.0.into());
        self.1
    }
}

/// Runs for `n` ticks, then succeeds.
struct Work(&'static str, u32, u32);
impl Work {
    fn new(name: &'static str, ticks: u32) -> Self {
        Work(name, ticks, 0)
    }
}
impl Action<World> for Work {
    fn enter(&mut self, _: &mut World) {
        self.2 = 0;
    }
    fn execute(&mut self, w: &mut World) -> Status {
        self.2 += 1;
        w.log.push(format!("{} {}", self.0, self.2));
        if self.2 >= self.1 { Status::Success } else { Status::Running }
    }
    fn exit(&mut self, w: &mut World, how: bt::Exit) {
        if how == bt::Exit::Halted {
            w.log.push(format!("{} halted", self.0));
        }
    }
}

#[derive(Clone, Copy)]
struct Flag;
impl Condition<World> for Flag {
    fn check(&mut self, w: &World) -> bool {
        w.flag
    }
}

const OK: Status = Status::Success;
const FAIL: Status = Status::Failure;

fn take(w: &mut World) -> Vec<String> {
    std::mem::take(&mut w.log)
}

#[test]
fn reactive_composites() {
    let mut w = World { flag: true, ..World::default() };
    let mut tree = bt! { reactive_sequence<Flag, Work::new("w", 3)> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.flag = false;
    assert_eq!(tree.tick(&mut w), Status::Failure, "the condition is re-checked every tick");
    assert_eq!(take(&mut w), ["w 1", "w halted"]);

    let mut tree = bt! { reactive_fallback<Flag, Work::new("w", 3)> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.flag = true;
    assert_eq!(tree.tick(&mut w), Status::Success, "the higher-priority child preempts");
    assert_eq!(take(&mut w), ["w 1", "w halted"]);
    let mut same = bt! { reactive_selector<Flag, Say("s", OK)> };
    assert_eq!(same.tick(&mut w), Status::Success);
}

#[test]
fn memory_composites() {
    let mut w = World::default();
    let mut tree = bt! { mem_sequence<Say("a", OK), { |w: &mut World| if w.flag { OK } else { FAIL } }> };
    assert_eq!(tree.tick(&mut w), Status::Failure);
    w.flag = true;
    assert_eq!(tree.tick(&mut w), Status::Success, "resumes at the child that failed");
    assert_eq!(take(&mut w), ["a"]);

    let mut tree = bt! { mem_selector<Say("a", FAIL), Say("b", OK)> };
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(tree.tick(&mut w), Status::Success, "keeps its position after a success");
    assert_eq!(take(&mut w), ["a", "b", "b"]);
}

#[test]
fn threshold_parallel_arguments() {
    let mut w = World::default();
    // Defaults: all must succeed, one failure fails.
    let mut all = bt! { threshold_parallel<Say("a", OK), Work::new("b", 2)> };
    assert_eq!(all.tick(&mut w), Status::Running);
    assert_eq!(all.tick(&mut w), Status::Success);
    let mut one_fails = bt! { threshold_parallel<Say("a", FAIL), Work::new("b", 2)> };
    assert_eq!(one_fails.tick(&mut w), Status::Failure);
    // Explicit thresholds, in any order.
    let mut tree = bt! { threshold_parallel(failure = 2, success = 1)<Say("a", FAIL), Work::new("b", 2), Say("c", FAIL)> };
    assert_eq!(tree.tick(&mut w), Status::Failure, "two failures");
    let mut tree = bt! { threshold_parallel(success = 1, failure = 3)<Say("a", FAIL), Work::new("b", 2), Say("c", FAIL)> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(tree.tick(&mut w), Status::Success);
}

#[test]
fn parallel_all_arguments() {
    let mut w = World::default();
    let mut tree = bt! { parallel_all<Say("a", FAIL), Work::new("b", 2)> };
    assert_eq!(tree.tick(&mut w), Status::Running, "waits for every child");
    assert_eq!(tree.tick(&mut w), Status::Failure, "max_failures defaults to 1");
    let mut tree = bt! { parallel_all(max_failures = 2)<Say("a", FAIL), Work::new("b", 2)> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(tree.tick(&mut w), Status::Success);
    let mut tree = bt! { parallel_all(2)<Say("a", FAIL), Say("b", FAIL)> };
    assert_eq!(tree.tick(&mut w), Status::Failure);
}

#[test]
fn random_with_seed() {
    let orders = |seed: u64| {
        let mut w = World::default();
        let mut tree =
            bt! { random(seed = seed)<Say("a", FAIL), Say("b", FAIL), Say("c", FAIL), Say("d", FAIL)> };
        for _ in 0..4 {
            assert_eq!(tree.tick(&mut w), Status::Failure);
        }
        w.log
    };
    assert_eq!(orders(7), orders(7), "deterministic for a seed");
    assert_eq!(orders(7).len(), 16);
    let mut w = World::default();
    let mut literal = bt! { random(42)<Say("a", OK), Say("b", OK)> };
    assert_eq!(literal.tick(&mut w), Status::Success);
    let mut default_seed = bt! { random<Say("a", OK)> };
    assert_eq!(default_seed.tick(&mut w), Status::Success);
}

#[test]
fn conditional_composites() {
    let mut w = World::default();
    let mut tree = bt! { if_then_else<Flag, Say("then", OK), Say("else", FAIL)> };
    assert_eq!(tree.tick(&mut w), Status::Failure);
    w.flag = true;
    assert_eq!(tree.tick(&mut w), Status::Success);
    let mut two = bt! { if_then_else<Flag, Say("then", OK)> };
    w.flag = false;
    assert_eq!(two.tick(&mut w), Status::Failure);
    assert_eq!(take(&mut w), ["else", "then"]);

    let mut tree = bt! { while_do_else<Flag, Work::new("do", 5), Work::new("else", 5)> };
    w.flag = true;
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.flag = false;
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(take(&mut w), ["do 1", "do halted", "else 1"]);
}

#[test]
fn retry_and_until() {
    let mut w = World::default();
    let mut tree = bt! { retry(3)<{ |w: &mut World| { w.n += 1; if w.n == 3 { OK } else { FAIL } } }> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(tree.tick(&mut w), Status::Success);
    let mut tree = bt! { retry(n = 2)<Say("x", FAIL)> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(tree.tick(&mut w), Status::Failure);

    let mut w = World::default();
    let mut tree = bt! { until_failure(Say("u", OK)) };
    assert_eq!(tree.tick(&mut w), Status::Running);
    let mut tree = bt! { until_success<{ |w: &mut World| { w.n += 1; if w.n > 1 { OK } else { FAIL } } }> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(tree.tick(&mut w), Status::Success);
}

#[test]
fn durations() {
    let mut w = World::default();
    // 1.5 s timeout: still running at 1.4 s, failed at 1.5 s.
    let mut tree = bt! { timeout(1.5s)<Work::new("w", 100)> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.advance(Duration::from_millis(1400));
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.advance(Duration::from_millis(100));
    assert_eq!(tree.tick(&mut w), Status::Failure);
    take(&mut w);

    // 200 ms delay.
    let mut tree = bt! { delay(200ms)<Say("go", OK)> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.advance(Duration::from_millis(199));
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.advance(Duration::from_millis(1));
    assert_eq!(tree.tick(&mut w), Status::Success);

    // 2 s cooldown, microseconds and nanoseconds, and an expression.
    let mut tree = bt! { cooldown(2s)<Say("c", OK)> };
    assert_eq!(tree.tick(&mut w), Status::Success);
    w.advance(Duration::from_millis(1999));
    assert_eq!(tree.tick(&mut w), Status::Failure);
    w.advance(Duration::from_millis(1));
    assert_eq!(tree.tick(&mut w), Status::Success);
    let mut us = bt! { delay(10us)<Say("us", OK)> };
    assert_eq!(us.tick(&mut w), Status::Running);
    w.advance(Duration::from_micros(10));
    assert_eq!(us.tick(&mut w), Status::Success);
    let mut ns = bt! { delay(5ns)<Say("ns", OK)> };
    assert_eq!(ns.tick(&mut w), Status::Running);
    w.advance(Duration::from_nanos(5));
    assert_eq!(ns.tick(&mut w), Status::Success);
    let limit = Duration::from_secs(3);
    let mut expr = bt! { timeout(limit * 2)<Work::new("e", 100)> };
    assert_eq!(expr.tick(&mut w), Status::Running);
    w.advance(Duration::from_secs(6));
    assert_eq!(expr.tick(&mut w), Status::Failure);
}

#[test]
fn run_once_and_guard() {
    let mut w = World::default();
    let mut tree = bt! { run_once(Say("once", OK)) };
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(take(&mut w), ["once"]);

    w.flag = true;
    let mut tree = bt! { guard(Flag)<Work::new("g", 3)> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.flag = false;
    assert_eq!(tree.tick(&mut w), Status::Failure);
    assert_eq!(take(&mut w), ["g 1", "g halted"]);
    let mut tree = bt! { guard({ |w: &World| w.n == 0 })<Say("ok", OK)> };
    assert_eq!(tree.tick(&mut w), Status::Success);
}

#[test]
fn switch_on_an_enum() {
    let mut w = World::default();
    let mut tree = bt! {
        switch(|w: &World| w.mode)<
            Mode::Dock => Say("dock", OK),
            Mode::Explore => Work::new("explore", 3),
            Mode::Idle => Say("idle", FAIL),
        >
    };
    assert_eq!(tree.tick(&mut w), Status::Success);
    w.mode = Mode::Explore;
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.mode = Mode::Idle;
    assert_eq!(tree.tick(&mut w), Status::Failure, "the running case is halted, then the new one runs");
    assert_eq!(take(&mut w), ["dock", "explore 1", "explore halted", "idle"]);
    let d = tree.description();
    let rows: Vec<_> = d.nodes().map(|n| (n.kind, n.depth)).collect();
    assert_eq!(rows, [("switch", 0), ("leaf", 1), ("leaf", 1), ("leaf", 1)]);
    assert_eq!(d.node(0).unwrap().args, "|w: &World| w.mode; Mode::Dock, Mode::Explore, Mode::Idle");
    assert_eq!(d.len(), tree.node_count());
    assert!(d.node(0).unwrap().is_composite());
    assert!(d.text().max_label(usize::MAX).to_string().starts_with(
        "⋔ switch(|w: &World| w.mode; Mode::Dock, Mode::Explore, Mode::Idle)\n├─ Say(\"dock\", OK)\n"
    ));
}

/// The selector of a switch can be any function of the context, not only a closure.
fn target(w: &World) -> Option<u32> {
    w.target
}

#[test]
fn switch_with_patterns_guards_and_a_default() {
    let mut w = World::default();
    let mut tree = bt! {
        World => switch(target)<
            None => Say("none", FAIL),
            Some(1 | 2) => Say("near", OK),
            Some(n) if n > 100 => Say("far", OK),
            _ => Say("other", OK),
        >
    };
    for t in [None, Some(2), Some(500), Some(7), Some(1)] {
        w.target = t;
        let _ = tree.tick(&mut w);
    }
    assert_eq!(take(&mut w), ["none", "near", "far", "other", "near"]);
    assert_eq!(tree.description().node(0).unwrap().args, "target; None, Some(1 | 2), Some(n) if n > 100, _");
    // One case (the default alone) and a selector built by an expression.
    let offset = 1;
    let mut tree = bt! { switch(move |w: &World| w.n + offset)<_ => Say("any", OK)> };
    assert_eq!(tree.tick(&mut w), Status::Success);
    // Switches nest, and `=>` inside a switch is not taken for `Ctx => …`.
    let mut tree = bt! {
        sequence<
            switch(|w: &World| w.flag)<true => Say("yes", OK), false => switch(|w: &World| w.n)<0 => Say("zero", OK), _ => Say("n", OK)>>,
            Say("after", OK),
        >
    };
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(take(&mut w), ["any", "zero", "after"]);
    let kinds: Vec<_> = tree.description().nodes().map(|n| n.kind).collect();
    assert_eq!(kinds, ["sequence", "switch", "leaf", "switch", "leaf", "leaf", "leaf"]);
}

bt! {
    /// A named tree choosing with `switch`: a type, so it can be a field.
    struct ByMode for World {
        sequence<
            switch(|w: &World| w.mode)<
                Mode::Dock => Say("dock", OK),
                Mode::Explore => Work::new("explore", 3),
                Mode::Idle => switch(target)<Some(n) if n > 100 => Say("far", OK), _ => Say("idle", FAIL)>,
            >,
            Say("after", OK),
        >
    }
}

/// A brain holding its tree by name.
struct Brain {
    tree: ByMode,
}

#[test]
fn switch_in_a_named_tree() {
    let mut w = World::default();
    let mut brain = Brain { tree: ByMode::new() };
    assert_eq!(brain.tree.tick(&mut w), Status::Success);
    w.mode = Mode::Explore;
    assert_eq!(brain.tree.tick(&mut w), Status::Running);
    w.mode = Mode::Idle;
    assert_eq!(brain.tree.tick(&mut w), Status::Failure, "the running case is halted, then the new one runs");
    w.target = Some(500);
    assert_eq!(brain.tree.tick(&mut w), Status::Success);
    assert_eq!(take(&mut w), ["dock", "after", "explore 1", "explore halted", "idle", "far", "after"]);
    let d = brain.tree.description();
    let kinds: Vec<_> = d.nodes().map(|n| n.kind).collect();
    assert_eq!(kinds, ["sequence", "switch", "leaf", "leaf", "switch", "leaf", "leaf", "leaf"]);
    assert_eq!(d.node(1).unwrap().args, "|w: &World| w.mode; Mode::Dock, Mode::Explore, Mode::Idle");
    // The same tree in the anonymous form ticks the same way.
    let mut anonymous = bt! {
        World => sequence<
            switch(|w: &World| w.mode)<
                Mode::Dock => Say("dock", OK),
                Mode::Explore => Work::new("explore", 3),
                Mode::Idle => switch(target)<Some(n) if n > 100 => Say("far", OK), _ => Say("idle", FAIL)>,
            >,
            Say("after", OK),
        >
    };
    let mut a = World::default();
    let mut b = World::default();
    let mut brain = Brain { tree: ByMode::new() };
    for (mode, t) in [
        (Mode::Explore, None),
        (Mode::Explore, None),
        (Mode::Dock, None),
        (Mode::Idle, Some(7)),
        (Mode::Explore, None),
        (Mode::Idle, Some(101)),
    ] {
        (a.mode, a.target, b.mode, b.target) = (mode, t, mode, t);
        assert_eq!(brain.tree.tick(&mut a), anonymous.tick(&mut b));
    }
    assert_eq!(a.log, b.log);
}

#[test]
fn service_runs_its_leaf_while_the_child_runs() {
    let mut w = World::default();
    let mut tree = bt! { service(250ms, { |w: &mut World| { w.n += 1; OK } })<Work::new("w", 4)> };
    for _ in 0..4 {
        let _ = tree.tick(&mut w);
        w.advance(Duration::from_millis(100));
    }
    // Ticks at 0, 100, 200, 300 ms: on entry, then at 300 ms.
    assert_eq!(w.n, 2);
    assert_eq!(take(&mut w), ["w 1", "w 2", "w 3", "w 4"]);
    let d = tree.description();
    // The service leaf is an argument, not a node.
    assert_eq!(tree.node_count(), 2);
    assert_eq!(
        (d.node(0).unwrap().kind, d.node(0).unwrap().args),
        ("service", "250ms, { |w: &mut World| { w.n += 1; OK } }")
    );
    assert!(d.node(0).unwrap().is_decorator());

    // An expression interval, an action and a condition as services, a duration given by name.
    let every = Duration::from_secs(1);
    let mut tree = bt! {
        sequence<
            service(every * 2, Say("s", OK))<Say("a", OK)>,
            service(interval = 0ns, Flag)<Say("b", OK)>,
        >
    };
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(take(&mut w), ["s", "a", "b"]);
}

#[test]
fn guard_abort_modes() {
    let mut w = World { flag: false, ..World::default() };
    let mut tree =
        bt! { selector<guard(Flag, abort = lower_priority)<Say("urgent", OK)>, Work::new("w", 10)> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.flag = true;
    assert_eq!(tree.tick(&mut w), Status::Success, "the guard takes over from the running later branch");
    assert_eq!(take(&mut w), ["w 1", "w 2", "w halted", "urgent"]);
    let args: Vec<_> = tree.description().nodes().map(|n| n.args).collect();
    assert_eq!(args, ["", "Flag, abort = lower_priority", "", ""]);

    let mut tree = bt! { mem_selector<guard(Flag, abort = both)<Work::new("g", 10)>, Work::new("w", 10)> };
    w.flag = false;
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.flag = true;
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.flag = false;
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(take(&mut w), ["w 1", "w halted", "g 1", "g halted", "w 1"]);

    let mut none = bt! { guard(Flag, abort = none)<Work::new("n", 2)> };
    w.flag = true;
    assert_eq!(none.tick(&mut w), Status::Running);
    w.flag = false;
    assert_eq!(none.tick(&mut w), Status::Success, "not re-checked while the child runs");
    let mut default_is_self = bt! { guard(Flag, abort = self)<Work::new("s", 2)> };
    w.flag = true;
    assert_eq!(default_is_self.tick(&mut w), Status::Running);
    w.flag = false;
    assert_eq!(default_is_self.tick(&mut w), Status::Failure);
}

#[cfg(feature = "alloc")]
#[test]
fn boxed_is_one_node() {
    let mut w = World::default();
    let mut tree = bt! { boxed<sequence<Say("a", OK), Say("b", OK)>> };
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(take(&mut w), ["a", "b"]);
    assert_eq!(tree.node_count(), 1);
}

/// `(kind, label, args)` of every node of a tree's description, in pre-order.
fn rows(d: &bt::TreeDescription) -> Vec<(&'static str, &'static str, &'static str)> {
    d.nodes().map(|n| (n.kind, n.label, n.args)).collect()
}

#[test]
fn pipeline_sequence_keyword() {
    let mut w = World::default();
    let mut tree = bt! { pipeline_sequence<Say("a", OK), Work::new("b", 2)> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(take(&mut w), ["a", "b 1", "a", "b 2"], "earlier children are ticked every tick");
    assert_eq!(
        rows(tree.description()),
        [
            ("pipeline_sequence", "pipeline_sequence", ""),
            ("leaf", "Say(\"a\", OK)", ""),
            ("leaf", "Work::new(\"b\", 2)", "")
        ]
    );
}

#[test]
fn round_robin_keyword() {
    let mut w = World::default();
    let mut tree = bt! { round_robin<Say("a", OK), Say("b", OK), Say("c", FAIL)> };
    for _ in 0..3 {
        assert_eq!(tree.tick(&mut w), Status::Success);
    }
    assert_eq!(take(&mut w), ["a", "b", "c", "a"]);
    assert_eq!(tree.description().node(0).map(|n| (n.kind, n.children)), Some(("round_robin", 3)));
}

#[test]
fn recovery_keyword() {
    let mut w = World::default();
    let mut tree = bt! {
        recovery(1)<{ |w: &mut World| { w.n += 1; if w.flag { OK } else { FAIL } } }, { |w: &mut World| { w.flag = true; OK } }>
    };
    assert_eq!(tree.tick(&mut w), Status::Running, "the action failed, the recovery succeeded");
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(w.n, 2);
    let d = tree.description();
    assert_eq!(d.node(0).map(|n| (n.kind, n.args, n.children)), Some(("recovery", "1", 2)));

    // `n` = 0 (no recovery), named, or computed.
    let mut none = bt! { recovery(0)<Say("a", FAIL), Say("r", OK)> };
    assert_eq!(none.tick(&mut w), Status::Failure);
    let mut named = bt! { recovery(retries = 2)<Say("a", FAIL), Say("r", OK)> };
    let retries = 1u32;
    let mut computed = bt! { recovery(retries)<Say("a", FAIL), Say("r", OK)> };
    assert_eq!(named.tick(&mut w), Status::Running);
    assert_eq!(named.tick(&mut w), Status::Running);
    assert_eq!(named.tick(&mut w), Status::Failure);
    assert_eq!(computed.tick(&mut w), Status::Running);
    assert_eq!(computed.tick(&mut w), Status::Failure);
    assert_eq!(take(&mut w), ["a", "a", "r", "a", "r", "a", "a", "r", "a"]);
}

#[test]
fn rate_controller_keyword() {
    let mut w = World::default();
    let mut tree = bt! { rate_controller(10)<Say("r", OK)> };
    assert_eq!(tree.tick(&mut w), Status::Success);
    w.advance(Duration::from_millis(99));
    assert_eq!(tree.tick(&mut w), Status::Running, "throttled: it waits");
    w.advance(Duration::from_millis(1));
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(take(&mut w), ["r", "r"]);
    assert_eq!(tree.description().node(0).map(|n| (n.kind, n.args)), Some(("rate_controller", "10")));
    assert_eq!(tree.root().period(), Duration::from_millis(100));

    let hz = 4.0;
    let mut tree = bt! { rate_controller(hz * 2.0)<Say("e", OK)> };
    assert_eq!(tree.root().period(), Duration::from_millis(125));
    let mut fractional = bt! { rate_controller(0.5)<Say("f", OK)> };
    assert_eq!(fractional.root().period(), Duration::from_secs(2));
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(fractional.tick(&mut w), Status::Success);
}

#[test]
fn keep_running_until_failure_is_until_failure() {
    let mut w = World::default();
    let mut tree = bt! { keep_running_until_failure(Say("k", OK)) };
    assert_eq!(tree.tick(&mut w), Status::Running);
    let mut tree =
        bt! { keep_running_until_failure<{ |w: &mut World| { w.n += 1; if w.n < 3 { OK } else { FAIL } } }> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(tree.tick(&mut w), Status::Running);
    assert_eq!(tree.tick(&mut w), Status::Failure);
    let d = tree.description();
    assert_eq!(d.node(0).map(|n| (n.kind, n.label)), Some(("until_failure", "keep_running_until_failure")));
    assert_eq!(d.node(0).map(|n| n.name().to_string()).as_deref(), Some("keep_running_until_failure"));
}

#[test]
fn sleep_keyword() {
    let mut w = World::default();
    let mut tree = bt! { sequence<sleep(500ms), Say("awake", OK)> };
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.advance(Duration::from_millis(499));
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.advance(Duration::from_millis(1));
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(take(&mut w), ["awake"]);
    let d = tree.description();
    assert_eq!(
        d.node(1).map(|n| (n.kind, n.label, n.args, n.children)),
        Some(("sleep", "sleep", "500ms", 0))
    );
    assert_eq!(d.node(1).map(|n| n.name().to_string()).as_deref(), Some("sleep(500ms)"));
    assert_eq!(d.path(1).to_string(), "sequence/sleep(500ms)");

    let mut zero = bt! { sleep(0ns) };
    assert_eq!(zero.tick(&mut w), Status::Success);
    let pause = Duration::from_secs(1);
    let mut expr = bt! { sleep(duration = pause) };
    assert_eq!(expr.tick(&mut w), Status::Running);
    w.advance(pause);
    assert_eq!(expr.tick(&mut w), Status::Success);
}

#[test]
fn always_success_keyword() {
    let mut w = World::default();
    let mut tree = bt! { sequence<always_success, Say("after", OK)> };
    assert_eq!(tree.tick(&mut w), Status::Success);
    let mut bare = bt! { always_success };
    assert_eq!(bare.tick(&mut w), Status::Success);
    let mut parens = bt! { always_success() };
    assert_eq!(parens.tick(&mut w), Status::Success);
    let d = tree.description();
    assert_eq!(rows(d)[1], ("always_success", "always_success", ""));
    assert_eq!(d.node(1).map(|n| n.name().to_string()).as_deref(), Some("always_success"));
    assert!(d.node(1).is_some_and(|n| n.is_leaf()));
    assert_eq!(tree.node_count(), 3);
}

#[test]
fn always_failure_keyword() {
    let mut w = World::default();
    let mut tree = bt! { selector<always_failure, Say("fallback", OK)> };
    assert_eq!(tree.tick(&mut w), Status::Success);
    assert_eq!(take(&mut w), ["fallback"]);
    let mut bare = bt! { World => always_failure };
    assert_eq!(bare.tick(&mut w), Status::Failure);
    assert_eq!(rows(tree.description())[1], ("always_failure", "always_failure", ""));
    assert_eq!(
        tree.description().text().to_string(),
        "? selector\n├─ always_failure\n└─ Say(\"fallback\", OK)\n"
    );
}

bt! {
    /// Every catalogue keyword in one named tree: its node type is spelled out by the macro.
    struct Everything for World {
        sequence<
            reactive_sequence<Flag, Say("rs", OK)>,
            reactive_selector<Say("rf", FAIL), Say("rf2", OK)>,
            mem_sequence<Say("ms", OK)>,
            mem_selector<Say("msel", OK)>,
            threshold_parallel(success = 1)<Say("tp", OK), Say("tp2", OK)>,
            parallel_all<Say("pa", OK)>,
            random(seed = 3)<Say("r", OK)>,
            if_then_else<Flag, Say("then", OK), Say("else", OK)>,
            while_do_else<Flag, Say("do", OK)>,
            retry(2)<Say("retry", OK)>,
            force_success<until_failure<invert(Say("uf", OK))>>,
            until_success<Say("us", OK)>,
            timeout(1s)<Say("t", OK)>,
            delay(0ns)<Say("d", OK)>,
            cooldown(1ms)<Say("c", OK)>,
            run_once(Say("once", OK)),
        >
    }

    struct Guarded for World {
        sequence<guard(Flag)<Say("g", OK)>, precondition(Flag)<Say("p", OK)>>
    }

    /// The nodes of Nav2 and BehaviorTree.CPP trees, with their types spelled out by the macro.
    struct Navigation for World {
        pipeline_sequence<
            rate_controller(2.5)<recovery(1)<Say("plan", FAIL), Say("clear", OK)>>,
            round_robin<Say("rr", OK), always_failure>,
            keep_running_until_failure(Say("k", FAIL)),
            recovery(retries = 0)<sleep(0ns), always_success>,
        >
    }

    /// Observer aborts and services in a named tree: the node types are spelled out.
    struct Watchful for World {
        selector<
            guard(Flag, abort = lower_priority)<Say("lp", FAIL)>,
            guard(Flag, abort = both)<Say("both", FAIL)>,
            guard(Flag, abort = none)<Say("none", FAIL)>,
            service(1s, Say("service", OK))<Work::new("w", 3)>,
        >
    }
}

#[cfg(feature = "alloc")]
bt! {
    struct WithBox for World {
        sequence<boxed(sequence<Say("b1", OK), Say("b2", OK)>), Say("after", OK)>
    }
}

#[test]
fn named_trees_with_every_keyword() {
    let mut w = World { flag: true, ..World::default() };
    let mut t = Everything::new();
    assert_eq!(t.tick(&mut w), Status::Success);
    assert_eq!(
        take(&mut w),
        [
            "rs", "rf", "rf2", "ms", "msel", "tp", "pa", "r", "then", "do", "retry", "uf", "us", "t", "d",
            "c", "once"
        ]
    );
    assert_eq!(t.description().len(), t.node_count());
    let mut g = Guarded::default();
    assert_eq!(g.tick(&mut w), Status::Success);
    assert_eq!(take(&mut w), ["g", "p"]);
    assert_eq!(g.description().len(), g.node_count());
    let kinds: Vec<_> = g.description().nodes().map(|n| n.kind).collect();
    assert_eq!(kinds, ["sequence", "guard", "leaf", "precondition", "leaf"]);
}

#[test]
fn named_tree_with_the_navigation_keywords() {
    let mut w = World::default();
    let mut t = Navigation::new();
    assert_eq!(t.tick(&mut w), Status::Running, "the plan failed and was recovered");
    assert_eq!(take(&mut w), ["plan", "clear"]);
    assert_eq!(t.tick(&mut w), Status::Failure, "the plan failed again, with no recovery left");
    assert_eq!(take(&mut w), ["plan"]);
    assert_eq!(t.description().len(), t.node_count());
    let kinds: Vec<_> = t.description().nodes().map(|n| n.kind).collect();
    assert_eq!(
        kinds,
        [
            "pipeline_sequence",
            "rate_controller",
            "recovery",
            "leaf",
            "leaf",
            "round_robin",
            "leaf",
            "always_failure",
            "until_failure",
            "leaf",
            "recovery",
            "sleep",
            "always_success",
        ]
    );
}

#[cfg(feature = "alloc")]
#[test]
fn named_tree_with_a_boxed_subtree() {
    let mut w = World::default();
    let mut t = WithBox::new();
    assert_eq!(t.tick(&mut w), Status::Success);
    assert_eq!(take(&mut w), ["b1", "b2", "after"]);
    let d = t.description();
    assert_eq!(d.len(), t.node_count());
    let rows: Vec<_> = d.nodes().map(|n| (n.kind, n.label, n.depth)).collect();
    assert_eq!(
        rows,
        [
            ("sequence", "sequence", 0),
            ("boxed", "sequence<Say(\"b1\", OK), Say(\"b2\", OK)>", 1),
            ("leaf", "Say(\"after\", OK)", 1)
        ]
    );
}

#[test]
fn named_tree_with_aborts_and_a_service() {
    let mut w = World { flag: true, ..World::default() };
    let mut t = Watchful::new();
    assert_eq!(t.tick(&mut w), Status::Running);
    assert_eq!(take(&mut w), ["lp", "both", "none", "service", "w 1"]);
    assert_eq!(t.tick(&mut w), Status::Running, "the guards' branches failed with the condition true");
    assert_eq!(take(&mut w), ["w 2"]);
    let d = t.description();
    assert_eq!(d.len(), t.node_count());
    let kinds: Vec<_> = d.nodes().map(|n| n.kind).collect();
    assert_eq!(kinds, ["selector", "guard", "leaf", "guard", "leaf", "guard", "leaf", "service", "leaf"]);
    assert_eq!(
        d.text().to_string(),
        "\
? selector
├─ ◇ guard(Flag, abort = lower_priority)
│  └─ Say(\"lp\", FAIL)
├─ ◇ guard(Flag, abort = both)
│  └─ Say(\"both\", FAIL)
├─ ◇ guard(Flag, abort = none)
│  └─ Say(\"none\", FAIL)
└─ ⊕ service(1s, Say(\"service\", OK))
   └─ Work::new(\"w\", 3)
"
    );
}
