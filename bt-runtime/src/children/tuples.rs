//! `Children` for tuples of 1 to 16 nodes, written out child by child.

use crate::active::*;
use crate::{Activation, Node, NodeId, Observer, Outcome, Status, halt_child, tick_child_skip};

use super::apart::{tick_child, tick_fresh};
use super::{Arity, ChildStates, Children};

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
                match one { $One::Idle => 0, $( $One::$V(_) => $idx, )+ }
            }

            #[inline(always)]
            fn one_running(one: &Self::One) -> bool {
                // Every method leaves `one` at a child only while that child runs (a child that
                // completes or is halted leaves `one` idle), so no child's state needs asking.
                !matches!(one, $One::Idle)
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

            skip_methods!($One; $($idx $T $V),+);

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
                        return tick_child::<Self, _, _, _>(&mut self.$idx, &mut all.$idx, ctx, obs, id);
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
                        let fresh = !matches!(one, $One::$V(_));
                        if fresh {
                            *one = $One::$V(Default::default());
                        }
                        let $One::$V(active) = one else { return Status::Failure };
                        let status = if <$T as Activation>::IN_BLOCK && fresh {
                            tick_fresh::<Self, _, _, _>(&mut self.$idx, active, ctx, obs, id)
                        } else {
                            tick_child::<Self, _, _, _>(&mut self.$idx, active, ctx, obs, id)
                        };
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
                    $One::Idle => {}
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
                    // `Idle` leaves the match and the innermost block, the first child's.
                    match one {
                        $One::Idle => {}
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
                    // (`const`: a constant condition, so that code generation leaves the branch
                    // that cannot be taken out of each instance.)
                    let status = if const { <$T as Node<Ctx>>::SIZE == 1 } && !matches!(one, $One::$V(_)) {
                        let mut active = Default::default();
                        let status = tick_fresh::<Self, _, _, _>(&mut self.$idx, &mut active, ctx, obs, id);
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
                        let $One::$V(active) = one else { return Status::Failure };
                        tick_child::<Self, _, _, _>(&mut self.$idx, active, ctx, obs, id)
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
                    if let $One::$V(active) = one {
                        // The running child; when it completes, `one` goes back to idle.
                        match tick_child::<Self, _, _, _>(&mut self.$idx, active, ctx, obs, id) {
                            Status::Running => return Status::Running,
                            status => {
                                *one = Default::default();
                                if status != go_on {
                                    return status;
                                }
                            }
                        }
                    } else {
                        let mut active = <$T::Active as Default>::default();
                        match tick_fresh::<Self, _, _, _>(&mut self.$idx, &mut active, ctx, obs, id) {
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
                        let status = tick_child::<Self, _, _, _>(&mut self.$idx, &mut all.$idx, ctx, obs, id);
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
