use super::{mem_halt, mem_tick, mem_tick_skip};
use crate::{Activation, ChildStates, Children, Node, NodeId, Observer, Outcome, Status};

/// `mem_sequence<…>`: a sequence that keeps its position across failures (BehaviorTree.CPP's
/// `SequenceWithMemory`).
///
/// Each tick, starting at the remembered child (the first one on the very first tick):
///
/// * the child is ticked; on `Success` the sequence moves on to the next child in the same tick;
/// * on `Running` the sequence returns `Running` and remembers the child;
/// * on `Failure` the sequence returns `Failure` **and keeps the failed child as its position**: the
///   next tick starts a new activation of the sequence *at that child*, and the children before it,
///   which already succeeded, are not run again;
/// * when the last child succeeds the sequence returns `Success` and forgets its position: the next
///   tick starts at the first child.
///
/// Use it for a plan whose finished steps must not be redone: a patrol `mem_sequence<WalkTo(a),
/// WalkTo(b)>` that is interrupted on its way to `b` goes on to `b` afterwards.
///
/// Halting it halts the running child and, as in BehaviorTree.CPP v4, keeps the position: after an
/// interruption the sequence resumes at the interrupted child (with a fresh activation of it). Call
/// [`reset`](MemSequence::reset) to make it start over. State: the position (one `u8`) in the
/// node, as it outlives the activations; its active state is the running child's, in the variant
/// of that child ([`ChildStates::One`]), so it is as large as the largest child's.
#[derive(Clone, Debug, Default)]
pub struct MemSequence<C> {
    children: C,
    current: u8,
}

impl<C> MemSequence<C> {
    /// A sequence with memory over the tuple `children`.
    #[inline]
    pub const fn new(children: C) -> Self {
        MemSequence { children, current: 0 }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }
}

memory_accessors!(MemSequence, "sequence");

/// The running child's active state; it runs exactly while that child does.
impl<C: ChildStates> Activation for MemSequence<C> {
    type Active = C::One;

    #[inline(always)]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for MemSequence<C> {
    const SIZE: usize = 1 + C::SIZE;
    const SKIPS: bool = C::SKIPS;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if C::SKIPS {
            return self.tick_skip(active, ctx, obs, id).or_success();
        }
        mem_tick(&mut self.children, &mut self.current, active, Status::Success, ctx, obs, id + 1)
    }

    #[inline]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Outcome {
        if !C::SKIPS {
            return Outcome::from(self.tick_with(active, ctx, obs, id));
        }
        mem_tick_skip(&mut self.children, &mut self.current, active, Status::Success, ctx, obs, id + 1)
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        mem_halt(&mut self.children, active, ctx, obs, id + 1);
    }

    #[inline]
    fn reset(&mut self) {
        self.current = 0;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
memory_persist!(MemSequence);
