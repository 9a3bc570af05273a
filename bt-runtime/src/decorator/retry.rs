use crate::packed::U32;
use crate::{Count, Node, NodeId, Observer, Status, halt_child, tick_child};

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
/// is not halted) and resets the count. State: the number of attempts (none when it is a
/// compile-time [`Const`](crate::Const), as `bt!` makes every literal; `K` is its type, see
/// [`Count`]), the failures so far (4 bytes, kept aligned to 1) and one flag.
#[derive(Clone, Debug)]
pub struct Retry<N, K = u32> {
    child: N,
    attempts: K,
    failed: U32,
    child_running: bool,
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
        Retry { child, attempts, failed: U32::ZERO, child_running: false }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// The number of attempts allowed per activation.
    #[inline]
    pub fn attempts(&self) -> u32 {
        self.attempts.get()
    }

    /// Failed attempts in the current activation.
    #[inline]
    pub fn failures(&self) -> u32 {
        self.failed.get()
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>, K: Count<u32>> Node<Ctx> for Retry<N, K> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        match tick_child(&mut self.child, ctx, obs, id + 1) {
            Status::Running => {
                self.child_running = true;
                Status::Running
            }
            Status::Success => {
                self.child_running = false;
                self.failed = U32::ZERO;
                Status::Success
            }
            Status::Failure => {
                self.child_running = false;
                self.failed.set(self.failed.get().saturating_add(1));
                if self.failed.get() >= self.attempts.get() {
                    self.failed = U32::ZERO;
                    Status::Failure
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.child_running {
            self.child_running = false;
            halt_child(&mut self.child, ctx, obs, id + 1);
        }
        self.failed = U32::ZERO;
    }

    #[inline]
    fn reset(&mut self) {
        self.failed = U32::ZERO;
        self.child_running = false;
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([N, K] Retry<N, K>, { failed: u32, child_running: bool }, { child: N });
