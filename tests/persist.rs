//! Saving and restoring compiled trees (feature `serde`): every node kind of `bt!` saved after
//! every tick through JSON and postcard; the readable layout; the checks a restore makes (shape,
//! values, order) with their typed errors; timers restored at another time; `Clone` snapshots
//! and rollback. Random trees built at run time are in `persist_random.rs`, corrupted saves in
//! `persist_corrupt.rs`.
#![cfg(all(feature = "serde", feature = "std"))]

use std::time::Duration;

use Status::{Failure as F, Running as R, Success as S};
use bt::testing::{Context as Ctx, Event, Script, Scripted, ScriptedCondition};
use bt::*;

// -------------------------------------------------------------------------------------------------
// Every node kind, saved after every tick
// -------------------------------------------------------------------------------------------------

fn leaf(n: usize, script: &[Status]) -> Scripted {
    Scripted::new(n, Script::PerTick(script.to_vec()))
}

fn cond(n: usize, answers: &[bool]) -> ScriptedCondition {
    ScriptedCondition::new(n, answers.to_vec())
}

/// The activity of every node.
fn activity<N: PersistNode<Ctx>, D: Describe>(tree: &BehaviorTree<N, Ctx, D>, ctx: &Ctx) -> Vec<bool> {
    let mut running = Vec::new();
    tree.running_nodes(ctx, |_, r| running.push(r));
    running
}

/// Runs `build()`'s tree `ticks` times without interruption, then again saving it after every
/// tick through JSON and postcard into fresh trees that go on; the logs must be equal, and every
/// restore must bring back every node's activity and save the same bytes again.
fn restored_after_every_tick<N: PersistNode<Ctx>, D: Describe>(
    build: impl Fn() -> BehaviorTree<N, Ctx, D>,
    ticks: usize,
) {
    let log = |ctx: &Ctx| ctx.events().iter().map(|e| format!("{e}\n")).collect::<String>();
    let run = |restore: bool| {
        let mut tree = build();
        let mut ctx = Ctx::new();
        let mut monitor = ctx.monitor(tree.node_count());
        for tick in 0..ticks {
            ctx.begin_tick();
            let _ = tree.tick_with(&mut ctx, &mut monitor);
            if tick % 11 == 10 {
                ctx.record(Event::Halt);
                tree.halt_with(&mut ctx, &mut monitor);
            }
            ctx.clock.advance(Duration::from_millis(70));
            if restore {
                let before = activity(&tree, &ctx);
                let json = serde_json::to_vec(&tree.save(&ctx)).unwrap();
                let mut fresh = build();
                fresh.restore(&mut serde_json::Deserializer::from_slice(&json), &ctx).unwrap();
                assert_eq!(activity(&fresh, &ctx), before, "JSON, after tick {tick}");
                assert_eq!(serde_json::to_vec(&fresh.save(&ctx)).unwrap(), json, "after tick {tick}");
                let bytes = postcard::to_allocvec(&fresh.save(&ctx)).unwrap();
                let mut again = build();
                again.restore(&mut postcard::Deserializer::from_bytes(&bytes), &ctx).unwrap();
                assert_eq!(activity(&again, &ctx), before, "postcard, after tick {tick}");
                assert_eq!(postcard::to_allocvec(&again.save(&ctx)).unwrap(), bytes, "after tick {tick}");
                tree = again;
            }
        }
        tree.halt_with(&mut ctx, &mut monitor);
        assert!(ctx.violations().is_empty(), "{:?}", ctx.violations());
        log(&ctx)
    };
    assert_eq!(run(true), run(false));
}

