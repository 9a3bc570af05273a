use core::time::Duration;

use super::halt_if_running;
use crate::active::Stamp;
use crate::{Activation, Clock, Interval, Node, NodeId, Observer, Status, tick_child};

/// `rate_controller(hz)<child>`: ticks its child at most `hz` times per second, and returns
/// `Running` while it waits (Nav2's `RateController`). Time comes from the context ([`Clock`]).
///
/// The period is `1 / hz`. State: in the node, the time the throttle's period ends — its last
/// (re)start plus the period, computed when it restarts: a deadline each waiting tick compares
/// the clock with; none while it is not armed — with a flag in its spare bits that says whether
/// the child runs, so that a tick never asks the child's state (12 bytes aligned to 1 in all),
/// which outlives the node's activations; its active state is the child's, present while the
/// node runs (it waits or its child runs). Each tick:
///
/// * **not armed** (a fresh node, or after a halt, [`reset`](Node::reset) or
///   [`reset_status`](Node::reset_status)): the current time is recorded as the start, the
///   throttle is armed, and the child is ticked;
/// * **armed**: if the child is running, or `now − start ≥ period`, the child is ticked;
///   otherwise the node returns `Running` **without ticking** it (it waits);
/// * when the child is ticked: `Running` → `Running`; `Success` → the start becomes now (the
///   timer restarts at each success), `Success`; `Failure` → `Failure` (the timer keeps running
///   from the last start).
///
/// The throttle survives the node's own completions: after the child succeeds, the node's next
/// ticks wait (`Running`) until the period has passed, then tick the child again. Under a
/// [`PipelineSequence`](crate::PipelineSequence) — where Nav2 uses it — that is what replans at
/// a fixed rate while the later children run: the pipeline goes past a waiting child that is
/// before its furthest running one. The throttle stays armed until the node is halted (while it
/// waits it is running, so the parent that stops ticking it halts it), reset, or told to forget
/// its status by a `pipeline_sequence` parent whose activation ends just after the node
/// completed. Under other parents it stays armed across the parent's activations: a parent that
/// restarts it within the period makes it wait first (BehaviorTree.CPP resets a child's status
/// whenever the parent's activation ends, which re-arms it; see [`Node::reset_status`]).
///
/// Nav2 reads the system clock (`std::chrono::high_resolution_clock`); here time comes from the
/// context's [`Clock`], read once per tick (and again when the child succeeds, to restart the
/// timer), so a simulation controls the throttle exactly. `hz` is an `f64` (a `double` in Nav2),
/// which must be above 0; the period is `Duration::try_from_secs_f64(1.0 / hz)`, to the
/// nanosecond: a [`Duration`] field, or nothing when it is a compile-time
/// [`ConstDuration`](crate::ConstDuration), as `bt!` makes the period of every rate literal
/// (`D` is the period's type, see [`Interval`]).
#[derive(Clone, Debug)]
pub struct RateController<N, D = Duration> {
    child: N,
    period: D,
    /// When the throttle's period ends (its last (re)start plus the period), flagged while the
    /// child runs; [`Stamp::NONE`] while not armed.
    end: Stamp,
}

impl<N, D: Interval> RateController<N, D> {
    /// Ticks `child` at most once per `period` (the period of a rate of `1 / period` hertz).
    #[inline]
    pub const fn with_period(period: D, child: N) -> Self {
        RateController { child, period, end: Stamp::NONE }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// The period, `1 / hz`.
    #[inline]
    pub fn period(&self) -> Duration {
        self.period.get()
    }

    /// Whether the throttle is armed.
    #[inline]
    pub fn is_armed(&self) -> bool {
        !self.end.is_none()
    }
}

impl<N> RateController<N> {
    /// Ticks `child` at most `hz` times per second.
    ///
    /// # Panics
    ///
    /// If `hz` is not above 0 (`bt!` rejects such a literal at compile time). A rate so low that
    /// its period does not fit a [`Duration`] gets [`Duration::MAX`].
    #[inline]
    pub fn new(hz: f64, child: N) -> Self {
        RateController::with_period(crate::Rate::period(hz), child)
    }
}

/// `None` while idle; `Some` with the child's active state while running (the child is idle
/// while the node waits).
impl<N: Activation, D> Activation for RateController<N, D> {
    type Active = Option<N::Active>;

