use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Status};

/// `round_robin<…>`: a selector that starts each activation at the child after the one that
/// completed last, so that the children take turns (Nav2's `RoundRobin`).
///
/// State: `current`, the child to tick next, which persists across activations that end with a
/// success, and the number of children that failed in this activation. Each tick, starting at
/// `current`, the children are ticked in turn, wrapping around after the last one:
///
/// * a child that completes moves `current` to the next child;
/// * `Success` → the failures are forgotten and the round robin returns `Success`; its next
///   activation starts at the child after the one that succeeded;
/// * `Failure` → one more failure, and the round robin goes on to the next child in the same
///   tick, until every child has failed once in this activation: then it starts over —
///   `current` goes back to the first child, the failures are forgotten — and returns `Failure`;
/// * `Running` → the round robin returns `Running`; the next tick resumes at that child.
///
/// Each child is ticked at most once per tick: an activation ticks every child at most once.
/// Halting it halts the running child and starts over too: the next activation begins at the
/// first child, as Nav2's node does (an interrupted round — a recovery cut short by a new goal —
/// begins again with the first recovery). [`reset`](Node::reset) starts over as well. State:
/// `current` (one `u8`) in the node, as it outlives the activations; its active state is the
/// running child's, in the variant of that child ([`ChildStates::One`]), and the failures (one
/// `u8`).
#[derive(Clone, Debug)]
pub struct RoundRobin<C> {
    children: C,
    current: u8,
}

impl<C> RoundRobin<C> {
    /// A round robin over the tuple `children`, starting at the first child.
    #[inline]
    pub const fn new(children: C) -> Self {
        RoundRobin { children, current: 0 }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }

    /// The child the next tick starts at.
    #[inline]
    pub fn position(&self) -> usize {
        self.current as usize
    }
}

/// The running child's active state and the number of children that failed in this activation;
/// it runs exactly while that child does.
impl<C: ChildStates> Activation for RoundRobin<C> {
    type Active = (C::One, u8);

    #[inline(always)]
    fn is_running(active: &(C::One, u8)) -> bool {
        C::one_running(&active.0)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for RoundRobin<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::One, u8),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let (running, failures) = active;
        loop {
            let i = self.current as usize;
            let status = self.children.tick_one(i, running, ctx, obs, id + 1);
            if status == Status::Running {
                return Status::Running;
            }
            self.current = if i + 1 >= self.children.len() { 0 } else { i as u8 + 1 };
            if status == Status::Success {
                *failures = 0;
                return Status::Success;
            }
            *failures += 1;
            if *failures as usize >= self.children.len() {
                *failures = 0;
                self.current = 0;
                return Status::Failure;
            }
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::One, u8),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if C::one_running(&active.0) {
            self.children.halt_one(&mut active.0, ctx, obs, id + 1);
        }
        active.1 = 0;
        self.current = 0;
    }

    #[inline]
    fn reset(&mut self) {
        self.current = 0;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::RoundRobin;
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, PersistChildren, at_most};
    use crate::{NodeId, PersistNode};

    /// The child to tick next and the failures of the activation in progress.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        at: u8,
        failures: u8,
    }

    impl<Ctx: ?Sized, C: PersistChildren<Ctx>> PersistNode<Ctx> for RoundRobin<C> {
        type Loaded = (u8, C::Loaded);

        fn fingerprint(&self, h: &mut Fingerprint) {
            self.children.fingerprint_all(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &(C::One, u8),
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            let running = C::one_running(&active.0);
            w.entry(id, running, &Entry { at: self.current, failures: active.1 })?;
            self.children.save_one(&active.0, ctx, id, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(Self::Loaded, (C::One, u8)), R::Error> {
            let Entry { at, failures } = r.entry(id)?;
            let last = self.children.len() as u64 - 1;
            at_most(r, id, "at", u64::from(at), last)?;
            at_most(r, id, "failures", u64::from(failures), last)?;
            let (loaded, one) = self.children.load_one(ctx, id, r)?;
            if failures != 0 && !C::one_running(&one) {
                return Err(
                    r.invalid(id, Invalid::Inconsistent("it counts failures, but no child is running"))
                );
            }
            Ok(((at, loaded), (one, failures)))
        }

        fn apply(&mut self, (at, loaded): Self::Loaded, ctx: &Ctx) {
            self.current = at;
            self.children.apply_all(loaded, ctx);
        }
    }
}
