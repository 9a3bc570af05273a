use crate::active::*;
use crate::{NodeId, Observer, Outcome, Status};

/// The children of a composite: a tuple of 1 to 16 nodes.
///
/// A composite addresses child `index` (0-based, `< LEN`) through a chain of comparisons on the
/// index that the compiler turns into a jump table or straight-line code; no child is ever stored
/// behind a pointer. Child ids follow the pre-order numbering of [`NodeId`]: the first child's id is
/// the `first_id` the composite passes (its own id + 1), the next child's is that plus the first
/// child's [`Node::SIZE`](crate::Node::SIZE), and so on.
///
/// An `index` out of range is a bug in the calling composite; it yields `Failure` (tick) or does
/// nothing (halt) rather than panicking.
/// The active states of a tuple of children ([`Activation`](crate::Activation) for each of them): one child's at a
/// time, or all of them.
///
/// A composite that runs one child at a time (a sequence, a selector, their reactive forms) keeps
/// [`One`](ChildStates::One): an enum with a variant per child holding that child's active state
/// ([`active::One3`](crate::active::One3) for three children), so the composite's state is as
/// large as its largest child's, and the variant is the child to resume at (`Idle` when none
/// runs). A composite that runs children side by side (the parallels) keeps
/// [`All`](ChildStates::All), every child's state ([`active::All3`](crate::active::All3)).
pub trait ChildStates {
    /// The running child's active state, and which child it is; `Default` is idle (no child runs).
    type One: Default;
    /// Every child's active state; `Default` is all idle.
    type All: Default;
    /// Two bit masks over the children in one integer ([`U16`] for up to 8 children, [`U32`]
    /// for more); `Default` is both empty.
    type Masks: MaskPair;

    /// The index of the child `one` holds the state of; 0 when `one` is idle.
    fn one_index(one: &Self::One) -> usize;

    /// Whether a child is running: `one` is at a child only while that child runs (the methods of
    /// [`Children`] leave it idle when the child they ticked completes or is halted), so this asks
    /// no child's state.
    fn one_running(one: &Self::One) -> bool;

    /// The children that are running in `all`, a bit (`1 << index`) each.
    fn running_mask(all: &Self::All) -> u16;

    /// Whether the number of children is only known at run time ([`Children::len`]): the
    /// children of a tree loaded at run time. Composites that check their number of children at
    /// compile time (`recovery`, `if_then_else`, …) leave that check to whoever built them then.
    const DYNAMIC: bool = false;
}

/// The children of a composite: a tuple of 1 to 16 nodes.
///
/// A composite addresses child `index` (0-based, `< LEN`) through a chain of comparisons on the
/// index that the compiler turns into a jump table or straight-line code; no child is ever stored
/// behind a pointer. Child ids follow the pre-order numbering of [`NodeId`]: the first child's id is
/// the `first_id` the composite passes (its own id + 1), the next child's is that plus the first
/// child's [`Node::SIZE`](crate::Node::SIZE), and so on.
///
/// The children's active states are the composite's to keep, as [`ChildStates::One`] (one child
/// at a time) or [`ChildStates::All`] (side by side); each method takes the one it works on.
///
/// An `index` out of range is a bug in the calling composite; it yields `Failure` (tick) or does
/// nothing (halt) rather than panicking.
// A composite has at least one child: `is_empty` would always be false.
#[allow(clippy::len_without_is_empty)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list of children for context `{Ctx}`",
    note = "children are a tuple of 1 to 16 nodes; a composite with more children must be split into nested composites"
)]
pub trait Children<Ctx: ?Sized>: ChildStates {
    /// Number of children, when it is known at compile time (see [`ChildStates::DYNAMIC`]);
    /// composites read [`len`](Children::len).
    const LEN: usize;
    /// Number of nodes in all children's subtrees together, when it is known at compile time;
    /// [`size`](Children::size) tells it at run time.
    const SIZE: usize;
    /// Id offset of each child from `first_id` (the sizes of the children before it).
    #[doc(hidden)]
    const OFFSETS: [usize; 16];
    /// Whether some child's [`Node::PREEMPTS`](crate::Node::PREEMPTS) is `true`: a selector asks
    /// [`preempting`](Children::preempting) only then, so that children which never pre-empt cost
    /// nothing.
    const PREEMPTS: bool;
    /// Whether some child's [`Node::SKIPS`](crate::Node::SKIPS) is `true`: the composites take their paths that know
    /// about skipping (the `*_skip` methods) only then, so that children which are never skipped
    /// cost nothing.
    const SKIPS: bool = false;

