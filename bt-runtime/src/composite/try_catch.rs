use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

/// `try_catch<A, B, …, Catch>`: runs every child but the last as a sequence (the *try* block);
/// when one of them fails, runs the last child (the *catch* block, a clean-up) and fails
/// (BehaviorTree.CPP's `TryCatch`).
///
/// Each tick:
///
/// * in the try block, starting at the running child (the first one on a fresh activation), the
///   children are ticked in order while they succeed; on `Running` it returns `Running` and
///   resumes that child on the next tick;
/// * when every child of the try block succeeded, it returns `Success` (the catch block does not
///   run);
/// * when a child of the try block fails, the catch block starts **in the same tick**: while it
///   runs, `try_catch` returns `Running` and ticks only it; when it completes, whatever its
///   status, `try_catch` returns `Failure` and resets.
///
/// A skipped child of the try block (see [`Outcome`]) is passed over; when every child of the try
/// block was skipped, `try_catch` is skipped. A skipped catch block counts as completed: the
/// result is `Failure`.
///
/// Halting it halts the running child. With `catch_on_halt` (the `catch_on_halt = true`
/// argument, BehaviorTree.CPP's port of that name), a halt during the try block then ticks the
/// catch block once, within the halt, and halts it if it answers `Running` (a best-effort clean-up,
/// as BehaviorTree.CPP does); a halt during the catch block only halts it. That is the one
/// exception to the node contract's rule that a halt never ticks a child, so `bt::testing::Kit`,
/// which enforces the rule, checks `try_catch` without the flag. At least two children
/// (a compile error otherwise). State: the flag in the node; its active state is the children's
/// [`One`](crate::ChildStates::One), the running child's state tagged with its index (the catch
/// block runs when that index is the last).
#[derive(Clone, Debug, Default)]
pub struct TryCatch<C> {
    children: C,
    catch_on_halt: bool,
}

impl<C> TryCatch<C> {
    /// A try-catch over the tuple `children` (the last one is the catch block) that does not run
    /// the catch block when halted.
    #[inline]
    pub const fn new(children: C) -> Self {
        TryCatch { children, catch_on_halt: false }
    }

    /// A try-catch that runs the catch block when it is halted during the try block if
    /// `catch_on_halt`.
    #[inline]
    pub const fn with_catch_on_halt(catch_on_halt: bool, children: C) -> Self {
        TryCatch { children, catch_on_halt }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }

    /// Whether a halt during the try block runs the catch block.
    #[inline]
    pub fn catch_on_halt(&self) -> bool {
        self.catch_on_halt
    }
}

/// The running child's state, tagged with its index.
impl<C: ChildStates> Activation for TryCatch<C> {
    type Active = C::One;

    #[inline(always)]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<C> TryCatch<C> {
    /// The tick, over children that may be skipped (`SKIP`) or not.
    #[inline(always)]
    fn run<Ctx: ?Sized, O: Observer + ?Sized, const SKIP: bool>(
        &mut self,
        one: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome
    where
        C: Children<Ctx>,
    {
        const {
            assert!(
                C::DYNAMIC || C::LEN >= 2,
                "try_catch takes at least 2 children: the try block and the catch block (the last one)"
            )
        };
        let last = self.children.len() - 1;
        let mut i = if C::one_running(one) { C::one_index(one) } else { 0 };
        let mut all_skipped = i == 0;
        while i < last {
            let outcome = if SKIP {
                self.children.tick_one_skip(i, one, ctx, obs, id + 1)
            } else {
                Outcome::from(self.children.tick_one(i, one, ctx, obs, id + 1))
            };
            match outcome {
                Outcome::Success => {
                    all_skipped = false;
                    i += 1;
                }
                Outcome::Skipped => i += 1,
                Outcome::Running => return Outcome::Running,
                Outcome::Failure => break,
            }
        }
        // Past the try block with no child running: it succeeded. Otherwise a child of the try
        // block failed (`i < last`), or the catch block runs.
        if i == last && !C::one_running(one) {
            return if all_skipped { Outcome::Skipped } else { Outcome::Success };
        }
        match self.children.tick_one(last, one, ctx, obs, id + 1) {
            Status::Running => Outcome::Running,
            Status::Success | Status::Failure => Outcome::Failure,
        }
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for TryCatch<C> {
    const SIZE: usize = 1 + C::SIZE;
    const SKIPS: bool = C::SKIPS;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if C::SKIPS {
            return self.run::<Ctx, O, true>(active, ctx, obs, id).or_success();
        }
        match self.run::<Ctx, O, false>(active, ctx, obs, id) {
            Outcome::Running => Status::Running,
            Outcome::Failure => Status::Failure,
            Outcome::Success | Outcome::Skipped => Status::Success,
        }
    }

    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome {
        if !C::SKIPS {
            return Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        self.run::<Ctx, O, true>(active, ctx, obs, id)
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if !C::one_running(active) {
            return;
        }
        let last = self.children.len() - 1;
        let in_try = C::one_index(active) < last;
        self.children.halt_one(active, ctx, obs, id + 1);
        if self.catch_on_halt
            && in_try
            && self.children.tick_one(last, active, ctx, obs, id + 1) == Status::Running
        {
            self.children.halt_one(active, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::one_at_a_time!(TryCatch);
