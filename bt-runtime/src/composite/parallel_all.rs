use crate::packed::U16;
use crate::{Children, Node, NodeId, Observer, Status};

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
/// (any failure fails it). A `k` above the number of children means it never fails. State: `k` and
/// three 16-bit masks, kept as bytes (7 bytes, aligned to 1).
#[derive(Clone, Debug)]
pub struct ParallelAll<C> {
    children: C,
    max_failures: u8,
    completed: U16,
    failed: U16,
    running: U16,
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
        ParallelAll {
            children,
            max_failures: max_failures as u8,
            completed: U16::ZERO,
            failed: U16::ZERO,
            running: U16::ZERO,
        }
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

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for ParallelAll<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let ParallelAll { children, completed, failed, running, .. } = self;
        // Written out child by child (see `Children::tick_unmasked`): each child's bit is a constant.
        let _ = children.tick_unmasked(completed.get(), ctx, obs, id + 1, |_, _, _, i, status| {
            let bit = 1u16 << i;
            match status {
                Status::Success => {
                    completed.set(completed.get() | bit);
                    running.set(running.get() & !bit);
                }
                Status::Failure => {
                    completed.set(completed.get() | bit);
                    failed.set(failed.get() | bit);
                    running.set(running.get() & !bit);
                }
                Status::Running => running.set(running.get() | bit),
            }
            Status::Running
        });
        if self.running.get() != 0 {
            return Status::Running;
        }
        let failures = self.failed.get().count_ones() as usize;
        self.completed = U16::ZERO;
        self.failed = U16::ZERO;
        if failures >= self.max_failures as usize { Status::Failure } else { Status::Success }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        let mut running = self.running.get();
        while running != 0 {
            let i = running.trailing_zeros() as usize;
            running &= running - 1;
            self.children.halt_child(i, ctx, obs, id + 1);
        }
        self.running = U16::ZERO;
        self.completed = U16::ZERO;
        self.failed = U16::ZERO;
    }

    #[inline]
    fn reset(&mut self) {
        self.completed = U16::ZERO;
        self.failed = U16::ZERO;
        self.running = U16::ZERO;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([C] ParallelAll<C>, { completed: u16, failed: u16, running: u16 }, { children: C });
