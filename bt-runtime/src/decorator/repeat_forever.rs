use crate::{Activation, Node, NodeId, Observer, Status, halt_child, tick_child};

/// `repeat<child>` (no count): runs the child again each time it succeeds, for as long as it
/// succeeds.
///
/// Each tick ticks the child once:
///
/// * `Running` → `Running`;
/// * `Success` → `Running`: the iteration is done, and the next tick starts the child's next
///   activation;
/// * `Failure` → `Failure`; the next tick starts a fresh activation.
///
/// **At most one child activation completes per tick**, so even a child that succeeds at once cannot
/// make a tick loop: a repeat over an instant action runs it once per tick. It never returns
/// `Success`.
///
/// Halting a running repeat halts the child if the child is running (after a completed iteration it
/// is idle and is not halted). State: none in the node; its active state is `Some(child's)` while
/// it runs (`None` when idle), which takes no byte more than the child's when that has a spare
/// value (a flag, an enum), as it almost always does. There is no
/// iteration counter and no count to compare against: this is the type `bt!` builds for a `repeat`
/// without a count, distinct from the counted [`Repeat`](crate::Repeat), so its tick is the
/// `match` a hand-written loop would be.
#[derive(Clone, Debug, Default)]
pub struct RepeatForever<N> {
    child: N,
}

impl<N> RepeatForever<N> {
    /// Repeats `child` for as long as it succeeds.
    #[inline(never)]
    pub const fn new(child: N) -> Self {
        RepeatForever { child }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

/// `None` while idle; `Some` with the child's active state while running (the child itself is
/// idle between iterations).
impl<N: Activation> Activation for RepeatForever<N> {
    type Active = Option<N::Active>;

    #[inline(always)]
    fn is_running(active: &Option<N::Active>) -> bool {
        active.is_some()
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for RepeatForever<N> {
    const SIZE: usize = 1 + N::SIZE;
    const SKIPS: bool = N::SKIPS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Option<N::Active>,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if N::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        let child = active.get_or_insert_with(Default::default);
        match tick_child(&mut self.child, child, ctx, obs, id + 1) {
            Status::Failure => {
                *active = None;
                Status::Failure
            }
            _ => Status::Running,
        }
    }

    /// As [`tick_with`](Node::tick_with); a skipped child skips this node, which returns to idle.
    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut Option<N::Active>,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> crate::Outcome {
        if !N::SKIPS {
            return crate::Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        let child = active.get_or_insert_with(Default::default);
        match crate::tick_child_skip(&mut self.child, child, ctx, obs, id + 1) {
            crate::Outcome::Failure => {
                *active = None;
                crate::Outcome::Failure
            }
            crate::Outcome::Skipped => {
                *active = None;
                crate::Outcome::Skipped
            }
            _ => crate::Outcome::Running,
        }
    }

    #[inline(never)]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Option<N::Active>,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if let Some(child) = active
            && N::is_running(child)
        {
            halt_child(&mut self.child, child, ctx, obs, id + 1);
        }
        *active = None;
    }

    #[inline]
    fn reset(&mut self) {
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
/// Whether it runs (it runs between its child's activations too); the child's entries follow.
impl<Ctx: ?Sized, N: crate::PersistNode<Ctx>> crate::PersistNode<Ctx> for RepeatForever<N> {
    type Loaded = N::Loaded;

    fn fingerprint(&self, h: &mut crate::persist::Fingerprint) {
        self.child.fingerprint(h);
    }

    fn save_nodes<W: crate::persist::NodeWriter>(
        &self,
        active: &Option<N::Active>,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        crate::persist::save_optional(&self.child, active, ctx, id, w)
    }

    fn load_nodes<R: crate::persist::NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(N::Loaded, Option<N::Active>), R::Error> {
        let (crate::persist::Running { running }, loaded) =
            crate::persist::load_optional(&self.child, ctx, id, r)?;
        Ok((loaded.0, running.then_some(loaded.1)))
    }

    fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
        self.child.apply(loaded, ctx);
    }
}
