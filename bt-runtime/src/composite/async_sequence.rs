use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

/// `async_sequence<…>`: a sequence that hands control back after each child that completed at
/// once (BehaviorTree.CPP's `AsyncSequence`).
///
/// Each tick, starting at the remembered child (the first one on a fresh activation):
///
/// * the child is ticked; on `Running` the sequence returns `Running` and resumes that child on the
///   next tick;
/// * on `Success` of a child that **started in this tick** (it was not running before) and is not
///   the last, the sequence returns `Running` and remembers the next child: the next tick starts
///   there. A reactive parent (`reactive_sequence`) thus re-checks its conditions between any two
///   steps of the sequence, even steps that take no time;
/// * on `Success` of a child that **was running** before this tick, the sequence moves on to the
///   next child in the same tick (as BehaviorTree.CPP does: the yield is owed only to a step that
///   did not yield itself);
/// * on `Failure` the sequence returns `Failure` and resets: the next tick starts at the first child;
/// * when the last child succeeds the sequence returns `Success` and resets.
///
/// A skipped child (see [`Outcome`]) is passed over in the same tick, without yielding; when every
/// child was skipped the sequence is skipped.
///
/// Halting it halts the running child, if any, and resets (as BehaviorTree.CPP's `halt`). State:
/// none in the node; its active state is the children's [`One`](crate::ChildStates::One) (the
/// running child's state, tagged with its index) and one `u8`, the child to start at after a yield
/// (0 when the sequence did not yield). It is running while a child runs or after a yield.
///
/// With `n` children that all succeed at once, an `async_sequence` takes `n` ticks where a
/// `sequence` takes one. Under a `reactive_sequence`, a second `async_sequence` sibling would
/// never let the reactive sequence complete (the first one starts over on every tick after it
/// completed, halting the second): `bt_xml!` and `bt::load` refuse such a tree, as
/// BehaviorTree.CPP does; `bt!` does not check it.
#[derive(Clone, Debug, Default)]
pub struct AsyncSequence<C> {
    children: C,
}

impl<C> AsyncSequence<C> {
    /// An asynchronous sequence over the tuple `children`.
    #[inline]
    pub const fn new(children: C) -> Self {
        AsyncSequence { children }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

/// The running child's state, tagged with its index, and the child to start at after a yield.
impl<C: ChildStates> Activation for AsyncSequence<C> {
    type Active = (C::One, u8);

    #[inline(always)]
    fn is_running(active: &(C::One, u8)) -> bool {
        C::one_running(&active.0) || active.1 != 0
    }
}

impl<C> AsyncSequence<C> {
    /// The tick, over children that may be skipped (`SKIP`) or not.
    #[inline(always)]
    fn run<Ctx: ?Sized, O: Observer + ?Sized, const SKIP: bool>(
        &mut self,
        active: &mut (C::One, u8),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome
    where
        C: Children<Ctx>,
    {
        let (one, next) = active;
        let mut resumed = C::one_running(one);
        let mut i = if resumed { C::one_index(one) } else { *next as usize };
        let mut all_skipped = i == 0;
        *next = 0;
        let len = self.children.len();
        while i < len {
            let outcome = if SKIP {
                self.children.tick_one_skip(i, one, ctx, obs, id + 1)
            } else {
                Outcome::from(self.children.tick_one(i, one, ctx, obs, id + 1))
            };
            match outcome {
                Outcome::Success => {
                    all_skipped = false;
                    i += 1;
                    if !resumed && i < len {
                        *next = i as u8;
                        return Outcome::Running;
                    }
                    resumed = false;
                }
                Outcome::Skipped => {
                    i += 1;
                    resumed = false;
                }
                other => return other,
            }
        }
        if all_skipped { Outcome::Skipped } else { Outcome::Success }
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for AsyncSequence<C> {
    const SIZE: usize = 1 + C::SIZE;
    const SKIPS: bool = C::SKIPS;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::One, u8),
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
        active: &mut (C::One, u8),
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
        active: &mut (C::One, u8),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if C::one_running(&active.0) {
            self.children.halt_one(&mut active.0, ctx, obs, id + 1);
        }
        *active = Default::default();
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::AsyncSequence;
    use crate::persist::{Fingerprint, NodeReader, NodeWriter, PersistChildren, at_most};
    use crate::{Activation, Children, NodeId, PersistNode};

    /// The child to start at after a yield (0 when the sequence did not yield).
    #[derive(Serialize, Deserialize)]
    struct Entry {
        next: u8,
    }

    impl<Ctx: ?Sized, C: PersistChildren<Ctx>> PersistNode<Ctx> for AsyncSequence<C> {
        type Loaded = C::Loaded;

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
            w.entry(id, Self::is_running(active), &Entry { next: active.1 })?;
            self.children.save_one(&active.0, ctx, id, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(C::Loaded, (C::One, u8)), R::Error> {
            let Entry { next } = r.entry(id)?;
            let last = Children::<Ctx>::len(&self.children) as u64 - 1;
            at_most(r, id, "next", u64::from(next), last)?;
            let (loaded, one) = self.children.load_one(ctx, id, r)?;
            Ok((loaded, (one, next)))
        }

        fn apply(&mut self, loaded: C::Loaded, ctx: &Ctx) {
            self.children.apply_all(loaded, ctx);
        }
    }
}
