use core::time::Duration;

use crate::active::Stamp;
use crate::{Activation, Clock, Interval, Node, NodeId, Observer, Status, halt_child, tick_child};

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
/// State: in the node, the time from which the child may run again — the end of its last
/// activation plus `d`, a deadline each refused tick compares the clock with; the clock's origin
/// if it has never run (12 bytes aligned to 1) — which outlives the activations; its active state is the child's (the
/// cooldown runs exactly while its child does). The cooldown `d` is a `Duration` field, or nothing
/// when it is a compile-time [`ConstDuration`](crate::ConstDuration), as `bt!` makes every
/// duration literal (`D` is the cooldown's type, see [`Interval`]).
#[derive(Clone, Debug)]
pub struct Cooldown<N, D = Duration> {
    child: N,
    cooldown: D,
    /// The time from which the child may run again: the end of its last activation plus the
    /// cooldown, computed when the activation ends ([`Stamp::NEVER`] past the largest
    /// `Duration`); the clock's origin if it has never run (or the node was reset).
    ready: Stamp,
}

impl<N, D: Interval> Cooldown<N, D> {
    /// Runs `child` at most once per `cooldown`, counted from the end of its last activation;
    /// `cooldown` is a `Duration`, or a [`ConstDuration`](crate::ConstDuration) fixed at compile
    /// time.
    #[inline]
    pub const fn new(cooldown: D, child: N) -> Self {
        Cooldown { child, cooldown, ready: Stamp::ORIGIN }
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

/// The child's active state: the cooldown runs exactly while its child does.
impl<N: Activation, D> Activation for Cooldown<N, D> {
    type Active = N::Active;

    #[inline(always)]
    fn is_running(active: &N::Active) -> bool {
        N::is_running(active)
    }
}

impl<Ctx: Clock + ?Sized, N: Node<Ctx>, D: Interval> Node<Ctx> for Cooldown<N, D> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let now = ctx.now();
        if !N::is_running(active) && !self.ready.reached(now) {
            return Status::Failure;
        }
        let status = tick_child(&mut self.child, active, ctx, obs, id + 1);
        if status.is_done() {
            self.ready = Stamp::after(now, self.cooldown.get());
        }
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if N::is_running(active) {
            halt_child(&mut self.child, active, ctx, obs, id + 1);
            // An interrupted activation counts as a run.
            self.ready = Stamp::after(ctx.now(), self.cooldown.get());
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.ready = Stamp::ORIGIN;
        self.child.reset();
    }
}

/// Saved relative to the clock: the time since the last activation ended, while it is less than
/// the cooldown (a cooldown that is over is saved as no last run at all, which behaves the same).
#[cfg(feature = "serde")]
mod persist {
    use core::time::Duration;

    use serde::{Deserialize, Serialize};

    use super::Cooldown;
    use crate::active::Stamp;
    use crate::persist::{Fingerprint, NodeReader, NodeWriter, started};
    use crate::{Clock, Interval, NodeId, PersistNode};

    /// The time since the child last completed, while that is less than the cooldown.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        since: Option<Duration>,
    }

    impl<Ctx: Clock + ?Sized, N: PersistNode<Ctx>, D: Interval> PersistNode<Ctx> for Cooldown<N, D> {
        type Loaded = (Stamp, N::Loaded);

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.duration(self.cooldown.get());
            self.child.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &N::Active,
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            let (cooldown, now) = (self.cooldown.get(), ctx.now());
            // Past the largest `Duration`: saved as just ended (restored, the same again).
            let since = (!self.ready.clone().expired(now, cooldown))
                .then(|| self.ready.begun(cooldown).map_or(Duration::ZERO, |end| now.saturating_sub(end)));
            w.entry(id, N::is_running(active), &Entry { since })?;
            self.child.save_nodes(active, ctx, id + 1, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(Self::Loaded, N::Active), R::Error> {
            let Entry { since } = r.entry(id)?;
            let (loaded, active) = self.child.load_nodes(ctx, id + 1, r)?;
            let ready =
                started(since, ctx.now()).map_or(Stamp::ORIGIN, |end| Stamp::after(end, self.cooldown.get()));
            Ok(((ready, loaded), active))
        }

        fn apply(&mut self, (ready, loaded): Self::Loaded, ctx: &Ctx) {
            self.ready = ready;
            self.child.apply(loaded, ctx);
        }
    }
}
