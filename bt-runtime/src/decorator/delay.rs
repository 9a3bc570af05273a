use core::time::Duration;

use crate::{Clock, Node, NodeId, Observer, Status, halt_child, tick_child};

/// `delay(d)<child>`: waits `d`, then runs the child (BehaviorTree.CPP's `Delay`). Time comes from
/// the context ([`Clock`]).
///
/// Each tick:
///
/// * on the first tick of an activation the current time is recorded as the start;
/// * while `now − start < d` the delay returns `Running` without ticking the child;
/// * from the first tick on which `d` has elapsed, the child is ticked and its status returned (the
///   child may run over several ticks); when it completes, the delay completes with its status and
///   the next tick starts a new wait.
///
/// A delay of zero ticks the child on the first tick. Halting it while it waits just forgets the
/// start; halting it while the child runs halts the child. State: the start time and one flag.
#[derive(Clone, Debug)]
pub struct Delay<N> {
    child: N,
    delay: Duration,
    start: Option<Duration>,
    child_running: bool,
}

impl<N> Delay<N> {
    /// Runs `child` once `delay` has elapsed since the activation started.
    #[inline]
    pub const fn new(delay: Duration, child: N) -> Self {
        Delay { child, delay, start: None, child_running: false }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// The delay.
    #[inline]
    pub fn delay(&self) -> Duration {
        self.delay
    }
}

impl<Ctx: Clock + ?Sized, N: Node<Ctx>> Node<Ctx> for Delay<N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        if !self.child_running {
            let now = ctx.now();
            let start = *self.start.get_or_insert(now);
            if now.saturating_sub(start) < self.delay {
                return Status::Running;
            }
        }
        let status = tick_child(&mut self.child, ctx, obs, id + 1);
        self.child_running = status == Status::Running;
        if status.is_done() {
            self.start = None;
        }
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        self.start = None;
        if self.child_running {
            self.child_running = false;
            halt_child(&mut self.child, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.start = None;
        self.child_running = false;
        self.child.reset();
    }
}

/// Saved relative to the clock: the time since the wait started (at most the delay).
#[cfg(feature = "serde")]
impl<Ctx: Clock + ?Sized, N: crate::Persist<Ctx>> crate::Persist<Ctx> for Delay<N> {
    type State = ((Option<Duration>, bool), N::State);

    #[inline]
    fn save(&self, ctx: &Ctx) -> Self::State {
        (
            (crate::persist::elapsed(self.start, ctx.now(), self.delay), self.child_running),
            self.child.save(ctx),
        )
    }

    #[inline]
    fn restore(&mut self, ((elapsed, child_running), child): Self::State, ctx: &Ctx) {
        self.start = crate::persist::started(elapsed, ctx.now());
        self.child_running = child_running;
        self.child.restore(child, ctx);
    }
}
