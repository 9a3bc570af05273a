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
/// is the start time (12 bytes, aligned to 1). The duration `d` is a `Duration` field, or nothing
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

/// The start time ([`Stamp`]'s default, no time, while idle): the sleep runs exactly while it
/// has a start.
impl<D> Activation for Sleep<D> {
    type Active = Stamp;

    #[inline(always)]
    fn is_running(start: &Stamp) -> bool {
        *start != Stamp::NONE
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
    use crate::persist::{Fingerprint, NodeReader, NodeWriter, elapsed, stamp};
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
            let elapsed = elapsed(active.time(), ctx.now(), self.duration.peek(ctx).unwrap_or(Duration::MAX));
            w.entry(id, elapsed.is_some(), &Entry { elapsed })
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<((), Stamp), R::Error> {
            let Entry { elapsed } = r.entry(id)?;
            Ok(((), stamp(elapsed, ctx.now())))
        }

        fn apply(&mut self, (): (), _: &Ctx) {}
    }
}
