//! A running tree saved and restored exactly (feature `serde`): random trees (every node kind,
//! timers, `random`, memory composites, running actions) are ticked `k` times, saved, serialized
//! to bytes (JSON), restored into a freshly built tree and ticked `m` more times; the log of that
//! run (every leaf's lifecycle and status, every condition, every status and halt the parents
//! report, with the clock) must equal the log of a run that was never interrupted, byte for byte.
//!
//! The random trees are those of `properties.rs` (`random_tree`). Each node is boxed to give trees
//! of any shape one type; the box (`Dyn`) saves its node's state and active state (which is in
//! the box with it) as a JSON value, so that the whole tree's state is a nested value serialized
//! once, as a tree of static type would be.
//!
//! Also here: the shape check, `Clone` snapshots with rollback, and timers restored at another
//! time.
#![cfg(all(feature = "serde", feature = "std"))]

use std::time::Duration;

use bt::testing::{Context as Ctx, Event, Script, Scripted, ScriptedCondition};
use bt::*;
use proptest::prelude::*;
use random_tree::{Comp, Deco, KeywordLeaf, Spec, spec};

#[macro_use]
mod random_tree;

// -------------------------------------------------------------------------------------------------
// A box that keeps the state: any node of the random trees, saved as a JSON value
// -------------------------------------------------------------------------------------------------

/// Every node that can be saved, behind one pointer.
trait SaveDyn: DynNode<Ctx> {
    fn save_value(&self, ctx: &Ctx) -> serde_json::Value;
    fn restore_value(&mut self, value: serde_json::Value, ctx: &Ctx);
}

/// A node and its active state, boxed together (a box cannot leave the state to its parent):
/// both are saved.
struct Saving<N: Activation> {
    node: N,
    active: N::Active,
}

impl<N: Node<Ctx>> DynNode<Ctx> for Saving<N> {
    fn dyn_tick(&mut self, ctx: &mut Ctx, obs: &mut dyn Observer, id: NodeId) -> Status {
        self.node.tick_with(&mut self.active, ctx, obs, id)
    }
    fn dyn_halt(&mut self, ctx: &mut Ctx, obs: &mut dyn Observer, id: NodeId) {
        self.node.halt_with(&mut self.active, ctx, obs, id)
    }
    fn dyn_size(&self) -> usize {
        N::SIZE
    }
    fn dyn_reset(&mut self) {
        self.active = Default::default();
        self.node.reset()
    }
    fn dyn_reset_status(&mut self) {
        self.node.reset_status()
    }
}

impl<N: Node<Ctx> + Persist<Ctx>> SaveDyn for Saving<N>
where
    N::Active: PersistActive<Ctx>,
{
    fn save_value(&self, ctx: &Ctx) -> serde_json::Value {
        serde_json::to_value((self.node.save(ctx), self.active.save_active(ctx))).unwrap()
    }
    fn restore_value(&mut self, value: serde_json::Value, ctx: &Ctx) {
        let (node, active) = serde_json::from_value(value).unwrap();
        self.node.restore(node, ctx);
        self.active = N::Active::restore_active(active, ctx);
    }
}

type Erased = Box<dyn SaveDyn>;

fn erase<N: Node<Ctx> + Persist<Ctx> + 'static>(node: N) -> Erased
where
    N::Active: PersistActive<Ctx> + 'static,
{
    Box::new(Saving { node, active: N::Active::default() })
}

/// A boxed node that logs its own status and halts into the context (each box knows its id in
/// the whole tree, `map[0]`; `map[i]` is the id of its `i`-th child), and saves its node. Its own
/// active state, which its parent holds, is whether it runs; the boxed node's is in the box.
struct Dyn {
    map: Vec<usize>,
    inner: Erased,
}

impl Activation for Dyn {
    type Active = bool;
    fn is_running(running: &bool) -> bool {
        *running
    }
}

impl Node<Ctx> for Dyn {
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        running: &mut bool,
        ctx: &mut Ctx,
        _obs: &mut O,
        _id: NodeId,
    ) -> Status {
        let status = self.inner.dyn_tick(ctx, &mut NoObserver, 0);
        *running = status == Status::Running;
        ctx.record(Event::Ticked { node: self.map[0], status });
        status
    }

    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        running: &mut bool,
        ctx: &mut Ctx,
        _obs: &mut O,
        _id: NodeId,
    ) {
        *running = false;
        self.inner.dyn_halt(ctx, &mut NoObserver, 0);
        ctx.record(Event::Halted { node: self.map[0] });
    }
}

impl Persist<Ctx> for Dyn {
    type State = serde_json::Value;
    fn save(&self, ctx: &Ctx) -> serde_json::Value {
        self.inner.save_value(ctx)
    }
    fn restore(&mut self, state: serde_json::Value, ctx: &Ctx) {
        self.inner.restore_value(state, ctx)
    }
}

// -------------------------------------------------------------------------------------------------

// A box in a box (the library's `boxed` erases the state's type: not saveable).
build_fn!(erase, Erased, Subtree);

// -------------------------------------------------------------------------------------------------
// Exact resumption
// -------------------------------------------------------------------------------------------------

