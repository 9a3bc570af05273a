//! Where a large tree's tick is cut into functions of their own.
//!
//! Everything in a tick is written `#[inline(always)]`, so a tree's tick is one function, and the
//! optimiser's time on one function grows faster than its size: the 1 003-node tree of
//! `scripts/compile_time.sh` was one function of 54 000 lines of optimised IR, and its release
//! build took 1.2 to 1.6 times as long as the same decisions written by hand, whose largest
//! function, after LLVM's own inlining, is 11 800 lines. A composite whose children hold at least
//! [`WIDE`] nodes ticks each child of at least [`APART`] nodes through a function of its own
//! ([`tick_apart`]): every function then holds a subtree of fewer than `WIDE` nodes, or one level
//! of a large composite whose children are small (the 1 003-node tree: five functions of 8 500 to
//! 12 400 lines). A tree of fewer than `WIDE` + 1 nodes is never cut: a call is not free (cutting
//! the synthetic trees of the benchmarks, 220 to 230 nodes, at composites of 64 nodes and children
//! of 16 took seed 0 from 72.6 to 95.4 instructions per tick), so it is kept for trees whose one
//! function would take the optimiser long.

use crate::{Node, NodeId, Observer, Status};

use super::Children;

/// A composite whose children hold at least this many nodes together ticks each child of at least
/// [`APART`] nodes through a function of its own.
const WIDE: usize = 256;

/// The smallest child subtree, in nodes, that a composite of at least [`WIDE`] nodes ticks through
/// a function of its own: such a composite's own function then holds at most 16 children of fewer
/// than `APART` nodes each.
const APART: usize = 16;

/// Ticks child `N` of the composite whose children are `Siblings` as [`crate::tick_child`] does:
/// inline, or through [`tick_apart`] when the composite and the child are large enough (a
/// constant condition: each instance holds one branch).
#[inline(always)]
pub(super) fn tick_child<Siblings: Children<Ctx>, Ctx: ?Sized, N: Node<Ctx>, O: Observer + ?Sized>(
    node: &mut N,
    active: &mut N::Active,
    ctx: &mut Ctx,
    obs: &mut O,
    id: NodeId,
) -> Status {
    if const { Siblings::SIZE >= WIDE && N::SIZE >= APART } {
        tick_apart(node, active, ctx, obs, id)
    } else {
        crate::tick_child(node, active, ctx, obs, id)
    }
}

/// Starts child `N`, which is idle, as [`crate::tick_child_fresh`] does. Only an
/// [`IN_BLOCK`](crate::Activation::IN_BLOCK) node (a leaf, never cut) ticks differently when it is known to be
/// idle; every other child is ticked by [`tick_child`], so that no subtree's code is written twice.
#[inline(always)]
pub(super) fn tick_fresh<Siblings: Children<Ctx>, Ctx: ?Sized, N: Node<Ctx>, O: Observer + ?Sized>(
    node: &mut N,
    active: &mut N::Active,
    ctx: &mut Ctx,
    obs: &mut O,
    id: NodeId,
) -> Status {
    if const { N::IN_BLOCK } {
        crate::tick_child_fresh(node, active, ctx, obs, id)
    } else {
        tick_child::<Siblings, _, _, _>(node, active, ctx, obs, id)
    }
}

/// [`crate::tick_child`] in a function of its own, for a large subtree.
#[inline(never)]
fn tick_apart<Ctx: ?Sized, N: Node<Ctx>, O: Observer + ?Sized>(
    node: &mut N,
    active: &mut N::Active,
    ctx: &mut Ctx,
    obs: &mut O,
    id: NodeId,
) -> Status {
    crate::tick_child(node, active, ctx, obs, id)
}
