//! Pieces the nodes' implementations of [`PersistNode`] share: the entries of simple nodes, the
//! time a timer has run, the checks of a loaded state, and the implementations of decorators and
//! composites that keep nothing of their own.

use core::time::Duration;

use serde::{Deserialize, Serialize};

use super::{Invalid, NodeReader, NodeWriter, PersistNode, Restored};
use crate::active::Stamp;
use crate::{ActionFn, NodeId};

/// The entry of a node that only says whether it runs (a decorator that runs while its child is
/// idle, a leaf without state).
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Running {
    pub running: bool,
}

/// A timer's start as the time elapsed since it at `now`, capped at `limit`: a timer that only
/// compares the elapsed time with `limit` behaves the same with the capped value, and the cap
/// keeps the time a restore needs on the clock as small as possible (see [`timer_stamp`]).
#[inline]
pub(crate) fn elapsed(start: Option<Duration>, now: Duration, limit: Duration) -> Option<Duration> {
    start.map(|start| now.saturating_sub(start).min(limit))
}

/// The start time of a timer that had run for `elapsed` at `now`. A clock that reads less than
/// `elapsed` cannot go back that far: the timer then starts at the clock's origin, with more time
/// left, never less.
#[inline]
pub(crate) fn started(elapsed: Option<Duration>, now: Duration) -> Option<Duration> {
    elapsed.map(|elapsed| now.saturating_sub(elapsed))
}

/// The time a timer has run at `now`, capped at `limit` (its length), or `None` while it is
/// idle ([`Stamp::NONE`]); `stamp` is the time the timer ends (or a start whose end is not
/// computed yet) when `deadline` (a node whose duration is fixed keeps that, see
/// [`IntervalOf::FIXED`](crate::IntervalOf::FIXED)), its start otherwise. A deadline past the largest `Duration` ([`Stamp::NEVER`]) is saved as no time run:
/// restored at any time at or after its start, its end is past the largest `Duration` again.
#[inline]
pub(crate) fn timer_elapsed(
    stamp: Stamp,
    deadline: bool,
    now: Duration,
    limit: Duration,
) -> Option<Duration> {
    if stamp.is_none() {
        return None;
    }
    // A deadline kept, or a start whose deadline is not computed yet ([`Stamp::start`]).
    let start = if deadline { stamp.begun(limit) } else { stamp.time() };
    elapsed(Some(start.unwrap_or(now)), now, limit)
}

/// The stamp of a timer of `limit` that had run for `elapsed` at `now` (`None`: idle): its end
/// when `deadline`, its start otherwise (see [`timer_elapsed`]).
#[inline]
pub(crate) fn timer_stamp(
    elapsed: Option<Duration>,
    deadline: bool,
    now: Duration,
    limit: Duration,
) -> Stamp {
    match started(elapsed, now) {
        None => Stamp::NONE,
        Some(start) if deadline => Stamp::after(start, limit),
        Some(start) => Stamp::at(start),
    }
}

/// The check every node that runs at most one child at a time makes: a child that runs while the
/// node says it does not is refused.
#[inline]
pub(crate) fn child_idle<R: NodeReader>(r: &mut R, id: NodeId, child_running: bool) -> Result<(), R::Error> {
    if child_running {
        Err(r.invalid(id, Invalid::Inconsistent("its child is running, but the node is saved as idle")))
    } else {
        Ok(())
    }
}

/// `value <= max`, or the error naming `field`.
#[inline]
pub(crate) fn at_most<R: NodeReader>(
    r: &mut R,
    id: NodeId,
    field: &'static str,
    value: u64,
    max: u64,
) -> Result<(), R::Error> {
    if value <= max { Ok(()) } else { Err(r.invalid(id, Invalid::TooLarge { field, value, max })) }
}

/// The entry of a node that keeps a condition (`precondition`): the condition's own state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct ConditionEntry<S> {
    pub condition: S,
}

/// Writes the entries of a decorator whose active state is `Some` exactly while it runs (it can
/// run while its child is idle, between the child's activations), then its child's.
pub(crate) fn save_optional<Ctx: ?Sized, N: PersistNode<Ctx>, W: NodeWriter>(
    child: &N,
    active: &Option<N::Active>,
    ctx: &Ctx,
    id: NodeId,
    w: &mut W,
) -> Result<(), W::Error> {
    w.entry(id, active.is_some(), &Running { running: active.is_some() })?;
    let idle = N::Active::default();
    child.save_nodes(active.as_ref().unwrap_or(&idle), ctx, id + 1, w)
}

