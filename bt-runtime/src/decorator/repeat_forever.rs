use crate::{Node, NodeId, Observer, Status, halt_child, tick_child};

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
/// is idle and is not halted). State: whether the child is running (one `bool`). There is no
/// iteration counter and no count to compare against: this is the type `bt!` builds for a `repeat`
/// without a count, distinct from the counted [`Repeat`](crate::Repeat), so its tick is the
/// `match` a hand-written loop would be.
#[derive(Clone, Debug, Default)]
pub struct RepeatForever<N> {
    child: N,
    child_running: bool,
}

impl<N> RepeatForever<N> {
    /// Repeats `child` for as long as it succeeds.
    #[inline(never)]
    pub const fn new(child: N) -> Self {
        RepeatForever { child, child_running: false }
    }

    /// The child.
    #[inline]
    pub fn child(&self) -> &N {
        &self.child
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for RepeatForever<N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let status = tick_child(&mut self.child, ctx, obs, id + 1);
        self.child_running = status == Status::Running;
        match status {
            Status::Failure => Status::Failure,
            _ => Status::Running,
        }
    }

    #[inline(never)]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.child_running {
            self.child_running = false;
            halt_child(&mut self.child, ctx, obs, id + 1);
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.child_running = false;
        self.child.reset();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([N] RepeatForever<N>, { child_running: bool }, { child: N });
