//! Node kinds written outside the crates, as a user writes them: shared by `tests/custom_nodes.rs`
//! (used in `bt!`) and `tests/kit.rs` (checked against the node contract).
#![allow(dead_code)]

use std::time::Duration;

use bt::{Children, Compose, Node, NodeId, Observer, Status, halt_child, tick_child};

/// `Countdown(n)<child>` / `Countdown(n, label = "x")<child>`: succeeds after its child succeeded
/// `n` times in all (one per tick), failing with it otherwise.
#[derive(Clone, Debug, Default)]
pub struct Countdown {
    pub n: u32,
    pub label: &'static str,
    pub pause: Duration,
}

impl Countdown {
    pub fn new(n: u32) -> Self {
        Countdown { n, ..Countdown::default() }
    }
}

pub struct CountdownNode<N> {
    child: N,
    n: u32,
    left: u32,
    running: bool,
}

impl<N> Compose<(N,)> for Countdown {
    type Node = CountdownNode<N>;
    fn compose(self, (child,): (N,)) -> CountdownNode<N> {
        CountdownNode { child, n: self.n, left: self.n, running: false }
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for CountdownNode<N> {
    const SIZE: usize = 1 + N::SIZE;

    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let status = tick_child(&mut self.child, ctx, obs, id + 1);
        self.running = status == Status::Running;
        match status {
            Status::Success if self.left > 1 => {
                self.left -= 1;
                Status::Running
            }
            Status::Running => Status::Running,
            done => {
                self.left = self.n;
                done
            }
        }
    }

    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.running {
            self.running = false;
            halt_child(&mut self.child, ctx, obs, id + 1);
        }
        self.left = self.n;
    }

    fn reset(&mut self) {
        self.left = self.n;
        self.running = false;
        self.child.reset();
    }
}

/// `Both<A, B>`: ticks both children every tick; succeeds when both succeed in the same tick, and
/// fails otherwise. It completes on every tick, so a child still running at the end of the tick is
/// halted (nothing may run below a node that completed).
#[derive(Default)]
pub struct Both;

pub struct BothNode<C>(C);

impl<A, B> Compose<(A, B)> for Both {
    type Node = BothNode<(A, B)>;
    fn compose(self, children: (A, B)) -> Self::Node {
        BothNode(children)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for BothNode<C> {
    const SIZE: usize = 1 + C::SIZE;

    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let a = self.0.tick_child(0, ctx, obs, id + 1);
        let b = self.0.tick_child(1, ctx, obs, id + 1);
        if a == Status::Running {
            self.0.halt_child(0, ctx, obs, id + 1);
        }
        if b == Status::Running {
            self.0.halt_child(1, ctx, obs, id + 1);
        }
        Status::from_bool(a == Status::Success && b == Status::Success)
    }

    fn reset(&mut self) {
        self.0.reset_all();
    }
}
