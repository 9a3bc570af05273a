//! Property tests: random trees (depth up to 6, every node kind) with random leaf scripts, ticked
//! 50 times with random interruptions, checking the halting semantics on every tick.
//!
//! Invariants, checked by the leaves themselves and by an [`Observer`] that sees every node:
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
#![cfg(feature = "alloc")]

use std::time::Duration;

use bt::*;
use proptest::prelude::*;

const TICKS: usize = 50;

// -------------------------------------------------------------------------------------------------
// Context and leaves
// -------------------------------------------------------------------------------------------------

/// What a leaf knows about itself, kept in the context so the test can inspect every leaf.
#[derive(Clone, Debug, Default)]
struct LeafState {
    active: bool,
    last_tick: Option<usize>,
    enters: u32,
    exits: u32,
}

struct Ctx {
    tick: usize,
    clock: ManualClock,
    leaves: Vec<LeafState>,
    violations: Vec<String>,
}

impl Clock for Ctx {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Ctx {
    fn active_leaves(&self) -> Vec<usize> {
        self.leaves.iter().enumerate().filter(|(_, l)| l.active).map(|(i, _)| i).collect()
    }
}

/// A leaf with a lifecycle that checks how it is driven: its `n`-th tick returns `script[n % len]`.
struct Probe {
    leaf: usize,
    script: Vec<Status>,
    calls: usize,
}

impl Node<Ctx> for Probe {
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, _obs: &mut O, _id: NodeId) -> Status {
        let tick = ctx.tick;
        let state = &mut ctx.leaves[self.leaf];
        if state.last_tick == Some(tick) {
            ctx.violations.push(format!("leaf {} ticked twice in tick {tick}", self.leaf));
            return Status::Failure;
        }
        state.last_tick = Some(tick);
        if !state.active {
            state.active = true;
            state.enters += 1;
        }
        let status = self.script[self.calls % self.script.len()];
        self.calls += 1;
        if status.is_done() {
            state.active = false;
            state.exits += 1;
        }
        status
    }

    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, _obs: &mut O, _id: NodeId) {
        let state = &mut ctx.leaves[self.leaf];
        if !state.active {
            ctx.violations.push(format!("leaf {} halted while idle (tick {})", self.leaf, ctx.tick));
            return;
        }
        state.active = false;
        state.exits += 1;
    }
}

/// A condition for `precondition`/`guard`: answers `script[tick % len]`.
struct Scripted(Vec<bool>);

impl Condition<Ctx> for Scripted {
    fn check(&mut self, ctx: &Ctx) -> bool {
        self.0[ctx.tick % self.0.len()]
    }
}

// -------------------------------------------------------------------------------------------------
// Observer: ids ticked at most once per tick, halts only of running nodes
// -------------------------------------------------------------------------------------------------

struct Check {
    tick: usize,
    last_tick: Vec<Option<usize>>,
    running: Vec<bool>,
    violations: Vec<String>,
}

impl Check {
    fn new(nodes: usize) -> Self {
        Check { tick: 0, last_tick: vec![None; nodes], running: vec![false; nodes], violations: Vec::new() }
    }

    fn running_nodes(&self) -> Vec<usize> {
        self.running.iter().enumerate().filter(|(_, r)| **r).map(|(i, _)| i).collect()
    }
}

impl Observer for Check {
    fn ticked(&mut self, node: NodeId, status: Status) {
        if self.last_tick[node] == Some(self.tick) {
            self.violations.push(format!("node {node} ticked twice in tick {}", self.tick));
        }
        self.last_tick[node] = Some(self.tick);
        self.running[node] = status == Status::Running;
    }

    fn halted(&mut self, node: NodeId) {
        if !self.running[node] {
            self.violations.push(format!("node {node} halted while not running (tick {})", self.tick));
        }
        self.running[node] = false;
    }
}

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
// Random tree specifications
// -------------------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Comp {
    Sequence,
    Selector,
    ReactiveSequence,
    ReactiveSelector,
    MemSequence,
    MemSelector,
    /// `n`, clamped to the arity.
    Parallel(usize),
    /// `success`, `failure`, clamped to the arity.
    Threshold(usize, usize),
    ParallelAll(usize),
    Random(u64),
    /// 2 or 3 children only.
    IfThenElse,
    /// 2 or 3 children only.
    WhileDoElse,
    PipelineSequence,
    RoundRobin,
    /// Exactly 2 children; the number of retries.
    Recovery(u32),
}

#[derive(Clone, Debug)]
enum Deco {
    RepeatForever,
    RepeatTimes(u32),
    Invert,
    ForceSuccess,
    ForceFailure,
    Retry(u32),
    UntilFailure,
    UntilSuccess,
    Timeout(u64),
    Delay(u64),
    Cooldown(u64),
    RunOnce,
    Precondition(Vec<bool>),
    Guard(Vec<bool>),
    Boxed,
    Subtree,
    /// In hertz.
    RateController(u32),
}

