use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

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
/// activation. Halting the parallel halts its running children the same way and clears the latches
/// too: after a halt, the next tick starts a fresh activation in which every child runs again.
///
/// Defaults in `bt!`: `success` = all children, `failure` = 1 (so by default it is "all must
/// succeed, any failure fails"). Thresholds above the number of children count as "all children".
/// State: the two thresholds (one `u8` each) in the node; its active state is every child's
/// ([`ChildStates::All`]) and the numbers of children that succeeded and failed in this activation
/// (one `u8` each). The latches need no field of their own: while the parallel runs, every child
/// has been ticked, so a child that is not running has completed.
///
/// Compare [`Parallel`](crate::Parallel) (`parallel(n)`, which latches only successes and
/// re-ticks failed children) and [`ParallelAll`](crate::ParallelAll) (which waits for every child).
#[derive(Clone, Debug)]
pub struct ThresholdParallel<C> {
    children: C,
    success: u8,
    failure: u8,
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
            "threshold_parallel: success must be between 1 and 16 (the most children a composite has); a value above the number of children counts as all of them"
        );
        assert!(
            failure >= 1 && failure <= 16,
            "threshold_parallel: failure must be between 1 and 16 (the most children a composite has); a value above the number of children counts as all of them"
        );
        ThresholdParallel { children, success: success as u8, failure: failure as u8 }
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

    /// Ends the activation: halts the running children, in child order, and clears the counts.
    #[inline]
    fn finish<Ctx: ?Sized, O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::All, u8, u8),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) where
        C: Children<Ctx>,
    {
        self.children.halt_running(&mut active.0, ctx, obs, id + 1);
        active.1 = 0;
        active.2 = 0;
    }
}

/// Every child's active state and the numbers of successes and failures so far; it runs exactly
/// while a child does (it halts them all when it completes).
impl<C: ChildStates> Activation for ThresholdParallel<C> {
    type Active = (C::All, u8, u8);

    #[inline(always)]
    fn is_running(active: &(C::All, u8, u8)) -> bool {
        C::running_mask(&active.0) != 0
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for ThresholdParallel<C> {
    const SIZE: usize = 1 + C::SIZE;
    const SKIPS: bool = C::SKIPS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::All, u8, u8),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if C::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        let len = self.children.len();
        let success = if (self.success as usize) < len { self.success as usize } else { len };
        let failure = if (self.failure as usize) < len { self.failure as usize } else { len };
        // The children that completed in this activation: none when it starts (nothing runs),
        // afterwards every child that is not running.
        let running = C::running_mask(&active.0);
        let completed = if running == 0 { 0 } else { !running };
        let mut i = 0;
        while i < len {
            if completed & (1u16 << i) == 0 {
                match self.children.tick_child(i, &mut active.0, ctx, obs, id + 1) {
                    Status::Success => {
                        active.1 += 1;
                        if active.1 as usize >= success {
                            self.finish(active, ctx, obs, id);
                            return Status::Success;
                        }
                    }
                    Status::Failure => {
                        active.2 += 1;
                        let failures = active.2 as usize;
                        if failures >= failure || len - failures < success {
                            self.finish(active, ctx, obs, id);
                            return Status::Failure;
                        }
                    }
                    Status::Running => {}
                }
            }
            i += 1;
        }
        Status::Running
    }

    /// A skipped child is neither a success nor a failure; when every child is skipped on the
    /// first tick of a run, the node is skipped. (BehaviorTree.CPP's `Parallel` ticks a skipped
    /// child again on the next tick; here only the running children are ticked after the first
    /// tick, so a child skipped then is not tried again in that run.)
    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::All, u8, u8),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome {
        if !C::SKIPS {
            return Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        let len = self.children.len();
        let success = if (self.success as usize) < len { self.success as usize } else { len };
        let failure = if (self.failure as usize) < len { self.failure as usize } else { len };
        let running = C::running_mask(&active.0);
        let completed = if running == 0 { 0 } else { !running };
        let mut skipped = 0;
        let mut i = 0;
        while i < len {
            if completed & (1u16 << i) == 0 {
                match self.children.tick_child_skip(i, &mut active.0, ctx, obs, id + 1) {
                    Outcome::Success => {
                        active.1 += 1;
                        if active.1 as usize >= success {
                            self.finish(active, ctx, obs, id);
                            return Outcome::Success;
                        }
                    }
                    Outcome::Failure => {
                        active.2 += 1;
                        let failures = active.2 as usize;
                        if failures >= failure || len - failures < success {
                            self.finish(active, ctx, obs, id);
                            return Outcome::Failure;
                        }
                    }
                    Outcome::Running => {}
                    Outcome::Skipped => skipped += 1,
                }
            }
            i += 1;
        }
        if skipped == len {
            self.finish(active, ctx, obs, id);
            return Outcome::Skipped;
        }
        if C::running_mask(&active.0) == 0 {
            // Nothing runs and nothing is decided: the children that ran completed below both
            // thresholds and the others were skipped, so nothing is left to tick in this run.
            self.finish(active, ctx, obs, id);
            return Outcome::Failure;
        }
        Outcome::Running
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::All, u8, u8),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        self.finish(active, ctx, obs, id);
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::ThresholdParallel;
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, PersistChildren};
    use crate::{Activation, NodeId, PersistNode};

    /// The successes and failures of the activation in progress.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        successes: u8,
        failures: u8,
    }

    impl<Ctx: ?Sized, C: PersistChildren<Ctx>> PersistNode<Ctx> for ThresholdParallel<C> {
        type Loaded = C::Loaded;

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.u64(u64::from(self.success));
            h.u64(u64::from(self.failure));
            self.children.fingerprint_all(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &(C::All, u8, u8),
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            w.entry(id, Self::is_running(active), &Entry { successes: active.1, failures: active.2 })?;
            self.children.save_all(&active.0, ctx, id, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(C::Loaded, (C::All, u8, u8)), R::Error> {
            let Entry { successes, failures } = r.entry(id)?;
            let (loaded, all) = self.children.load_all(ctx, id, r)?;
            let len = self.children.len();
            let running = C::running_mask(&all).count_ones() as usize;
            let (s, f) = (usize::from(successes), usize::from(failures));
            let consistent = if running == 0 {
                s == 0 && f == 0
            } else {
                let success = usize::from(self.success).min(len);
                let failure = usize::from(self.failure).min(len);
                s + f == len - running && s < success && f < failure && len - f >= success
            };
            if !consistent {
                return Err(r.invalid(
                    id,
                    Invalid::Inconsistent(
                        "its successes and failures do not count the children that have completed, or already decide it",
                    ),
                ));
            }
            Ok((loaded, (all, successes, failures)))
        }

        fn apply(&mut self, loaded: C::Loaded, ctx: &Ctx) {
            self.children.apply_all(loaded, ctx);
        }
    }
}
