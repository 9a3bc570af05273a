//! A leaf whose running flag is its parent's: a child of a composite that runs one child at a
//! time.

use crate::{Activation, Node, NodeId, Observer, Status};

/// A leaf held by a composite that runs one child at a time (a sequence, a selector and the
/// others that keep [`ChildStates::One`](crate::ChildStates::One)), without a running flag of its
/// own.
///
/// A leaf's active state is a flag, whether it runs ([`ActionNode`](crate::ActionNode),
/// [`ActionFn`](crate::ActionFn)). In such a composite the flag says nothing the composite does
/// not know already: its block of child states is at a child exactly while that child runs, and
/// idle when none does. `InBlock` drops the flag (its active state is `()`) and takes it from the
/// composite, which starts the leaf with [`Node::tick_fresh`] and resumes it with
/// [`Node::tick_with`], as a hand-written state machine keeps one resume point and no flag per
/// step. `bt!` places this way every action and condition child of its own composites that run
/// one child at a time (`sequence`, `selector`, their reactive and memory forms, `async_sequence`,
/// `try_catch`, `random`, `if_then_else`, `recovery`, `switch`, `round_robin`; not a node kind of
/// yours, whose children keep their flags), so that a sequence of leaves keeps one byte, the child
/// it is at (the hungry agent's tree keeps 3 bytes, as its hand-written program does).
///
/// Tick by tick it is the leaf it holds: `tick_fresh` ticks the leaf with its flag down (a new
/// activation), `tick_with` with its flag up (the activation in progress), `halt_with` halts it
/// with its flag up. Saved (feature `serde`), it writes what the leaf writes, with the flag its
/// parent tells (`PersistNode::save_placed`), so a save reads the same with or without it.
///
/// # Contract
///
/// The leaf's active state is `bool`, and it is the answer of
/// [`is_running`](Activation::is_running); the leaf is one node and is never skipped (checked at
/// compile time). An `InBlock` may only be a child of a composite that keeps
/// [`ChildStates::One`](crate::ChildStates::One) and ticks it through [`Children`](crate::Children)'s
/// methods, which know [`Activation::IN_BLOCK`]: anywhere else (a parallel's child, a decorator's child,
/// a tree's root) its parent cannot tell it whether it runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct InBlock<N>(pub N);

impl<N: Activation<Active = bool>> Activation for InBlock<N> {
    /// Nothing: the parent knows whether the leaf runs.
    type Active = ();

    const IN_BLOCK: bool = true;

    /// `false`: an `InBlock`'s state never says that it runs; its parent knows (see
    /// [`Activation::IN_BLOCK`]).
    #[inline(always)]
    fn is_running(_: &()) -> bool {
        false
    }
}

impl<Ctx: ?Sized, N: Node<Ctx> + Activation<Active = bool>> Node<Ctx> for InBlock<N> {
    const SIZE: usize = {
        assert!(N::SIZE == 1 && !N::SKIPS, "an InBlock holds a leaf of one node that is never skipped");
        1
    };
    const PORTS: &'static [crate::PortInfo] = N::PORTS;
    const CONDITION: bool = N::CONDITION;
    const PREEMPTS: bool = N::PREEMPTS;
    const DESCRIPTION: Option<&'static crate::TreeDescription> = N::DESCRIPTION;

    /// Resumes the leaf: its activation is in progress.
    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        _: &mut (),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        self.0.tick_with(&mut true, ctx, obs, id)
    }

    /// Starts the leaf: a new activation.
    #[inline(always)]
    fn tick_fresh<O: Observer + ?Sized>(
        &mut self,
        _: &mut (),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        self.0.tick_with(&mut false, ctx, obs, id)
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, _: &mut (), ctx: &mut Ctx, obs: &mut O, id: NodeId) {
        self.0.halt_with(&mut true, ctx, obs, id);
    }

    #[inline]
    fn reset(&mut self) {
        self.0.reset();
    }

    #[inline(always)]
    fn reset_status(&mut self) {
        self.0.reset_status();
    }

    #[inline]
    fn preempts(&mut self, ctx: &Ctx) -> bool {
        self.0.preempts(ctx)
    }
}

impl<N> From<N> for InBlock<N> {
    #[inline]
    fn from(node: N) -> Self {
        InBlock(node)
    }
}
