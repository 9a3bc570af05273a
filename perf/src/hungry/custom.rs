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
//! * **The parallel calls [`Children::tick_unmasked`] and [`Children::halt_running`], with the
//!   closure marked `#[inline(always)]`.** Without the attribute LLVM keeps the closure as a
//!   function called once per child, which costs more than the loop it replaces.
//! * **Every `tick_with` is inlined into its parent's**: the whole tree becomes one function only
//!   then. `#[inline]` is enough for the parallel and the repeat; the sequence and the selector
//!   are marked `#[inline(always)]`, as the built-ins are: `tick_while` writes out a leaf child's
//!   code twice (ticked in place where the composite resumes, with a fresh state where it falls
//!   through), and with `#[inline]` alone the tree costs 1.02 times the built-in tree's
//!   instructions per tick.
//! * **The threshold is a [`Const`]** ([`bt::Threshold`] takes a `usize` or a `Const`, as the
//!   built-in does). `bt!` passes the literal of the keyword `parallel(1)` as `bt::Const::<1>`,
//!   but a node kind of the user's receives its arguments as written: `MyParallel(1)` would keep
//!   the threshold in a field and load it on every tick. And because a named tree spells a node
//!   kind's spec type as its path, a spec that is generic over its argument's type is written
//!   with its turbofish there: `MyParallel::<Const<1>>(Const)`.
//!
//! Their state is laid out as the built-ins' is ([`bt::Activation`]): what only matters while a
//! node runs is its active state, held by its parent. The sequence and the selector keep their
//! children's [`One`](bt::ChildStates::One) (the running child's state, tagged with its index,
//! one block for all the children), the parallel keeps [`All`](bt::ChildStates::All) (every
//! child's) and its mask of successes, and the repeat `Option` of its child's. The tree takes 6
//! bytes where the built-in tree takes 3: `bt!` places the leaves of its own composites that run
//! one child at a time in their block, without a running flag ([`bt::InBlock`]), which it cannot
//! do under a node kind it does not know (these nodes would handle such leaves: they go through
//! [`Children`]'s methods, which know them).

