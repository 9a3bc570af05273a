use crate::{Children, Node, NodeId, Observer, Status};

/// No child is running.
const NONE: u8 = u8::MAX;

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
/// Halting it halts whichever child is running (the condition or the chosen branch). State: the
/// running child's index (one `u8`).
#[derive(Clone, Debug)]
pub struct IfThenElse<C> {
    children: C,
    running: u8,
}

impl<C> IfThenElse<C> {
    /// An if-then-else over the tuple `children` (condition, then, and optionally else).
    #[inline]
    pub const fn new(children: C) -> Self {
        IfThenElse { children, running: NONE }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for IfThenElse<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        const { assert!(C::LEN == 2 || C::LEN == 3, "if_then_else takes 2 or 3 children") };
        let branch = if self.running == NONE || self.running == 0 {
            match self.children.tick_child(0, ctx, obs, id + 1) {
                Status::Running => {
                    self.running = 0;
                    return Status::Running;
                }
                Status::Success => 1,
                Status::Failure if C::LEN == 3 => 2,
                Status::Failure => {
                    self.running = NONE;
                    return Status::Failure;
                }
            }
        } else {
            self.running as usize
        };
        let status = self.children.tick_child(branch, ctx, obs, id + 1);
        self.running = if status == Status::Running { branch as u8 } else { NONE };
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.running != NONE {
            self.children.halt_child(self.running as usize, ctx, obs, id + 1);
            self.running = NONE;
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.running = NONE;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([C] IfThenElse<C>, { running: u8 }, { children: C });
