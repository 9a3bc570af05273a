//! Variant (f): the hungry agent's tree built from node kinds written here, outside the runtime,
//! with the public extension API only.
//!
//! [`MyRepeat`], [`MyParallel`], [`MySelector`] and [`MySequence`] are specs
//! ([`bt::Compose`]) whose nodes ([`bt::Node`]) have the logic of the built-in `repeat`,
//! `parallel(n)`, `selector` and `sequence`, written against [`bt::Children`] as any user can.
//! [`CustomBrain`] is the example's tree with them in place of the keywords:
//!
//! ```text
//! MyRepeat<MyParallel::<Const<1>>(Const)<
//!     MySelector<MySequence<FeelBoring, WalkTo, HaveFun>, …>,
//!     Alive,
//! >>
//! ```
//!
//! # What makes them as cheap as the built-ins
//!
//! The first version of these nodes looped over the children with
//! [`Children::tick_child`]`(i, …)` and cost 3.9 times the built-in tree per tick
//! (`benches/README.md` has the figures of every step). Four things, all public, bring them to the
//! built-ins' cost:
//!
//! * **The sequence and the selector call [`Children::tick_while`]**, the loop of the built-in
//!   sequence and selector written out child by child. A loop over `tick_child(i)` with a run-time
//!   `i` goes through the chain of index tests for every child it ticks; `tick_while` enters at
//!   the child to resume and falls through the later ones, as hand-written code does.
//! * **The parallel calls [`Children::tick_unmasked`] and [`Children::halt_masked`], with the
//!   closure marked `#[inline(always)]`.** Without the attribute LLVM keeps the closure as a
//!   function called once per child, which costs more than the loop it replaces.
//! * **Every `tick_with` is marked `#[inline]`** (the built-ins use `#[inline(always)]`): the
//!   whole tree becomes one function only if every node's tick is inlined into its parent's.
//! * **The threshold is a [`Const`]** ([`bt::Threshold`] takes a `usize` or a `Const`, as the
//!   built-in does). `bt!` passes the literal of the keyword `parallel(1)` as `bt::Const::<1>`,
//!   but a node kind of the user's receives its arguments as written: `MyParallel(1)` would keep
//!   the threshold in a field and load it on every tick. And because a named tree spells a node
//!   kind's spec type as its path, a spec that is generic over its argument's type is written
//!   with its turbofish there: `MyParallel::<Const<1>>(Const)`.

use bt::{
    Arity, Children, Compose, Const, Count, Node, NodeId, Observer, Status, Threshold, bt, halt_child,
    tick_child,
};

use super::world::{
    Agent, Alive, DrinkWater, EatFood, FeelBoring, FeelHungry, FeelPoor, FeelThirsty, FeelTired, HaveFun,
    HaveRest, WalkTo, Work,
};

// ----- MySequence / MySelector ----------------------------------------------------------------

/// `MySequence<…>`: the spec of [`MySequenceNode`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MySequence;

/// A sequence: runs its children in order while they succeed (the logic of `sequence<…>`).
///
/// Each tick, starting at the remembered child (the first one on a fresh activation), the child
/// is ticked; on `Success` the sequence moves on to the next child in the same tick; on `Running`
/// it returns `Running` and resumes there on the next tick; on `Failure` it fails and starts over
/// at the first child next time; when the last child succeeds, it succeeds and starts over.
/// Halting it halts its running child. State: one `u8`.
#[derive(Clone, Debug)]
pub struct MySequenceNode<C> {
    children: C,
    current: u8,
}

impl<C> Compose<C> for MySequence {
    type Node = MySequenceNode<C>;
    fn compose(self, children: C) -> MySequenceNode<C> {
        MySequenceNode { children, current: 0 }
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for MySequenceNode<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        self.children.tick_while(&mut self.current, Status::Success, ctx, obs, id + 1)
    }

    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        self.children.halt_child(self.current as usize, ctx, obs, id + 1);
        self.current = 0;
    }

    fn reset(&mut self) {
        self.current = 0;
        self.children.reset_all();
    }
}

/// `MySelector<…>`: the spec of [`MySelectorNode`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MySelector;

/// A selector: tries its children in order until one succeeds (the logic of `selector<…>`).
///
/// Each tick, starting at the remembered child (the first one on a fresh activation), the child
/// is ticked; on `Failure` the selector moves on to the next child in the same tick; on `Running`
/// it returns `Running` and resumes there on the next tick; on `Success` it succeeds and starts
/// over at the first child next time; when the last child fails, it fails and starts over.
/// Halting it halts its running child. State: one `u8`.
#[derive(Clone, Debug)]
pub struct MySelectorNode<C> {
    children: C,
    current: u8,
}

impl<C> Compose<C> for MySelector {
    type Node = MySelectorNode<C>;
    fn compose(self, children: C) -> MySelectorNode<C> {
        MySelectorNode { children, current: 0 }
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for MySelectorNode<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        self.children.tick_while(&mut self.current, Status::Failure, ctx, obs, id + 1)
    }

    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        self.children.halt_child(self.current as usize, ctx, obs, id + 1);
        self.current = 0;
    }

    fn reset(&mut self) {
        self.current = 0;
        self.children.reset_all();
    }
}

// ----- MyParallel -----------------------------------------------------------------------------