fn fresh(spec: &Spec) -> (BehaviorTree<Dyn, Ctx>, usize) {
    let mut ids = Built { nodes: 0, leaves: 0, conditions: 0 };
    let root = build(spec, &mut ids);
    (BehaviorTree::new(root), ids.nodes)
}

/// Ticks `tree` `ticks` times from tick `from` (halting where `halts` says), advancing the clock
/// by `dt_ms` after each tick.
fn ticks(
    tree: &mut BehaviorTree<Dyn, Ctx>,
    ctx: &mut Ctx,
    from: usize,
    ticks: usize,
    dt_ms: u64,
    halts: &[bool],
) {
    for &halt in &halts[from..from + ticks] {
        ctx.begin_tick();
        let _ = tree.tick(ctx);
        if halt {
            ctx.record(Event::Halt);
            tree.halt(ctx);
        }
        ctx.clock.advance(Duration::from_millis(dt_ms));
    }
}

/// The log of a run, one event per line.
fn log(ctx: &Ctx) -> String {
    ctx.events().iter().map(|e| format!("{e}\n")).collect()
}

/// Runs `k + m` ticks without interruption, then `k` ticks, a save to bytes, a restore into a
/// fresh tree and `m` ticks; returns an error if the logs differ or a contract was broken.
fn resume(spec: &Spec, dt_ms: u64, k: usize, m: usize, halts: &[bool]) -> Result<(), String> {
    let (mut tree, _) = fresh(spec);
    let mut ctx = Ctx::new();
    ticks(&mut tree, &mut ctx, 0, k + m, dt_ms, halts);
    tree.halt(&mut ctx);
    let uninterrupted = log(&ctx);

    let (mut tree, _) = fresh(spec);
    let mut ctx = Ctx::new();
    ticks(&mut tree, &mut ctx, 0, k, dt_ms, halts);
    let bytes = serde_json::to_vec(&tree.save(&ctx)).map_err(|e| e.to_string())?;
    drop(tree);
    let (mut tree, _) = fresh(spec);
    let saved = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
    tree.restore(saved, &ctx).map_err(|e| e.to_string())?;
    ticks(&mut tree, &mut ctx, k, m, dt_ms, halts);
    tree.halt(&mut ctx);
    let resumed = log(&ctx);

    if let Some(v) = ctx.violations().first() {
        return Err(format!("after the restore: {v}"));
    }
    if resumed != uninterrupted {
        let line = resumed.lines().zip(uninterrupted.lines()).position(|(a, b)| a != b);
        return Err(format!(
            "the logs differ (first at line {line:?}; saved after tick {k}):\n--- uninterrupted\n{uninterrupted}\n--- resumed\n{resumed}"
        ));
    }
    Ok(())
}

const TICKS: usize = 60;

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(2000),
        ..ProptestConfig::default()
    })]

    /// At least 2000 random trees (more with `PROPTEST_CASES`), saved at a random tick.
    #[test]
    fn a_restored_tree_continues_exactly(
        spec in spec(),
        dt_ms in 0..=150u64,
        k in 0..TICKS,
        halts in prop::collection::vec(prop::bool::weighted(0.05), TICKS),
    ) {
        if let Err(difference) = resume(&spec, dt_ms, k, TICKS - k, &halts) {
            prop_assert!(false, "{}", difference);
        }
    }
}

// -------------------------------------------------------------------------------------------------
// The shape check
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

#[test]
fn state_of_another_shape_is_refused_with_a_typed_error() {
    let mut w = world();
    let mut one_second = bt! { World => timeout(1s)<sleep(5s)> };
    assert_eq!(one_second.tick(&mut w), Status::Running);
    let bytes = serde_json::to_vec(&one_second.save(&w)).unwrap();

    // Same node types, so the bytes parse; another argument, so the fingerprint differs.
    let mut two_seconds = bt! { World => timeout(2s)<sleep(5s)> };
    let err = two_seconds.restore(serde_json::from_slice(&bytes).unwrap(), &w).unwrap_err();
    assert_eq!(err, ShapeMismatch { expected: two_seconds.fingerprint(), found: one_second.fingerprint() });
    assert!(err.to_string().contains("another shape"), "{err}");
    assert!(!two_seconds.is_running(), "a refused state leaves the tree as it was");

    // Another kind whose state has the same type (the running child's, tagged with its index): refused too.
    let seq = bt! { World => sequence<sleep(1s), sleep(2s)> };
    let mut sel = bt! { World => selector<sleep(1s), sleep(2s)> };
    let bytes = serde_json::to_vec(&seq.save(&w)).unwrap();
    assert!(sel.restore(serde_json::from_slice(&bytes).unwrap(), &w).is_err());

    // The same source, built again: accepted.
    let mut again = bt! { World => timeout(1s)<sleep(5s)> };
    let bytes = serde_json::to_vec(&one_second.save(&w)).unwrap();
    again.restore(serde_json::from_slice(&bytes).unwrap(), &w).unwrap();
    assert!(again.is_running());
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
    tree.restore(serde_json::from_str(&json).unwrap(), &w).unwrap();
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