#[test]
fn composites_resume_after_every_tick() {
    restored_after_every_tick(
        || {
            bt! { Ctx => repeat(parallel_all(max_failures = 2)<
                sequence<{ leaf(0, &[R, S]) }, { leaf(1, &[S, R, F]) }>,
                selector<{ leaf(2, &[F, R]) }, { leaf(3, &[R, R, S]) }>,
                reactive_sequence<{ cond(0, &[true, true, false]) }, { leaf(4, &[R, R, S]) }>,
                reactive_selector<{ cond(1, &[false, true]) }, { leaf(5, &[R]) }>,
                mem_sequence<{ leaf(6, &[S, F]) }, { leaf(7, &[R, S]) }>,
                mem_selector<{ leaf(8, &[F, R]) }, { leaf(9, &[R, F]) }>,
            >) }
        },
        60,
    );
    restored_after_every_tick(
        || {
            bt! { Ctx => repeat(sequence<
                parallel(2)<{ leaf(0, &[R, S]) }, { leaf(1, &[R, R, F]) }, { leaf(2, &[S, R]) }>,
                threshold_parallel(success = 2, failure = 2)<{ leaf(3, &[R, S]) }, { leaf(4, &[F, R]) }, { leaf(5, &[R, R, S]) }>,
                random(7)<{ leaf(6, &[R, F]) }, { leaf(7, &[F, S]) }, { leaf(8, &[R, S]) }>,
                pipeline_sequence<{ leaf(9, &[R, S]) }, { leaf(10, &[R, R, S]) }>,
                round_robin<{ leaf(11, &[F, R]) }, { leaf(12, &[R, F, S]) }>,
                async_sequence<{ leaf(13, &[S, R, S]) }, { leaf(14, &[S, R, S]) }, { leaf(15, &[S, F]) }>,
            >) }
        },
        60,
    );
    restored_after_every_tick(
        || {
            bt! { Ctx => repeat(sequence<
                if_then_else<{ leaf(0, &[R, S, F]) }, { leaf(1, &[R, S]) }, { leaf(2, &[R, F]) }>,
                while_do_else<{ leaf(3, &[S, R, F]) }, { leaf(4, &[R, R, S]) }, { leaf(5, &[R, F]) }>,
                recovery(2)<{ leaf(6, &[R, F]) }, { leaf(7, &[R, S]) }>,
                try_catch<{ leaf(11, &[S, R, F]) }, { leaf(12, &[R, S, F]) }, { leaf(13, &[R, S]) }>,
                switch(|c: &Ctx| (c.tick() % 3) as usize)<0 => { leaf(8, &[R, S]) }, 1 => { leaf(9, &[R, R, F]) }, _ => { leaf(10, &[S]) }>,
            >) }
        },
        60,
    );
}

#[test]
fn decorators_resume_after_every_tick() {
    restored_after_every_tick(
        || {
            bt! { Ctx => repeat(parallel_all<
                repeat(3)<{ leaf(0, &[R, S]) }>,
                retry(3)<{ leaf(1, &[R, F, F, S]) }>,
                until_success<{ leaf(2, &[F, F, R, S]) }>,
                until_failure<{ leaf(3, &[S, R, F]) }>,
                invert<{ leaf(4, &[R, S]) }>,
                force_success<{ leaf(5, &[R, F]) }>,
                force_failure<{ leaf(6, &[R, S]) }>,
                run_once<{ leaf(7, &[R, F]) }>,
                precondition({ cond(0, &[true, false]) })<{ leaf(8, &[R, S]) }>,
            >) }
        },
        60,
    );
    restored_after_every_tick(
        || {
            bt! { Ctx => repeat(parallel_all<
                timeout(200ms)<{ leaf(0, &[R, R, R, R, S]) }>,
                delay(150ms)<{ leaf(1, &[R, S]) }>,
                cooldown(300ms)<{ leaf(2, &[R, S, F]) }>,
                rate_controller(5.0)<{ leaf(3, &[S, R, F]) }>,
                service(100ms, { leaf(4, &[R, S]) })<{ leaf(5, &[R, R, S]) }>,
                sleep(250ms),
                repeat(2)<always_success>,
                invert(always_failure),
            >) }
        },
        60,
    );
    restored_after_every_tick(
        || {
            bt! { Ctx => repeat(selector<
                guard({ cond(0, &[false, true, true]) }, abort = lower_priority)<{ leaf(0, &[R, R, S]) }>,
                guard({ cond(1, &[true, true, false]) }, abort = both)<{ leaf(1, &[R, R, F]) }>,
                guard({ cond(2, &[true, false]) })<{ leaf(2, &[R, R, R, S]) }>,
                guard({ cond(3, &[true]) }, abort = none)<{ leaf(3, &[R, S]) }>,
            >) }
        },
        60,
    );
}

