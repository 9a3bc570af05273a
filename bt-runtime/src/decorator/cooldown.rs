use core::time::Duration;

use super::{halt_if_running, tick_tracked};
use crate::{Clock, Node, NodeId, Observer, Status};

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
/// halting the cooldown halts the running child and starts the cooldown too, so a behaviour that is
/// interrupted and re-selected at once still waits `d`.
///
/// State: the time the last activation ended and one flag.
#[derive(Clone, Debug)]
pub struct Cooldown<N> {
    child: N,
    cooldown: Duration,
    last_end: Option<Duration>,
    child_running: bool,
}

impl<N> Cooldown<N> {
    /// Runs `child` at most once per `cooldown`, counted from the end of its last activation.
    #[inline]
    pub const fn new(cooldown: Duration, child: N) -> Self {
        Cooldown { child, cooldown, last_end: None, child_running: false }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// The cooldown duration.
    #[inline]
    pub fn cooldown(&self) -> Duration {
        self.cooldown
    }
}

impl<Ctx: Clock + ?Sized, N: Node<Ctx>> Node<Ctx> for Cooldown<N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let now = ctx.now();
        if !self.child_running
            && let Some(end) = self.last_end
            && now.saturating_sub(end) < self.cooldown
        {
            return Status::Failure;
        }
        let status = tick_tracked(&mut self.child, &mut self.child_running, ctx, obs, id + 1);
        if status.is_done() {
            self.last_end = Some(now);
        }
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if halt_if_running(&mut self.child, &mut self.child_running, ctx, obs, id + 1) {
            // An interrupted activation counts as a run.
            self.last_end = Some(ctx.now());
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.last_end = None;
        self.child_running = false;
        self.child.reset();
    }
}

/// Saved relative to the clock: the time since the last activation ended, while it is less than
/// the cooldown (a cooldown that is over is saved as no last run at all, which behaves the same).
#[cfg(feature = "serde")]
impl<Ctx: Clock + ?Sized, N: crate::Persist<Ctx>> crate::Persist<Ctx> for Cooldown<N> {
    type State = ((Option<Duration>, bool), N::State);

    #[inline]
    fn save(&self, ctx: &Ctx) -> Self::State {
        let since =
            crate::persist::elapsed(self.last_end, ctx.now(), self.cooldown).filter(|&t| t < self.cooldown);
        ((since, self.child_running), self.child.save(ctx))
    }

    #[inline]
    fn restore(&mut self, ((since, child_running), child): Self::State, ctx: &Ctx) {
        self.last_end = crate::persist::started(since, ctx.now());
        self.child_running = child_running;
        self.child.restore(child, ctx);
    }
}
