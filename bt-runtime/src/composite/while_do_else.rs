use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

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
/// State: none in the node; its active state is every child's ([`ChildStates::All`]), since the
/// condition may run while a branch waits, running, for its answer.
///
/// Like BehaviorTree.CPP, the halt of the abandoned branch comes *before* the tick of the branch
/// that takes over, so the two never run side by side.
#[derive(Clone, Debug)]
pub struct WhileDoElse<C> {
    children: C,
}

impl<C> WhileDoElse<C> {
    /// A while-do-else over the tuple `children` (condition, do, and optionally else).
    #[inline]
    pub const fn new(children: C) -> Self {
        WhileDoElse { children }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

/// Every child's active state; it runs exactly while a child does (the condition, a branch, or
/// both).
impl<C: ChildStates> Activation for WhileDoElse<C> {
    type Active = C::All;

    #[inline(always)]
    fn is_running(active: &C::All) -> bool {
        C::running_mask(active) != 0
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for WhileDoElse<C> {
    const SIZE: usize = 1 + C::SIZE;
    const SKIPS: bool = C::SKIPS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::All,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        const { assert!(C::DYNAMIC || C::LEN == 2 || C::LEN == 3, "while_do_else takes 2 or 3 children") };
        if C::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        let branch = match self.children.tick_child(0, active, ctx, obs, id + 1) {
            Status::Running => return Status::Running,
            Status::Success => 1,
            Status::Failure => 2,
        };
        // The other branch, if it was running.
        let other = 3 - branch;
        if other < self.children.len() && C::running_mask(active) & (1 << other) != 0 {
            self.children.halt_child(other, active, ctx, obs, id + 1);
        }
        if branch == 2 && self.children.len() == 2 {
            return Status::Failure;
        }
        self.children.tick_child(branch, active, ctx, obs, id + 1)
    }

    /// A skipped condition skips the node (a running branch is halted); a skipped branch too.
    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::All,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome {
        if !C::SKIPS {
            return Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        let branch = match self.children.tick_child_skip(0, active, ctx, obs, id + 1) {
            Outcome::Running => return Outcome::Running,
            Outcome::Success => 1,
            Outcome::Failure => 2,
            Outcome::Skipped => {
                self.children.halt_running(active, ctx, obs, id + 1);
                return Outcome::Skipped;
            }
        };
        let other = 3 - branch;
        if other < self.children.len() && C::running_mask(active) & (1 << other) != 0 {
            self.children.halt_child(other, active, ctx, obs, id + 1);
        }
        if branch == 2 && self.children.len() == 2 {
            return Outcome::Failure;
        }
        self.children.tick_child_skip(branch, active, ctx, obs, id + 1)
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::All,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        self.children.halt_running(active, ctx, obs, id + 1);
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
/// Which children run is told by their entries; both branches cannot.
impl<Ctx: ?Sized, C: crate::PersistChildren<Ctx>> crate::PersistNode<Ctx> for WhileDoElse<C> {
    type Loaded = C::Loaded;

    fn fingerprint(&self, h: &mut crate::persist::Fingerprint) {
        self.children.fingerprint_all(h);
    }

    fn save_nodes<W: crate::persist::NodeWriter>(
        &self,
        active: &C::All,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        w.entry(id, Self::is_running(active), &())?;
        self.children.save_all(active, ctx, id, w)
    }

    fn load_nodes<R: crate::persist::NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(C::Loaded, C::All), R::Error> {
        r.entry::<()>(id)?;
        let (loaded, all) = self.children.load_all(ctx, id, r)?;
        if C::running_mask(&all) & 0b110 == 0b110 {
            return Err(
                r.invalid(id, crate::persist::Invalid::Inconsistent("both of its branches are running"))
            );
        }
        Ok((loaded, all))
    }

    fn apply(&mut self, loaded: C::Loaded, ctx: &Ctx) {
        self.children.apply_all(loaded, ctx);
    }
}
