use crate::{Children, Node, NodeId, Observer, Status};

/// `pipeline_sequence<…>`: a sequence that re-ticks its earlier children every tick *while* a
/// later one runs, without halting them (Nav2's `PipelineSequence`).
///
/// It is made for pipelines such as `pipeline_sequence<rate_controller(1.0)<ComputePath>,
/// FollowPath>`: the path is recomputed now and then while the robot follows the last one. State:
/// `last`, the index of the furthest child that returned `Running` in this activation (0 at the
/// start), and which children are running.
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
/// activation ticks its child at once (one that was waiting is running, and halted). State: one `u8` and a 16-bit mask.
#[derive(Clone, Debug)]
pub struct PipelineSequence<C> {
    children: C,
    /// The furthest child that returned `Running` in this activation.
    last: u8,
    /// Children that returned `Running` on their last tick.
    running: u16,
}

impl<C> PipelineSequence<C> {
    /// A pipeline sequence over the tuple `children`.
    #[inline]
    pub const fn new(children: C) -> Self {
        PipelineSequence { children, last: 0, running: 0 }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }

    /// The furthest child that returned `Running` in this activation (0 when idle).
    #[inline]
    pub fn last(&self) -> usize {
        self.last as usize
    }

    /// Ends the activation: halts the running children, in order, calls `reset_status` on every
    /// child and starts over at the first child.
    #[inline]
    fn finish<Ctx: ?Sized, O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, first_id: NodeId)
    where
        C: Children<Ctx>,
    {
        let running = self.running;
        self.running = 0;
        self.last = 0;
        if running != 0 {
            self.children.halt_masked(running, ctx, obs, first_id);
        }
        self.children.reset_status_all();
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for PipelineSequence<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let mut i = 0;
        while i < C::LEN {
            let bit = 1u16 << i;
            match self.children.tick_child(i, ctx, obs, id + 1) {
                Status::Success => self.running &= !bit,
                Status::Running => {
                    self.running |= bit;
                    if i >= self.last as usize {
                        self.last = i as u8;
                        return Status::Running;
                    }
                }
                Status::Failure => {
                    self.running &= !bit;
                    self.finish(ctx, obs, id + 1);
                    return Status::Failure;
                }
            }
            i += 1;
        }
        self.finish(ctx, obs, id + 1);
        Status::Success
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        self.finish(ctx, obs, id + 1);
    }

    #[inline]
    fn reset(&mut self) {
        self.last = 0;
        self.running = 0;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([C] PipelineSequence<C>, { last: u8, running: u16 }, { children: C });
