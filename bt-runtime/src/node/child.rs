//! How parents tick and halt their children: through functions that report to the observer.

use super::{Node, NodeId, Observer};
use crate::{Outcome, Status};

/// Ticks `node` (whose id is `id`) and reports its status to `obs`. Parents tick children this way.
///
/// The observer may [`intercept`](Observer::intercept) the tick: the node is then not ticked (it
/// is halted first if it was running) and the observer's status is returned instead. It may then
/// replace the result ([`intercept_result`](Observer::intercept_result)), halting the node if it
/// runs and is replaced by a completed status.
#[inline(always)]
pub fn tick_child<Ctx: ?Sized, N: Node<Ctx> + ?Sized, O: Observer + ?Sized>(
    node: &mut N,
    active: &mut N::Active,
    ctx: &mut Ctx,
    obs: &mut O,
    id: NodeId,
) -> Status {
    tick_as::<false, _, _, _>(node, active, ctx, obs, id)
}

/// Ticks `node` as [`tick_child`] does, when the parent knows that the node is idle: a fresh
/// activation, through [`Node::tick_fresh`]. An intercepted tick halts nothing (there is nothing
/// running to halt). Composites that hold [`Activation::IN_BLOCK`](crate::Activation::IN_BLOCK) children tick them this way when they
/// start them; for any other node it is `tick_child`.
#[inline(always)]
pub fn tick_child_fresh<Ctx: ?Sized, N: Node<Ctx> + ?Sized, O: Observer + ?Sized>(
    node: &mut N,
    active: &mut N::Active,
    ctx: &mut Ctx,
    obs: &mut O,
    id: NodeId,
) -> Status {
    tick_as::<true, _, _, _>(node, active, ctx, obs, id)
}

/// [`tick_child`] (`FRESH` false: the node may be running) or [`tick_child_fresh`] (it is idle).
#[inline(always)]
fn tick_as<const FRESH: bool, Ctx: ?Sized, N: Node<Ctx> + ?Sized, O: Observer + ?Sized>(
    node: &mut N,
    active: &mut N::Active,
    ctx: &mut Ctx,
    obs: &mut O,
    id: NodeId,
) -> Status {
    if let Some(status) = obs.intercept(id) {
        // Not fresh, an `IN_BLOCK` node is resumed: it runs.
        if !FRESH && (N::IN_BLOCK || N::is_running(active)) {
            node.halt_with(active, ctx, obs, id);
            obs.halted(id);
        }
        let status = obs.intercept_result(id, status).unwrap_or(status);
        obs.ticked(id, status);
        return status;
    }
    let mut status =
        if FRESH { node.tick_fresh(active, ctx, obs, id) } else { node.tick_with(active, ctx, obs, id) };
    if let Some(replaced) = obs.intercept_result(id, status) {
        // A node runs after its tick exactly when the tick returned `Running` (an `IN_BLOCK`
        // node's state cannot say).
        if replaced != Status::Running && status == Status::Running && (N::IN_BLOCK || N::is_running(active))
        {
            node.halt_with(active, ctx, obs, id);
            obs.halted(id);
        }
        status = replaced;
    }
    obs.ticked(id, status);
    status
}

/// Ticks `node` (whose id is `id`) as [`tick_child`] does, and says whether it was skipped: a
/// child whose [`Node::SKIPS`] is `false` is ticked exactly as `tick_child` ticks it (this
/// compiles to that call), one that can be skipped through [`Node::tick_skip`]. A skip is reported
/// to `obs` as [`Observer::skipped`].
#[inline(always)]
pub fn tick_child_skip<Ctx: ?Sized, N: Node<Ctx> + ?Sized, O: Observer + ?Sized>(
    node: &mut N,
    active: &mut N::Active,
    ctx: &mut Ctx,
    obs: &mut O,
    id: NodeId,
) -> Outcome {
    skip_as::<false, _, _, _>(node, active, ctx, obs, id)
}

/// [`tick_child_skip`] when the parent knows that the node is idle, as [`tick_child_fresh`] is
/// [`tick_child`].
#[inline(always)]
pub fn tick_child_skip_fresh<Ctx: ?Sized, N: Node<Ctx> + ?Sized, O: Observer + ?Sized>(
    node: &mut N,
    active: &mut N::Active,
    ctx: &mut Ctx,
    obs: &mut O,
    id: NodeId,
) -> Outcome {
    skip_as::<true, _, _, _>(node, active, ctx, obs, id)
}

/// [`tick_child_skip`] (`FRESH` false) or [`tick_child_skip_fresh`].
#[inline(always)]
fn skip_as<const FRESH: bool, Ctx: ?Sized, N: Node<Ctx> + ?Sized, O: Observer + ?Sized>(
    node: &mut N,
    active: &mut N::Active,
    ctx: &mut Ctx,
    obs: &mut O,
    id: NodeId,
) -> Outcome {
    if !N::SKIPS {
        return Outcome::from(tick_as::<FRESH, _, _, _>(node, active, ctx, obs, id));
    }
    if let Some(status) = obs.intercept(id) {
        if !FRESH && (N::IN_BLOCK || N::is_running(active)) {
            node.halt_with(active, ctx, obs, id);
            obs.halted(id);
        }
        obs.ticked(id, status);
        return Outcome::from(status);
    }
    let outcome = node.tick_skip(active, ctx, obs, id);
    match outcome.status() {
        Some(status) => obs.ticked(id, status),
        None => obs.skipped(id),
    }
    outcome
}

/// Halts the running `node` (whose id is `id`) and reports it to `obs`. Parents halt children this
/// way, and only children that are running.
#[inline(always)]
pub fn halt_child<Ctx: ?Sized, N: Node<Ctx> + ?Sized, O: Observer + ?Sized>(
    node: &mut N,
    active: &mut N::Active,
    ctx: &mut Ctx,
    obs: &mut O,
    id: NodeId,
) {
    node.halt_with(active, ctx, obs, id);
    obs.halted(id);
}
