use crate::{Children, Node, NodeId, Observer, Status};

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
/// [`reset`](MemSequence::reset) to make it start over. State: one `u8` and one flag.
#[derive(Clone, Debug, Default)]
pub struct MemSequence<C> {
    children: C,
    current: u8,
    running: bool,
}

impl<C> MemSequence<C> {
    /// A sequence with memory over the tuple `children`.
    #[inline]
    pub const fn new(children: C) -> Self {
        MemSequence { children, current: 0, running: false }
    }

    /// The children.
    #[inline]
    pub fn children(&self) -> &C {
        &self.children
    }

    /// The remembered position: the child the next tick starts at.
    #[inline]
    pub fn position(&self) -> usize {
        self.current as usize
    }

    /// Forgets the position, so the next tick starts at the first child. Call it only while the
    /// sequence is not running (it does not halt anything); a running sequence keeps its position.
    #[inline]
    pub fn reset(&mut self) {
        if !self.running {
            self.current = 0;
        }
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for MemSequence<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let mut i = self.current as usize;
        while i < C::LEN {
            match self.children.tick_child(i, ctx, obs, id + 1) {
                Status::Success => i += 1,
                Status::Running => {
                    self.current = i as u8;
                    self.running = true;
                    return Status::Running;
                }
                Status::Failure => {
                    self.current = i as u8;
                    self.running = false;
                    return Status::Failure;
                }
            }
        }
        self.current = 0;
        self.running = false;
        Status::Success
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.running {
            self.running = false;
            self.children.halt_child(self.current as usize, ctx, obs, id + 1);
        }
    }
}
