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
}

macro_rules! tuple_children {
    ($len:expr; $($idx:tt $T:ident),+) => {
        impl<Ctx: ?Sized, $($T: Node<Ctx>),+> Children<Ctx> for ($($T,)+) {
            const LEN: usize = $len;
            const SIZE: usize = 0 $(+ <$T as Node<Ctx>>::SIZE)+;

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
        }
    };
}

tuple_children!(1; 0 A);
tuple_children!(2; 0 A, 1 B);
tuple_children!(3; 0 A, 1 B, 2 C);
tuple_children!(4; 0 A, 1 B, 2 C, 3 D);
tuple_children!(5; 0 A, 1 B, 2 C, 3 D, 4 E);
tuple_children!(6; 0 A, 1 B, 2 C, 3 D, 4 E, 5 F);
tuple_children!(7; 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G);
tuple_children!(8; 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H);
tuple_children!(9; 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I);
tuple_children!(10; 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J);
tuple_children!(11; 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K);
tuple_children!(12; 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L);
tuple_children!(13; 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M);
tuple_children!(14; 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N);
tuple_children!(15; 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N, 14 P);
tuple_children!(16; 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N, 14 P, 15 Q);
