use core::time::Duration;

use crate::active::Stamp;
use crate::{
    Activation, Clock, Interval, IntervalOf, Node, NodeId, Observer, Status, halt_child, tick_child,
};

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
/// start; halting it while the child runs halts the child and forgets the start as well. Either way
/// the next activation waits `d` again, from its own first tick. State: none in the node; its
/// active state is the child's and the phase — idle, waiting until a time (the deadline
/// `start + d`; since a time, for a delay read from the context), or running the child — in 12
/// bytes aligned to 1 (the phases share the bytes of the time). The delay `d` is a
/// `Duration` field, or nothing when it is a compile-time [`ConstDuration`](crate::ConstDuration),
/// as `bt!` makes every duration literal (`D` is the delay's type, see [`Interval`]).
#[derive(Clone, Debug)]
pub struct Delay<N, D = Duration> {
    child: N,
    delay: D,
}

/// The delay is idle (its stamp is [`Stamp::NONE`]), waiting since a time, or running the child.
const RUNNING: Stamp = Stamp::mark(1);

impl<N, D> Delay<N, D> {
    /// Runs `child` once `delay` has elapsed since the activation started; `delay` is a
    /// `Duration`, a [`ConstDuration`](crate::ConstDuration) fixed at compile time, or a
    /// [`FromContext`](crate::FromContext) delay read on each tick of the wait (a delay that
    /// cannot be read fails the node).
    #[inline]
    pub const fn new(delay: D, child: N) -> Self {
        Delay { child, delay }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

impl<N, D: Interval> Delay<N, D> {
    /// The delay.
    #[inline]
    pub fn delay(&self) -> Duration {
        self.delay.get()
    }
}

/// The child's active state and the phase: no time while idle ([`Stamp`]'s default), the time
/// the wait ends (started, for a delay read from the context), or a marker while the child runs. The delay runs exactly while it is not
/// idle.
impl<N: Activation, D> Activation for Delay<N, D> {
    type Active = (N::Active, Stamp);

    #[inline(always)]
    fn is_running(active: &(N::Active, Stamp)) -> bool {
        !active.1.is_none()
    }
}

/// Whether the delay still waits (`None`: the delay cannot be read), for a `phase` that is idle
/// (the wait starts now) or waiting. A fixed delay keeps the time the wait ends, `start + d`,
/// and compares the clock with it; a delay read from the context keeps the start and checks
/// `now − start` against the delay it reads on each tick.
#[inline(always)]
fn waiting<Ctx: Clock + ?Sized, D: IntervalOf<Ctx>>(
    delay: &mut D,
    phase: &mut Stamp,
    ctx: &Ctx,
) -> Option<bool> {
    let now = ctx.now();
    if D::FIXED {
        if phase.is_none() {
            *phase = Stamp::after(now, delay.interval(ctx).unwrap_or_default());
        }
        Some(!phase.reached(now))
    } else {
        let start = match phase.time() {
            Some(start) => start,
            None => {
                *phase = Stamp::at(now);
                now
            }
        };
        delay.interval(ctx).map(|delay| now.saturating_sub(start) < delay)
    }
}

impl<Ctx: Clock + ?Sized, N: Node<Ctx>, D: IntervalOf<Ctx>> Node<Ctx> for Delay<N, D> {
    const SIZE: usize = 1 + N::SIZE;
    const SKIPS: bool = N::SKIPS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (N::Active, Stamp),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if N::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        let (child, phase) = active;
        if !phase.is_mark(RUNNING) {
            match waiting(&mut self.delay, phase, ctx) {
                Some(true) => return Status::Running,
                Some(false) => {}
                None => {
                    *phase = Stamp::NONE;
                    return Status::Failure;
                }
            }
        }
        let status = tick_child(&mut self.child, child, ctx, obs, id + 1);
        *phase = if status == Status::Running { RUNNING } else { Stamp::NONE };
        status
    }

    /// As [`tick_with`](Node::tick_with); a skipped child skips this node, which returns to idle.
    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut (N::Active, Stamp),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> crate::Outcome {
        if !N::SKIPS {
            return crate::Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        let (child, phase) = active;
        if !phase.is_mark(RUNNING) {
            match waiting(&mut self.delay, phase, ctx) {
                Some(true) => return crate::Outcome::Running,
                Some(false) => {}
                None => {
                    *phase = Stamp::NONE;
                    return crate::Outcome::Failure;
                }
            }
        }
        let outcome = crate::tick_child_skip(&mut self.child, child, ctx, obs, id + 1);
        *phase = if outcome == crate::Outcome::Running { RUNNING } else { Stamp::NONE };
        outcome
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        (child, phase): &mut (N::Active, Stamp),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        let running = phase.is_mark(RUNNING);
        *phase = Stamp::NONE;
        if running {
            halt_child(&mut self.child, child, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use core::time::Duration;

    use serde::{Deserialize, Serialize};

    use super::{Delay, RUNNING};
    use crate::active::Stamp;
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, timer_elapsed, timer_stamp};
    use crate::{Activation, Clock, IntervalOf, NodeId, PersistNode};

    /// The time waited so far (capped at the delay), while it waits; once the child runs, the
    /// child's entries tell it.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        waited: Option<Duration>,
    }

    impl<Ctx: Clock + ?Sized, N: PersistNode<Ctx>, D: IntervalOf<Ctx>> PersistNode<Ctx> for Delay<N, D> {
        type Loaded = N::Loaded;

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.duration(self.delay.fixed().unwrap_or(Duration::MAX));
            self.child.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &(N::Active, Stamp),
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            let delay = self.delay.peek(ctx).unwrap_or(Duration::MAX);
            let waiting = if active.1.is_mark(RUNNING) { Stamp::NONE } else { active.1 };
            let waited = timer_elapsed(waiting, D::FIXED, ctx.now(), delay);
            w.entry(id, Self::is_running(active), &Entry { waited })?;
            self.child.save_nodes(&active.0, ctx, id + 1, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(N::Loaded, (N::Active, Stamp)), R::Error> {
            let Entry { waited } = r.entry(id)?;
            let (loaded, child) = self.child.load_nodes(ctx, id + 1, r)?;
            let phase = if N::is_running(&child) {
                if waited.is_some() {
                    return Err(r.invalid(
                        id,
                        Invalid::Inconsistent("it is waiting, but its child is already running"),
                    ));
                }
                RUNNING
            } else {
                let delay = self.delay.peek(ctx).unwrap_or(Duration::MAX);
                timer_stamp(waited, D::FIXED, ctx.now(), delay)
            };
            Ok((loaded, (child, phase)))
        }

        fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
            self.child.apply(loaded, ctx);
        }
    }
}
