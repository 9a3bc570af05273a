use crate::{Children, Node, NodeId, Observer, Status};

/// No branch is running.
const NONE: u8 = u8::MAX;

/// `while_do_else<condition, do, else?>`: a reactive if-then-else — the condition is re-checked on
/// every tick and a change of its answer halts the branch that was running (BehaviorTree.CPP v4's
/// `WhileDoElse`).
///
/// It takes 2 or 3 children (`bt!` checks; other counts do not compile). Each tick the first child
/// (the *condition*, any node) is ticked first:
///
/// * `Running`: the node returns `Running` and touches neither branch (a branch that was running
///   stays running, un-ticked, and is resumed when the condition answers);
/// * `Success`: if the *else* branch was running it is halted (exactly once); then the second child
///   is ticked and its status returned;
/// * `Failure`: if the *do* branch was running it is halted (exactly once); then the third child is
///   ticked and its status returned — with only two children the node returns `Failure` instead.
///
/// When the ticked branch completes, the node completes with its status. Halting the node halts the
/// running children in child order (the condition if it is running, then the running branch).
/// State: two small fields (the running branch and whether the condition is running).
///
/// Like BehaviorTree.CPP, the halt of the abandoned branch comes *before* the tick of the branch
/// that takes over, so the two never run side by side.
#[derive(Clone, Debug)]
pub struct WhileDoElse<C> {
    children: C,
    branch: u8,
    condition_running: bool,
}

impl<C> WhileDoElse<C> {
    /// A while-do-else over the tuple `children` (condition, do, and optionally else).
    #[inline]
    pub const fn new(children: C) -> Self {
        WhileDoElse { children, branch: NONE, condition_running: false }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for WhileDoElse<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        const { assert!(C::LEN == 2 || C::LEN == 3, "while_do_else takes 2 or 3 children") };
        let condition = self.children.tick_child(0, ctx, obs, id + 1);
        self.condition_running = condition == Status::Running;
        let branch = match condition {
            Status::Running => return Status::Running,
            Status::Success => 1,
            Status::Failure => 2,
        };
        if self.branch != NONE && self.branch != branch {
            self.children.halt_child(self.branch as usize, ctx, obs, id + 1);
            self.branch = NONE;
        }
        if branch == 2 && C::LEN == 2 {
            return Status::Failure;
        }
        let status = self.children.tick_child(branch as usize, ctx, obs, id + 1);
        self.branch = if status == Status::Running { branch } else { NONE };
        status
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.condition_running {
            self.condition_running = false;
            self.children.halt_child(0, ctx, obs, id + 1);
        }
        if self.branch != NONE {
            self.children.halt_child(self.branch as usize, ctx, obs, id + 1);
            self.branch = NONE;
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.branch = NONE;
        self.condition_running = false;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([C] WhileDoElse<C>, { branch: u8, condition_running: bool }, { children: C });
