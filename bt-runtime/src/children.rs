use crate::active::*;
use crate::{Activation, Node, NodeId, Observer, Outcome, Status, halt_child, tick_child, tick_child_skip};

/// The children of a composite: a tuple of 1 to 16 nodes.
///
/// A composite addresses child `index` (0-based, `< LEN`) through a chain of comparisons on the
/// index that the compiler turns into a jump table or straight-line code; no child is ever stored
/// behind a pointer. Child ids follow the pre-order numbering of [`NodeId`]: the first child's id is
/// the `first_id` the composite passes (its own id + 1), the next child's is that plus the first
/// child's [`Node::SIZE`], and so on.
///
/// An `index` out of range is a bug in the calling composite; it yields `Failure` (tick) or does
/// nothing (halt) rather than panicking.
/// The active states of a tuple of children ([`Activation`] for each of them): one child's at a
/// time, or all of them.
///
/// A composite that runs one child at a time (a sequence, a selector, their reactive forms) keeps
/// [`One`](ChildStates::One): an enum with a variant per child holding that child's active state
/// ([`active::One3`](crate::active::One3) for three children), so the composite's state is as
/// large as its largest child's, and the variant is the child to resume at. A composite that runs
/// children side by side (the parallels) keeps [`All`](ChildStates::All), every child's state
/// ([`active::All3`](crate::active::All3)).
pub trait ChildStates {
    /// One child's active state, and which child it is; `Default` is the first child's idle state.
    type One: Default;
    /// Every child's active state; `Default` is all idle.
    type All: Default;
    /// Two bit masks over the children in one integer ([`U16`] for up to 8 children, [`U32`]
    /// for more); `Default` is both empty.
    type Masks: MaskPair;

    /// The index of the child `one` holds the state of.
    fn one_index(one: &Self::One) -> usize;

    /// Whether the child `one` holds is running. `one` is at a later child than the first only
    /// while that child runs: the methods of [`Children`] leave it idle (at the first child) when
    /// the child they ticked completes or is halted.
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
/// child's [`Node::SIZE`], and so on.
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
    /// Whether some child's [`Node::PREEMPTS`] is `true`: a selector asks
    /// [`preempting`](Children::preempting) only then, so that children which never pre-empt cost
    /// nothing.
    const PREEMPTS: bool;
    /// Whether some child's [`Node::SKIPS`] is `true`: the composites take their paths that know
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
    /// ([`Activation::is_running`]).
    fn halt_running<O: Observer + ?Sized>(
        &mut self,
        all: &mut Self::All,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    );

    /// Resets every child ([`Node::reset`]); they must all be idle.
    fn reset_all(&mut self);

    /// Calls [`Node::reset_status`] on every child, in order; they must all be idle. Children that
    /// keep the default cost nothing.
    fn reset_status_all(&mut self);

