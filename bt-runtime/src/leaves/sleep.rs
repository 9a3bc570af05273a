use core::time::Duration;

use crate::{Clock, Node, NodeId, Observer, Status};

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
/// child, use [`Delay`](crate::Delay) (`delay(d)<A>`). State: the start time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sleep {
    duration: Duration,
    start: Option<Duration>,
}

impl Sleep {
    /// A sleep of `duration`.
    #[inline]
    pub const fn new(duration: Duration) -> Self {
        Sleep { duration, start: None }
    }

    /// How long it sleeps.
    #[inline]
    pub fn duration(&self) -> Duration {
        self.duration
    }
}

impl<Ctx: Clock + ?Sized> Node<Ctx> for Sleep {
    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, _: &mut O, _: NodeId) -> Status {
        let now = ctx.now();
        let start = *self.start.get_or_insert(now);
        if now.saturating_sub(start) >= self.duration {
            self.start = None;
            Status::Success
        } else {
            Status::Running
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, _: &mut Ctx, _: &mut O, _: NodeId) {
        self.start = None;
    }

    #[inline]
    fn reset(&mut self) {
        self.start = None;
    }
}

/// Saved relative to the clock: the time since the sleep started (at most its duration).
#[cfg(feature = "serde")]
impl<Ctx: Clock + ?Sized> crate::Persist<Ctx> for Sleep {
    type State = Option<Duration>;

    #[inline]
    fn save(&self, ctx: &Ctx) -> Self::State {
        crate::persist::elapsed(self.start, ctx.now(), self.duration)
    }

    #[inline]
    fn restore(&mut self, elapsed: Self::State, ctx: &Ctx) {
        self.start = crate::persist::started(elapsed, ctx.now());
    }
}
