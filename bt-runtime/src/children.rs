use crate::{Node, NodeId, Observer, Status, halt_child, tick_child};

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
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list of children for context `{Ctx}`",
    note = "children are a tuple of 1 to 16 nodes; a composite with more children must be split into nested composites"
)]
pub trait Children<Ctx: ?Sized> {
    /// Number of children.
    const LEN: usize;
    /// Number of nodes in all children's subtrees together.
    const SIZE: usize;
    /// Id offset of each child from `first_id` (the sizes of the children before it).
    #[doc(hidden)]
    const OFFSETS: [usize; 16];
    /// Whether some child's [`Node::PREEMPTS`] is `true`: a selector asks
    /// [`preempting`](Children::preempting) only then, so that children which never pre-empt cost
    /// nothing.
    const PREEMPTS: bool;

    /// Ticks child `index`, whose subtree ids start at `first_id` + the sizes of earlier children.
    fn tick_child<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status;

    /// Halts child `index`, which must be running.
    fn halt_child<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    );

    /// Ticks the children in order, starting at child `*current`, for as long as they return
    /// `go_on`, and returns the first other status, or `go_on` when every child from `*current`
    /// on returned it. Leaves in `*current` the index of the child to resume at: the child that
    /// returned `Running`, or 0 when the run ended.
    ///
    /// This is the loop of a sequence (`go_on` = `Success`) or a selector (`go_on` = `Failure`),
    /// written out child by child: each child's code is entered by falling through from the one
    /// before, and each child's outcome stores a constant index, as hand-written code would.
    fn tick_while<O: Observer + ?Sized>(
        &mut self,
        current: &mut u8,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status;

    /// Ticks the children in order from the first one, for as long as they return `go_on`, and
    /// returns the first other status, or `go_on` when every child returned it: the loop of a
    /// reactive sequence (`go_on` = `Success`) or reactive selector (`go_on` = `Failure`).
    ///
    /// `running` is 0 when no child is running, `k + 1` when child `k` is. When child `i` answers
    /// `Running` or the other completed status, a running child after `i` (it was not ticked in this
    /// tick) is halted first; `running` then becomes `i + 1` (on `Running`) or 0. Written out child
    /// by child like [`tick_while`](Children::tick_while): each child's index is a constant and the
    /// halt test is one comparison in that child's arm.
    fn tick_reactive<O: Observer + ?Sized>(
        &mut self,
        running: &mut u8,
        go_on: Status,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status;

    /// Ticks, in order, every child whose bit (`1 << index`) is clear in `skip`, and hands the
    /// children, the context, the observer, the child's index and its status to `then`, which
    /// returns `Running` to go on or the status to stop with; returns that status, or `Running`
    /// when every child was visited. This is the loop of a parallel, written out child by child
    /// (`then` may halt other children through the tuple it is given).
    fn tick_unmasked<
        O: Observer + ?Sized,
        Then: FnMut(&mut Self, &mut Ctx, &mut O, usize, Status) -> Status,
    >(
        &mut self,
        skip: u16,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
        then: Then,
    ) -> Status;

    /// Halts, in order, every child whose bit (`1 << index`) is set in `running`; those children
    /// must be running.
    fn halt_masked<O: Observer + ?Sized>(
        &mut self,
        running: u16,
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
}

/// The number of children in a tuple, known without the context type, so that constructors (which
/// do not know the context yet) can check and normalise their arguments against it.
pub trait Arity {
    /// Number of children.
    const LEN: usize;
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
    ($len:expr; $($idx:tt $T:ident $label:lifetime),+) => {
        impl<$($T),+> Arity for ($($T,)+) {
            const LEN: usize = $len;
        }

        impl<Ctx: ?Sized, $($T: Node<Ctx>),+> Children<Ctx> for ($($T,)+) {
            const LEN: usize = $len;
            const SIZE: usize = 0 $(+ <$T as Node<Ctx>>::SIZE)+;
            const OFFSETS: [usize; 16] = offsets([$(<$T as Node<Ctx>>::SIZE),+]);
            const PREEMPTS: bool = false $(|| <$T as Node<Ctx>>::PREEMPTS)+;

            #[inline(always)]
            #[allow(unused_assignments)]
            fn tick_child<O: Observer + ?Sized>(
                &mut self,
                index: usize,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) -> Status {
                let mut id = first_id;
                $(
                    if index == $idx {
                        return tick_child(&mut self.$idx, ctx, obs, id);
                    }
                    id += <$T as Node<Ctx>>::SIZE;
                )+
                Status::Failure
            }

            #[inline(always)]
            #[allow(unused_assignments)]
            fn halt_child<O: Observer + ?Sized>(
                &mut self,
                index: usize,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) {
                let mut id = first_id;
                $(
                    if index == $idx {
                        return halt_child(&mut self.$idx, ctx, obs, id);
                    }
                    id += <$T as Node<Ctx>>::SIZE;
                )+
            }

            #[inline(always)]
            fn tick_while<O: Observer + ?Sized>(
                &mut self,
                current: &mut u8,
                go_on: Status,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) -> Status {
                // Enter at the child to resume (a fresh activation, the common case, enters at the
                // first child: resuming is marked cold so that the index is tested against 0
                // first), then fall through the later children.
                fall_through!(@acc {
                    match *current {
                        $(
                            $idx => {
                                if $idx != 0 {
                                    ::core::hint::cold_path();
                                }
                                break $label;
                            }
                        )+
                        _ => {
                            ::core::hint::cold_path();
                            *current = 0;
                            return go_on;
                        }
                    }
                } ; $(($label, {
                    let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                    match tick_child(&mut self.$idx, ctx, obs, id) {
                        status if status == go_on => {}
                        Status::Running => {
                            *current = $idx;
                            return Status::Running;
                        }
                        status => {
                            *current = 0;
                            return status;
                        }
                    }
                }))+);
                *current = 0;
                go_on
            }

            #[inline(always)]
            fn tick_reactive<O: Observer + ?Sized>(
                &mut self,
                running: &mut u8,
                go_on: Status,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) -> Status {
                $(
                    let id = first_id + const { <Self as Children<Ctx>>::OFFSETS[$idx] };
                    match tick_child(&mut self.$idx, ctx, obs, id) {
                        status if status == go_on => {}
                        status => {
                            // A later child was running: this one pre-empts it.
                            if $idx + 1 < $len && *running > $idx + 1 {
                                ::core::hint::cold_path();
                                self.halt_child(*running as usize - 1, ctx, obs, first_id);
                            }
                            *running = if status == Status::Running { $idx + 1 } else { 0 };
                            return status;
                        }
                    }
                )+
                *running = 0;
                go_on
            }

            #[inline(always)]
            #[allow(unused_assignments)]
            fn tick_unmasked<
                O: Observer + ?Sized,
                Then: FnMut(&mut Self, &mut Ctx, &mut O, usize, Status) -> Status,
            >(
                &mut self,
                skip: u16,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
                mut then: Then,
            ) -> Status {
                let mut id = first_id;
                $(
                    if skip & (1 << $idx) == 0 {
                        let status = tick_child(&mut self.$idx, ctx, obs, id);
                        let out = then(self, ctx, obs, $idx, status);
                        if out.is_done() {
                            return out;
                        }
                    }
                    id += <$T as Node<Ctx>>::SIZE;
                )+
                Status::Running
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

            #[inline(always)]
            #[allow(unused_assignments)]
            fn halt_masked<O: Observer + ?Sized>(
                &mut self,
                running: u16,
                ctx: &mut Ctx,
                obs: &mut O,
                first_id: NodeId,
            ) {
                let mut id = first_id;
                $(
                    if running & (1 << $idx) != 0 {
                        halt_child(&mut self.$idx, ctx, obs, id);
                    }
                    id += <$T as Node<Ctx>>::SIZE;
                )+
            }
        }
    };
}

tuple_children!(1; 0 A 'c0);
tuple_children!(2; 0 A 'c0, 1 B 'c1);
tuple_children!(3; 0 A 'c0, 1 B 'c1, 2 C 'c2);
tuple_children!(4; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3);
tuple_children!(5; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4);
tuple_children!(6; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4, 5 F 'c5);
tuple_children!(7; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4, 5 F 'c5, 6 G 'c6);
tuple_children!(8; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4, 5 F 'c5, 6 G 'c6, 7 H 'c7);
tuple_children!(9; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4, 5 F 'c5, 6 G 'c6, 7 H 'c7, 8 I 'c8);
tuple_children!(10; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4, 5 F 'c5, 6 G 'c6, 7 H 'c7, 8 I 'c8, 9 J 'c9);
tuple_children!(11; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4, 5 F 'c5, 6 G 'c6, 7 H 'c7, 8 I 'c8, 9 J 'c9, 10 K 'c10);
tuple_children!(12; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4, 5 F 'c5, 6 G 'c6, 7 H 'c7, 8 I 'c8, 9 J 'c9, 10 K 'c10, 11 L 'c11);
tuple_children!(13; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4, 5 F 'c5, 6 G 'c6, 7 H 'c7, 8 I 'c8, 9 J 'c9, 10 K 'c10, 11 L 'c11, 12 M 'c12);
tuple_children!(14; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4, 5 F 'c5, 6 G 'c6, 7 H 'c7, 8 I 'c8, 9 J 'c9, 10 K 'c10, 11 L 'c11, 12 M 'c12, 13 N 'c13);
tuple_children!(15; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4, 5 F 'c5, 6 G 'c6, 7 H 'c7, 8 I 'c8, 9 J 'c9, 10 K 'c10, 11 L 'c11, 12 M 'c12, 13 N 'c13, 14 P 'c14);
tuple_children!(16; 0 A 'c0, 1 B 'c1, 2 C 'c2, 3 D 'c3, 4 E 'c4, 5 F 'c5, 6 G 'c6, 7 H 'c7, 8 I 'c8, 9 J 'c9, 10 K 'c10, 11 L 'c11, 12 M 'c12, 13 N 'c13, 14 P 'c14, 15 Q 'c15);
