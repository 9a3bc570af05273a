use super::halt_if_running;
use crate::{Activation, Bound, CountOf, Counter, Node, NodeId, Observer, RepeatForever, Status, tick_child};

/// `repeat(n)<child>`: runs the child again each time it succeeds, `n` times.
///
/// Each tick ticks the child once:
///
/// * `Running` → `Running`;
/// * `Failure` → `Failure`; the count resets, the next tick starts a fresh activation;
/// * `Success` → one iteration is done. The `n`-th success returns `Success` and resets the count;
///   otherwise the repeat returns `Running` and the next tick starts the child's next activation.
///
/// **At most one child activation completes per tick**, so even a child that succeeds at once
/// cannot make a tick loop: `repeat` over an instant action runs it once per tick. `repeat(0)` (a
/// count of zero) succeeds at once without ticking the child. A `repeat` without a count is the
/// separate node [`RepeatForever`], which keeps no counter.
///
/// Halting a running repeat halts the child if the child is running (after a completed iteration it
/// is idle and is not halted) and resets the count. State: the count in the node, which takes no
/// space when it is a compile-time [`Const`](crate::Const), as `bt!` makes every literal count
/// (`K` is the count's type, see [`Count`](crate::Count)); its active state is the child's and the iterations
/// done in the activation, in the counter the count's [`Bound`] chooses: 4 bytes, kept aligned to
/// 1, for the [`Const`](crate::Const) `bt!` passes (one byte for a [`ConstU8`](crate::ConstU8)).
///
/// The count may also be read from the context each time the repeat needs it
/// ([`FromContext`](crate::FromContext), BehaviorTree.CPP's `num_cycles="{n}"`): a count that
/// cannot be read fails the repeat in that tick (its running child halted first).
#[derive(Clone, Debug)]
pub struct Repeat<N, K = u32> {
    child: N,
    times: K,
}

impl<N> Repeat<N> {
    /// Repeats `child` for as long as it succeeds: a [`RepeatForever`], the node a `repeat` without
    /// a count builds.
    #[inline]
    pub const fn forever(child: N) -> RepeatForever<N> {
        RepeatForever::new(child)
    }
}

impl<N, K> Repeat<N, K> {
    /// Repeats `child` until it has succeeded `n` times; `n` is a `u32`, a
    /// [`Const`](crate::Const) for a count fixed at compile time, or a
    /// [`FromContext`](crate::FromContext) count read when it is needed.
    #[inline(never)]
    pub const fn times(n: K, child: N) -> Self {
        Repeat { child, times: n }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

/// The child's active state and the iterations completed in the activation: the repeat runs
/// while its child does or after a completed iteration.
impl<N: Activation, K: Bound> Activation for Repeat<N, K> {
    type Active = (N::Active, K::Counter);

    #[inline(always)]
    fn is_running((child, done): &(N::Active, K::Counter)) -> bool {
        N::is_running(child) || done.get() != 0
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>, K: CountOf<Ctx, u32> + Bound> Node<Ctx> for Repeat<N, K> {
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
        let Some(times) = self.times.count(ctx) else {
            self.halt_with(active, ctx, obs, id);
            return Status::Failure;
        };
        if times == 0 {
            // A count read from the context may drop to 0 while the child runs.
            self.halt_with(active, ctx, obs, id);
            return Status::Success;
        }
        let (child, done) = active;
        match tick_child(&mut self.child, child, ctx, obs, id + 1) {
            Status::Running => Status::Running,
            Status::Failure => {
                *done = K::Counter::default();
                Status::Failure
            }
            Status::Success => {
                // `done` is below the count it was last compared with (at most `u32::MAX`)
                // between ticks, so this cannot overflow.
                done.set(done.get() + 1);
                if done.get() >= times {
                    *done = K::Counter::default();
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    /// As [`tick_with`](Node::tick_with); a skipped child skips the repeat, which returns to
    /// idle and forgets its count (BehaviorTree.CPP's `Repeat` keeps it).
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
        let Some(times) = self.times.count(ctx) else {
            self.halt_with(active, ctx, obs, id);
            return crate::Outcome::Failure;
        };
        if times == 0 {
            self.halt_with(active, ctx, obs, id);
            return crate::Outcome::Success;
        }
        let (child, done) = active;
        match crate::tick_child_skip(&mut self.child, child, ctx, obs, id + 1) {
            crate::Outcome::Running => crate::Outcome::Running,
            crate::Outcome::Skipped => {
                *done = K::Counter::default();
                crate::Outcome::Skipped
            }
            crate::Outcome::Failure => {
                *done = K::Counter::default();
                crate::Outcome::Failure
            }
            crate::Outcome::Success => {
                done.set(done.get() + 1);
                if done.get() >= times {
                    *done = K::Counter::default();
                    crate::Outcome::Success
                } else {
                    crate::Outcome::Running
                }
            }
        }
    }

    #[inline(never)]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        (child, done): &mut (N::Active, K::Counter),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        halt_if_running(&mut self.child, child, ctx, obs, id + 1);
        *done = K::Counter::default();
    }

    #[inline]
    fn reset(&mut self) {
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::Repeat;
    use crate::persist::{Fingerprint, NodeReader, NodeWriter, at_most};
    use crate::{Activation, Bound, CountOf, Counter, NodeId, PersistNode};

    /// The iterations completed in the activation in progress; the child's entries follow.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        done: u32,
    }

    impl<Ctx: ?Sized, N: PersistNode<Ctx>, K: CountOf<Ctx, u32> + Bound> PersistNode<Ctx> for Repeat<N, K> {
        type Loaded = N::Loaded;

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.u64(self.times.fixed().map_or(u64::MAX, u64::from));
            self.child.fingerprint(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &(N::Active, K::Counter),
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            w.entry(id, Self::is_running(active), &Entry { done: active.1.get() })?;
            self.child.save_nodes(&active.0, ctx, id + 1, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(N::Loaded, (N::Active, K::Counter)), R::Error> {
            let Entry { done } = r.entry(id)?;
            // Below the limit, which ends the activation when it is reached (a count read from
            // the context is checked against its value now).
            let limit = self.times.peek(ctx).map_or(u64::MAX, |t| u64::from(t.saturating_sub(1)));
            at_most(r, id, "done", u64::from(done), limit)?;
            let (loaded, child) = self.child.load_nodes(ctx, id + 1, r)?;
            let mut counter = K::Counter::default();
            counter.set(done);
            Ok((loaded, (child, counter)))
        }

        fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
            self.child.apply(loaded, ctx);
        }
    }
}
