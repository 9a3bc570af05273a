use crate::packed::U32;
use crate::{Count, Node, NodeId, Observer, RepeatForever, Status, halt_child, tick_child};

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
/// is idle and is not halted) and resets the count. State: the count, the iterations done (4 bytes, kept
/// aligned to 1) and one flag; the count takes no space when it is a compile-time [`Const`](crate::Const), as `bt!` makes
/// every literal count (`K` is the count's type, see [`Count`]).
#[derive(Clone, Debug)]
pub struct Repeat<N, K = u32> {
    child: N,
    times: K,
    done: U32,
    child_running: bool,
}

impl<N> Repeat<N> {
    /// Repeats `child` for as long as it succeeds: a [`RepeatForever`], the node a `repeat` without
    /// a count builds.
    #[inline]
    pub const fn forever(child: N) -> RepeatForever<N> {
        RepeatForever::new(child)
    }
}

impl<N, K: Count<u32>> Repeat<N, K> {
    /// Repeats `child` until it has succeeded `n` times; `n` is a `u32`, or a
    /// [`Const`](crate::Const) for a count fixed at compile time.
    #[inline(never)]
    pub const fn times(n: K, child: N) -> Self {
        Repeat { child, times: n, done: U32::ZERO, child_running: false }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }

    /// Completed iterations in the current activation.
    #[inline]
    pub fn iterations(&self) -> u32 {
        self.done.get()
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>, K: Count<u32>> Node<Ctx> for Repeat<N, K> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        if self.times.get() == 0 {
            return Status::Success;
        }
        match tick_child(&mut self.child, ctx, obs, id + 1) {
            Status::Running => {
                self.child_running = true;
                Status::Running
            }
            Status::Failure => {
                self.child_running = false;
                self.done = U32::ZERO;
                Status::Failure
            }
            Status::Success => {
                self.child_running = false;
                // `done < times` between ticks, so this cannot overflow.
                self.done.set(self.done.get() + 1);
                if self.done.get() >= self.times.get() {
                    self.done = U32::ZERO;
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }

    #[inline(never)]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.child_running {
            self.child_running = false;
            halt_child(&mut self.child, ctx, obs, id + 1);
        }
        self.done = U32::ZERO;
    }

    #[inline]
    fn reset(&mut self) {
        self.done = U32::ZERO;
        self.child_running = false;
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([N, K] Repeat<N, K>, { done: u32, child_running: bool }, { child: N });