/// `MyParallel(n)<…>`: the spec of [`MyParallelNode`]. The threshold `n` is a `usize` or a
/// [`Const`] (see [`bt::Threshold`]).
#[derive(Clone, Copy, Debug)]
pub struct MyParallel<T = usize> {
    /// The number of children that must succeed.
    pub n: T,
}

impl<T> MyParallel<T> {
    /// A parallel that succeeds once `n` children have succeeded.
    pub fn new(n: T) -> Self {
        MyParallel { n }
    }
}

/// A parallel: runs all children side by side and succeeds once `n` of them have succeeded (the
/// logic of `parallel(n)<…>`).
///
/// Each tick, every child that has not succeeded yet in this activation is ticked, in order
/// (successes are latched, failures are not: a failed child is ticked again next tick). As soon as
/// `n` children have succeeded it succeeds; as soon as the failures of this tick make `n`
/// successes impossible it fails; otherwise it returns `Running`. On completion, and when halted,
/// it halts the children still running, in order, and clears its latches. State: two 16-bit masks,
/// and the threshold unless it is a [`Const`].
#[derive(Clone, Debug)]
pub struct MyParallelNode<C, K> {
    children: C,
    latches: Latches<K>,
}

/// The state of a parallel, apart from its children so that both can be borrowed at once.
#[derive(Clone, Copy, Debug)]
struct Latches<K> {
    /// The threshold.
    n: K,
    /// Children that succeeded in this activation.
    succeeded: u16,
    /// Children that returned `Running` on their last tick.
    running: u16,
}

impl<C: Arity, T: Threshold> Compose<C> for MyParallel<T> {
    type Node = MyParallelNode<C, T::Stored>;
    fn compose(self, children: C) -> Self::Node {
        // Checks the threshold against the number of children (`Threshold` is public).
        let n = self.n.store(C::LEN);
        MyParallelNode { children, latches: Latches { n, succeeded: 0, running: 0 } }
    }
}

impl<K> Latches<K> {
    /// Ends the activation: halts the running children, in order, and clears the latches.
    fn finish<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
        &mut self,
        children: &mut C,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) {
        let running = self.running;
        self.running = 0;
        self.succeeded = 0;
        children.halt_masked(running, ctx, obs, first_id);
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>, K: Count<u8>> Node<Ctx> for MyParallelNode<C, K> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let l = &mut self.latches;
        let n = l.n.get();
        let mut failures = 0;
        self.children.tick_unmasked(
            l.succeeded,
            ctx,
            obs,
            id + 1,
            // Without this attribute the closure stays a function, called once per child.
            #[inline(always)]
            |children, ctx, obs, i, status| {
                let bit = 1u16 << i;
                match status {
                    Status::Success => {
                        l.succeeded |= bit;
                        l.running &= !bit;
                        if l.succeeded.count_ones() >= u32::from(n) {
                            l.finish(children, ctx, obs, id + 1);
                            return Status::Success;
                        }
                    }
                    Status::Failure => {
                        l.running &= !bit;
                        failures += 1;
                        if failures > C::LEN - usize::from(n) {
                            l.finish(children, ctx, obs, id + 1);
                            return Status::Failure;
                        }
                    }
                    Status::Running => l.running |= bit,
                }
                Status::Running
            },
        )
    }

    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        self.latches.finish(&mut self.children, ctx, obs, id + 1);
    }

    fn reset(&mut self) {
        self.latches.succeeded = 0;
        self.latches.running = 0;
        self.children.reset_all();
    }
}

// ----- MyRepeat -------------------------------------------------------------------------------

/// `MyRepeat<child>`: the spec of [`MyRepeatNode`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MyRepeat;

/// Repeats its child forever (the logic of `repeat(child)` without a count).
///
/// Each tick ticks the child once: `Running` → `Running`; `Success` → `Running`, and the next tick
/// starts the child's next activation (at most one child activation completes per tick);
/// `Failure` → `Failure`. Halting it halts the child if the child is running. State: one flag.
#[derive(Clone, Debug)]
pub struct MyRepeatNode<N> {
    child: N,
    child_running: bool,
}

impl<N> Compose<(N,)> for MyRepeat {
    type Node = MyRepeatNode<N>;
    fn compose(self, (child,): (N,)) -> MyRepeatNode<N> {
        MyRepeatNode { child, child_running: false }
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for MyRepeatNode<N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let status = tick_child(&mut self.child, ctx, obs, id + 1);
        self.child_running = status == Status::Running;
        match status {
            Status::Failure => Status::Failure,
            Status::Success | Status::Running => Status::Running,
        }
    }

    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        if self.child_running {
            self.child_running = false;
            halt_child(&mut self.child, ctx, obs, id + 1);
        }
    }

    fn reset(&mut self) {
        self.child_running = false;
        self.child.reset();
    }
}

// ----- the tree -------------------------------------------------------------------------------

bt! {
    /// The example's tree ([`AgentBrain`](super::world::AgentBrain)), with the node kinds of this
    /// module in place of the keywords.
    pub struct CustomBrain for Agent {
        MyRepeat<MyParallel::<Const<1>>(Const)<
            MySelector<
                MySequence<FeelBoring, WalkTo, HaveFun>,
                MySequence<FeelHungry, WalkTo, EatFood>,
                MySequence<FeelThirsty, WalkTo, DrinkWater>,
                MySequence<FeelTired, WalkTo, HaveRest>,
                MySequence<FeelPoor, WalkTo, Work>,
            >,
            Alive,
        >>
    }
}
