use crate::packed::U16;
use crate::{Arity, Children, Count, Node, NodeId, Observer, Status};

/// `parallel(n)<…>`: runs all children side by side and succeeds once `n` of them have succeeded
/// (the `ParallelNode(n)` of classic C# game-AI frameworks).
///
/// Each tick, children are visited in order:
///
/// * a child that already succeeded in this activation is skipped (successes are *latched*);
/// * every other child is ticked, including one that failed on an earlier tick: a failure is not
///   latched, the child is simply tried again next tick;
/// * as soon as `n` children have succeeded, the parallel returns `Success` at once (later
///   children are not ticked in this tick);
/// * as soon as the failures *of this tick* exceed `children − n` (so `n` successes have become
///   impossible this tick), the parallel returns `Failure` at once;
/// * otherwise, after visiting every child, it returns `Running`.
///
/// On `Success` or `Failure` every child that is still running (it returned `Running` on its last
/// tick) is halted, in child order, and the latches are cleared, so the next tick starts a fresh
/// activation. Halting the parallel halts its running children the same way and clears the latches
/// too: after a halt, the next tick starts a fresh activation in which every child runs again.
///
/// A literal `n` must be between 1 and the number of children (`bt!` rejects one out of range at
/// compile time); a threshold computed at run time must be between 1 and 16 (it panics otherwise),
/// and one above the number of children counts as all of them. State: the threshold, the successes still needed and two 16-bit masks (succeeded
/// children, running children, kept as bytes so that nothing is padded): 6 bytes aligned to 1; 5 when the threshold is a compile-time
/// [`Const`](crate::Const), as `bt!` makes every literal (`K` is how the threshold is kept, see
/// [`Threshold`](crate::Threshold)).
///
/// This is what makes the hungry agent example work: in
/// `parallel(1)<selector<…needs…>, Alive>` the needs selector fails while nothing is needed and is
/// simply tried again next tick, while `Alive` keeps running.
#[derive(Clone, Debug)]
pub struct Parallel<C, K = u8> {
    children: C,
    latches: Latches<K>,
}

/// The state of a parallel, kept apart from its children so that both can be borrowed at once.
#[derive(Clone, Copy, Debug)]
struct Latches<K> {
    /// The threshold, at most the number of children.
    n: K,
    /// Successes still needed in this activation (`n` minus the bits set in `succeeded`), so that
    /// the threshold test is a decrement.
    left: u8,
    /// Children that succeeded in this activation.
    succeeded: U16,
    /// Children that returned `Running` on their last tick.
    running: U16,
}

impl<K: Count<u8>> Latches<K> {
    /// Records child `i`'s status and returns the parallel's outcome (`Running` while undecided).
    /// On completion the running children are halted right there.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn record<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
        &mut self,
        children: &mut C,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
        i: usize,
        status: Status,
        failures_plus_n: &mut usize,
    ) -> Status {
        let bit = 1u16 << i;
        match status {
            Status::Success => {
                self.succeeded.set(self.succeeded.get() | bit);
                self.running.set(self.running.get() & !bit);
                self.left -= 1;
                if self.left == 0 {
                    self.finish(children, ctx, obs, first_id);
                    return Status::Success;
                }
            }
            Status::Failure => {
                self.running.set(self.running.get() & !bit);
                *failures_plus_n += 1;
                if *failures_plus_n > C::LEN {
                    self.finish(children, ctx, obs, first_id);
                    return Status::Failure;
                }
            }
            Status::Running => self.running.set(self.running.get() | bit),
        }
        Status::Running
    }

    /// Ends the activation: halts the running children, in order, and clears the latches.
    #[inline(always)]
    fn finish<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
        &mut self,
        children: &mut C,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) {
        let running = self.running.get();
        self.running = U16::ZERO;
        self.succeeded = U16::ZERO;
        self.left = self.n.get();
        if running != 0 {
            children.halt_masked(running, ctx, obs, first_id);
        }
    }
}

impl<C: Arity, K: Count<u8>> Parallel<C, K> {
    /// A parallel over the tuple `children` that succeeds once `n` children have succeeded; `n` is
    /// a `usize`, or a [`Const`](crate::Const) for a threshold fixed at compile time.
    ///
    /// # Panics
    ///
    /// If `n` is 0 or greater than 16 (the most children a composite can have). A `usize` `n`
    /// above the number of children counts as "all children"; a `Const` one panics. `bt!` checks
    /// literal thresholds at compile time.
    #[inline(never)]
    pub fn new<T: crate::Threshold<Stored = K>>(n: T, children: C) -> Self {
        let n = n.store(C::LEN);
        let left = n.get();
        Parallel { children, latches: Latches { n, left, succeeded: U16::ZERO, running: U16::ZERO } }
    }

    /// The success threshold `n` (an `n` above the number of children reads as that number).
    #[inline]
    pub fn threshold(&self) -> usize {
        self.latches.n.get() as usize
    }
}

impl<C, K> Parallel<C, K> {
    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>, K: Count<u8>> Node<Ctx> for Parallel<C, K> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let latches = &mut self.latches;
        // Failures this tick, plus `n`: more than `LEN` means `n` successes became impossible.
        let mut failures_plus_n = latches.n.get() as usize;
        // Latched successes are skipped; every other child is ticked, in order, until the
        // outcome is decided.
        self.children.tick_unmasked(
            latches.succeeded.get(),
            ctx,
            obs,
            id + 1,
            #[inline(always)]
            |children, ctx, obs, i, status| {
                latches.record(children, ctx, obs, id + 1, i, status, &mut failures_plus_n)
            },
        )
    }

    #[inline(never)]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        self.latches.finish(&mut self.children, ctx, obs, id + 1);
    }

    #[inline]
    fn reset(&mut self) {
        self.latches.running = U16::ZERO;
        self.latches.succeeded = U16::ZERO;
        self.latches.left = self.latches.n.get();
        self.children.reset_all();
    }
}

/// The latches: children left to succeed, and the masks of succeeded and running children.
#[cfg(feature = "serde")]
impl<Ctx: ?Sized, C: crate::Persist<Ctx>, K> crate::Persist<Ctx> for Parallel<C, K> {
    type State = ((u8, u16, u16), C::State);

    #[inline]
    fn save(&self, ctx: &Ctx) -> Self::State {
        let l = &self.latches;
        ((l.left, l.succeeded.get(), l.running.get()), self.children.save(ctx))
    }

    #[inline]
    fn restore(&mut self, ((left, succeeded, running), children): Self::State, ctx: &Ctx) {
        self.latches.left = left;
        self.latches.succeeded = succeeded.into();
        self.latches.running = running.into();
        self.children.restore(children, ctx);
    }
}
