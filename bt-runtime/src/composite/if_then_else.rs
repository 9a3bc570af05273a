use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

/// `if_then_else<condition, then, else?>`: runs `then` or `else` depending on the first child's
/// result, decided once per activation (BehaviorTree.CPP v4's `IfThenElse`).
///
/// It takes 2 or 3 children (`bt!` checks; other counts do not compile). Each tick:
///
/// * if no branch has been chosen yet in this activation, the first child (the *condition*, any
///   node) is ticked: `Running` makes the node return `Running` (the condition is ticked again next
///   tick); `Success` chooses the second child; `Failure` chooses the third child, or — with only two
///   children — makes the node return `Failure`;
/// * the chosen branch is ticked *in the same tick* and its status is returned. While it is
///   `Running` the node remembers it, and the next ticks go straight to the branch: the condition
///   is **not** re-checked during the activation (use [`WhileDoElse`](crate::WhileDoElse) for
///   that);
/// * when the branch completes, the node completes with the branch's status and the next tick
///   starts a fresh activation with the condition.
///
/// Halting it halts whichever child is running (the condition or the chosen branch). State: none
/// in the node; its active state is the running child's, in the variant of that child
/// ([`ChildStates::One`]), so it is as large as the largest child's.
#[derive(Clone, Debug)]
pub struct IfThenElse<C> {
    children: C,
}

impl<C> IfThenElse<C> {
    /// An if-then-else over the tuple `children` (condition, then, and optionally else).
    #[inline]
    pub const fn new(children: C) -> Self {
        IfThenElse { children }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

/// The running child's active state (the condition's until a branch is chosen); it runs exactly
/// while that child does.
impl<C: ChildStates> Activation for IfThenElse<C> {
    type Active = C::One;

    #[inline(always)]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for IfThenElse<C> {
    const SIZE: usize = 1 + C::SIZE;
    const SKIPS: bool = C::SKIPS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        const { assert!(C::DYNAMIC || C::LEN == 2 || C::LEN == 3, "if_then_else takes 2 or 3 children") };
        if C::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        // An idle node holds the condition's idle state, so it starts with the condition.
        let branch = match C::one_index(active) {
            0 => match self.children.tick_one(0, active, ctx, obs, id + 1) {
                Status::Running => return Status::Running,
                Status::Success => 1,
                Status::Failure if self.children.len() == 3 => 2,
                Status::Failure => return Status::Failure,
            },
            branch => branch,
        };
        self.children.tick_one(branch, active, ctx, obs, id + 1)
    }

    /// A skipped child (the condition or the branch) skips the node.
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
        let branch = match C::one_index(active) {
            0 => match self.children.tick_one_skip(0, active, ctx, obs, id + 1) {
                Outcome::Success => 1,
                Outcome::Failure if self.children.len() == 3 => 2,
                other => return other,
            },
            branch => branch,
        };
        self.children.tick_one_skip(branch, active, ctx, obs, id + 1)
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if C::one_running(active) {
            self.children.halt_one(active, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::one_at_a_time!(IfThenElse);
