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

/// Marks an id already translated into the whole tree's numbering, so that the boxes around the
/// one that translated it pass it on as it is (each box is ticked with its parent's observer).
const GLOBAL: NodeId = 1 << (NodeId::BITS - 1);

/// Translates the ids a boxed node reports (its own numbering from 0) into the tree's ids, marked
/// [`GLOBAL`]; passes on those of the boxes below it, marked already.
struct Remap<'a, O: ?Sized> {
    obs: &'a mut O,
    map: &'a [usize],
}

impl<O: ?Sized> Remap<'_, O> {
    fn global(&self, node: NodeId) -> NodeId {
        if node & GLOBAL != 0 { node } else { self.map[node] | GLOBAL }
    }
}

impl<O: Observer + ?Sized> Observer for Remap<'_, O> {
    fn ticked(&mut self, node: NodeId, status: Status) {
        let node = self.global(node);
        self.obs.ticked(node, status)
    }
    fn halted(&mut self, node: NodeId) {
        let node = self.global(node);
        self.obs.halted(node)
    }
}

/// The tree's observer, outside every box: takes the marks off.
struct Unmark<'a>(&'a mut Monitor);

impl Observer for Unmark<'_> {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.0.ticked(node & !GLOBAL, status)
    }
    fn halted(&mut self, node: NodeId) {
        self.0.halted(node & !GLOBAL)
    }
}

/// A boxed node that passes the observer through: `map[0]` is the node's own id in the whole tree,
/// `map[i]` the id of its `i`-th child (every child is one `Dyn`, of size 1). The boxed node's
/// active state is in the box; the one its parent holds is whether it runs.
struct Dyn {
    map: Vec<usize>,
    inner: BoxedNode<'static, Ctx>,
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
        obs: &mut O,
        _id: NodeId,
    ) -> Status {
        let mut remap = Remap { obs, map: &self.map };
        let status = self.inner.dyn_tick(ctx, &mut remap, 0);
        *running = status == Status::Running;
        status
    }

    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        running: &mut bool,
        ctx: &mut Ctx,
        obs: &mut O,
        _id: NodeId,
    ) {
        *running = false;
        let mut remap = Remap { obs, map: &self.map };
        self.inner.dyn_halt(ctx, &mut remap, 0)
    }
}

// -------------------------------------------------------------------------------------------------
// Building a tree from a specification
// -------------------------------------------------------------------------------------------------

build_fn!(boxed, BoxedNode<'static, Ctx>, boxed::<Ctx, _>);

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
        let status = tree.tick_with(&mut ctx, &mut Unmark(&mut obs));
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
            tree.halt_with(&mut ctx, &mut Unmark(&mut obs));
            if let Some(v) = first_violation(&ctx) {
                return Err(v);
            }
            nothing_runs(&ctx, &obs, &format!("after tree.halt() in tick {tick}"))?;
        }
        ctx.clock.advance(Duration::from_millis(dt_ms));
    }

    tree.halt_with(&mut ctx, &mut Unmark(&mut obs));
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
    // 18 composites + 19 decorators + the scripted leaf + 3 leaf keywords.
    assert_eq!(seen.len(), 41, "{seen:?}");
    assert!(max_depth >= 7, "deepest tree: {max_depth} levels");
}
