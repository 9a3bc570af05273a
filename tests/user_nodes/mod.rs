//! Node kinds written outside the crates, as a user writes them: shared by `tests/custom_nodes.rs`
//! (used in `bt!`) and `tests/kit.rs` (checked against the node contract).
#![allow(dead_code)]

use std::time::Duration;

use bt::{
    Activation, ChildStates, Children, Compose, Node, NodeId, Observer, Status, halt_child, tick_child,
};

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

/// The node keeps its configuration; the successes counted in an activation are in its active
/// state.
pub struct CountdownNode<N> {
    child: N,
    n: u32,
}

impl<N> Compose<(N,)> for Countdown {
    type Node = CountdownNode<N>;
    fn compose(self, (child,): (N,)) -> CountdownNode<N> {
        CountdownNode { child, n: self.n }
    }
}

/// The child's active state and the successes counted in this activation: running while the
/// child runs or a success is counted.
impl<N: Activation> Activation for CountdownNode<N> {
    type Active = (N::Active, u32);

    fn is_running((child, successes): &(N::Active, u32)) -> bool {
        N::is_running(child) || *successes != 0
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for CountdownNode<N> {
    const SIZE: usize = 1 + N::SIZE;

    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        (child, successes): &mut (N::Active, u32),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        match tick_child(&mut self.child, child, ctx, obs, id + 1) {
            Status::Success if *successes + 1 < self.n => {
                *successes += 1;
                Status::Running
            }
            Status::Running => Status::Running,
            done => {
                *successes = 0;
                done
            }
        }
    }

    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        (child, successes): &mut (N::Active, u32),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if N::is_running(child) {
            halt_child(&mut self.child, child, ctx, obs, id + 1);
        }
        *successes = 0;
    }

    fn reset(&mut self) {
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

/// It completes on every tick: it is never running, and its children's states live for one tick.
impl<C> Activation for BothNode<C> {
    type Active = ();

    fn is_running(_: &()) -> bool {
        false
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for BothNode<C> {
    const SIZE: usize = 1 + C::SIZE;

    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        _: &mut (),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let mut all = <C as ChildStates>::All::default();
        let a = self.0.tick_child(0, &mut all, ctx, obs, id + 1);
        let b = self.0.tick_child(1, &mut all, ctx, obs, id + 1);
        if a == Status::Running {
            self.0.halt_child(0, &mut all, ctx, obs, id + 1);
        }
        if b == Status::Running {
            self.0.halt_child(1, &mut all, ctx, obs, id + 1);
        }
        Status::from_bool(a == Status::Success && b == Status::Success)
    }

    fn reset(&mut self) {
        self.0.reset_all();
    }
}
