//! Property tests: random trees (depth up to 6, every node kind) with random leaf scripts, ticked
//! 50 times with random interruptions, checking the halting semantics on every tick.
//!
//! Invariants, checked by the leaves themselves and by an [`Observer`] that sees every node (the
//! scripted leaves, conditions and monitor of the test kit, `bt::testing`, which checks one node
//! kind at a time the same way: `tests/kit.rs`):
//!
//! * no leaf and no node is ticked twice in one tick;
//! * `halt` reaches only running nodes: never an idle node, never a node that has just completed,
//!   never the same activation twice;
//! * every leaf exit matches one enter;
//! * when the root completes, and after `tree.halt()`, nothing is running: no leaf is active and
//!   every node the observer saw running has been halted or has completed since.
//!
//! The trees are built at run time: each node is boxed (`Box<dyn DynNode>`), so a composite of any
//! arity holds a tuple of boxed children. A small wrapper keeps each node's observer id unique
//! across boxes (a plain `boxed` subtree is opaque to observers; random `boxed` and `subtree` nodes
//! are generated too, and only their inner ids go unobserved).
//!
//! The default run is 256 cases (fast enough for `cargo test --workspace`). The full run:
//!
//! ```text
//! PROPTEST_CASES=10000 cargo test --release --test properties
//! ```
#![cfg(feature = "std")]

use std::time::Duration;

use bt::testing::{Context as Ctx, Monitor, Script, Scripted, ScriptedCondition};
use bt::*;
use proptest::prelude::*;
use random_tree::{Comp, Deco, KeywordLeaf, Spec, spec};

#[macro_use]
mod random_tree;

const TICKS: usize = 50;

// -------------------------------------------------------------------------------------------------
// Context, leaves and observer: the test kit's (`bt::testing`)
// -------------------------------------------------------------------------------------------------
//
// The leaves are `Scripted` leaves playing per-tick scripts (their `n`-th tick returns
// `script[n % len]`): they log their lifecycle into the `Context` and record a violation when one
// is ticked twice in a tick or halted while idle. The conditions of `precondition`/`guard` are
// `ScriptedCondition`s (answer `script[tick % len]`). The `Monitor` checks every id the parents
// report: ticked at most once per tick, halted only while running.

/// Translates the ids a boxed node reports (its own numbering from 0) into the tree's ids.
struct Remap<'a, O: ?Sized> {
    obs: &'a mut O,
    map: &'a [usize],
}

impl<O: Observer + ?Sized> Observer for Remap<'_, O> {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.obs.ticked(self.map[node], status)
    }
    fn halted(&mut self, node: NodeId) {
        self.obs.halted(self.map[node])
    }
}

/// A boxed node that passes the observer through: `map[0]` is the node's own id in the whole tree,
/// `map[i]` the id of its `i`-th child (every child is one `Dyn`, of size 1).
struct Dyn {
    map: Vec<usize>,
    inner: BoxedNode<'static, Ctx>,
}

impl Node<Ctx> for Dyn {
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, _id: NodeId) -> Status {
        let mut remap = Remap { obs, map: &self.map };
        self.inner.dyn_tick(ctx, &mut remap, 0)
    }

    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, _id: NodeId) {
        let mut remap = Remap { obs, map: &self.map };
        self.inner.dyn_halt(ctx, &mut remap, 0)
    }
}

// -------------------------------------------------------------------------------------------------
// Building a tree from a specification
// -------------------------------------------------------------------------------------------------

struct Built {
    nodes: usize,
    leaves: usize,
    conditions: usize,
}

impl Built {
    fn condition(&mut self, answers: &[bool]) -> ScriptedCondition {
        self.conditions += 1;
        ScriptedCondition::new(self.conditions - 1, answers.to_vec())
    }
}