/// The decorators that run while their child is idle (between its activations or while they
/// wait), saved in that very state: restored, they are still running.
#[test]
fn a_decorator_running_over_an_idle_child_is_restored_running() {
    #[derive(Clone, Copy)]
    struct W {
        clock: ManualClock,
    }
    impl Clock for W {
        fn now(&self) -> Duration {
            self.clock.now()
        }
    }
    macro_rules! check {
        ($ticks:literal; $($tree:tt)*) => {{
            let build = || bt! { W => $($tree)* };
            let mut w = W { clock: ManualClock::new() };
            let mut tree = build();
            let mut status = Status::Failure;
            for _ in 0..$ticks {
                status = tree.tick(&mut w);
            }
            assert_eq!(status, Status::Running);
            let mut fresh = build();
            let json = serde_json::to_string(&tree.save(&w)).unwrap();
            fresh.restore(&mut serde_json::Deserializer::from_str(&json), &w).unwrap();
            assert!(fresh.is_running(), "{json}");
            let bytes = postcard::to_allocvec(&tree.save(&w)).unwrap();
            let mut fresh = build();
            fresh.restore(&mut postcard::Deserializer::from_bytes(&bytes), &w).unwrap();
            assert!(fresh.is_running());
            w.clock.advance(Duration::from_secs(1));
            assert_eq!(tree.tick(&mut w), fresh.tick(&mut w));
        }};
    }
    check!(1; precondition({ |_: &W| true })<until_success(always_failure)>);
    check!(1; until_failure(always_success));
    check!(1; repeat(always_success));
    check!(1; repeat(3)<always_success>);
    check!(1; retry(3)<always_failure>);
    // The first tick runs the child; the second waits for the period's end.
    check!(2; rate_controller(0.5)<always_success>);
    check!(1; delay(2s)<always_success>);
    check!(1; recovery(2)<always_failure, always_success>);
}

// -------------------------------------------------------------------------------------------------
// The layout
// -------------------------------------------------------------------------------------------------

