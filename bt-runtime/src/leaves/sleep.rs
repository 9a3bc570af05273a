use core::time::Duration;

use crate::stamp::Stamp;
use crate::{Clock, Interval, Node, NodeId, Observer, Status};

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
/// child, use [`Delay`](crate::Delay) (`delay(d)<A>`). State: the start time (12 bytes, aligned
/// to 1). The duration `d` is a `Duration` field, or nothing when it is a compile-time
/// [`ConstDuration`](crate::ConstDuration), as `bt!` makes every duration literal (`D` is its
/// type, see [`Interval`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sleep<D = Duration> {
    duration: D,
    start: Stamp,
}

impl<D: Interval> Sleep<D> {
    /// A sleep of `duration`, a `Duration` or a [`ConstDuration`](crate::ConstDuration).
    #[inline]
    pub const fn new(duration: D) -> Self {
        Sleep { duration, start: Stamp::NONE }
    }

    /// How long it sleeps.
    #[inline]
    pub fn duration(&self) -> Duration {
        self.duration.get()
    }
}

impl<Ctx: Clock + ?Sized, D: Interval> Node<Ctx> for Sleep<D> {
    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, _: &mut O, _: NodeId) -> Status {
        let now = ctx.now();
        let start = match self.start.time() {
            Some(start) => start,
            None => {
                self.start = Stamp::at(now);
                now
            }
        };
        if now.saturating_sub(start) >= self.duration.get() {
            self.start = Stamp::NONE;
            Status::Success
        } else {
            Status::Running
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, _: &mut Ctx, _: &mut O, _: NodeId) {
        self.start = Stamp::NONE;
    }

    #[inline]
    fn reset(&mut self) {
        self.start = Stamp::NONE;
    }
}

/// Saved relative to the clock: the time since the sleep started (at most its duration).
#[cfg(feature = "serde")]
impl<Ctx: Clock + ?Sized, D: Interval> crate::Persist<Ctx> for Sleep<D> {
    type State = Option<Duration>;

    #[inline]
    fn save(&self, ctx: &Ctx) -> Self::State {
        crate::persist::elapsed(self.start.time(), ctx.now(), self.duration.get())
    }

    #[inline]
    fn restore(&mut self, elapsed: Self::State, ctx: &Ctx) {
        self.start = crate::persist::started(elapsed, ctx.now()).map_or(Stamp::NONE, Stamp::at);
    }
}
