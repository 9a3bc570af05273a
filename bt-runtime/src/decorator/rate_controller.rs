use core::time::Duration;

use super::halt_if_running;
use crate::{Activation, Clock, Node, NodeId, Observer, Status, tick_child};

/// `rate_controller(hz)<child>`: ticks its child at most `hz` times per second, and returns
/// `Running` while it waits (Nav2's `RateController`). Time comes from the context ([`Clock`]).
///
/// The period is `1 / hz`. State: in the node, the time the throttle was last (re)started (none
/// while it is not armed), which outlives the node's activations; its active state is the
/// child's, present while the node runs (it waits or its child runs). Each tick:
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
/// which must be above 0; the period is kept as a [`Duration`], to the nanosecond.
#[derive(Clone, Debug)]
pub struct RateController<N> {
    child: N,
    period: Duration,
    /// When the throttle was last (re)started; `None` while not armed.
    start: Option<Duration>,
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
        assert!(hz > 0.0, "rate_controller(hz): hz must be above 0");
        let period = Duration::try_from_secs_f64(1.0 / hz).unwrap_or(Duration::MAX);
        RateController { child, period, start: None }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// The period, `1 / hz`.
    #[inline]
    pub fn period(&self) -> Duration {
        self.period
    }

    /// Whether the throttle is armed.
    #[inline]
    pub fn is_armed(&self) -> bool {
        self.start.is_some()
    }
}

/// `None` while idle; `Some` with the child's active state while running (the child is idle
/// while the node waits).
impl<N: Activation> Activation for RateController<N> {
    type Active = Option<N::Active>;

    #[inline(always)]
    fn is_running(active: &Option<N::Active>) -> bool {
        active.is_some()
    }
}

impl<Ctx: Clock + ?Sized, N: Node<Ctx>> Node<Ctx> for RateController<N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Option<N::Active>,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let now = ctx.now();
        let child = active.get_or_insert_with(Default::default);
        match self.start {
            None => self.start = Some(now),
            Some(start) => {
                if !N::is_running(child) && now.saturating_sub(start) < self.period {
                    return Status::Running;
                }
            }
        }
        let status = tick_child(&mut self.child, child, ctx, obs, id + 1);
        match status {
            Status::Running => {}
            Status::Success => {
                *active = None;
                self.start = Some(ctx.now());
            }
            Status::Failure => *active = None,
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
        self.start = None;
        if let Some(child) = active {
            halt_if_running(&mut self.child, child, ctx, obs, id + 1);
        }
        *active = None;
    }

    #[inline]
    fn reset(&mut self) {
        self.start = None;
        self.child.reset();
    }

    /// Disarms the throttle: the next tick ticks the child at once.
    #[inline]
    fn reset_status(&mut self) {
        self.start = None;
    }
}

/// Saved relative to the clock: the time since the throttle was armed (at most the period).
#[cfg(feature = "serde")]
mod persist {
    use core::time::Duration;

    use serde::{Deserialize, Serialize};

    use super::RateController;
    use crate::persist::{Fingerprint, NodeReader, NodeWriter, child_idle, elapsed, started};
    use crate::{Clock, NodeId, PersistNode};

    /// Whether it runs (it runs while it waits, its child idle), and the time since its period
    /// started (capped at the period), if it is armed.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        running: bool,
        since: Option<Duration>,
    }

    impl<Ctx: Clock + ?Sized, N: PersistNode<Ctx>> PersistNode<Ctx> for RateController<N> {
        type Loaded = (Option<Duration>, N::Loaded);

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.duration(self.period);
            self.child.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &Option<N::Active>,
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            let since = elapsed(self.start, ctx.now(), self.period);
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
            Ok(((started(since, ctx.now()), loaded), running.then_some(child)))
        }

        fn apply(&mut self, (start, loaded): Self::Loaded, ctx: &Ctx) {
            self.start = start;
            self.child.apply(loaded, ctx);
        }
    }
}