    /// The first child before child `before`, in order, whose [`Node::preempts`] says yes; `None`
    /// when none does. Children whose [`Node::PREEMPTS`] is `false` are not asked, so for them this
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

/// The id offset of every child (the sum of the sizes of the children before it), for up to 16.
const fn offsets<const N: usize>(sizes: [usize; N]) -> [usize; 16] {
    let mut offsets = [0; 16];
    let mut i = 1;
    while i < N {
        offsets[i] = offsets[i - 1] + sizes[i - 1];
        i += 1;
    }
    offsets
}

/// Nests labelled blocks so that each child's code follows the end of its own block: breaking out
/// of child `k`'s block enters the code at child `k` and falls through to the later children, a
/// `switch` with fall-through.
macro_rules! fall_through {
    (@acc { $($inner:tt)* } ;) => { $($inner)* };
    (@acc { $($inner:tt)* } ; ($label:lifetime, $body:block) $($rest:tt)*) => {
        fall_through!(@acc { $label: { $($inner)* } $body } ; $($rest)*)
    };
}

macro_rules! tuple_children {
    ($len:expr; $One:ident $All:ident $Masks:ident; $($idx:tt $T:ident $label:lifetime $V:ident),+) => {
        impl<$($T),+> Arity for ($($T,)+) {
            const LEN: usize = $len;
        }

        impl<$($T: Activation),+> ChildStates for ($($T,)+) {
            type One = $One<$($T::Active),+>;
            type All = $All<$($T::Active),+>;
            type Masks = $Masks;

            #[inline(always)]
            fn one_index(one: &Self::One) -> usize {
                match one { $( $One::$V(_) => $idx, )+ }
            }

            #[inline(always)]
            fn one_running(one: &Self::One) -> bool {
                // Every method that leaves `one` at a later child leaves it there only while that
                // child runs (a child that completes or is halted leaves `one` idle, at the first
                // child), so only the first child's state needs asking.
                #[allow(irrefutable_let_patterns)]
                if let $One::C0(a) = one { A::is_running(a) } else { true }
            }

            #[inline(always)]
            fn running_mask(all: &Self::All) -> u16 {
                0 $( | ((<$T as Activation>::is_running(&all.$idx) as u16) << $idx) )+
            }
        }

        impl<Ctx: ?Sized, $($T: Node<Ctx>),+> Children<Ctx> for ($($T,)+) {
            const LEN: usize = $len;
            const SIZE: usize = 0 $(+ <$T as Node<Ctx>>::SIZE)+;
            const OFFSETS: [usize; 16] = offsets([$(<$T as Node<Ctx>>::SIZE),+]);
            const PREEMPTS: bool = false $(|| <$T as Node<Ctx>>::PREEMPTS)+;
            const SKIPS: bool = false $(|| <$T as Node<Ctx>>::SKIPS)+;

            #[inline(always)]
            fn tick_child_skip<O: Observer + ?Sized>(
                &mut self,
                index: usize,
                all: &mut Self::All,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) -> Outcome {
                $(
                    if index == $idx {
                        let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                        return tick_child_skip(&mut self.$idx, &mut all.$idx, ctx, obs, id);
                    }
                )+
                Outcome::Failure
            }

            #[inline(always)]
            fn tick_one_skip<O: Observer + ?Sized>(
                &mut self,
                index: usize,
                one: &mut Self::One,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) -> Outcome {
                $(
                    if index == $idx {
                        let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                        if !matches!(one, $One::$V(_)) {
                            *one = $One::$V(Default::default());
                        }
                        #[allow(irrefutable_let_patterns)]
                        let $One::$V(active) = one else { return Outcome::Failure };
                        let outcome = tick_child_skip(&mut self.$idx, active, ctx, obs, id);
                        if outcome != Outcome::Running {
                            *one = Default::default();
                        }
                        return outcome;
                    }
                )+
                Outcome::Failure
            }

            #[inline]
            fn tick_reactive_skip<O: Observer + ?Sized>(
                &mut self,
                one: &mut Self::One,
                go_on: Status,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) -> Outcome {
                // `tick_reactive`, with a skipped child passed over.
                let mut all_skipped = true;
                $(
                    let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                    #[allow(irrefutable_let_patterns)]
                    if let $One::$V(active) = one {
                        match tick_child_skip(&mut self.$idx, active, ctx, obs, id) {
                            Outcome::Running => return Outcome::Running,
                            outcome => {
                                if $idx != 0 {
                                    *one = Default::default();
                                }
                                if outcome != Outcome::Skipped {
                                    all_skipped = false;
                                    if outcome != go_on {
                                        return outcome;
                                    }
                                }
                            }
                        }
                    } else {
                        let mut active = <$T::Active as Default>::default();
                        match tick_child_skip(&mut self.$idx, &mut active, ctx, obs, id) {
                            Outcome::Skipped => {}
                            outcome if outcome == go_on => all_skipped = false,
                            outcome => {
                                if <Self as ChildStates>::one_index(one) > $idx {
                                    self.halt_one(one, ctx, obs, first_id);
                                }
                                *one = if outcome == Outcome::Running {
                                    $One::$V(active)
                                } else {
                                    Default::default()
                                };
                                return outcome;
                            }
                        }
                    }
                )+
                if all_skipped { Outcome::Skipped } else { Outcome::from(go_on) }
            }

            #[inline(always)]
            fn tick_child<O: Observer + ?Sized>(
                &mut self,
                index: usize,
                all: &mut Self::All,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) -> Status {
                $(
                    if index == $idx {
                        let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                        return tick_child(&mut self.$idx, &mut all.$idx, ctx, obs, id);
                    }
                )+
                Status::Failure
            }

            #[inline(always)]
            fn halt_child<O: Observer + ?Sized>(
                &mut self,
                index: usize,
                all: &mut Self::All,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) {
                $(
                    if index == $idx {
                        let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                        return halt_child(&mut self.$idx, &mut all.$idx, ctx, obs, id);
                    }
                )+
            }

            #[inline(always)]
            fn tick_one<O: Observer + ?Sized>(
                &mut self,
                index: usize,
                one: &mut Self::One,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) -> Status {
                $(
                    if index == $idx {
                        let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                        if !matches!(one, $One::$V(_)) {
                            *one = $One::$V(Default::default());
                        }
                        #[allow(irrefutable_let_patterns)]
                        let $One::$V(active) = one else { return Status::Failure };
                        let status = tick_child(&mut self.$idx, active, ctx, obs, id);
                        if status.is_done() {
                            *one = Default::default();
                        }
                        return status;
                    }
                )+
                Status::Failure
            }

            #[inline(always)]
            fn halt_one<O: Observer + ?Sized>(
                &mut self,
                one: &mut Self::One,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) {
                match one {
                    $(
                        $One::$V(active) => {
                            let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                            halt_child(&mut self.$idx, active, ctx, obs, id);
                        }
                    )+
                }
                *one = Default::default();
            }

            #[inline(always)]
            fn tick_while<O: Observer + ?Sized>(
                &mut self,
                one: &mut Self::One,
                go_on: Status,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) -> Status {
                // Enter at the child to resume (a fresh activation, the common case, enters at the
                // first child: resuming is marked cold), then fall through the later children. A
                // leaf entered by falling through is ticked with a fresh state of its own, which
                // goes into `one` only if it runs on (a condition that fails writes nothing); any
                // other child gets its idle state in `one` first. (Leaves only: a leaf's code is
                // written out twice, in place and fresh; a subtree written out twice at every level
                // would double the code with each level of nesting: a 1 000-node tree took 33 s to
                // build instead of 5.)
                fall_through!(@acc {
                    match one {
                        $(
                            $One::$V(_) => {
                                if $idx != 0 {
                                    ::core::hint::cold_path();
                                }
                                break $label;
                            }
                        )+
                    }
                } ; $(($label, {
                    let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                    let status = if <$T as Node<Ctx>>::SIZE == 1 && !matches!(one, $One::$V(_)) {
                        let mut active = Default::default();
                        let status = tick_child(&mut self.$idx, &mut active, ctx, obs, id);
                        if status == Status::Running {
                            *one = $One::$V(active);
                            return Status::Running;
                        }
                        status
                    } else {
                        // The child entered at, or (falling through) a subtree that starts idle.
                        if !matches!(one, $One::$V(_)) {
                            *one = $One::$V(Default::default());
                        }
                        #[allow(irrefutable_let_patterns)]
                        let $One::$V(active) = one else { return Status::Failure };
                        tick_child(&mut self.$idx, active, ctx, obs, id)
                    };
                    if status != go_on {
                        if status != Status::Running {
                            *one = Default::default();
                        }
                        return status;
                    }
                }))+);
                *one = Default::default();
                go_on
            }

            #[inline(always)]
            fn tick_reactive<O: Observer + ?Sized>(
                &mut self,
                one: &mut Self::One,
                go_on: Status,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) -> Status {
                $(
                    let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                    #[allow(irrefutable_let_patterns)]
                    if let $One::$V(active) = one {
                        // The running child, or the first child of an idle composite. A child
                        // that completes leaves its state idle: at the first child, that is
                        // `one`'s idle state already; at a later one, `one` goes back to it.
                        match tick_child(&mut self.$idx, active, ctx, obs, id) {
                            Status::Running => return Status::Running,
                            status => {
                                if $idx != 0 {
                                    *one = Default::default();
                                }
                                if status != go_on {
                                    return status;
                                }
                            }
                        }
                    } else {
                        let mut active = <$T::Active as Default>::default();
                        match tick_child(&mut self.$idx, &mut active, ctx, obs, id) {
                            status if status == go_on => {}
                            status => {
                                // A later child was running: this one pre-empts it.
                                if <Self as ChildStates>::one_index(one) > $idx {
                                    ::core::hint::cold_path();
                                    self.halt_one(one, ctx, obs, first_id);
                                }
                                *one = if status == Status::Running {
                                    $One::$V(active)
                                } else {
                                    Default::default()
                                };
                                return status;
                            }
                        }
                    }
                )+
                go_on
            }

            #[inline(always)]
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
                mut then: Then,
            ) -> Status {
                $(
                    if skip & (1 << $idx) == 0 {
                        let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                        let status = tick_child(&mut self.$idx, &mut all.$idx, ctx, obs, id);
                        let out = then(self, all, ctx, obs, $idx, status);
                        if out.is_done() {
                            return out;
                        }
                    }
                )+
                Status::Running
            }

            #[inline(always)]
            fn halt_masked<O: Observer + ?Sized>(
                &mut self,
                mask: u16,
                all: &mut Self::All,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) {
                $(
                    if mask & (1 << $idx) != 0 {
                        let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                        halt_child(&mut self.$idx, &mut all.$idx, ctx, obs, id);
                    }
                )+
            }

            #[inline(always)]
            fn halt_running<O: Observer + ?Sized>(
                &mut self,
                all: &mut Self::All,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) {
                $(
                    if <$T as Activation>::is_running(&all.$idx) {
                        let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                        halt_child(&mut self.$idx, &mut all.$idx, ctx, obs, id);
                    }
                )+
            }

            #[inline]
            fn reset_all(&mut self) {
                $( self.$idx.reset(); )+
            }

            #[inline(always)]
            fn reset_status_all(&mut self) {
                $( self.$idx.reset_status(); )+
            }

            #[inline(always)]
            fn preempting(&mut self, before: usize, ctx: &Ctx) -> Option<usize> {
                $(
                    if <$T as Node<Ctx>>::PREEMPTS && $idx < before && self.$idx.preempts(ctx) {
                        return Some($idx);
                    }
                )+
                let _ = (before, ctx);
                None
            }
        }
    };
}

