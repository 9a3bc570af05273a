use super::halt_if_running;
use crate::{Activation, Bound, Count, CountOf, Counter, Node, NodeId, Observer, Status, tick_child};

/// `retry(n)<child>`: runs the child again after a failure, up to `n` attempts in all
/// (BehaviorTree.CPP's `RetryUntilSuccessful`).
///
/// Each tick ticks the child once:
///
/// * `Running` → `Running`;
/// * `Success` → `Success`; the attempt count resets;
/// * `Failure` → one attempt is used up. If it was the `n`-th, the retry returns `Failure` and the
///   count resets; otherwise it returns `Running`, and the next tick starts the child's next
///   activation.
///
/// **At most one attempt completes per tick** (principle 3, bounded ticks): BehaviorTree.CPP loops
/// over failed attempts inside a single tick, so a child that fails at once would be run `n` times
/// in one tick; here a failed attempt always ends the tick with `Running`, and the next attempt
/// starts on the next tick.
///
/// Halting a running retry halts the child if it is running (after a failed attempt it is idle and
/// is not halted) and resets the count. State: the number of attempts in the node (none when it is
/// a compile-time [`Const`](crate::Const), as `bt!` makes every literal; `K` is its type, see
/// [`Count`]); its active state is the child's and the failures so far in the activation, in the
/// counter the count's [`Bound`] chooses: one byte for a literal below 256 (`bt!` passes it as a
/// [`ConstU8`](crate::ConstU8)), otherwise 4 bytes, kept aligned to 1.
///
/// The number of attempts may also be read from the context each time the retry needs it
/// ([`FromContext`](crate::FromContext), BehaviorTree.CPP's `num_attempts="{n}"`, built with
/// [`reading`](Retry::reading)): a number that cannot be read fails the retry in that tick (its
/// running child halted first), and a number below 1 allows one attempt.
#[derive(Clone, Debug)]
pub struct Retry<N, K = u32> {
    child: N,
    attempts: K,
}

impl<N, K: Count<u32>> Retry<N, K> {
    /// Retries `child` until it succeeds, at most `attempts` times in all; `attempts` is a `u32`,
    /// or a [`Const`](crate::Const) for a number fixed at compile time.
    ///
    /// # Panics
    ///
    /// If `attempts` is 0 (`bt!` rejects a literal 0 at compile time).
    #[inline]
    pub fn new(attempts: K, child: N) -> Self {
        assert!(attempts.get() >= 1, "retry(n): n must be at least 1");
        Retry { child, attempts }
    }

    /// The number of attempts allowed per activation.
    #[inline]
    pub fn attempts(&self) -> u32 {
        self.attempts.get()
    }
}

impl<N, K> Retry<N, K> {
    /// Retries `child` until it succeeds, with the number of attempts `attempts` reads from the
    /// context each time the retry needs it (a [`FromContext`](crate::FromContext)).
    #[inline]
    pub const fn reading(attempts: K, child: N) -> Self {
        Retry { child, attempts }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

/// The child's active state and the failed attempts in the activation: the retry runs while its
/// child does or after a failed attempt.
impl<N: Activation, K: Bound> Activation for Retry<N, K> {
    type Active = (N::Active, K::Counter);

    #[inline(always)]
    fn is_running((child, failed): &(N::Active, K::Counter)) -> bool {
        N::is_running(child) || failed.get() != 0
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>, K: CountOf<Ctx, u32> + Bound> Node<Ctx> for Retry<N, K> {
    const SIZE: usize = 1 + N::SIZE;
    const SKIPS: bool = N::SKIPS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (N::Active, K::Counter),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if N::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        let Some(attempts) = self.attempts.count(ctx) else {
            self.halt_with(active, ctx, obs, id);
            return Status::Failure;
        };
        let (child, failed) = active;
        match tick_child(&mut self.child, child, ctx, obs, id + 1) {
            Status::Running => Status::Running,
            Status::Success => {
                *failed = K::Counter::default();
                Status::Success
            }
            Status::Failure => {
                failed.set(failed.get().saturating_add(1));
                if failed.get() >= attempts {
                    *failed = K::Counter::default();
                    Status::Failure
                } else {
                    Status::Running
                }
            }
        }
    }

    /// As [`tick_with`](Node::tick_with); a skipped child skips the retry, which returns to
    /// idle and forgets its count.
    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut (N::Active, K::Counter),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> crate::Outcome {
        if !N::SKIPS {
            return crate::Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        let Some(attempts) = self.attempts.count(ctx) else {
            self.halt_with(active, ctx, obs, id);
            return crate::Outcome::Failure;
        };
        let (child, failed) = active;
        match crate::tick_child_skip(&mut self.child, child, ctx, obs, id + 1) {
            crate::Outcome::Running => crate::Outcome::Running,
            crate::Outcome::Skipped => {
                *failed = K::Counter::default();
                crate::Outcome::Skipped
            }
            crate::Outcome::Success => {
                *failed = K::Counter::default();
                crate::Outcome::Success
            }
            crate::Outcome::Failure => {
                failed.set(failed.get().saturating_add(1));
                if failed.get() >= attempts {
                    *failed = K::Counter::default();
                    crate::Outcome::Failure
                } else {
                    crate::Outcome::Running
                }
            }
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        (child, failed): &mut (N::Active, K::Counter),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        halt_if_running(&mut self.child, child, ctx, obs, id + 1);
        *failed = K::Counter::default();
    }

    #[inline]
    fn reset(&mut self) {
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::Retry;
    use crate::persist::{Fingerprint, NodeReader, NodeWriter, at_most};
    use crate::{Activation, Bound, CountOf, Counter, NodeId, PersistNode};

    /// The attempts failed in the activation in progress; the child's entries follow.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        failed: u32,
    }

    impl<Ctx: ?Sized, N: PersistNode<Ctx>, K: CountOf<Ctx, u32> + Bound> PersistNode<Ctx> for Retry<N, K> {
        type Loaded = N::Loaded;

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.u64(self.attempts.fixed().map_or(u64::MAX, u64::from));
            self.child.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &(N::Active, K::Counter),
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            w.entry(id, Self::is_running(active), &Entry { failed: active.1.get() })?;
            self.child.save_nodes(&active.0, ctx, id + 1, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(N::Loaded, (N::Active, K::Counter)), R::Error> {
            let Entry { failed } = r.entry(id)?;
            // Below the limit, which ends the activation when it is reached.
            let limit = self.attempts.peek(ctx).map_or(u64::MAX, |a| u64::from(a.saturating_sub(1)));
            at_most(r, id, "failed", u64::from(failed), limit)?;
            let (loaded, child) = self.child.load_nodes(ctx, id + 1, r)?;
            let mut counter = K::Counter::default();
            counter.set(failed);
            Ok((loaded, (child, counter)))
        }

        fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
            self.child.apply(loaded, ctx);
        }
    }
}
