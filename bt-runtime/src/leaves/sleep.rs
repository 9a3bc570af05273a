use core::time::Duration;

use crate::active::Stamp;
use crate::{Activation, Clock, Interval, IntervalOf, Node, NodeId, Observer, Status};

/// `sleep(d)`: a leaf that is `Running` until `d` has elapsed, then succeeds (BehaviorTree.CPP's
/// `Sleep`). Time comes from the context ([`Clock`]).
///
/// Each tick:
///
/// * on the first tick of an activation the current time is recorded as the start;
/// * while `now − start < d` it returns `Running`;
/// * on the first tick on which `d` has elapsed it returns `Success` and forgets the start, so
///   the next tick starts a new wait.
///
/// A sleep of zero succeeds on its first tick. Halting it forgets the start. As everywhere in
/// `bt`, nothing happens between ticks: the sleep ends on the first tick at or after its end,
/// where BehaviorTree.CPP's timer thread wakes the tree up at the end. To wait before running a
/// child, use [`Delay`](crate::Delay) (`delay(d)<A>`). State: none in the node; its active state
/// is the time the sleep ends, `start + d` (its start, for a duration read from the context; 12
/// bytes, aligned to 1), which each tick compares with the clock. The duration `d` is a `Duration` field, or nothing
/// when it is a compile-time [`ConstDuration`](crate::ConstDuration), as `bt!` makes every
/// duration literal (`D` is its type, see [`Interval`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sleep<D = Duration> {
    duration: D,
}

impl<D> Sleep<D> {
    /// A sleep of `duration`, a `Duration`, a [`ConstDuration`](crate::ConstDuration), or a
    /// [`FromContext`](crate::FromContext) duration read on each tick (one that cannot be read
    /// fails the sleep).
    #[inline]
    pub const fn new(duration: D) -> Self {
        Sleep { duration }
    }
}

impl<D: Interval> Sleep<D> {
    /// How long it sleeps.
    #[inline]
    pub fn duration(&self) -> Duration {
        self.duration.get()
    }
}

/// The time the sleep ends (its start, for a duration read from the context; [`Stamp`]'s
/// default, no time, while idle): the sleep runs exactly while it has one.
impl<D> Activation for Sleep<D> {
    type Active = Stamp;

    #[inline(always)]
    fn is_running(start: &Stamp) -> bool {
        !start.is_none()
    }
}

impl<Ctx: Clock + ?Sized, D: IntervalOf<Ctx>> Node<Ctx> for Sleep<D> {
    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Stamp,
        ctx: &mut Ctx,
        _: &mut O,
        _: NodeId,
    ) -> Status {
        let now = ctx.now();
        if D::FIXED {
            // The time the sleep ends, set on its first tick.
            if active.is_none() {
                *active = Stamp::after(now, self.duration.interval(ctx).unwrap_or_default());
            }
            if !active.reached(now) {
                return Status::Running;
            }
            *active = Stamp::NONE;
            return Status::Success;
        }
        let start = match active.time() {
            Some(start) => start,
            None => {
                *active = Stamp::at(now);
                now
            }
        };
        match self.duration.interval(ctx) {
            Some(d) if now.saturating_sub(start) < d => Status::Running,
            done => {
                *active = Stamp::NONE;
                if done.is_some() { Status::Success } else { Status::Failure }
            }
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, active: &mut Stamp, _: &mut Ctx, _: &mut O, _: NodeId) {
        *active = Stamp::NONE;
    }
}

#[cfg(feature = "serde")]
mod persist {
    use core::time::Duration;

    use serde::{Deserialize, Serialize};

    use super::Sleep;
    use crate::active::Stamp;
    use crate::persist::{Fingerprint, NodeReader, NodeWriter, timer_elapsed, timer_stamp};
    use crate::{Clock, IntervalOf, NodeId, PersistNode};

    /// The time slept so far (capped at the duration), while it sleeps.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        elapsed: Option<Duration>,
    }

    impl<Ctx: Clock + ?Sized, D: IntervalOf<Ctx>> PersistNode<Ctx> for Sleep<D> {
        type Loaded = ();

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.duration(self.duration.fixed().unwrap_or(Duration::MAX));
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &Stamp,
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            let d = self.duration.peek(ctx).unwrap_or(Duration::MAX);
            let elapsed = timer_elapsed(*active, D::FIXED, ctx.now(), d);
            w.entry(id, elapsed.is_some(), &Entry { elapsed })
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<((), Stamp), R::Error> {
            let Entry { elapsed } = r.entry(id)?;
            let d = self.duration.peek(ctx).unwrap_or(Duration::MAX);
            Ok(((), timer_stamp(elapsed, D::FIXED, ctx.now(), d)))
        }

        fn apply(&mut self, (): (), _: &Ctx) {}
    }
}