/// The leaf keywords.
#[derive(Clone, Debug)]
enum KeywordLeaf {
    /// In milliseconds.
    Sleep(u64),
    AlwaysSuccess,
    AlwaysFailure,
}

#[derive(Clone, Debug)]
enum Spec {
    Leaf(Vec<Status>),
    KeywordLeaf(KeywordLeaf),
    Composite(Comp, Vec<Spec>),
    Decorator(Deco, Box<Spec>),
}

fn status() -> impl Strategy<Value = Status> {
    prop_oneof![3 => Just(Status::Running), 2 => Just(Status::Success), 2 => Just(Status::Failure)]
}

fn comp() -> impl Strategy<Value = Comp> {
    prop_oneof![
        Just(Comp::Sequence),
        Just(Comp::Selector),
        Just(Comp::ReactiveSequence),
        Just(Comp::ReactiveSelector),
        Just(Comp::MemSequence),
        Just(Comp::MemSelector),
        (1..=5usize).prop_map(Comp::Parallel),
        (1..=5usize, 1..=5usize).prop_map(|(s, f)| Comp::Threshold(s, f)),
        (1..=5usize).prop_map(Comp::ParallelAll),
        any::<u64>().prop_map(Comp::Random),
        Just(Comp::PipelineSequence),
        Just(Comp::RoundRobin),
    ]
}

fn deco() -> impl Strategy<Value = Deco> {
    let ms = 0..=400u64;
    prop_oneof![
        Just(Deco::RepeatForever),
        (0..=4u32).prop_map(Deco::RepeatTimes),
        Just(Deco::Invert),
        Just(Deco::ForceSuccess),
        Just(Deco::ForceFailure),
        (1..=4u32).prop_map(Deco::Retry),
        Just(Deco::UntilFailure),
        Just(Deco::UntilSuccess),
        ms.clone().prop_map(Deco::Timeout),
        ms.clone().prop_map(Deco::Delay),
        ms.prop_map(Deco::Cooldown),
        Just(Deco::RunOnce),
        prop::collection::vec(any::<bool>(), 1..6).prop_map(Deco::Precondition),
        prop::collection::vec(any::<bool>(), 1..6).prop_map(Deco::Guard),
        Just(Deco::Boxed),
        Just(Deco::Subtree),
        (1..=20u32).prop_map(Deco::RateController),
    ]
}

fn spec() -> impl Strategy<Value = Spec> {
    let keyword_leaf = prop_oneof![
        (0..=300u64).prop_map(KeywordLeaf::Sleep),
        Just(KeywordLeaf::AlwaysSuccess),
        Just(KeywordLeaf::AlwaysFailure),
    ];
    let leaf = prop_oneof![
        6 => prop::collection::vec(status(), 1..6).prop_map(Spec::Leaf),
        1 => keyword_leaf.prop_map(Spec::KeywordLeaf),
    ];
    leaf.prop_recursive(6, 128, 2, |inner| {
        prop_oneof![
            3 => (comp(), prop::collection::vec(inner.clone(), 1..=5))
                .prop_map(|(k, children)| Spec::Composite(k, children)),
            1 => (prop_oneof![Just(Comp::IfThenElse), Just(Comp::WhileDoElse)],
                  prop::collection::vec(inner.clone(), 2..=3))
                .prop_map(|(k, children)| Spec::Composite(k, children)),
            1 => (0..=3u32, prop::collection::vec(inner.clone(), 2..=2))
                .prop_map(|(n, children)| Spec::Composite(Comp::Recovery(n), children)),
            3 => (deco(), inner).prop_map(|(k, child)| Spec::Decorator(k, Box::new(child))),
        ]
    })
}

// -------------------------------------------------------------------------------------------------
// Building a tree from a specification
// -------------------------------------------------------------------------------------------------

/// Builds `$make(tuple)` for the arity of `$children` (a `Vec<Dyn>` of 1 to 5 nodes).
macro_rules! any_arity {
    ($children:expr, |$ch:ident| $make:expr) => {{
        let arity = n_of(&$children);
        let mut it = $children.into_iter();
        let mut next = move || it.next().unwrap();
        match arity {
            1 => {
                let $ch = (next(),);
                boxed($make)
            }
            2 => {
                let $ch = (next(), next());
                boxed($make)
            }
            3 => {
                let $ch = (next(), next(), next());
                boxed($make)
            }
            4 => {
                let $ch = (next(), next(), next(), next());
                boxed($make)
            }
            _ => {
                let $ch = (next(), next(), next(), next(), next());
                boxed($make)
            }
        }
    }};
}

/// Builds `$make(tuple)` for 2 or 3 children.
macro_rules! two_or_three {
    ($children:expr, |$ch:ident| $make:expr) => {{
        let three = n_of(&$children) == 3;
        let mut it = $children.into_iter();
        let mut next = move || it.next().unwrap();
        if three {
            let $ch = (next(), next(), next());
            boxed($make)
        } else {
            let $ch = (next(), next());
            boxed($make)
        }
    }};
}

