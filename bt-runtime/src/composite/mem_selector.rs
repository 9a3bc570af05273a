use crate::{Children, Node, NodeId, Observer, Status};

/// `mem_selector<…>`: a selector that keeps its position across successes, the mirror of
/// [`MemSequence`](crate::MemSequence).
///
/// Each tick, starting at the remembered child (the first one on the very first tick):
///
/// * the child is ticked; on `Failure` the selector moves on to the next child in the same tick;
/// * on `Running` the selector returns `Running` and remembers the child;
/// * on `Success` the selector returns `Success` **and keeps the child that succeeded as its
///   position**: the next tick starts a new activation of the selector *at that child*, and the
///   children before it, which already failed, are not tried again;
/// * when the last child fails the selector returns `Failure` and forgets its position: the next
///   tick starts at the first child.
///
/// So each child is tried in turn until every one of them has failed once: a list of fallbacks
/// that are not retried while a later one still works.
///
/// Halting it halts the running child and keeps the position (as [`MemSequence`](crate::MemSequence)
/// and BehaviorTree.CPP v4's `SequenceWithMemory` do). Call [`reset`](MemSelector::reset) to make it
/// start over. State: one `u8` and one flag.
///
/// BehaviorTree.CPP v4 has no selector with memory; this is the exact mirror of its
/// `SequenceWithMemory` (and of its older `FallbackNodeWithMemory` with the `ON_FAILURE` reset
/// policy).
#[derive(Clone, Debug, Default)]
pub struct MemSelector<C> {
    children: C,
    current: u8,
    running: bool,
}

impl<C> MemSelector<C> {
    /// A selector with memory over the tuple `children`.
    #[inline]
    pub const fn new(children: C) -> Self {
        MemSelector { children, current: 0, running: false }
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
    /// selector is not running (it does not halt anything); a running selector keeps its position.
    #[inline]
    pub fn reset(&mut self) {
        if !self.running {
            self.current = 0;
        }
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for MemSelector<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let mut i = self.current as usize;
        while i < C::LEN {
            match self.children.tick_child(i, ctx, obs, id + 1) {
                Status::Failure => i += 1,
                Status::Running => {
                    self.current = i as u8;
                    self.running = true;
                    return Status::Running;
                }
                Status::Success => {
                    self.current = i as u8;
                    self.running = false;
                    return Status::Success;
                }
            }
        }
        self.current = 0;
        self.running = false;
        Status::Failure
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.running {
            self.running = false;
            self.children.halt_child(self.current as usize, ctx, obs, id + 1);
        }
    }
}
