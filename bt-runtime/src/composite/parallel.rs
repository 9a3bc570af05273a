use crate::{Children, Node, NodeId, Observer, Status};

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
/// activation. Halting the parallel halts its running children the same way.
///
/// `n` must be between 1 and the number of children (`bt!` rejects an out-of-range literal at
/// compile time). State: the threshold and two 16-bit masks.
///
/// This is what makes the hungry agent example work: in
/// `parallel(1)<selector<…needs…>, Alive>` the needs selector fails while nothing is needed and is
/// simply tried again next tick, while `Alive` keeps running.
#[derive(Clone, Debug)]
pub struct Parallel<C> {
    children: C,
    n: u8,
    succeeded: u16,
    running: u16,
}

impl<C> Parallel<C> {
    /// A parallel over the tuple `children` that succeeds once `n` children have succeeded.
    ///
    /// # Panics
    ///
    /// If `n` is 0 or greater than 16 (the most children a composite can have). An `n` above the
    /// number of children counts as "all children". `bt!` checks literal thresholds at compile time.
    #[inline]
    pub const fn new(n: usize, children: C) -> Self {
        assert!(n >= 1 && n <= 16, "parallel(n): n must be between 1 and the number of children");
        Parallel { children, n: n as u8, succeeded: 0, running: 0 }
    }

    /// The success threshold `n`.
    #[inline]
    pub fn threshold(&self) -> usize {
        self.n as usize
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }

    #[inline]
    fn finish<Ctx: ?Sized, O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId)
    where
        C: Children<Ctx>,
    {
        let mut running = self.running;
        while running != 0 {
            let i = running.trailing_zeros() as usize;
            running &= running - 1;
            self.children.halt_child(i, ctx, obs, id + 1);
        }
        self.running = 0;
        self.succeeded = 0;
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for Parallel<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        // An `n` above the number of children means "all of them" (literals are checked by `bt!`).
        let n = if (self.n as usize) < C::LEN { self.n as usize } else { C::LEN };
        let max_failures = C::LEN - n;
        let mut failures = 0;
        let mut i = 0;
        while i < C::LEN {
            let bit = 1u16 << i;
            if self.succeeded & bit == 0 {
                match self.children.tick_child(i, ctx, obs, id + 1) {
                    Status::Success => {
                        self.succeeded |= bit;
                        self.running &= !bit;
                        if self.succeeded.count_ones() as usize >= n {
                            self.finish(ctx, obs, id);
                            return Status::Success;
                        }
                    }
                    Status::Failure => {
                        self.running &= !bit;
                        failures += 1;
                        if failures > max_failures {
                            self.finish(ctx, obs, id);
                            return Status::Failure;
                        }
                    }
                    Status::Running => self.running |= bit,
                }
            }
            i += 1;
        }
        Status::Running
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        self.finish(ctx, obs, id);
    }
}
