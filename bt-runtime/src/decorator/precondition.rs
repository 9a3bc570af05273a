use super::halt_if_running;
use crate::{Activation, Condition, Node, NodeId, Observer, Status, tick_child};

/// `precondition(cond)<child>`: an external precondition (as in classic object-oriented behavior-tree frameworks), checked when the child
/// is about to start.
///
/// Each tick:
///
/// * if the child is idle (a fresh activation), the condition is checked first; if it is false the
///   precondition returns `Failure` without ticking the child (or, with `otherwise = success` or
///   `otherwise = skipped`, succeeds or is skipped: BehaviorTree.CPP's `else`, see
///   [`otherwise`](crate::otherwise));
/// * otherwise (the condition held, or the child is already running) the child is ticked and its
///   status is returned.
///
/// The condition is *not* re-checked while the child runs: use `guard` for a condition re-checked on
/// every tick that interrupts the running child. Halting it halts the running child. State: none in
/// the node; its active state is the child's (the precondition runs exactly while its child does).
#[derive(Clone, Debug, Default)]
pub struct Precondition<C, N, E = crate::otherwise::Fail> {
    condition: C,
    child: N,
    otherwise: core::marker::PhantomData<E>,
}

impl<C, N> Precondition<C, N> {
    /// Runs `child` only when `condition` holds at its start.
    #[inline(never)]
    pub const fn new(condition: C, child: N) -> Self {
        Precondition { condition, child, otherwise: core::marker::PhantomData }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

/// The child's active state: the precondition runs exactly while its child does.
impl<C, N, E> Precondition<C, N, E> {
    /// A precondition on `condition` over `child` that returns `E`'s outcome when `condition`
    /// does not hold ([`otherwise`](crate::otherwise)).
    #[inline(never)]
    pub fn with_otherwise(_: E, condition: C, child: N) -> Self {
        Precondition { condition, child, otherwise: core::marker::PhantomData }
    }
}

impl<C, N: Activation, E> Activation for Precondition<C, N, E> {
    type Active = N::Active;

    #[inline(always)]
    fn is_running(active: &N::Active) -> bool {
        N::is_running(active)
    }
}

impl<Ctx: ?Sized, C: Condition<Ctx>, N: Node<Ctx>, E: crate::otherwise::Otherwise> Node<Ctx>
    for Precondition<C, N, E>
{
    const SIZE: usize = 1 + N::SIZE;
    const SKIPS: bool = N::SKIPS || matches!(E::OUTCOME, crate::Outcome::Skipped);

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if <Self as Node<Ctx>>::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        if !N::is_running(active) && !self.condition.check(ctx) {
            return E::OUTCOME.or_success();
        }
        tick_child(&mut self.child, active, ctx, obs, id + 1)
    }

    /// As [`tick_with`](Node::tick_with); a skipped child skips this node, which returns to idle.
    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> crate::Outcome {
        if !<Self as Node<Ctx>>::SKIPS {
            return crate::Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        if !N::is_running(active) && !self.condition.check(ctx) {
            return E::OUTCOME;
        }
        crate::tick_child_skip(&mut self.child, active, ctx, obs, id + 1)
    }

    #[inline(never)]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        halt_if_running(&mut self.child, active, ctx, obs, id + 1);
    }

    #[inline]
    fn reset(&mut self) {
        Condition::<Ctx>::reset(&mut self.condition);
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
/// The condition's own state; the child's entries follow.
impl<
    Ctx: ?Sized,
    C: Condition<Ctx> + crate::Persist<Ctx>,
    N: crate::PersistNode<Ctx>,
    E: crate::otherwise::Otherwise,
> crate::PersistNode<Ctx> for Precondition<C, N, E>
{
    type Loaded = (C::State, N::Loaded);

    fn fingerprint(&self, h: &mut crate::persist::Fingerprint) {
        self.child.fingerprint(h);
    }

    fn save_nodes<W: crate::persist::NodeWriter>(
        &self,
        active: &N::Active,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        w.entry(
            id,
            N::is_running(active),
            &crate::persist::ConditionEntry { condition: self.condition.save(ctx) },
        )?;
        self.child.save_nodes(active, ctx, id + 1, w)
    }

    fn load_nodes<R: crate::persist::NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(Self::Loaded, N::Active), R::Error> {
        let crate::persist::ConditionEntry { condition } = r.entry(id)?;
        if let Err(why) = self.condition.check(&condition) {
            return Err(r.invalid(id, crate::persist::Invalid::LeafState(why)));
        }
        let (loaded, active) = self.child.load_nodes(ctx, id + 1, r)?;
        Ok(((condition, loaded), active))
    }

    fn apply(&mut self, (condition, loaded): Self::Loaded, ctx: &Ctx) {
        self.condition.restore(condition, ctx);
        self.child.apply(loaded, ctx);
    }
}