/// Reads what [`save_optional`] wrote; a child that runs while the decorator is idle is refused.
pub(crate) fn load_optional<Ctx: ?Sized, N: PersistNode<Ctx>, R: NodeReader>(
    child: &N,
    ctx: &Ctx,
    id: NodeId,
    r: &mut R,
) -> Result<(Running, Restored<N, Ctx>), R::Error> {
    let entry: Running = r.entry(id)?;
    let (loaded, active) = child.load_nodes(ctx, id + 1, r)?;
    if !entry.running {
        child_idle(r, id, N::is_running(&active))?;
    }
    Ok((entry, (loaded, active)))
}

/// The entry of a leaf node: whether it runs and its own state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct LeafEntry<S> {
    pub running: bool,
    pub state: S,
}

/// A closure action: whether it returned `Running` last.
impl<Ctx: ?Sized, F: FnMut(&mut Ctx) -> crate::Status> PersistNode<Ctx> for ActionFn<F> {
    type Loaded = ();

    fn save_nodes<W: NodeWriter>(
        &self,
        active: &bool,
        _: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        w.entry(id, *active, &Running { running: *active })
    }

    fn load_nodes<R: NodeReader>(&self, _: &Ctx, id: NodeId, r: &mut R) -> Result<((), bool), R::Error> {
        let Running { running } = r.entry(id)?;
        Ok(((), running))
    }

    fn apply(&mut self, (): (), _: &Ctx) {}
}

/// Implements [`PersistNode`] for a decorator whose active state is its child's and which keeps
/// nothing of its own (`invert`, `force_success`, `force_failure`).
macro_rules! transparent_decorator {
    ($name:ident) => {
        impl<Ctx: ?Sized, N: $crate::PersistNode<Ctx>> $crate::PersistNode<Ctx> for $name<N> {
            type Loaded = N::Loaded;

            fn fingerprint(&self, h: &mut $crate::persist::Fingerprint) {
                self.child.fingerprint(h);
            }

            fn save_nodes<W: $crate::persist::NodeWriter>(
                &self,
                active: &N::Active,
                ctx: &Ctx,
                id: $crate::NodeId,
                w: &mut W,
            ) -> Result<(), W::Error> {
                w.entry(id, <N as $crate::Activation>::is_running(active), &())?;
                self.child.save_nodes(active, ctx, id + 1, w)
            }

            fn load_nodes<R: $crate::persist::NodeReader>(
                &self,
                ctx: &Ctx,
                id: $crate::NodeId,
                r: &mut R,
            ) -> Result<(N::Loaded, N::Active), R::Error> {
                r.entry::<()>(id)?;
                self.child.load_nodes(ctx, id + 1, r)
            }

            fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
                self.child.apply(loaded, ctx);
            }
        }
    };
}
pub(crate) use transparent_decorator;

/// Implements [`PersistNode`] for a composite whose active state is [`ChildStates::One`]
/// (one child at a time) and which keeps nothing of its own: the running child is told by the
/// children's entries.
///
/// [`ChildStates::One`]: crate::ChildStates::One
macro_rules! one_at_a_time {
    ($name:ident) => {
        impl<Ctx: ?Sized, C: $crate::persist::PersistChildren<Ctx>> $crate::PersistNode<Ctx> for $name<C> {
            type Loaded = C::Loaded;

            fn fingerprint(&self, h: &mut $crate::persist::Fingerprint) {
                self.children.fingerprint_all(h);
            }

            fn save_nodes<W: $crate::persist::NodeWriter>(
                &self,
                active: &C::One,
                ctx: &Ctx,
                id: $crate::NodeId,
                w: &mut W,
            ) -> Result<(), W::Error> {
                w.entry(id, <C as $crate::ChildStates>::one_running(active), &())?;
                self.children.save_one(active, ctx, id, w)
            }

            fn load_nodes<R: $crate::persist::NodeReader>(
                &self,
                ctx: &Ctx,
                id: $crate::NodeId,
                r: &mut R,
            ) -> Result<(C::Loaded, C::One), R::Error> {
                r.entry::<()>(id)?;
                self.children.load_one(ctx, id, r)
            }

            fn apply(&mut self, loaded: C::Loaded, ctx: &Ctx) {
                self.children.apply_all(loaded, ctx);
            }
        }
    };
}
pub(crate) use one_at_a_time;
