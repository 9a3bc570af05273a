use super::halt_if_running;
use crate::{Activation, Condition, Node, NodeId, Observer, Status, tick_child};

/// `precondition(cond)<child>`: an external precondition (as in classic object-oriented behavior-tree frameworks), checked when the child
/// is about to start.
///
/// Each tick:
///
/// * if the child is idle (a fresh activation), the condition is checked first; if it is false the
///   precondition returns `Failure` without ticking the child;
/// * otherwise (the condition held, or the child is already running) the child is ticked and its
///   status is returned.
///
/// The condition is *not* re-checked while the child runs: use `guard` for a condition re-checked on
/// every tick that interrupts the running child. Halting it halts the running child. State: none in
/// the node; its active state is the child's (the precondition runs exactly while its child does).
#[derive(Clone, Debug, Default)]
pub struct Precondition<C, N> {
    condition: C,
    child: N,
}

impl<C, N> Precondition<C, N> {
    /// Runs `child` only when `condition` holds at its start.
    #[inline(never)]
    pub const fn new(condition: C, child: N) -> Self {
        Precondition { condition, child }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

/// The child's active state: the precondition runs exactly while its child does.
impl<C, N: Activation> Activation for Precondition<C, N> {
    type Active = N::Active;

    #[inline(always)]
    fn is_running(active: &N::Active) -> bool {
        N::is_running(active)
    }
}

impl<Ctx: ?Sized, C: Condition<Ctx>, N: Node<Ctx>> Node<Ctx> for Precondition<C, N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if !N::is_running(active) && !self.condition.check(ctx) {
            return Status::Failure;
        }
        tick_child(&mut self.child, active, ctx, obs, id + 1)
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
impl<Ctx: ?Sized, C: Condition<Ctx> + crate::Persist<Ctx>, N: crate::PersistNode<Ctx>> crate::PersistNode<Ctx>
    for Precondition<C, N>
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