    /// Number of children: [`LEN`](Children::LEN), a constant the compiler folds, unless the
    /// children are [`DYNAMIC`](ChildStates::DYNAMIC).
    #[inline(always)]
    fn len(&self) -> usize {
        Self::LEN
    }

    /// Number of nodes in all children's subtrees together: [`SIZE`](Children::SIZE), unless the
    /// children are [`DYNAMIC`](ChildStates::DYNAMIC).
    #[inline(always)]
    fn size(&self) -> usize {
        Self::SIZE
    }

    /// Ticks child `index` with its state in `all`.
    fn tick_child<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        all: &mut Self::All,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status;

    /// Halts child `index`, which must be running, with its state in `all`.
    fn halt_child<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        all: &mut Self::All,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    );

    /// Ticks child `index` with its state in `one`. If `one` holds another child's state (that
    /// child must be idle), it first becomes child `index`'s idle state. When the child completes,
    /// `one` is left idle (its `Default`).
    fn tick_one<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        one: &mut Self::One,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status;

    /// Halts the child `one` holds the state of, which must be running, and leaves `one` idle.
    fn halt_one<O: Observer + ?Sized>(
        &mut self,
        one: &mut Self::One,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    );

    /// Ticks the children in order, starting at the child `one` holds (the first one on a fresh
    /// activation), for as long as they return `go_on`, and returns the first other status, or
    /// `go_on` when every child from there on returned it. Leaves in `one` the state of the child
    /// that returned `Running`, or the idle state when the run ended.
    ///
    /// This is the loop of a sequence (`go_on` = `Success`) or a selector (`go_on` = `Failure`),
    /// written out child by child: each child's code is entered by falling through from the one
    /// before, and the variant of `one` is the child to resume at, as hand-written code would keep
    /// it.
    fn tick_while<O: Observer + ?Sized>(
        &mut self,
        one: &mut Self::One,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status;

    /// Ticks the children in order from the first one, for as long as they return `go_on`, and
    /// returns the first other status, or `go_on` when every child returned it: the loop of a
    /// reactive sequence (`go_on` = `Success`) or reactive selector (`go_on` = `Failure`).
    ///
    /// `one` holds the running child's state (or the idle state). A child before the running one
    /// is ticked with a fresh idle state of its own; when child `i` answers `Running` or the other
    /// completed status, a running child after `i` (it was not ticked in this tick) is halted
    /// first, and `one` then holds child `i`'s state (on `Running`) or is idle. Written out child
    /// by child like [`tick_while`](Children::tick_while).
    fn tick_reactive<O: Observer + ?Sized>(
        &mut self,
        one: &mut Self::One,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status;

    /// Ticks, in order, every child whose bit (`1 << index`) is clear in `skip`, with its state in
    /// `all`, and hands the children, the states, the context, the observer, the child's index and
    /// its status to `then`, which returns `Running` to go on or the status to stop with; returns
    /// that status, or `Running` when every child was visited. This is the loop of a parallel,
    /// written out child by child (`then` may halt other children through the tuple it is given).
    fn tick_unmasked<
        O: Observer + ?Sized,
        Then: FnMut(&mut Self, &mut Self::All, &mut Ctx, &mut O, usize, Status) -> Status,
    >(
        &mut self,
        all: &mut Self::All,
        skip: u16,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
        then: Then,
    ) -> Status;

    /// Halts, in order, every child whose bit (`1 << index`) is set in `mask`; those children
    /// must be running.
    fn halt_masked<O: Observer + ?Sized>(
        &mut self,
        mask: u16,
        all: &mut Self::All,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    );

    /// Halts, in order, every child that is running in `all`
    /// ([`Activation::is_running`](crate::Activation::is_running)).
    fn halt_running<O: Observer + ?Sized>(
        &mut self,
        all: &mut Self::All,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    );

    /// Resets every child ([`Node::reset`](crate::Node::reset)); they must all be idle.
    fn reset_all(&mut self);

    /// Calls [`Node::reset_status`](crate::Node::reset_status) on every child, in order; they must all be idle. Children that
    /// keep the default cost nothing.
    fn reset_status_all(&mut self);

    /// The first child before child `before`, in order, whose [`Node::preempts`](crate::Node::preempts) says yes; `None`
    /// when none does. Children whose [`Node::PREEMPTS`](crate::Node::PREEMPTS) is `false` are not asked, so for them this
    /// compiles to nothing.
    fn preempting(&mut self, before: usize, ctx: &Ctx) -> Option<usize>;

    /// [`tick_child`](Children::tick_child), and whether the child was skipped
    /// ([`tick_child_skip`](crate::tick_child_skip)). The default never skips.
    #[inline(always)]
    fn tick_child_skip<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        all: &mut Self::All,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Outcome {
        Outcome::from(self.tick_child(index, all, ctx, obs, first_id))
    }

    /// [`tick_one`](Children::tick_one), and whether the child was skipped (a skipped child
    /// leaves `one` idle, as a completed one does). The default never skips.
    #[inline(always)]
    fn tick_one_skip<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        one: &mut Self::One,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Outcome {
        Outcome::from(self.tick_one(index, one, ctx, obs, first_id))
    }

    /// [`tick_while`](Children::tick_while) over children that may be skipped: a skipped child is
    /// passed over, as one that returned `go_on`; when every child was skipped in this tick (the
    /// run started at the first child), the outcome is [`Outcome::Skipped`].
    ///
    /// BehaviorTree.CPP's `Sequence` and `Fallback` also count the children skipped in the earlier
    /// ticks of a run; the two differ only when a child is skipped after it ran (`_while`), with
    /// only skipped children before it: there BehaviorTree.CPP skips the composite and `bt`
    /// returns `go_on`.
    #[inline]
    fn tick_while_skip<O: Observer + ?Sized>(
        &mut self,
        one: &mut Self::One,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Outcome {
        let start = if Self::one_running(one) { Self::one_index(one) } else { 0 };
        let mut all_skipped = start == 0;
        for i in start..self.len() {
            match self.tick_one_skip(i, one, ctx, obs, first_id) {
                Outcome::Skipped => {}
                o if o == go_on => all_skipped = false,
                o => return o,
            }
        }
        if all_skipped { Outcome::Skipped } else { Outcome::from(go_on) }
    }

    /// [`tick_reactive`](Children::tick_reactive) over children that may be skipped: a skipped
    /// child is passed over; when every child was skipped, the outcome is
    /// [`Outcome::Skipped`]. The default never skips.
    #[inline(always)]
    fn tick_reactive_skip<O: Observer + ?Sized>(
        &mut self,
        one: &mut Self::One,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Outcome {
        Outcome::from(self.tick_reactive(one, go_on, ctx, obs, first_id))
    }

    /// [`tick_unmasked`](Children::tick_unmasked) over children that may be skipped: `then`
    /// receives each child's [`Outcome`], and returns `Running` to go on or the outcome to stop
    /// with.
    #[inline]
    fn tick_unmasked_skip<
        O: Observer + ?Sized,
        Then: FnMut(&mut Self, &mut Self::All, &mut Ctx, &mut O, usize, Outcome) -> Outcome,
    >(
        &mut self,
        all: &mut Self::All,
        skip: u16,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
        mut then: Then,
    ) -> Outcome {
        for i in 0..self.len() {
            if skip & (1 << i) == 0 {
                let outcome = self.tick_child_skip(i, all, ctx, obs, first_id);
                let out = then(self, all, ctx, obs, i, outcome);
                if out != Outcome::Running {
                    return out;
                }
            }
        }
        Outcome::Running
    }
}

/// The number of children in a tuple, known without the context type, so that constructors (which
/// do not know the context yet) can check and normalise their arguments against it.
pub trait Arity {
    /// Number of children (for children known only at run time, see
    /// [`ChildStates::DYNAMIC`], the most there can be).
    const LEN: usize;

    /// Number of children: [`LEN`](Arity::LEN), unless they are only known at run time.
    #[inline(always)]
    fn arity(&self) -> usize {
        Self::LEN
    }
}

mod apart;
#[macro_use]
mod skip;
mod tuples;
