use core::time::Duration;

use crate::{Clock, Interval, Node, NodeId, Observer, Status, halt_child, tick_child};

/// `service(interval, LEAF)<child>`: periodic side work while the child's branch is active (Unreal
/// Engine's *service*). Time comes from the context ([`Clock`]).
///
/// The *service* is a leaf — an action, a condition or a closure, converted like any leaf of the
/// tree — that updates the context for the branch (refreshes a target, polls a sensor). Each tick:
///
/// * on the first tick of an activation, the service is ticked ("first run on entry") and the time
///   is recorded as its start;
/// * on a later tick, the service is ticked again if it is still running (it returned `Running`
///   last time), or if `interval` has passed since it last started (`now − start ≥ interval`),
///   which starts it anew and records the new start; otherwise it is left alone;
/// * the service's status is ignored (it only matters whether it is still running); then the child
///   is ticked, and its status is the service node's;
/// * when the child completes, the activation ends: a running service is halted ("stopped on
///   exit"), after the child's completion.
///
/// Halting the service node halts the running child, then the service if it is running. With an
/// interval of zero the service runs on every tick of the branch.
///
/// The service is an argument, not a child: it has no [`NodeId`], no entry in the tree's
/// description and is not reported to observers (like the condition of a
/// [`Precondition`](crate::Precondition)); the child's id is the service node's id + 1.
///
/// Differences from Unreal Engine, whose services run on a timer beside the tree: the interval is
/// checked when the node is ticked (nothing runs between ticks), so the service runs on the first
/// tick at or after its due time; there is no random deviation of the interval; and the service is
/// a leaf of any kind, which may run over several ticks (it is then continued on every tick until
/// it completes, and the interval counts from its start).
///
/// State: the last start time of the service and two flags (the branch is active; the service is
/// running). The interval is a `Duration` field, or nothing when it is a compile-time
/// [`ConstDuration`](crate::ConstDuration), as `bt!` makes every duration literal (`D` is its type,
/// see [`Interval`]).
///
/// ```
/// use bt::{bt, Clock, ManualClock, Status};
/// use core::time::Duration;
///
/// struct Robot { clock: ManualClock, scans: u32 }
/// impl Clock for Robot {
///     fn now(&self) -> Duration { self.clock.now() }
/// }
///
/// let mut tree = bt! {
///     service(250ms, { |r: &mut Robot| { r.scans += 1; Status::Success } })<
///         { |_: &mut Robot| Status::Running }
///     >
/// };
/// let mut robot = Robot { clock: ManualClock::new(), scans: 0 };
/// for _ in 0..6 {
///     assert_eq!(tree.tick(&mut robot), Status::Running);
///     robot.clock.advance(Duration::from_millis(100));
/// }
/// // Scanned at 0 ms (on entry) and at 300 ms; the next scan is due at 600 ms.
/// assert_eq!(robot.scans, 2);
/// ```
#[derive(Clone, Debug)]
pub struct Service<L, N, D = Duration> {
    service: L,
    child: N,
    interval: D,
    /// When the service last started.
    started: Duration,
    /// An activation is in progress: the child is running.
    active: bool,
    /// The service returned `Running` on its last tick.
    service_running: bool,
}

impl<L, N, D: Interval> Service<L, N, D> {
    /// Runs `service` (a leaf node) every `interval` while `child` runs.
    #[inline]
    pub const fn new(interval: D, service: L, child: N) -> Self {
        Service { service, child, interval, started: Duration::ZERO, active: false, service_running: false }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// The service leaf.
    #[inline]
    pub fn service(&self) -> &L {
        &self.service
    }

    /// The interval between two starts of the service.
    #[inline]
    pub fn interval(&self) -> Duration {
        self.interval.get()
    }
}

impl<L, N, D: Interval> Service<L, N, D> {
    /// Halts the service if it is running.
    #[inline]
    fn stop_service<Ctx: ?Sized>(&mut self, ctx: &mut Ctx)
    where
        L: Node<Ctx>,
    {
        if self.service_running {
            self.service_running = false;
            self.service.halt(ctx);
        }
    }
}

impl<Ctx: Clock + ?Sized, L: Node<Ctx>, N: Node<Ctx>, D: Interval> Node<Ctx> for Service<L, N, D> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let now = ctx.now();
        let due = !self.active || now.saturating_sub(self.started) >= self.interval.get();
        if self.service_running || due {
            if !self.service_running {
                self.started = now;
            }
            self.service_running = self.service.tick(ctx) == Status::Running;
        }
        self.active = true;
        let status = tick_child(&mut self.child, ctx, obs, id + 1);
        if status.is_done() {
            self.active = false;
            self.stop_service(ctx);
        }
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.active {
            self.active = false;
            halt_child(&mut self.child, ctx, obs, id + 1);
            self.stop_service(ctx);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.started = Duration::ZERO;
        self.active = false;
        self.service_running = false;
        self.service.reset();
        self.child.reset();
    }
}

/// Saved relative to the clock: the time since the service was last started (at most the
/// interval), the flags, and the states of the service and the child.
#[cfg(feature = "serde")]
impl<Ctx: Clock + ?Sized, L: crate::Persist<Ctx>, N: crate::Persist<Ctx>, D: Interval> crate::Persist<Ctx>
    for Service<L, N, D>
{
    type State = ((Duration, bool, bool), L::State, N::State);

    #[inline]
    fn save(&self, ctx: &Ctx) -> Self::State {
        let since = ctx.now().saturating_sub(self.started).min(self.interval.get());
        ((since, self.active, self.service_running), self.service.save(ctx), self.child.save(ctx))
    }

    #[inline]
    fn restore(&mut self, ((since, active, service_running), service, child): Self::State, ctx: &Ctx) {
        self.started = ctx.now().saturating_sub(since);
        self.active = active;
        self.service_running = service_running;
        self.service.restore(service, ctx);
        self.child.restore(child, ctx);
    }
}
