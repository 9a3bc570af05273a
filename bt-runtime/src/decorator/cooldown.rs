use core::time::Duration;

use crate::stamp::Stamp;
use crate::{Clock, Interval, Node, NodeId, Observer, Status, halt_child, tick_child};

/// `cooldown(d)<child>`: after the child has run, refuses to run it again until `d` has elapsed
/// (Unreal Engine's `Cooldown` decorator; BehaviorTree.CPP has no equivalent). Time comes from the
/// context ([`Clock`]).
///
/// Each tick:
///
/// * if the child is not running and its last activation ended less than `d` ago, the cooldown
///   returns `Failure` without ticking it;
/// * otherwise the child is ticked and its status returned; when it completes (`Success` or
///   `Failure`), the current time is recorded and the cooldown starts.
///
/// The first activation is never refused. As in Unreal, an interrupted activation counts as a run:
/// halting the cooldown halts the running child and starts the cooldown too, counted from the
/// clock's time when the halt happens (read from the context passed to the halt), so a behaviour
/// that is interrupted and re-selected at once still waits `d`.
///
/// State: never run, running, or the time the last activation ended, in 12 bytes aligned to 1 (the
/// phases share the bytes of the time). The cooldown `d` is a `Duration` field, or nothing when it is a
/// compile-time [`ConstDuration`](crate::ConstDuration), as `bt!` makes every duration literal
/// (`D` is the cooldown's type, see [`Interval`]).
#[derive(Clone, Debug)]
pub struct Cooldown<N, D = Duration> {
    child: N,
    cooldown: D,
    phase: Stamp,
}

/// The child has never run (or the node was reset): [`Stamp::NONE`]; the child is running:
/// `RUNNING`; otherwise the time its last activation ended.
const RUNNING: Stamp = Stamp::mark(1);

impl<N, D: Interval> Cooldown<N, D> {
    /// Runs `child` at most once per `cooldown`, counted from the end of its last activation;
    /// `cooldown` is a `Duration`, or a [`ConstDuration`](crate::ConstDuration) fixed at compile
    /// time.
    #[inline]
    pub const fn new(cooldown: D, child: N) -> Self {
        Cooldown { child, cooldown, phase: Stamp::NONE }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// The cooldown duration.
    #[inline]
    pub fn cooldown(&self) -> Duration {
        self.cooldown.get()
    }
}

impl<Ctx: Clock + ?Sized, N: Node<Ctx>, D: Interval> Node<Ctx> for Cooldown<N, D> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let now = ctx.now();
        if let Some(end) = self.phase.time()
            && now.saturating_sub(end) < self.cooldown.get()
        {
            return Status::Failure;
        }
        let status = tick_child(&mut self.child, ctx, obs, id + 1);
        self.phase = if status == Status::Running { RUNNING } else { Stamp::at(now) };
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.phase == RUNNING {
            halt_child(&mut self.child, ctx, obs, id + 1);
            // An interrupted activation counts as a run.
            self.phase = Stamp::at(ctx.now());
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.phase = Stamp::NONE;
        self.child.reset();
    }
}

/// Saved relative to the clock: the time since the last activation ended, while it is less than
/// the cooldown (a cooldown that is over is saved as no last run at all, which behaves the same).
#[cfg(feature = "serde")]
impl<Ctx: Clock + ?Sized, N: crate::Persist<Ctx>, D: Interval> crate::Persist<Ctx> for Cooldown<N, D> {
    type State = ((Option<Duration>, bool), N::State);

    #[inline]
    fn save(&self, ctx: &Ctx) -> Self::State {
        let cooldown = self.cooldown.get();
        let since = crate::persist::elapsed(self.phase.time(), ctx.now(), cooldown).filter(|&t| t < cooldown);
        ((since, self.phase == RUNNING), self.child.save(ctx))
    }

    #[inline]
    fn restore(&mut self, ((since, child_running), child): Self::State, ctx: &Ctx) {
        self.phase = if child_running {
            RUNNING
        } else {
            crate::persist::started(since, ctx.now()).map_or(Stamp::NONE, Stamp::at)
        };
        self.child.restore(child, ctx);
    }
}
