use core::time::Duration;

use crate::{Clock, Node, NodeId, Observer, Status, halt_child, tick_child};

/// `rate_controller(hz)<child>`: ticks its child at most `hz` times per second, returning the
/// child's last result in between (Nav2's `RateController`). Time comes from the context
/// ([`Clock`]).
///
/// The period is `1 / hz`. State: whether a throttle is armed, the time it was last (re)started,
/// whether the child is running, and the child's last result. Each tick:
///
/// * **not armed** (a fresh node, or after a halt, [`reset`](Node::reset) or
///   [`reset_status`](Node::reset_status)): the current time is recorded as the start, the
///   throttle is armed, and the child is ticked;
/// * **armed**: if the child is running, or `now − start ≥ period`, the child is ticked;
///   otherwise the node returns the child's last result (`Success` after a success, `Failure`
///   after a failure) **without ticking** it;
/// * when the child is ticked: `Running` → `Running`; `Success` → the start becomes now (the
///   timer restarts at each success), `Success`; `Failure` → `Failure` (the timer keeps running
///   from the last start).
///
/// The throttle survives the node's own completions, which is what lets a
/// [`PipelineSequence`](crate::PipelineSequence) go past it while it waits: it stays armed until
/// the node is halted (which halts the running child), reset, or told to forget its status by a
/// `pipeline_sequence` parent whose activation ends. Under any other parent it stays armed
/// across the parent's activations (BehaviorTree.CPP would re-arm it whenever the parent's
/// activation ends; see [`Node::reset_status`]).
///
/// **Differences from Nav2.** Nav2's node sets its own status to `RUNNING` before deciding, so
/// when it does not tick its child it returns `RUNNING` (its documentation: "returns RUNNING
/// when it is not ticking its child"); here it returns the child's last result, so that under a
/// `sequence` or `selector` the throttled branch reads as done instead of holding its parent
/// until the period expires. Nav2 reads the system clock
/// (`std::chrono::high_resolution_clock`); here time comes from the context's [`Clock`], read
/// once per tick (and again when the child succeeds, to restart the timer), so a simulation
/// controls the throttle exactly. `hz` is an `f64` (a `double` in Nav2), which must be above 0;
/// the period is kept as a [`Duration`], to the nanosecond.
#[derive(Clone, Debug)]
pub struct RateController<N> {
    child: N,
    period: Duration,
    /// When the throttle was last (re)started; `None` while not armed.
    start: Option<Duration>,
    child_running: bool,
    /// The child's last result (`Success` or `Failure`).
    last: Status,
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
        RateController { child, period, start: None, child_running: false, last: Status::Success }
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

impl<Ctx: Clock + ?Sized, N: Node<Ctx>> Node<Ctx> for RateController<N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let now = ctx.now();
        match self.start {
            None => self.start = Some(now),
            Some(start) => {
                if !self.child_running && now.saturating_sub(start) < self.period {
                    return self.last;
                }
            }
        }
        let status = tick_child(&mut self.child, ctx, obs, id + 1);
        match status {
            Status::Running => self.child_running = true,
            Status::Success => {
                self.child_running = false;
                self.start = Some(ctx.now());
                self.last = Status::Success;
            }
            Status::Failure => {
                self.child_running = false;
                self.last = Status::Failure;
            }
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
        self.last = Status::Success;
        self.child.reset();
    }

    /// Disarms the throttle: the next tick ticks the child at once.
    #[inline]
    fn reset_status(&mut self) {
        self.start = None;
    }
}
