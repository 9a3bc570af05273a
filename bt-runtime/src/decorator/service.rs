use core::time::Duration;

use crate::active::Stamp;
use crate::{Activation, Clock, Interval, Node, NodeId, Observer, Status, halt_child, tick_child};

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
/// State: none in the node; its active state is the child's, the service's, and the time the
/// service is next due, its last start plus `interval` ([`Due`]: 12 bytes aligned to 1, the
/// clock's origin while the node is idle, so that a fresh activation finds the service due
/// without a test of its own), which each tick compares with the clock. The interval is
/// a `Duration` field, or nothing when it is a compile-time [`ConstDuration`](crate::ConstDuration),
/// as `bt!` makes every duration literal (`D` is its type, see [`Interval`]).
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
}

impl<L, N, D: Interval> Service<L, N, D> {
    /// Runs `service` (a leaf node) every `interval` while `child` runs.
    #[inline]
    pub const fn new(interval: D, service: L, child: N) -> Self {
        Service { service, child, interval }
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
    fn stop_service<Ctx: ?Sized>(&mut self, service: &mut L::Active, ctx: &mut Ctx)
    where
        L: Node<Ctx>,
    {
        if L::is_running(service) {
            self.service.halt(service, ctx);
        }
    }
}

/// When a [`Service`]'s service is next due: a [`Stamp`] whose idle state ([`Default`]) is the
/// clock's origin, a time every clock reading has reached, so that the first tick of an
/// activation finds the service due by the one comparison every tick makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Due(Stamp);

impl Default for Due {
    /// Due at once.
    #[inline(always)]
    fn default() -> Due {
        Due(Stamp::ORIGIN)
    }
}

/// The child's active state, the service's, and the time the service is next due ([`Due`]): the
/// node runs exactly while its child runs.
impl<L: Activation, N: Activation, D> Activation for Service<L, N, D> {
    type Active = (N::Active, L::Active, Due);

    #[inline(always)]
    fn is_running(active: &(N::Active, L::Active, Due)) -> bool {
        N::is_running(&active.0)
    }
}

impl<Ctx: Clock + ?Sized, L: Node<Ctx>, N: Node<Ctx>, D: Interval> Node<Ctx> for Service<L, N, D> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        (child, service, due): &mut (N::Active, L::Active, Due),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let now = ctx.now();
        let service_running = L::is_running(service);
        // A fresh activation is due at the clock's origin: the service is due.
        if service_running || due.0.reached(now) {
            if !service_running {
                // The next due time: each later tick compares the clock with it.
                *due = Due(Stamp::after(now, self.interval.get()));
            }
            // Only whether the service still runs matters, which its active state says.
            let _ = self.service.tick(service, ctx);
        }
        let status = tick_child(&mut self.child, child, ctx, obs, id + 1);
        if status.is_done() {
            *due = Due::default();
            self.stop_service(service, ctx);
        }
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        (child, service, due): &mut (N::Active, L::Active, Due),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if N::is_running(child) {
            *due = Due::default();
            halt_child(&mut self.child, child, ctx, obs, id + 1);
            self.stop_service(service, ctx);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.service.reset();
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use core::time::Duration;

    use serde::{Deserialize, Serialize};

    use super::{Due, Service};
    use crate::active::Stamp;
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, timer_elapsed, timer_stamp};
    use crate::{Activation, Clock, Interval, NodeId, PersistNode};

    /// The time since the service last started (capped at the interval), while the child runs;
    /// the service leaf's own entries are nested in this one (it has no id in the tree).
    #[derive(Serialize, Deserialize)]
    struct Own {
        elapsed: Option<Duration>,
    }

    impl<Ctx: Clock + ?Sized, L: PersistNode<Ctx>, N: PersistNode<Ctx>, D: Interval> PersistNode<Ctx>
        for Service<L, N, D>
    {
        type Loaded = (L::Loaded, N::Loaded);

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.duration(self.interval.get());
            self.service.fingerprint(h);
            self.child.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &(N::Active, L::Active, Due),
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            // An idle node's due time is the clock's origin, saved as no time.
            let due = if Self::is_running(active) { active.2.0 } else { Stamp::NONE };
            let own = Own { elapsed: timer_elapsed(due, true, ctx.now(), self.interval.get()) };
            w.nested(id, Self::is_running(active), &own, &self.service, &active.1, ctx)?;
            self.child.save_nodes(&active.0, ctx, id + 1, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(Self::Loaded, (N::Active, L::Active, Due)), R::Error> {
            let (Own { elapsed }, (service_loaded, service)) =
                r.nested::<Own, Ctx, L>(id, &self.service, ctx)?;
            let (loaded, child) = self.child.load_nodes(ctx, id + 1, r)?;
            if elapsed.is_some() != N::is_running(&child) {
                return Err(r.invalid(
                    id,
                    Invalid::Inconsistent("it runs exactly while its child runs, and the two disagree"),
                ));
            }
            if elapsed.is_none() && L::is_running(&service) {
                return Err(r.invalid(id, Invalid::Inconsistent("its service runs, but the node is idle")));
            }
            let due = match elapsed {
                Some(_) => Due(timer_stamp(elapsed, true, ctx.now(), self.interval.get())),
                None => Due::default(),
            };
            Ok(((service_loaded, loaded), (child, service, due)))
        }

        fn apply(&mut self, (service, loaded): Self::Loaded, ctx: &Ctx) {
            self.service.apply(service, ctx);
            self.child.apply(loaded, ctx);
        }
    }
}
