//! A running tree saved and restored exactly, on random trees of every node kind (feature
//! `serde`).
//!
//! Each random tree (those of `properties.rs`, built at run time with `bt::dynamic`, every node
//! boxed with `saving`, so the nodes are the runtime's own) is run twice for `TICKS` ticks over a
//! scripted context, with random halts:
//!
//! * once without interruption;
//! * once where, **after every tick**, the tree is saved to JSON, restored into a freshly built
//!   tree, saved from there to postcard (a binary format that encodes `Option` and `()` unlike
//!   JSON), restored into another fresh tree, which goes on. After each restore the activity of
//!   every node (`running_nodes`) must be the saved tree's, and saving the restored tree again must
//!   give the same bytes.
//!
//! The log of the second run (every leaf's lifecycle and status, every condition, every status
//! and halt the parents report, with the clock) must equal the first's, and no contract may be
//! broken. A state lost by a save at any tick of any node shows as a difference.

#![cfg(all(feature = "serde", feature = "std"))]

use std::time::Duration;

use bt::dynamic::DynTree;
use bt::testing::{Context as Ctx, Event, Monitor};
use proptest::prelude::*;
use random_tree::Spec;

#[path = "random_tree/dynamic.rs"]
mod dynamic;
#[allow(dead_code, unused_macros)]
mod random_tree;

const TICKS: usize = 40;

/// Ticks `tree` once (halting it after when `halt`), then advances the clock.
fn step(tree: &mut DynTree<'static, Ctx>, ctx: &mut Ctx, monitor: &mut Monitor, dt_ms: u64, halt: bool) {
    ctx.begin_tick();
    let _ = tree.tick_with(ctx, monitor);
    if halt {
        ctx.record(Event::Halt);
        tree.halt_with(ctx, monitor);
    }
    ctx.clock.advance(Duration::from_millis(dt_ms));
}

fn log(ctx: &Ctx) -> String {
    ctx.events().iter().map(|e| format!("{e}\n")).collect()
}

fn activity(tree: &DynTree<'static, Ctx>, ctx: &Ctx) -> Vec<bool> {
    let mut running = Vec::new();
    tree.running_nodes(ctx, |id, r| {
        assert_eq!(id, running.len(), "running_nodes visits the nodes in pre-order");
        running.push(r);
    });
    running
}

/// Saves `tree` with `to_bytes`, restores it into a fresh tree with `restore`, checks the
/// activity and the bytes of a second save, and returns the fresh tree.
fn round_trip<E: std::fmt::Display>(
    spec: &Spec,
    tree: &DynTree<'static, Ctx>,
    ctx: &Ctx,
    format: &str,
    to_bytes: impl Fn(&DynTree<'static, Ctx>) -> Vec<u8>,
    restore: impl Fn(&mut DynTree<'static, Ctx>, &[u8]) -> Result<(), bt::RestoreError<E>>,
) -> Result<DynTree<'static, Ctx>, String> {
    let before = activity(tree, ctx);
    let bytes = to_bytes(tree);
    let mut fresh = dynamic::build(spec);
    restore(&mut fresh, &bytes).map_err(|e| format!("{format}: the save was refused: {e}"))?;
    let after = activity(&fresh, ctx);
    if after != before {
        return Err(format!(
            "{format}: running nodes before the save {before:?}, after the restore {after:?}"
        ));
    }
    if to_bytes(&fresh) != bytes {
        return Err(format!("{format}: the restored tree saves differently"));
    }
    Ok(fresh)
}

fn resume_after_every_tick(spec: &Spec, dt_ms: u64, halts: &[bool]) -> Result<(), String> {
    let mut tree = dynamic::build(spec);
    let mut ctx = Ctx::new();
    let mut monitor = ctx.monitor(tree.size());
    for &halt in halts {
        step(&mut tree, &mut ctx, &mut monitor, dt_ms, halt);
    }
    tree.halt_with(&mut ctx, &mut monitor);
    let uninterrupted = log(&ctx);

    let mut tree = dynamic::build(spec);
    let mut ctx = Ctx::new();
    let mut monitor = ctx.monitor(tree.size());
    for (tick, &halt) in halts.iter().enumerate() {
        step(&mut tree, &mut ctx, &mut monitor, dt_ms, halt);
        let json = round_trip(
            spec,
            &tree,
            &ctx,
            "JSON",
            |t| serde_json::to_vec(&t.save(&ctx)).unwrap(),
            |t, bytes| t.restore(&mut serde_json::Deserializer::from_slice(bytes), &ctx),
        )
        .map_err(|e| format!("after tick {tick}: {e}"))?;
        tree = round_trip(
            spec,
            &json,
            &ctx,
            "postcard",
            |t| postcard::to_allocvec(&t.save(&ctx)).unwrap(),
            |t, bytes| t.restore(&mut postcard::Deserializer::from_bytes(bytes), &ctx),
        )
        .map_err(|e| format!("after tick {tick}: {e}"))?;
    }
    tree.halt_with(&mut ctx, &mut monitor);
    let resumed = log(&ctx);

    if let Some(v) = ctx.violations().first() {
        return Err(format!("with restores: {v}"));
    }
    if resumed != uninterrupted {
        let line = resumed.lines().zip(uninterrupted.lines()).position(|(a, b)| a != b);
        return Err(format!(
            "the logs differ (first at line {line:?}):\n--- uninterrupted\n{uninterrupted}\n--- restored after every tick\n{resumed}"
        ));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(1000),
        ..ProptestConfig::default()
    })]

    /// 1000 random trees (`PROPTEST_CASES=5000` in CI, in release), each saved and restored through JSON and
    /// postcard after every one of its ticks.
    #[test]
    fn a_tree_restored_after_every_tick_runs_as_if_never_interrupted(
        spec in random_tree::spec(),
        dt_ms in 0..=150u64,
        halts in prop::collection::vec(prop::bool::weighted(0.05), TICKS),
    ) {
        if let Err(difference) = resume_after_every_tick(&spec, dt_ms, &halts) {
            prop_assert!(false, "{}", difference);
        }
    }
}
