//! The active states of children, as composites keep them ([`ChildStates`](crate::ChildStates)):
//! `OneN` holds one child's state out of `N` (the variant says which child), `AllN` every child's.

pub use crate::decorator::service::Due;
pub use crate::packed::{MaskPair, NoMasks, U16, U32};
pub use crate::stamp::Stamp;

macro_rules! states {
    ($One:ident $All:ident $n:literal; $first:ident $A:ident $($V:ident $T:ident),*) => {
        #[doc = concat!("The active state of one child out of ", stringify!($n), ": the variant `C<i>` holds child `i`'s, ")]
        #[doc = "and is there only while child `i` runs; `Idle` (the `Default`) when none does. A sequence or"]
        #[doc = "selector keeps it: the variant is the child to resume at, so a child's state need not say"]
        #[doc = "whether it runs (a leaf placed as a [`bt::InBlock`](crate::InBlock) keeps nothing)."]
        #[doc = ""]
        #[doc = "The tag is a byte of its own (`repr(u8)`), not packed into a niche of a child's state: a"]
        #[doc = "composite reads which child to resume at with one load and compare, as hand-written code"]
        #[doc = "reads its index. (Packed, the tags of nested composites share one byte that every test must"]
        #[doc = "decode; that cost about 10 % more instructions per tick on the synthetic trees, for one byte"]
        #[doc = "less on the mission tree.)"]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[repr(u8)]
        pub enum $One<$A $(, $T)*> {
            #[doc = "No child runs."]
            Idle,
            #[doc = "Child 0's state."]
            $first($A),
            $(
                #[doc = concat!("Child ", stringify!($V), "'s state.")]
                $V($T),
            )*
        }

        impl<$A $(, $T)*> Default for $One<$A $(, $T)*> {
            #[inline(always)]
            fn default() -> Self {
                $One::Idle
            }
        }

        #[doc = concat!("The active states of all ", stringify!($n), " children, in order. A parallel keeps it.")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub struct $All<$A $(, $T)*>(pub $A $(, pub $T)*);
    };
}
states!(One1 All1 1; C0 A);
states!(One2 All2 2; C0 A C1 B);
states!(One3 All3 3; C0 A C1 B, C2 C);
states!(One4 All4 4; C0 A C1 B, C2 C, C3 D);
states!(One5 All5 5; C0 A C1 B, C2 C, C3 D, C4 E);
states!(One6 All6 6; C0 A C1 B, C2 C, C3 D, C4 E, C5 F);
states!(One7 All7 7; C0 A C1 B, C2 C, C3 D, C4 E, C5 F, C6 G);
states!(One8 All8 8; C0 A C1 B, C2 C, C3 D, C4 E, C5 F, C6 G, C7 H);
states!(One9 All9 9; C0 A C1 B, C2 C, C3 D, C4 E, C5 F, C6 G, C7 H, C8 I);
states!(One10 All10 10; C0 A C1 B, C2 C, C3 D, C4 E, C5 F, C6 G, C7 H, C8 I, C9 J);
states!(One11 All11 11; C0 A C1 B, C2 C, C3 D, C4 E, C5 F, C6 G, C7 H, C8 I, C9 J, C10 K);
states!(One12 All12 12; C0 A C1 B, C2 C, C3 D, C4 E, C5 F, C6 G, C7 H, C8 I, C9 J, C10 K, C11 L);
states!(One13 All13 13; C0 A C1 B, C2 C, C3 D, C4 E, C5 F, C6 G, C7 H, C8 I, C9 J, C10 K, C11 L, C12 M);
states!(One14 All14 14; C0 A C1 B, C2 C, C3 D, C4 E, C5 F, C6 G, C7 H, C8 I, C9 J, C10 K, C11 L, C12 M, C13 N);
states!(One15 All15 15; C0 A C1 B, C2 C, C3 D, C4 E, C5 F, C6 G, C7 H, C8 I, C9 J, C10 K, C11 L, C12 M, C13 N, C14 P);
states!(One16 All16 16; C0 A C1 B, C2 C, C3 D, C4 E, C5 F, C6 G, C7 H, C8 I, C9 J, C10 K, C11 L, C12 M, C13 N, C14 P, C15 Q);
