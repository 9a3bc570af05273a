use core::time::Duration;

use crate::stamp::Stamp;
use crate::{Clock, Interval, Node, NodeId, Observer, Status, halt_child, tick_child};

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
/// Halting it halts the running child and forgets the start. State: the start time (12 bytes,
/// aligned to 1).
/// The limit `d` is a `Duration` field, or nothing when it is a compile-time
/// [`ConstDuration`](crate::ConstDuration), as `bt!` makes every duration literal (`D` is the
/// limit's type, see [`Interval`]).
#[derive(Clone, Debug)]
pub struct Timeout<N, D = Duration> {
    child: N,
    limit: D,
    start: Stamp,
}

impl<N, D: Interval> Timeout<N, D> {
    /// Fails `child` when it runs for `limit` or longer; `limit` is a `Duration`, or a
    /// [`ConstDuration`](crate::ConstDuration) for a limit fixed at compile time.
    #[inline]
    pub const fn new(limit: D, child: N) -> Self {
        Timeout { child, limit, start: Stamp::NONE }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// The time limit.
    #[inline]
    pub fn limit(&self) -> Duration {
        self.limit.get()
    }
}

impl<Ctx: Clock + ?Sized, N: Node<Ctx>, D: Interval> Node<Ctx> for Timeout<N, D> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let now = ctx.now();
        match self.start.time() {
            None => self.start = Stamp::at(now),
            Some(start) => {
                if now.saturating_sub(start) >= self.limit.get() {
                    self.start = Stamp::NONE;
                    halt_child(&mut self.child, ctx, obs, id + 1);
                    return Status::Failure;
                }
            }
        }
        let status = tick_child(&mut self.child, ctx, obs, id + 1);
        if status.is_done() {
            self.start = Stamp::NONE;
        }
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.start != Stamp::NONE {
            self.start = Stamp::NONE;
            halt_child(&mut self.child, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.start = Stamp::NONE;
        self.child.reset();
    }
}

/// Saved relative to the clock: the time since the start (at most the limit).
#[cfg(feature = "serde")]
impl<Ctx: Clock + ?Sized, N: crate::Persist<Ctx>, D: Interval> crate::Persist<Ctx> for Timeout<N, D> {
    type State = (Option<Duration>, N::State);

    #[inline]
    fn save(&self, ctx: &Ctx) -> Self::State {
        (crate::persist::elapsed(self.start.time(), ctx.now(), self.limit.get()), self.child.save(ctx))
    }

    #[inline]
    fn restore(&mut self, (elapsed, child): Self::State, ctx: &Ctx) {
        self.start = crate::persist::started(elapsed, ctx.now()).map_or(Stamp::NONE, Stamp::at);
        self.child.restore(child, ctx);
    }
}
