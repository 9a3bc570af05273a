use crate::active::U16;
use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

/// `parallel_all(max_failures = k)<…>`: runs all children side by side until every one of them has
/// completed — BehaviorTree.CPP v4's `ParallelAll`.
///
/// Each tick, children are visited in order:
///
/// * a child that already completed in this activation is skipped (its result is latched);
/// * every other child is ticked, and its result is latched if it completed.
///
/// After the visit, if every child has completed, the parallel returns `Failure` when at least `k`
/// of them failed and `Success` otherwise, and clears its latches so the next tick starts a fresh
/// activation; if some child is still running it returns `Running`. It never stops early: every
/// child runs to completion. (Since it completes only when no child is running, completion halts
/// nothing.)
///
/// Halting it halts its running children, in child order, and clears the latched results of the
/// children that had completed: after a halt, the next tick starts a fresh activation in which
/// every child runs again. Default in `bt!`: `max_failures = 1`
/// (any failure fails it). A `k` above the number of children means it never fails. State: `k`
/// (one `u8`) in the node; its active state is every child's ([`ChildStates::All`]), the 16-bit
/// mask of the children that completed in this activation (two bytes aligned to 1) and the number
/// of them that failed (one `u8`).
#[derive(Clone, Debug)]
pub struct ParallelAll<C> {
    children: C,
    max_failures: u8,
}

impl<C> ParallelAll<C> {
    /// A parallel over the tuple `children` that waits for all of them and fails if at least
    /// `max_failures` failed.
    ///
    /// # Panics
    ///
    /// If `max_failures` is 0 or greater than 16 (the most children a composite can have). `bt!`
    /// checks a literal at compile time.
    #[inline]
    pub const fn new(max_failures: usize, children: C) -> Self {
        assert!(
            max_failures >= 1 && max_failures <= 16,
            "parallel_all: max_failures must be between 1 and 16 (the most children a composite has); a value above the number of children means it never fails"
        );
        ParallelAll { children, max_failures: max_failures as u8 }
    }

    /// The failure threshold `k`.
    #[inline]
    pub fn max_failures(&self) -> usize {
        self.max_failures as usize
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

/// Every child's active state, the mask of the children that completed in this activation, and
/// the number of failures so far; it runs while a child does or a completion is latched.
impl<C: ChildStates> Activation for ParallelAll<C> {
    type Active = (C::All, U16, u8);

    #[inline(always)]
    fn is_running(active: &(C::All, U16, u8)) -> bool {
        active.1 != U16::ZERO || C::running_mask(&active.0) != 0
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for ParallelAll<C> {
    const SIZE: usize = 1 + C::SIZE;
    const SKIPS: bool = C::SKIPS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::All, U16, u8),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if C::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        let (all, completed, failures) = active;
        // Written out child by child (see `Children::tick_unmasked`); children that completed in
        // this activation are skipped.
        let mut done = completed.get();
        let mut still_running = false;
        let _ = self.children.tick_unmasked(all, done, ctx, obs, id + 1, |_, _, _, _, i, status| {
            match status {
                Status::Running => still_running = true,
                Status::Failure => {
                    *failures += 1;
                    done |= 1 << i;
                }
                Status::Success => done |= 1 << i,
            }
            Status::Running
        });
        if still_running {
            completed.set(done);
            return Status::Running;
        }
        *completed = U16::ZERO;
        let failed = *failures;
        *failures = 0;
        if failed >= self.max_failures { Status::Failure } else { Status::Success }
    }

    /// As BehaviorTree.CPP's `ParallelAll`: a skipped child is neither latched nor counted, and
    /// is ticked again on the next tick; the node completes once every child completed or was
    /// skipped in this tick, and is skipped when every child it ticked was, none having completed.
    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::All, U16, u8),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome {
        if !C::SKIPS {
            return Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        let (all, completed, failures) = active;
        let mut done = completed.get();
        let (mut still_running, mut skipped, mut ticked) = (false, 0usize, 0usize);
        let _ = self.children.tick_unmasked_skip(all, done, ctx, obs, id + 1, |_, _, _, _, i, outcome| {
            ticked += 1;
            match outcome {
                Outcome::Running => still_running = true,
                Outcome::Failure => {
                    *failures += 1;
                    done |= 1 << i;
                }
                Outcome::Success => done |= 1 << i,
                Outcome::Skipped => skipped += 1,
            }
            Outcome::Running
        });
        if skipped == ticked && done == 0 {
            *completed = U16::ZERO;
            *failures = 0;
            return Outcome::Skipped;
        }
        if still_running {
            completed.set(done);
            return Outcome::Running;
        }
        *completed = U16::ZERO;
        let failed = *failures;
        *failures = 0;
        if failed >= self.max_failures { Outcome::Failure } else { Outcome::Success }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::All, U16, u8),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        self.children.halt_running(&mut active.0, ctx, obs, id + 1);
        active.1 = U16::ZERO;
        active.2 = 0;
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::ParallelAll;
    use crate::active::U16;
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, PersistChildren, at_most};
    use crate::{Activation, NodeId, PersistNode};

    /// The children that have completed in the activation in progress (a bit each) and how many
    /// of them failed.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        completed: u16,
        failures: u8,
    }

    impl<Ctx: ?Sized, C: PersistChildren<Ctx>> PersistNode<Ctx> for ParallelAll<C> {
        type Loaded = C::Loaded;

        fn fingerprint(&self, h: &mut Fingerprint) {
            h.u64(u64::from(self.max_failures));
            self.children.fingerprint_all(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &(C::All, U16, u8),
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            w.entry(id, Self::is_running(active), &Entry { completed: active.1.get(), failures: active.2 })?;
            self.children.save_all(&active.0, ctx, id, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(C::Loaded, (C::All, U16, u8)), R::Error> {
            let Entry { completed, failures } = r.entry(id)?;
            let len = self.children.len();
            at_most(r, id, "completed", u64::from(completed), (1 << len) - 1)?;
            at_most(r, id, "failures", u64::from(failures), u64::from(completed.count_ones()))?;
            let (loaded, all) = self.children.load_all(ctx, id, r)?;
            if C::running_mask(&all) & completed != 0 {
                return Err(r.invalid(id, Invalid::Inconsistent("a child is both running and completed")));
            }
            Ok((loaded, (all, U16::from(completed), failures)))
        }

        fn apply(&mut self, loaded: C::Loaded, ctx: &Ctx) {
            self.children.apply_all(loaded, ctx);
        }
    }
}