fn build(spec: &Spec, ids: &mut Built) -> Dyn {
    let me = ids.nodes;
    ids.nodes += 1;
    match spec {
        Spec::Leaf(script) => {
            let leaf = ids.leaves;
            ids.leaves += 1;
            Dyn { map: vec![me], inner: boxed(Scripted::new(leaf, Script::PerTick(script.clone()))) }
        }
        Spec::KeywordLeaf(kind) => {
            let inner: BoxedNode<'static, Ctx> = match kind {
                KeywordLeaf::Sleep(d) => boxed(Sleep::new(Duration::from_millis(*d))),
                KeywordLeaf::AlwaysSuccess => boxed(AlwaysSuccess),
                KeywordLeaf::AlwaysFailure => boxed(AlwaysFailure),
            };
            Dyn { map: vec![me], inner }
        }
        Spec::Composite(kind, specs) => {
            let children: Vec<Dyn> = specs.iter().map(|s| build(s, ids)).collect();
            let n = children.len();
            let map = std::iter::once(me).chain(children.iter().map(|c| c.map[0])).collect();
            let inner: BoxedNode<'static, Ctx> = match kind {
                Comp::Sequence => any_arity!(children, boxed, |ch| Sequence::new(ch)),
                Comp::Selector => any_arity!(children, boxed, |ch| Selector::new(ch)),
                Comp::ReactiveSequence => any_arity!(children, boxed, |ch| ReactiveSequence::new(ch)),
                Comp::ReactiveSelector => any_arity!(children, boxed, |ch| ReactiveSelector::new(ch)),
                Comp::MemSequence => any_arity!(children, boxed, |ch| MemSequence::new(ch)),
                Comp::MemSelector => any_arity!(children, boxed, |ch| MemSelector::new(ch)),
                Comp::Parallel(k) => any_arity!(children, boxed, |ch| Parallel::new((*k).min(n), ch)),
                Comp::Threshold(s, f) => {
                    any_arity!(children, boxed, |ch| ThresholdParallel::new((*s).min(n), (*f).min(n), ch))
                }
                Comp::ParallelAll(k) => any_arity!(children, boxed, |ch| ParallelAll::new((*k).min(n), ch)),
                Comp::Random(seed) => any_arity!(children, boxed, |ch| Random::new(*seed, ch)),
                Comp::IfThenElse => two_or_three!(children, boxed, |ch| IfThenElse::new(ch)),
                Comp::WhileDoElse => two_or_three!(children, boxed, |ch| WhileDoElse::new(ch)),
                Comp::PipelineSequence => any_arity!(children, boxed, |ch| PipelineSequence::new(ch)),
                Comp::RoundRobin => any_arity!(children, boxed, |ch| RoundRobin::new(ch)),
                Comp::Recovery(k) => {
                    let mut it = children.into_iter();
                    let mut next = move || it.next().unwrap();
                    boxed(Recovery::new(*k, (next(), next())))
                }
                Comp::Switch(script) => {
                    let script = script.clone();
                    let selector = move |ctx: &Ctx| usize::from(script[ctx.tick() as usize % script.len()]);
                    let mapping = move |v: usize| (v % n) as u8;
                    any_arity!(children, boxed, |ch| Switch::new(selector, mapping, ch))
                }
            };
            Dyn { map, inner }
        }
        Spec::Decorator(kind, spec) => {
            let c = build(spec, ids);
            let map = vec![me, c.map[0]];
            let ms = Duration::from_millis;
            let inner: BoxedNode<'static, Ctx> = match kind {
                Deco::RepeatForever => boxed(Repeat::forever(c)),
                Deco::RepeatTimes(n) => boxed(Repeat::times(*n, c)),
                Deco::Invert => boxed(Invert::new(c)),
                Deco::ForceSuccess => boxed(ForceSuccess::new(c)),
                Deco::ForceFailure => boxed(ForceFailure::new(c)),
                Deco::Retry(n) => boxed(Retry::new(*n, c)),
                Deco::UntilFailure => boxed(UntilFailure::new(c)),
                Deco::UntilSuccess => boxed(UntilSuccess::new(c)),
                Deco::Timeout(d) => boxed(Timeout::new(ms(*d), c)),
                Deco::Delay(d) => boxed(Delay::new(ms(*d), c)),
                Deco::Cooldown(d) => boxed(Cooldown::new(ms(*d), c)),
                Deco::RunOnce => boxed(RunOnce::new(c)),
                Deco::Precondition(script) => boxed(Precondition::new(ids.condition(script), c)),
                Deco::Guard(script) => boxed(Guard::new(ids.condition(script), c)),
                Deco::GuardAbort(mode, script) => {
                    let cond = ids.condition(script);
                    match mode {
                        0 => boxed(Guard::with_abort(abort::Neither, cond, c)),
                        1 => boxed(Guard::with_abort(abort::SelfOnly, cond, c)),
                        2 => boxed(Guard::with_abort(abort::LowerPriority, cond, c)),
                        _ => boxed(Guard::with_abort(abort::Both, cond, c)),
                    }
                }
                Deco::Service(d, script) => {
                    // The service leaf has no id: it is checked by its probe only.
                    let leaf = ids.leaves;
                    ids.leaves += 1;
                    boxed(Service::new(ms(*d), Scripted::new(leaf, Script::PerTick(script.clone())), c))
                }
                // Opaque to observers: the ids inside are never reported.
                Deco::Boxed => boxed(boxed::<Ctx, _>(c)),
                Deco::Subtree => {
                    let b = bt::__private::Builder::<Ctx>::new();
                    boxed(b.leaf(BehaviorTree::<_, Ctx>::new(c)))
                }
                Deco::RateController(hz) => boxed(RateController::new(f64::from(*hz), c)),
            };
            Dyn { map, inner }
        }
    }
}

