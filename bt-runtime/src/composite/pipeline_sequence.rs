use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Status};

/// `pipeline_sequence<…>`: a sequence that re-ticks its earlier children every tick *while* a
/// later one runs, without halting them (Nav2's `PipelineSequence`).
///
/// It is made for pipelines such as `pipeline_sequence<rate_controller(1.0)<ComputePath>,
/// FollowPath>`: the path is recomputed now and then while the robot follows the last one. It
/// keeps the children's active states, which say which of them are running, and goes by `last`,
/// the index of the furthest child that returned `Running` in this activation (0 at the start).
/// `last` is not stored: it is the furthest child that is running (0 when none is), as a child
/// after it has not been ticked in this activation, and it still runs (a child that completes
/// moves the pipeline on to the next one, which becomes `last` or ends the activation).
///
/// Each tick, the children are ticked **from the first one**, in order:
///
/// * `Success` → the pipeline goes on to the next child in the same tick (so earlier children are
///   re-ticked every tick: that is the point of the node);
/// * `Running` from a child at or after `last` → that child becomes `last` and the pipeline
///   returns `Running` (later children are not ticked in this tick);
/// * `Running` from a child *before* `last` → the pipeline does not stop: it goes on to the next
///   child, so an earlier child keeps running while the later one runs too. Neither is halted;
/// * `Failure` → every other running child is halted (in child order), then
///   [`reset_status`](Node::reset_status) is called on every child, `last` goes back to 0 and the
///   pipeline returns `Failure`;
/// * when every child has been ticked and none stopped the pipeline (the last child succeeded),
///   the children still running (earlier ones that returned `Running` in this tick) are halted,
///   in order, `reset_status` is called on every child, `last` goes back to 0, and the pipeline
///   returns `Success`.
///
/// Every child is ticked at most once per tick. Halting the pipeline halts its running children,
/// in order, calls `reset_status` on every child and sets `last` to 0.
///
/// Calling `reset_status` on the children when the activation ends is what BehaviorTree.CPP does
/// for every composite (it resets its children's statuses to `IDLE`); in `bt` only this node does
/// it, because Nav2 puts its rate controllers under pipelines: it re-arms a
/// [`RateController`](crate::RateController) child that completed just before, so that the next
/// activation ticks its child at once (one that was waiting is running, and halted).
///
/// State: none in the node; its active state is every child's, as several of them may run at
/// once ([`ChildStates::All`]), and nothing more (`last` is read from them).
#[derive(Clone, Debug)]
pub struct PipelineSequence<C> {
    children: C,
}

impl<C> PipelineSequence<C> {
    /// A pipeline sequence over the tuple `children`.
    #[inline]
    pub const fn new(children: C) -> Self {
        PipelineSequence { children }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }

    /// The furthest child that returned `Running` in the activation whose state is `active` (0
    /// when idle): the furthest running child.
    #[inline]
    pub fn last(&self, active: &<Self as Activation>::Active) -> usize
    where
        C: ChildStates,
    {
        furthest(C::running_mask(active))
    }

    /// Ends the activation: halts the running children, in order, calls `reset_status` on every
    /// child and starts over at the first child.
    #[inline]
    fn finish<Ctx: ?Sized, O: Observer + ?Sized>(
        &mut self,
        active: &mut C::All,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) where
        C: Children<Ctx>,
    {
        self.children.halt_running(active, ctx, obs, first_id);
        self.children.reset_status_all();
    }
}

/// The index of the furthest child in the running `mask` (a bit `1 << index` each), 0 when none.
#[inline(always)]
fn furthest(mask: u16) -> usize {
    15usize.saturating_sub(mask.leading_zeros() as usize)
}

/// Whether no child after child `i` runs in the running `mask` (`i` is below 16): a `Running`
/// from child `i` then comes from `last` or a child after it.
#[inline(always)]
fn none_after(mask: u16, i: usize) -> bool {
    u32::from(mask) >> (i + 1) == 0
}

