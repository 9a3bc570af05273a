use core::time::Duration;

use crate::active::Stamp;
use crate::{
    Activation, Clock, Interval, IntervalOf, Node, NodeId, Observer, Status, halt_child, tick_child,
};

/// `timeout(d)<child>`: fails and halts the child when the child runs for `d` or longer
/// (BehaviorTree.CPP's `Timeout`). Time comes from the context ([`Clock`]).
///
/// Each tick:
///
/// * on the first tick of an activation the current time is recorded as the start, and the child
///   is ticked;
/// * on a later tick, if `now − start ≥ d` the child (which is running: the timeout only returns
///   `Running` while its child does) is halted — exactly once — and the timeout returns `Failure`
///   without ticking it;
/// * otherwise the child is ticked: `Running` → `Running`; `Success`/`Failure` end the activation
///   with the child's status.
///
/// The deadline is checked when the node is ticked (nothing runs between ticks, there is no timer
/// thread), so the child always gets its first tick, and a timeout of zero lets the child run for
/// exactly one tick. BehaviorTree.CPP, whose timer runs on its own thread, treats 0 as "no
/// timeout"; here `Duration::ZERO` is an actual (immediate) deadline, which is what the number says.
///
/// Halting it halts the running child and forgets the start. State: none in the node; its active
/// state is the child's and the start time (12 bytes, aligned to 1).
/// The limit `d` is a `Duration` field, or nothing when it is a compile-time
/// [`ConstDuration`](crate::ConstDuration), as `bt!` makes every duration literal (`D` is the
/// limit's type, see [`Interval`]).
#[derive(Clone, Debug)]
pub struct Timeout<N, D = Duration> {
    child: N,
    limit: D,
}

impl<N, D> Timeout<N, D> {
    /// Fails `child` when it runs for `limit` or longer; `limit` is a `Duration`, a
    /// [`ConstDuration`](crate::ConstDuration) for a limit fixed at compile time, or a
    /// [`FromContext`](crate::FromContext) limit read each time it is checked (a limit that
    /// cannot be read times the child out).
    #[inline]
    pub const fn new(limit: D, child: N) -> Self {
        Timeout { child, limit }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

impl<N, D: Interval> Timeout<N, D> {
    /// The time limit.
    #[inline]
    pub fn limit(&self) -> Duration {
        self.limit.get()
    }
}

/// The child's active state and the start time ([`Stamp`]'s default, no time, while idle): the
/// timeout runs exactly while it has a start.
impl<N: Activation, D> Activation for Timeout<N, D> {
    type Active = (N::Active, Stamp);

    #[inline(always)]
    fn is_running(active: &(N::Active, Stamp)) -> bool {
        active.1 != Stamp::NONE
    }
}

impl<Ctx: Clock + ?Sized, N: Node<Ctx>, D: IntervalOf<Ctx>> Node<Ctx> for Timeout<N, D> {
    const SIZE: usize = 1 + N::SIZE;
    const SKIPS: bool = N::SKIPS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (N::Active, Stamp),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if N::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        let (child, start) = active;
        let now = ctx.now();
        match start.time() {
            None => *start = Stamp::at(now),
            Some(started) => {
                if self.limit.interval(ctx).is_none_or(|limit| now.saturating_sub(started) >= limit) {
                    *start = Stamp::NONE;
                    halt_child(&mut self.child, child, ctx, obs, id + 1);
                    return Status::Failure;
                }
            }
        }
        let status = tick_child(&mut self.child, child, ctx, obs, id + 1);
        if status.is_done() {
            *start = Stamp::NONE;
        }
        status
    }

    /// As [`tick_with`](Node::tick_with); a skipped child skips this node, which returns to idle.
    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut (N::Active, Stamp),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> crate::Outcome {
        if !N::SKIPS {
            return crate::Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        let (child, start) = active;
        let now = ctx.now();
        match start.time() {
            None => *start = Stamp::at(now),
            Some(started) => {
                if self.limit.interval(ctx).is_none_or(|limit| now.saturating_sub(started) >= limit) {
                    *start = Stamp::NONE;
                    halt_child(&mut self.child, child, ctx, obs, id + 1);
                    return crate::Outcome::Failure;
                }
            }
        }
        let outcome = crate::tick_child_skip(&mut self.child, child, ctx, obs, id + 1);
        if outcome != crate::Outcome::Running {
            *start = Stamp::NONE;
        }
        outcome
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        (child, start): &mut (N::Active, Stamp),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if *start != Stamp::NONE {
            *start = Stamp::NONE;
            halt_child(&mut self.child, child, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use core::time::Duration;

    use serde::{Deserialize, Serialize};

    use super::Timeout;
    use crate::active::Stamp;
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, elapsed, stamp};
    use crate::{Activation, Clock, IntervalOf, NodeId, PersistNode};

    /// The time since the child started (capped at the limit), while it runs.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        elapsed: Option<Duration>,
    }

    impl<Ctx: Clock + ?Sized, N: PersistNode<Ctx>, D: IntervalOf<Ctx>> PersistNode<Ctx> for Timeout<N, D> {
        type Loaded = N::Loaded;

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.duration(self.limit.fixed().unwrap_or(Duration::MAX));
            self.child.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &(N::Active, Stamp),
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            let elapsed = elapsed(active.1.time(), ctx.now(), self.limit.peek(ctx).unwrap_or(Duration::MAX));
            w.entry(id, Self::is_running(active), &Entry { elapsed })?;
            self.child.save_nodes(&active.0, ctx, id + 1, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(N::Loaded, (N::Active, Stamp)), R::Error> {
            let Entry { elapsed } = r.entry(id)?;
            let (loaded, child) = self.child.load_nodes(ctx, id + 1, r)?;
            if elapsed.is_some() != N::is_running(&child) {
                return Err(r.invalid(
                    id,
                    Invalid::Inconsistent(
                        "it times its child exactly while the child runs, and the two disagree",
                    ),
                ));
            }
            Ok((loaded, (child, stamp(elapsed, ctx.now()))))
        }

        fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
            self.child.apply(loaded, ctx);
        }
    }
}