struct World {
    clock: ManualClock,
    /// The input of the current frame.
    input: i32,
    log: Vec<String>,
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

fn world() -> World {
    World { clock: ManualClock::new(), input: 0, log: Vec::new() }
}

/// Whether there is an input.
#[derive(Clone, serde::Serialize, serde::Deserialize, bt::Persist)]
struct HasInput;
impl Condition<World> for HasInput {
    fn check(&mut self, w: &World) -> bool {
        w.input > 0
    }
}

/// Logs that it is done.
#[derive(Clone, serde::Serialize, serde::Deserialize, bt::Persist)]
struct Done;
impl Action<World> for Done {
    fn execute(&mut self, w: &mut World) -> Status {
        w.log.push("done".into());
        Status::Success
    }
}

bt! { struct Patrol for World {
    sequence<retry(3)<HasInput>, timeout(5s)<sleep(2s)>, Done>
} }

#[test]
fn a_save_is_keyed_by_path_and_readable() {
    let mut w = world();
    let mut tree = Patrol::new();
    w.input = 1;
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.clock.advance(Duration::from_millis(500));
    let value = serde_json::to_value(tree.save(&w)).unwrap();
    let expected = serde_json::json!({
        "format": 1,
        "tree": "Patrol",
        "fingerprint": format!("{:#018x}", tree.fingerprint()),
        "nodes": {
            "sequence": null,
            "sequence/0.retry": { "failed": 0 },
            "sequence/0.retry/0.HasInput": { "running": false, "state": null },
            "sequence/1.timeout": { "elapsed": { "secs": 0, "nanos": 500_000_000 } },
            "sequence/1.timeout/0.sleep": { "elapsed": { "secs": 0, "nanos": 500_000_000 } },
            "sequence/2.Done": { "running": false, "state": null },
        }
    });
    assert_eq!(value, expected);

    // A JSON value keeps its keys sorted; they are in the tree's order all the same.
    let mut fresh = Patrol::new();
    fresh.restore(value, &w).unwrap();
    assert!(fresh.is_running());
}

#[test]
fn keys_sort_in_tree_order_with_many_children() {
    let build = || {
        bt! { World => sequence<
            always_success, always_success, always_success, always_success, always_success, always_success,
            always_success, always_success, always_success, always_success, sleep(1s), always_success,
        > }
    };
    let mut w = world();
    let mut tree = build();
    for _ in 0..1 {
        assert_eq!(tree.tick(&mut w), Status::Running);
    }
    // Through a sorted map: "10" would sort before "2" without the padding.
    let value = serde_json::to_value(tree.save(&w)).unwrap();
    let keys: Vec<&String> = value["nodes"].as_object().unwrap().keys().collect();
    assert_eq!(keys[1], "sequence/00.always_success");
    assert_eq!(keys[11], "sequence/10.sleep");
    let mut fresh = build();
    fresh.restore(value, &w).unwrap();
    assert!(fresh.is_running());
}

// -------------------------------------------------------------------------------------------------
// What a restore refuses
// -------------------------------------------------------------------------------------------------

fn refused<N: PersistNode<World>, D: Describe>(
    tree: &mut BehaviorTree<N, World, D>,
    json: &str,
    w: &World,
) -> String {
    let err = tree.restore(&mut serde_json::Deserializer::from_str(json), w).unwrap_err();
    assert!(!tree.is_running(), "a refused save leaves the tree as it was");
    err.to_string()
}

#[test]
fn state_of_another_shape_is_refused_with_a_typed_error() {
    let mut w = world();
    let mut one_second = bt! { World => timeout(1s)<sleep(5s)> };
    assert_eq!(one_second.tick(&mut w), Status::Running);
    let json = serde_json::to_string(&one_second.save(&w)).unwrap();

    let mut two_seconds = bt! { World => timeout(2s)<sleep(5s)> };
    let err = two_seconds.restore(&mut serde_json::Deserializer::from_str(&json), &w).unwrap_err();
    let RestoreError::ShapeMismatch(m) = err else { panic!("{err}") };
    assert_eq!(m, ShapeMismatch { expected: two_seconds.fingerprint(), found: one_second.fingerprint() });
    assert!(m.to_string().contains("another shape"), "{m}");
    assert!(!two_seconds.is_running(), "a refused state leaves the tree as it was");

    // Another kind with the same entries: refused by the fingerprint, before any node is read.
    let seq = bt! { World => sequence<sleep(1s), sleep(2s)> };
    let mut sel = bt! { World => selector<sleep(1s), sleep(2s)> };
    let json = serde_json::to_string(&seq.save(&w)).unwrap();
    assert!(matches!(
        sel.restore(&mut serde_json::Deserializer::from_str(&json), &w),
        Err(RestoreError::ShapeMismatch(_))
    ));

    // The same source, built again: accepted.
    let mut again = bt! { World => timeout(1s)<sleep(5s)> };
    let json = serde_json::to_string(&one_second.save(&w)).unwrap();
    again.restore(&mut serde_json::Deserializer::from_str(&json), &w).unwrap();
    assert!(again.is_running());
}

#[test]
fn arguments_given_at_run_time_are_fingerprinted_by_value() {
    let build = |n: u32, d: u64| bt! { World => retry(n)<timeout(Duration::from_millis(d))<sleep(5s)>> };
    let mut w = world();
    let mut five = build(5, 100);
    assert_eq!(five.tick(&mut w), Status::Running);
    let json = serde_json::to_string(&five.save(&w)).unwrap();
    assert!(matches!(
        build(1, 100).restore(&mut serde_json::Deserializer::from_str(&json), &w),
        Err(RestoreError::ShapeMismatch(_))
    ));
    assert!(matches!(
        build(5, 200).restore(&mut serde_json::Deserializer::from_str(&json), &w),
        Err(RestoreError::ShapeMismatch(_))
    ));
    build(5, 100).restore(&mut serde_json::Deserializer::from_str(&json), &w).unwrap();
}

#[test]
fn impossible_values_are_refused_with_the_node_and_the_reason() {
    let mut w = world();
    let mut tree = Patrol::new();
    assert_eq!(tree.tick(&mut w), Status::Running); // retry: one failed attempt
    let json = serde_json::to_string(&tree.save(&w)).unwrap();
    assert!(json.contains(r#""sequence/0.retry":{"failed":1}"#), "{json}");

    // More failed attempts than `retry(3)` makes.
    let bad = json.replace(r#"{"failed":1}"#, r#"{"failed":7}"#);
    let err = Patrol::new().restore(&mut serde_json::Deserializer::from_str(&bad), &w).unwrap_err();
    let RestoreError::Invalid(i) = &err else { panic!("{err}") };
    assert_eq!((i.node, i.kind), (1, "retry"));
    assert_eq!(i.why, persist::Invalid::TooLarge { field: "failed", value: 7, max: 2 });
    assert!(err.to_string().contains("`failed` is 7, but this node can hold at most 2"), "{err}");

    // A timeout timing its child while the child is idle.
    let bad = json.replace(
        r#""sequence/1.timeout":{"elapsed":null}"#,
        r#""sequence/1.timeout":{"elapsed":{"secs":1,"nanos":0}}"#,
    );
    assert_ne!(bad, json);
    let msg = refused(&mut Patrol::new(), &bad, &w);
    assert!(msg.contains("node 3 (timeout)"), "{msg}");

    // Not a save of this layout at all: the format's error.
    let mut tree = Patrol::new();
    assert!(matches!(
        tree.restore(&mut serde_json::Deserializer::from_str(&json[..json.len() / 2]), &w),
        Err(RestoreError::Format(_))
    ));
    let reordered = json
        .replace(r#""sequence/0.retry":{"failed":1},"#, "")
        .replace(r#""sequence/2.Done""#, r#""sequence/0.retry":{"failed":1},"sequence/2.Done""#);
    let msg = refused(&mut Patrol::new(), &reordered, &w);
    assert!(msg.contains("the entry of node `sequence/0.retry` was expected"), "{msg}");
    let old_format = json.replace(r#""format":1"#, r#""format":0"#);
    assert!(refused(&mut Patrol::new(), &old_format, &w).contains("format 0"));
    let fingerprint_last =
        format!(r#"{{"format":1,"nodes":{{}},"fingerprint":"{:#018x}"}}"#, tree.fingerprint());
    assert!(refused(&mut Patrol::new(), &fingerprint_last, &w).contains("fingerprint must come before"));
}

// -------------------------------------------------------------------------------------------------
// Timers restored at another time
// -------------------------------------------------------------------------------------------------

#[test]
fn timers_resume_with_the_same_time_left_at_another_time() {
    let brain = || bt! { World => sequence<timeout(10s)<sleep(4s)>, cooldown(3s)<always_success>, cooldown(3s)<always_success>> };
    let mut w = world();
    let mut tree = brain();
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.clock.advance(Duration::from_secs(3));
    let json = serde_json::to_string(&tree.save(&w)).unwrap();

    // A day later: the sleep has 1 s left, the timeout 7 s.
    w.clock.advance(Duration::from_secs(86_400));
    let mut tree = brain();
    tree.restore(&mut serde_json::Deserializer::from_str(&json), &w).unwrap();
    w.clock.advance(Duration::from_millis(999));
    assert_eq!(tree.tick(&mut w), Status::Running);
    w.clock.advance(Duration::from_millis(1));
    // The sleep ends; the first cooldown runs its child, the second too.
    assert_eq!(tree.tick(&mut w), Status::Success);
}

// -------------------------------------------------------------------------------------------------
// Clone snapshots and rollback
// -------------------------------------------------------------------------------------------------

/// A small game agent: every frame it reads the input; the tree keeps timers, a random choice and
/// a memory sequence, so its state matters. The closure owns the tree: cloning it clones the tree.
fn agent() -> impl Clone + FnMut(&mut World) -> Status {
    let mut tree = bt! { World => repeat(reactive_sequence<
        { |w: &World| w.input >= 0 },
        mem_sequence<
            random(7)<
                { |w: &mut World| { w.log.push(format!("a{}", w.input)); Status::Success } },
                { |w: &mut World| { w.log.push(format!("b{}", w.input)); Status::Success } },
            >,
            sleep(250ms),
            timeout(1s)<{ |w: &mut World| { w.log.push("c".into()); if w.input % 2 == 0 { Status::Running } else { Status::Success } } }>,
        >,
    >) };
    move |w: &mut World| tree.tick(w)
}

fn frame(w: &mut World, input: i32, tree: &mut impl FnMut(&mut World) -> Status) -> Status {
    w.input = input;
    w.log.push(format!("{:?}", w.clock.now()));
    let status = tree(w);
    w.clock.advance(Duration::from_millis(100));
    status
}

#[test]
fn rollback_three_frames_and_resimulate_with_a_changed_input() {
    let inputs: Vec<i32> = (0..40).map(|i| (i * 7 % 5) - 1).collect();
    let mut corrected = inputs.clone();
    corrected[30] = 3; // the input of frame 30 arrives late, at frame 33

    // A run that had the corrected input all along.
    let mut w = world();
    let mut tree = agent();
    let all_along: Vec<Status> = corrected.iter().map(|&i| frame(&mut w, i, &mut tree)).collect();
    let all_along_log = w.log.clone();

    // The correction matters: without it the run differs.
    let mut w = world();
    let mut tree = agent();
    let _: Vec<Status> = inputs.iter().map(|&i| frame(&mut w, i, &mut tree)).collect();
    assert_ne!(w.log, all_along_log);

    // A run that snapshots the tree every frame, learns about frame 30 at frame 33, rolls back
    // three frames and re-simulates them.
    let mut w = world();
    let mut tree = agent();
    let mut snapshots = Vec::new();
    let mut statuses = Vec::new();
    for &input in &inputs[..33] {
        snapshots.push((tree.clone(), w.clock, w.log.len()));
        statuses.push(frame(&mut w, input, &mut tree));
    }
    let (snapshot, clock, log_len) = snapshots[30].clone();
    tree = snapshot;
    w.clock = clock;
    w.log.truncate(log_len);
    statuses.truncate(30);
    for &input in &corrected[30..] {
        statuses.push(frame(&mut w, input, &mut tree));
    }
    assert_eq!(statuses, all_along);
    assert_eq!(w.log, all_along_log);
}

// Short-form custom nodes (`bt::short`), saved with their fields and their activation's state

/// `Limit(n)<child>`: the child starts at most `n` activations.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
struct Limit {
    runs: u32,
    started: u32,
}
impl Limit {
    fn new(runs: u32) -> Self {
        Limit { runs, started: 0 }
    }
}
impl short::Short for Limit {
    type State = ();
    type Children = short::One;
}
impl<C: ?Sized> short::Decorator<C> for Limit {
    fn tick(&mut self, child: &mut impl short::Child<C>, _: &mut (), ctx: &mut C) -> Status {
        if !child.is_running() {
            if self.started >= self.runs {
                return Status::Failure;
            }
            self.started += 1;
        }
        child.tick(ctx)
    }
}

/// `AtLeast(n)<…>`: succeeds once `n` children have, counted in its state.
#[derive(Clone, Default, serde::Serialize, serde::Deserialize)]
struct AtLeast {
    n: usize,
}
impl AtLeast {
    fn new(n: usize) -> Self {
        AtLeast { n }
    }
}
impl short::Short for AtLeast {
    type State = usize;
    type Children = short::Many;
}
impl<C: ?Sized> short::Composite<C> for AtLeast {
    fn tick(&mut self, kids: &mut impl short::ChildList<C>, won: &mut usize, ctx: &mut C) -> Status {
        let mut i = kids.resume();
        while *won < self.n && *won + kids.len() - i >= self.n {
            match kids.tick(i, ctx) {
                Status::Running => return Status::Running,
                status => (*won, i) = (*won + usize::from(status == Status::Success), i + 1),
            }
        }
        if *won >= self.n { Status::Success } else { Status::Failure }
    }
}

#[test]
fn short_form_nodes_resume_after_every_tick() {
    restored_after_every_tick(
        || {
            bt! { Ctx => repeat(sequence<
                Limit(5)<{ leaf(0, &[R, S, F]) }>,
                AtLeast(2)<{ leaf(1, &[R, S]) }, { leaf(2, &[F, R, F]) }, { leaf(3, &[R, R, S]) }>,
                Limit(9)<AtLeast(1)<{ leaf(4, &[F, R]) }, { leaf(5, &[R, S]) }>>,
            >) }
        },
        80,
    );
}
