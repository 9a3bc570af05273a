use crate::{Children, Node, NodeId, Observer, Status};

/// `threshold_parallel(success = s, failure = f)<…>`: runs all children side by side with a success
/// and a failure threshold — BehaviorTree.CPP v4's `Parallel`.
///
/// Each tick, children are visited in order:
///
/// * a child that already completed in this activation (succeeded *or* failed) is skipped: both
///   results are *latched*, a completed child is not ticked again until the parallel itself
///   completes;
/// * every other child is ticked and its result, if it completed, is latched;
/// * as soon as `s` children have succeeded, the parallel returns `Success` at once (later children
///   are not ticked in this tick);
/// * as soon as `f` children have failed, or so many have failed that `s` successes have become
///   impossible (children − failures < `s`), the parallel returns `Failure` at once;
/// * otherwise, after visiting every child, it returns `Running`.
///
/// On `Success` or `Failure` every child that is still running (it returned `Running` on its last
/// tick) is halted, in child order, and the latches are cleared, so the next tick starts a fresh
/// activation. Halting the parallel halts its running children the same way.
///
/// Defaults in `bt!`: `success` = all children, `failure` = 1 (so by default it is "all must
/// succeed, any failure fails"). Thresholds above the number of children count as "all children".
/// State: the two thresholds and three 16-bit masks.
///
/// Compare [`Parallel`](crate::Parallel) (`parallel(n)`, which latches only successes and
/// re-ticks failed children) and [`ParallelAll`](crate::ParallelAll) (which waits for every child).
#[derive(Clone, Debug)]
pub struct ThresholdParallel<C> {
    children: C,
    success: u8,
    failure: u8,
    succeeded: u16,
    failed: u16,
    running: u16,
}

impl<C> ThresholdParallel<C> {
    /// A parallel over the tuple `children` that succeeds once `success` children have succeeded
    /// and fails once `failure` children have failed (or `success` successes are out of reach).
    ///
    /// # Panics
    ///
    /// If a threshold is 0 or greater than 16 (the most children a composite can have). A threshold
    /// above the number of children counts as "all children". `bt!` checks literal thresholds at
    /// compile time.
    #[inline]
    pub const fn new(success: usize, failure: usize, children: C) -> Self {
        assert!(
            success >= 1 && success <= 16,
            "threshold_parallel: success must be between 1 and the number of children"
        );
        assert!(
            failure >= 1 && failure <= 16,
            "threshold_parallel: failure must be between 1 and the number of children"
        );
        ThresholdParallel {
            children,
            success: success as u8,
            failure: failure as u8,
            succeeded: 0,
            failed: 0,
            running: 0,
        }
    }

    /// The success threshold as given (clamped to the number of children when ticked).
    #[inline]
    pub fn success_threshold(&self) -> usize {
        self.success as usize
    }

    /// The failure threshold as given (clamped to the number of children when ticked).
    #[inline]
    pub fn failure_threshold(&self) -> usize {
        self.failure as usize
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
        self.failed = 0;
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for ThresholdParallel<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let success = if (self.success as usize) < C::LEN { self.success as usize } else { C::LEN };
        let failure = if (self.failure as usize) < C::LEN { self.failure as usize } else { C::LEN };
        let mut i = 0;
        while i < C::LEN {
            let bit = 1u16 << i;
            if (self.succeeded | self.failed) & bit == 0 {
                match self.children.tick_child(i, ctx, obs, id + 1) {
                    Status::Success => {
                        self.succeeded |= bit;
                        self.running &= !bit;
                        if self.succeeded.count_ones() as usize >= success {
                            self.finish(ctx, obs, id);
                            return Status::Success;
                        }
                    }
                    Status::Failure => {
                        self.failed |= bit;
                        self.running &= !bit;
                        let failures = self.failed.count_ones() as usize;
                        if failures >= failure || C::LEN - failures < success {
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

    #[inline]
    fn reset(&mut self) {
        self.succeeded = 0;
        self.failed = 0;
        self.running = 0;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([C] ThresholdParallel<C>, { succeeded: u16, failed: u16, running: u16 }, { children: C });