    #[inline(always)]
    fn is_running(active: &Option<N::Active>) -> bool {
        active.is_some()
    }
}

impl<Ctx: Clock + ?Sized, N: Node<Ctx>, D: Interval> Node<Ctx> for RateController<N, D> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Option<N::Active>,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let now = ctx.now();
        // A deadline is reached by the time, never by a marker. A stamp not reached is a
        // deadline to wait for (the most frequent case: told by the comparison with the clock
        // and one test of the nanoseconds), the throttle not armed (`NONE`), a wait that never
        // ends (`NEVER`), or flagged: the child runs (no need to ask the child's state).
        if !self.end.reached_at_once(now) {
            if self.end.is_time() {
                active.get_or_insert_with(Default::default);
                return Status::Running;
            }
            if !self.end.flagged() {
                if !self.end.is_none() {
                    active.get_or_insert_with(Default::default);
                    return Status::Running;
                }
                self.end = Stamp::after(now, self.period.get());
            }
        }
        let child = active.get_or_insert_with(Default::default);
        let status = tick_child(&mut self.child, child, ctx, obs, id + 1);
        match status {
            Status::Running => self.end = self.end.flag(),
            Status::Success => {
                *active = None;
                self.end = Stamp::after(ctx.now(), self.period.get());
            }
            Status::Failure => {
                *active = None;
                self.end = self.end.unflagged();
            }
        }
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Option<N::Active>,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        self.end = Stamp::NONE;
        if let Some(child) = active {
            halt_if_running(&mut self.child, child, ctx, obs, id + 1);
        }
        *active = None;
    }

    #[inline]
    fn reset(&mut self) {
        self.end = Stamp::NONE;
        self.child.reset();
    }

    /// Disarms the throttle: the next tick ticks the child at once.
    #[inline]
    fn reset_status(&mut self) {
        self.end = Stamp::NONE;
    }
}

/// Saved relative to the clock: the time since the throttle was armed (at most the period).
#[cfg(feature = "serde")]
mod persist {
    use core::time::Duration;

    use serde::{Deserialize, Serialize};

    use super::RateController;
    use crate::active::Stamp;
    use crate::persist::{Fingerprint, NodeReader, NodeWriter, child_idle, timer_elapsed, timer_stamp};
    use crate::{Clock, Interval, NodeId, PersistNode};

    /// Whether it runs (it runs while it waits, its child idle), and the time since its period
    /// started (capped at the period), if it is armed.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        running: bool,
        since: Option<Duration>,
    }

    impl<Ctx: Clock + ?Sized, N: PersistNode<Ctx>, D: Interval> PersistNode<Ctx> for RateController<N, D> {
        type Loaded = (Stamp, N::Loaded);

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.duration(self.period.get());
            self.child.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &Option<N::Active>,
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            let since = timer_elapsed(self.end.unflagged(), true, ctx.now(), self.period.get());
            w.entry(id, active.is_some(), &Entry { running: active.is_some(), since })?;
            let idle = N::Active::default();
            self.child.save_nodes(active.as_ref().unwrap_or(&idle), ctx, id + 1, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(Self::Loaded, Option<N::Active>), R::Error> {
            let Entry { running, since } = r.entry(id)?;
            let (loaded, child) = self.child.load_nodes(ctx, id + 1, r)?;
            if !running {
                child_idle(r, id, N::is_running(&child))?;
            }
            let end = timer_stamp(since, true, ctx.now(), self.period.get());
            // The flag the node keeps while its child runs.
            let end = if running && N::is_running(&child) && !end.is_none() { end.flag() } else { end };
            Ok(((end, loaded), running.then_some(child)))
        }

        fn apply(&mut self, (end, loaded): Self::Loaded, ctx: &Ctx) {
            self.end = end;
            self.child.apply(loaded, ctx);
        }
    }
}
