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
/// * on the first tick of an activation the current time is recorded as the start (as the
///   deadline `start + d` when `d` is fixed), and the child is ticked;
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
/// state is the child's and the deadline (the start, for a limit read from the context; 12
/// bytes, aligned to 1): a tick compares the clock with the deadline, as hand-written code does.
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

/// The child's active state and the deadline (the start, for a limit read from the context;
/// [`Stamp`]'s default, no time, while idle): the timeout runs exactly while it has one.
impl<N: Activation, D> Activation for Timeout<N, D> {
    type Active = (N::Active, Stamp);

    #[inline(always)]
    fn is_running(active: &(N::Active, Stamp)) -> bool {
        !active.1.is_none()
    }
}

/// On the first tick of an activation (no `timer` yet) arms the timer and returns `false`; on a
/// later tick, whether the child has run for the limit (or the limit cannot be read). A fixed
/// limit arms the timer with the start, which the first check turns into the deadline
/// `start + limit` ([`Stamp::expired`]; a child that completes in its first tick costs no
/// addition), and each later check compares the clock with it; a limit read from the context
/// arms it with the start, and each later tick checks `now − start` against the limit it reads
/// then.
#[inline(always)]
fn expired<Ctx: Clock + ?Sized, D: IntervalOf<Ctx>>(limit: &mut D, timer: &mut Stamp, ctx: &Ctx) -> bool {
    let now = ctx.now();
    if timer.is_none() {
        *timer = if D::FIXED { Stamp::start(now) } else { Stamp::at(now) };
        false
    } else if D::FIXED {
        timer.expired(now, limit.interval(ctx).unwrap_or_default())
    } else {
        let start = timer.time().unwrap_or(now);
        limit.interval(ctx).is_none_or(|limit| now.saturating_sub(start) >= limit)
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
        let (child, timer) = active;
        if expired(&mut self.limit, timer, ctx) {
            *timer = Stamp::NONE;
            halt_child(&mut self.child, child, ctx, obs, id + 1);
            return Status::Failure;
        }
        let status = tick_child(&mut self.child, child, ctx, obs, id + 1);
        if status.is_done() {
            *timer = Stamp::NONE;
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
        let (child, timer) = active;
        if expired(&mut self.limit, timer, ctx) {
            *timer = Stamp::NONE;
            halt_child(&mut self.child, child, ctx, obs, id + 1);
            return crate::Outcome::Failure;
        }
        let outcome = crate::tick_child_skip(&mut self.child, child, ctx, obs, id + 1);
        if outcome != crate::Outcome::Running {
            *timer = Stamp::NONE;
        }
        outcome
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        (child, timer): &mut (N::Active, Stamp),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if !timer.is_none() {
            *timer = Stamp::NONE;
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
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, timer_elapsed, timer_stamp};
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
            let limit = self.limit.peek(ctx).unwrap_or(Duration::MAX);
            let elapsed = timer_elapsed(active.1, D::FIXED, ctx.now(), limit);
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
            let limit = self.limit.peek(ctx).unwrap_or(Duration::MAX);
            Ok((loaded, (child, timer_stamp(elapsed, D::FIXED, ctx.now(), limit))))
        }

        fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
            self.child.apply(loaded, ctx);
        }
    }
}