fn n_of(children: &[Dyn]) -> usize {
    children.len()
}

struct Built {
    nodes: usize,
    leaves: usize,
}

fn build(spec: &Spec, ids: &mut Built) -> Dyn {
    let me = ids.nodes;
    ids.nodes += 1;
    match spec {
        Spec::Leaf(script) => {
            let leaf = ids.leaves;
            ids.leaves += 1;
            Dyn { map: vec![me], inner: boxed(Probe { leaf, script: script.clone(), calls: 0 }) }
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
                Comp::Sequence => any_arity!(children, |ch| Sequence::new(ch)),
                Comp::Selector => any_arity!(children, |ch| Selector::new(ch)),
                Comp::ReactiveSequence => any_arity!(children, |ch| ReactiveSequence::new(ch)),
                Comp::ReactiveSelector => any_arity!(children, |ch| ReactiveSelector::new(ch)),
                Comp::MemSequence => any_arity!(children, |ch| MemSequence::new(ch)),
                Comp::MemSelector => any_arity!(children, |ch| MemSelector::new(ch)),
                Comp::Parallel(k) => any_arity!(children, |ch| Parallel::new((*k).min(n), ch)),
                Comp::Threshold(s, f) => {
                    any_arity!(children, |ch| ThresholdParallel::new((*s).min(n), (*f).min(n), ch))
                }
                Comp::ParallelAll(k) => any_arity!(children, |ch| ParallelAll::new((*k).min(n), ch)),
                Comp::Random(seed) => any_arity!(children, |ch| Random::new(*seed, ch)),
                Comp::IfThenElse => two_or_three!(children, |ch| IfThenElse::new(ch)),
                Comp::WhileDoElse => two_or_three!(children, |ch| WhileDoElse::new(ch)),
                Comp::PipelineSequence => any_arity!(children, |ch| PipelineSequence::new(ch)),
                Comp::RoundRobin => any_arity!(children, |ch| RoundRobin::new(ch)),
                Comp::Recovery(k) => {
                    let mut it = children.into_iter();
                    let mut next = move || it.next().unwrap();
                    boxed(Recovery::new(*k, (next(), next())))
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
                Deco::Precondition(script) => boxed(Precondition::new(Scripted(script.clone()), c)),
                Deco::Guard(script) => boxed(Guard::new(Scripted(script.clone()), c)),
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
    let mut ids = Built { nodes: 0, leaves: 0 };
    let root = build(spec, &mut ids);
    let mut tree: BehaviorTree<Dyn, Ctx> = BehaviorTree::new(root);
    let mut ctx = Ctx {
        tick: 0,
        clock: ManualClock::new(),
        leaves: vec![LeafState::default(); ids.leaves],
        violations: vec![],
    };
    let mut obs = Check::new(ids.nodes);

    let nothing_runs = |ctx: &Ctx, obs: &Check, when: &str| -> Result<(), String> {
        let leaves = ctx.active_leaves();
        if !leaves.is_empty() {
            return Err(format!("{when}: leaves {leaves:?} still active"));
        }
        let nodes = obs.running_nodes();
        if !nodes.is_empty() {
            return Err(format!("{when}: nodes {nodes:?} still running"));
        }
        Ok(())
    };

    for (tick, &halt_now) in halts.iter().enumerate().take(TICKS) {
        ctx.tick = tick;
        obs.tick = tick;
        let status = tree.tick_with(&mut ctx, &mut obs);
        if let Some(v) = ctx.violations.first().or(obs.violations.first()) {
            return Err(v.clone());
        }
        if tree.is_running() != (status == Status::Running) {
            return Err(format!("tick {tick}: is_running disagrees with {status:?}"));
        }
        if status.is_done() {
            nothing_runs(&ctx, &obs, &format!("tick {tick}: root returned {status:?}"))?;
        }
        if halt_now {
            tree.halt_with(&mut ctx, &mut obs);
            if let Some(v) = ctx.violations.first().or(obs.violations.first()) {
                return Err(v.clone());
            }
            nothing_runs(&ctx, &obs, &format!("after tree.halt() in tick {tick}"))?;
        }
        ctx.clock.advance(Duration::from_millis(dt_ms));
    }

    ctx.tick = TICKS;
    obs.tick = TICKS;
    tree.halt_with(&mut ctx, &mut obs);
    if let Some(v) = ctx.violations.first().or(obs.violations.first()) {
        return Err(v.clone());
    }
    nothing_runs(&ctx, &obs, "after the final tree.halt()")?;
    for (i, leaf) in ctx.leaves.iter().enumerate() {
        if leaf.enters != leaf.exits {
            return Err(format!("leaf {i}: {} enters but {} exits", leaf.enters, leaf.exits));
        }
    }
    Ok(())
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
    // 15 composites + 17 decorators + the scripted leaf + 3 leaf keywords.
    assert_eq!(seen.len(), 36, "{seen:?}");
    assert!(max_depth >= 7, "deepest tree: {max_depth} levels");
}