use bt::active::U16;
use bt::{
    Activation, Arity, ChildStates, Children, Compose, Const, Count, Node, NodeId, Observer, Status,
    Threshold, bt, halt_child, tick_child,
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
/// Halting it halts its running child. State: none in the node; its active state is the
/// children's [`One`](bt::ChildStates::One), the running child's state tagged with its index.
#[derive(Clone, Debug)]
pub struct MySequenceNode<C> {
    children: C,
}

impl<C> Compose<C> for MySequence {
    type Node = MySequenceNode<C>;
    fn compose(self, children: C) -> MySequenceNode<C> {
        MySequenceNode { children }
    }
}

impl<C: ChildStates> Activation for MySequenceNode<C> {
    type Active = C::One;

    #[inline]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for MySequenceNode<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        self.children.tick_while(active, Status::Success, ctx, obs, id + 1)
    }

    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        self.children.halt_one(active, ctx, obs, id + 1);
    }

    fn reset(&mut self) {
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
/// Halting it halts its running child. State: none in the node; its active state is the
/// children's [`One`](bt::ChildStates::One), the running child's state tagged with its index.
#[derive(Clone, Debug)]
pub struct MySelectorNode<C> {
    children: C,
}

impl<C> Compose<C> for MySelector {
    type Node = MySelectorNode<C>;
    fn compose(self, children: C) -> MySelectorNode<C> {
        MySelectorNode { children }
    }
}

impl<C: ChildStates> Activation for MySelectorNode<C> {
    type Active = C::One;

    #[inline]
    fn is_running(active: &C::One) -> bool {
        C::one_running(active)
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for MySelectorNode<C> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        self.children.tick_while(active, Status::Failure, ctx, obs, id + 1)
    }

    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut C::One,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        self.children.halt_one(active, ctx, obs, id + 1);
    }

    fn reset(&mut self) {
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
/// it halts the children still running, in order, and clears its latches. State: the threshold in
/// the node unless it is a [`Const`]; the active state is every child's
/// ([`All`](bt::ChildStates::All)) and the 16-bit mask of the children that succeeded in this
/// activation. Which children run is read from their own states ([`Activation::is_running`]).
#[derive(Clone, Debug)]
pub struct MyParallelNode<C, K> {
    children: C,
    /// The threshold.
    n: K,
}

impl<C: Arity, T: Threshold> Compose<C> for MyParallel<T> {
    type Node = MyParallelNode<C, T::Stored>;
    fn compose(self, children: C) -> Self::Node {
        // Checks the threshold against the number of children (`Threshold` is public).
        let n = self.n.store(C::LEN);
        MyParallelNode { children, n }
    }
}

/// Ends the activation: halts the running children, in order, and clears the latches.
fn finish<Ctx: ?Sized, C: Children<Ctx>, O: Observer + ?Sized>(
    succeeded: &mut U16,
    children: &mut C,
    all: &mut C::All,
    ctx: &mut Ctx,
    obs: &mut O,
    first_id: NodeId,
) {
    *succeeded = U16::default();
    children.halt_running(all, ctx, obs, first_id);
}

impl<C: ChildStates, K> Activation for MyParallelNode<C, K> {
    type Active = (C::All, U16);

    /// Running while a child runs or a success is latched (with neither, every child failed in
    /// the last tick, and so did the parallel).
    #[inline]
    fn is_running(active: &(C::All, U16)) -> bool {
        u16::from(active.1) != 0 || C::running_mask(&active.0) != 0
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>, K: Count<u8>> Node<Ctx> for MyParallelNode<C, K> {
    const SIZE: usize = 1 + C::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::All, U16),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let n = self.n.get();
        let (all, succeeded) = active;
        let mut failures = 0;
        self.children.tick_unmasked(
            all,
            u16::from(*succeeded),
            ctx,
            obs,
            id + 1,
            // Without this attribute the closure stays a function, called once per child.
            #[inline(always)]
            |children, all, ctx, obs, i, status| {
                match status {
                    Status::Success => {
                        let done = u16::from(*succeeded) | (1u16 << i);
                        *succeeded = U16::from(done);
                        if done.count_ones() >= u32::from(n) {
                            finish(succeeded, children, all, ctx, obs, id + 1);
                            return Status::Success;
                        }
                    }
                    Status::Failure => {
                        failures += 1;
                        if failures > C::LEN - usize::from(n) {
                            finish(succeeded, children, all, ctx, obs, id + 1);
                            return Status::Failure;
                        }
                    }
                    Status::Running => {}
                }
                Status::Running
            },
        )
    }

    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut (C::All, U16),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        let (all, succeeded) = active;
        finish(succeeded, &mut self.children, all, ctx, obs, id + 1);
    }

    fn reset(&mut self) {
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
/// `Failure` → `Failure`. Halting it halts the child if the child is running. State: none in the
/// node; its active state is `Some(child's)` while it runs, `None` while idle.
#[derive(Clone, Debug)]
pub struct MyRepeatNode<N> {
    child: N,
}

impl<N> Compose<(N,)> for MyRepeat {
    type Node = MyRepeatNode<N>;
    fn compose(self, (child,): (N,)) -> MyRepeatNode<N> {
        MyRepeatNode { child }
    }
}

impl<N: Activation> Activation for MyRepeatNode<N> {
    type Active = Option<N::Active>;

    #[inline]
    fn is_running(active: &Option<N::Active>) -> bool {
        active.is_some()
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for MyRepeatNode<N> {
    const SIZE: usize = 1 + N::SIZE;

    #[inline]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Option<N::Active>,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let child = active.get_or_insert_with(Default::default);
        match tick_child(&mut self.child, child, ctx, obs, id + 1) {
            Status::Failure => {
                *active = None;
                Status::Failure
            }
            Status::Success | Status::Running => Status::Running,
        }
    }

    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Option<N::Active>,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if let Some(child) = active
            && N::is_running(child)
        {
            halt_child(&mut self.child, child, ctx, obs, id + 1);
        }
        *active = None;
    }

    fn reset(&mut self) {
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