tuple_children!(1; One1 All1 U16; 0 A 'c0 C0);
tuple_children!(2; One2 All2 U16; 0 A 'c0 C0, 1 B 'c1 C1);
tuple_children!(3; One3 All3 U16; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2);
tuple_children!(4; One4 All4 U16; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3);
tuple_children!(5; One5 All5 U16; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4);
tuple_children!(6; One6 All6 U16; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4, 5 F 'c5 C5);
tuple_children!(7; One7 All7 U16; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4, 5 F 'c5 C5, 6 G 'c6 C6);
tuple_children!(8; One8 All8 U16; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4, 5 F 'c5 C5, 6 G 'c6 C6, 7 H 'c7 C7);
tuple_children!(9; One9 All9 U32; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4, 5 F 'c5 C5, 6 G 'c6 C6, 7 H 'c7 C7, 8 I 'c8 C8);
tuple_children!(10; One10 All10 U32; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4, 5 F 'c5 C5, 6 G 'c6 C6, 7 H 'c7 C7, 8 I 'c8 C8, 9 J 'c9 C9);
tuple_children!(11; One11 All11 U32; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4, 5 F 'c5 C5, 6 G 'c6 C6, 7 H 'c7 C7, 8 I 'c8 C8, 9 J 'c9 C9, 10 K 'c10 C10);
tuple_children!(12; One12 All12 U32; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4, 5 F 'c5 C5, 6 G 'c6 C6, 7 H 'c7 C7, 8 I 'c8 C8, 9 J 'c9 C9, 10 K 'c10 C10, 11 L 'c11 C11);
tuple_children!(13; One13 All13 U32; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4, 5 F 'c5 C5, 6 G 'c6 C6, 7 H 'c7 C7, 8 I 'c8 C8, 9 J 'c9 C9, 10 K 'c10 C10, 11 L 'c11 C11, 12 M 'c12 C12);
tuple_children!(14; One14 All14 U32; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4, 5 F 'c5 C5, 6 G 'c6 C6, 7 H 'c7 C7, 8 I 'c8 C8, 9 J 'c9 C9, 10 K 'c10 C10, 11 L 'c11 C11, 12 M 'c12 C12, 13 N 'c13 C13);
tuple_children!(15; One15 All15 U32; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4, 5 F 'c5 C5, 6 G 'c6 C6, 7 H 'c7 C7, 8 I 'c8 C8, 9 J 'c9 C9, 10 K 'c10 C10, 11 L 'c11 C11, 12 M 'c12 C12, 13 N 'c13 C13, 14 P 'c14 C14);
tuple_children!(16; One16 All16 U32; 0 A 'c0 C0, 1 B 'c1 C1, 2 C 'c2 C2, 3 D 'c3 C3, 4 E 'c4 C4, 5 F 'c5 C5, 6 G 'c6 C6, 7 H 'c7 C7, 8 I 'c8 C8, 9 J 'c9 C9, 10 K 'c10 C10, 11 L 'c11 C11, 12 M 'c12 C12, 13 N 'c13 C13, 14 P 'c14 C14, 15 Q 'c15 C15);