/// Every child's active state; it runs exactly while a child does (when it completes or is
/// halted it halts every running child).
impl<C: ChildStates> Activation for PipelineSequence<C> {
    type Active = C::All;

    #[inline(always)]
    fn is_running(active: &C::All) -> bool {
        C::running_mask(active) != 0
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for PipelineSequence<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::All,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if C::DYNAMIC {
            // A list built at run time (of any length: the walk below has a 16-bit mask).
            let mut i = 0;
            while i < self.children.len() {
                match self.children.tick_child(i, active, ctx, obs, id + 1) {
                    Status::Success => {}
                    Status::Running => {
                        if none_after(C::running_mask(active), i) {
                            return Status::Running;
                        }
                    }
                    Status::Failure => {
                        self.finish(active, ctx, obs, id + 1);
                        return Status::Failure;
                    }
                }
                i += 1;
            }
            self.finish(active, ctx, obs, id + 1);
            return Status::Success;
        }
        // The children in order, written out child by child (no run-time index to dispatch
        // on): `then` goes on after a success and after a `Running` before `last`, and stops on
        // a failure, or on a `Running` at or after `last` (signalled as `Success`, which no
        // child's status stops the walk with: a success goes on). The children after the one
        // just ticked have not been ticked in this tick: one of them runs if `last` is after it.
        let out = self.children.tick_unmasked(active, 0, ctx, obs, id + 1, |_, all, _, _, i, status| {
            match status {
                Status::Success => Status::Running,
                // The last child's `Running` always stops the walk (`last` is never past it).
                Status::Running if i + 1 == C::LEN || none_after(C::running_mask(all), i) => Status::Success,
                Status::Running => Status::Running,
                Status::Failure => Status::Failure,
            }
        });
        match out {
            Status::Success => Status::Running,
            // Every child was ticked and the last one succeeded.
            Status::Running => {
                self.finish(active, ctx, obs, id + 1);
                Status::Success
            }
            Status::Failure => {
                self.finish(active, ctx, obs, id + 1);
                Status::Failure
            }
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::All,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        self.finish(active, ctx, obs, id + 1);
    }

    #[inline]
    fn reset(&mut self) {
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
mod persist {
    use serde::{Deserialize, Serialize};

    use super::{PipelineSequence, furthest};
    use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, PersistChildren, at_most};
    use crate::{Activation, NodeId, PersistNode};

    /// The furthest child that has run in the activation in progress.
    #[derive(Serialize, Deserialize)]
    struct Entry {
        last: u8,
    }

    impl<Ctx: ?Sized, C: PersistChildren<Ctx>> PersistNode<Ctx> for PipelineSequence<C> {
        type Loaded = C::Loaded;

        fn fingerprint(&self, h: &mut Fingerprint) {
            self.children.fingerprint_all(h);
        }

        fn save_nodes<W: NodeWriter>(
            &self,
            active: &C::All,
            ctx: &Ctx,
            id: NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            let last = furthest(C::running_mask(active)) as u8;
            w.entry(id, Self::is_running(active), &Entry { last })?;
            self.children.save_all(active, ctx, id, w)
        }

        fn load_nodes<R: NodeReader>(
            &self,
            ctx: &Ctx,
            id: NodeId,
            r: &mut R,
        ) -> Result<(C::Loaded, C::All), R::Error> {
            let Entry { last } = r.entry(id)?;
            at_most(r, id, "last", u64::from(last), self.children.len() as u64 - 1)?;
            let (loaded, all) = self.children.load_all(ctx, id, r)?;
            // `last` is the furthest running child, which the children's states say.
            let mask = C::running_mask(&all);
            if last != 0 && mask == 0 {
                return Err(r.invalid(id, Invalid::Inconsistent("`last` is set, but no child is running")));
            }
            if usize::from(last) != furthest(mask) {
                return Err(r.invalid(id, Invalid::Inconsistent("`last` is not the furthest running child")));
            }
            Ok((loaded, all))
        }

        fn apply(&mut self, loaded: C::Loaded, ctx: &Ctx) {
            self.children.apply_all(loaded, ctx);
        }
    }
}
