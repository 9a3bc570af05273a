use crate::{Children, Node, NodeId, Observer, Status};

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
/// begins again with the first recovery). [`reset`](Node::reset) starts over as well. State: two
/// `u8` and one flag.
#[derive(Clone, Debug)]
pub struct RoundRobin<C> {
    children: C,
    current: u8,
    failures: u8,
    running: bool,
}

impl<C> RoundRobin<C> {
    /// A round robin over the tuple `children`, starting at the first child.
    #[inline]
    pub const fn new(children: C) -> Self {
        RoundRobin { children, current: 0, failures: 0, running: false }
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

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for RoundRobin<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        loop {
            let i = self.current as usize;
            let status = self.children.tick_child(i, ctx, obs, id + 1);
            if status == Status::Running {
                self.running = true;
                return Status::Running;
            }
            self.running = false;
            self.current = if i + 1 >= C::LEN { 0 } else { i as u8 + 1 };
            if status == Status::Success {
                self.failures = 0;
                return Status::Success;
            }
            self.failures += 1;
            if self.failures as usize >= C::LEN {
                self.failures = 0;
                self.current = 0;
                return Status::Failure;
            }
        }
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.running {
            self.running = false;
            self.children.halt_child(self.current as usize, ctx, obs, id + 1);
        }
        self.current = 0;
        self.failures = 0;
    }

    #[inline]
    fn reset(&mut self) {
        self.current = 0;
        self.failures = 0;
        self.running = false;
        self.children.reset_all();
    }
}

#[cfg(feature = "serde")]
crate::persist::persist!([C] RoundRobin<C>, { current: u8, failures: u8, running: bool }, { children: C });