// -------------------------------------------------------------------------------------------------
// The run
// -------------------------------------------------------------------------------------------------

/// Ticks the tree `TICKS` times (halting it where `halts` says so), then halts it; returns the
/// first violated invariant.
fn run(spec: &Spec, dt_ms: u64, halts: &[bool]) -> Result<(), String> {
    let mut ids = Built { nodes: 0, leaves: 0, conditions: 0 };
    let root = build(spec, &mut ids);
    let mut tree: BehaviorTree<Dyn, Ctx> = BehaviorTree::new(root);
    let mut ctx = Ctx::new();
    // Sized for the whole tree: the `Dyn` wrappers report every node's id in the whole tree.
    let mut obs = ctx.monitor(ids.nodes);

    let first_violation = |ctx: &Ctx| ctx.violations().first().map(|v| v.to_string());
    let nothing_runs = |ctx: &Ctx, obs: &Monitor, when: &str| -> Result<(), String> {
        let leaves = ctx.running_leaves();
        if !leaves.is_empty() {
            return Err(format!("{when}: leaves {leaves:?} still active"));
        }
        let nodes = obs.running();
        if !nodes.is_empty() {
            return Err(format!("{when}: nodes {nodes:?} still running"));
        }
        Ok(())
    };

    for (tick, &halt_now) in halts.iter().enumerate().take(TICKS) {
        ctx.begin_tick();
        let status = tree.tick_with(&mut ctx, &mut obs);
        if let Some(v) = first_violation(&ctx) {
            return Err(v);
        }
        if tree.is_running() != (status == Status::Running) {
            return Err(format!("tick {tick}: is_running disagrees with {status:?}"));
        }
        if status.is_done() {
            nothing_runs(&ctx, &obs, &format!("tick {tick}: root returned {status:?}"))?;
        }
        if halt_now {
            tree.halt_with(&mut ctx, &mut obs);
            if let Some(v) = first_violation(&ctx) {
                return Err(v);
            }
            nothing_runs(&ctx, &obs, &format!("after tree.halt() in tick {tick}"))?;
        }
        ctx.clock.advance(Duration::from_millis(dt_ms));
    }

    tree.halt_with(&mut ctx, &mut obs);
    if let Some(v) = first_violation(&ctx) {
        return Err(v);
    }
    // No leaf is still active: every enter was matched by exactly one exit (a second exit would
    // be a halt of an idle leaf, a violation).
    nothing_runs(&ctx, &obs, "after the final tree.halt()")
}

proptest! {
    // Case count: proptest's default (256), or `PROPTEST_CASES`.
    #[test]
    fn halting_semantics_hold_on_random_trees(
        spec in spec(),
        dt_ms in 0..=150u64,
        halts in prop::collection::vec(prop::bool::weighted(0.08), TICKS),
    ) {
        if let Err(violation) = run(&spec, dt_ms, &halts) {
            prop_assert!(false, "{}", violation);
        }
    }
}

/// The generator reaches every node kind and deep trees (guards against a strategy that silently
/// stopped producing some of them).
#[test]
fn generator_covers_every_kind() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    fn walk(spec: &Spec, depth: usize, seen: &mut std::collections::BTreeSet<String>, max_depth: &mut usize) {
        *max_depth = (*max_depth).max(depth);
        match spec {
            Spec::Leaf(_) => {
                seen.insert("Leaf".into());
            }
            Spec::KeywordLeaf(k) => {
                seen.insert(format!("{k:?}").split('(').next().unwrap().to_string());
            }
            Spec::Composite(k, children) => {
                seen.insert(format!("{k:?}").split('(').next().unwrap().to_string());
                for c in children {
                    walk(c, depth + 1, seen, max_depth);
                }
            }
            Spec::Decorator(k, child) => {
                seen.insert(format!("{k:?}").split('(').next().unwrap().to_string());
                walk(child, depth + 1, seen, max_depth);
            }
        }
    }

    let mut runner = TestRunner::deterministic();
    let mut seen = std::collections::BTreeSet::new();
    let mut max_depth = 0;
    for _ in 0..300 {
        let spec = spec().new_tree(&mut runner).unwrap().current();
        walk(&spec, 1, &mut seen, &mut max_depth);
    }
    // 16 composites + 19 decorators + the scripted leaf + 3 leaf keywords.
    assert_eq!(seen.len(), 39, "{seen:?}");
    assert!(max_depth >= 7, "deepest tree: {max_depth} levels");
}
