//! Saving and restoring the state of a running tree (feature `serde`).
//!
//! A tree built by `bt!` is one plain value, so its whole state — every position, latch, counter,
//! running child, `random` generator, timer and the leaves' own state — can be taken out as a
//! serializable value and put back into a freshly built tree of the same shape:
//!
//! * [`BehaviorTree::save`](crate::BehaviorTree::save) returns a [`Saved`] value, which implements
//!   `serde::Serialize` and `serde::Deserialize`: write it with the format of your choice (JSON,
//!   postcard, bincode, …);
//! * [`BehaviorTree::restore`](crate::BehaviorTree::restore) puts it back, after checking that it
//!   was saved from a tree of the same shape ([`ShapeMismatch`] otherwise).
//!
//! Every node implements [`Persist`], which says what its state is. Timers (`timeout`, `delay`,
//! `cooldown`, `rate_controller`, `service`, `sleep`) are saved relative to the context's clock, as
//! the time elapsed since they started, so a tree restored at another time resumes with the same
//! time left. The nodes' configuration (durations, counts, seeds, thresholds) is not saved: it is
//! part of the tree's shape, which the fingerprint checks.
//!
//! Leaves: a closure condition (`|ctx: &Ctx| -> bool`) and a closure action
//! (`|ctx: &mut Ctx| -> Status`) have no state that can be saved (what they capture is not saved).
//! An action or condition type of your own implements [`Persist`] — by hand, or with
//! `#[derive(bt::Persist)]`, which saves the whole value (it must be `Clone`, `Serialize` and
//! `Deserialize`): a walk half done resumes half done.
//!
//! For snapshots within one run (rollback), no serialization is needed: every node is `Clone` when
//! its leaves are, and a clone of the tree costs a copy of its bytes.

use core::fmt;
use core::time::Duration;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{ActionFn, TreeDescription};

/// A node whose state can be saved and restored: every built-in node, when its children and leaves
/// implement it too.
///
/// [`save`](Persist::save) returns the node's state (its own and its descendants') as a
/// serializable value; [`restore`](Persist::restore) puts such a value back into a node of the same
/// type and configuration, after which it behaves exactly as the node it was saved from. Neither
/// ticks, halts nor calls any leaf hook. Both take the context for its [`Clock`](crate::Clock):
/// timers are saved as the time elapsed since they started, and restored relative to the clock's
/// `now`.
///
/// For a leaf type of your own, `#[derive(bt::Persist)]` saves the whole value (`State = Self`;
/// the type must be `Clone`, `Serialize` and `Deserialize`). Implement it by hand to save less,
/// or to store a time of your own relative to the clock.
pub trait Persist<Ctx: ?Sized> {
    /// The saved state.
    type State: Serialize + DeserializeOwned;

    /// The node's current state; `ctx` gives the time timers are measured against.
    fn save(&self, ctx: &Ctx) -> Self::State;

    /// Puts `state` (saved from a node of the same type and configuration) back. Call it on an
    /// idle node: a running node's activation is overwritten without its exit hooks.
    fn restore(&mut self, state: Self::State, ctx: &Ctx);
}

/// A closure condition has no state that can be saved.
impl<Ctx: ?Sized, F: FnMut(&Ctx) -> bool> Persist<Ctx> for F {
    type State = ();
    #[inline]
    fn save(&self, _: &Ctx) {}
    #[inline]
    fn restore(&mut self, _: (), _: &Ctx) {}
}

/// A closure action has no state that can be saved.
impl<Ctx: ?Sized, F> Persist<Ctx> for ActionFn<F> {
    type State = ();
    #[inline]
    fn save(&self, _: &Ctx) {}
    #[inline]
    fn restore(&mut self, _: (), _: &Ctx) {}
}

macro_rules! tuple_persist {
    ($($idx:tt $T:ident),+) => {
        /// The children of a composite: the state of each child, in order.
        impl<Ctx: ?Sized, $($T: Persist<Ctx>),+> Persist<Ctx> for ($($T,)+) {
            type State = ($($T::State,)+);
            #[inline]
            fn save(&self, ctx: &Ctx) -> Self::State {
                ($(self.$idx.save(ctx),)+)
            }
            #[inline]
            fn restore(&mut self, state: Self::State, ctx: &Ctx) {
                $(self.$idx.restore(state.$idx, ctx);)+
            }
        }
    };
}

tuple_persist!(0 A);
tuple_persist!(0 A, 1 B);
tuple_persist!(0 A, 1 B, 2 C);
tuple_persist!(0 A, 1 B, 2 C, 3 D);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N, 14 P);
tuple_persist!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N, 14 P, 15 Q);

/// A timer's start time as the time elapsed since it, at `now`, capped at `limit`: a timer that
/// only compares the elapsed time with `limit` behaves the same with the capped value, and the
/// cap keeps the time a restore needs on the clock as small as possible (see [`started`]).
#[inline]
pub(crate) fn elapsed(start: Option<Duration>, now: Duration, limit: Duration) -> Option<Duration> {
    start.map(|start| now.saturating_sub(start).min(limit))
}

/// The start time of a timer that had run for `elapsed` at `now`. A clock that reads less than
/// `elapsed` cannot go back that far: the timer then starts at the clock's origin, with more time
/// left, never less.
#[inline]
pub(crate) fn started(elapsed: Option<Duration>, now: Duration) -> Option<Duration> {
    elapsed.map(|elapsed| now.saturating_sub(elapsed))
}

/// The state of a whole tree, as [`BehaviorTree::save`](crate::BehaviorTree::save) returns it:
/// the tree's fingerprint and every node's state. Serialize it with any serde format;
/// [`BehaviorTree::restore`](crate::BehaviorTree::restore) takes it back.
///
/// The fields are serialized in this order, the fingerprint first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Saved<S> {
    /// The [`fingerprint`](crate::BehaviorTree::fingerprint) of the tree it was saved from.
    pub fingerprint: u64,
    /// The nodes' own state ([`Persist::State`] of the root node) and the state of the running
    /// activations ([`PersistActive::Saved`] of the root's active state).
    pub nodes: S,
}

/// A node's active state ([`Activation::Active`](crate::Activation::Active)) as it is saved:
/// the same value, with every time a timer started replaced by the time elapsed since then at the
/// context's clock, so that a restored timer has the same time left.
///
/// Implemented for the pieces active states are made of: `()`, `bool`, integers, [`Status`](crate::Status),
/// [`Option`], tuples of up to four, [`active::Stamp`](crate::active::Stamp) (a time, for contexts
/// with a [`Clock`](crate::Clock)), the children's [`OneN`](crate::active::One3) and
/// [`AllN`](crate::active::All3). A node of yours whose active state is one of them has nothing
/// to write.
pub trait PersistActive<Ctx: ?Sized>: Sized {
    /// The saved form.
    type Saved: Serialize + DeserializeOwned;

    /// The saved form of this state at `ctx`'s time.
    fn save_active(&self, ctx: &Ctx) -> Self::Saved;

    /// The state saved as `saved`, at `ctx`'s time.
    fn restore_active(saved: Self::Saved, ctx: &Ctx) -> Self;
}

macro_rules! plain_active {
    ($($t:ty),*) => {$(
        /// Saved as it is.
        impl<Ctx: ?Sized> PersistActive<Ctx> for $t {
            type Saved = $t;
            #[inline]
            fn save_active(&self, _: &Ctx) -> $t {
                *self
            }
            #[inline]
            fn restore_active(saved: $t, _: &Ctx) -> $t {
                saved
            }
        }
    )*};
}
plain_active!((), bool, u8, u16, u32, u64, crate::Status);

macro_rules! packed_active {
    ($($t:ident($int:ty)),*) => {$(
        /// Saved as its value.
        impl<Ctx: ?Sized> PersistActive<Ctx> for crate::active::$t {
            type Saved = $int;
            #[inline]
            fn save_active(&self, _: &Ctx) -> $int {
                self.get()
            }
            #[inline]
            fn restore_active(saved: $int, _: &Ctx) -> Self {
                saved.into()
            }
        }
    )*};
}
packed_active!(U16(u16), U32(u32));

/// A time is saved as the time elapsed since it (`Ok`), a marker as itself (`Err`).
impl<Ctx: crate::Clock + ?Sized> PersistActive<Ctx> for crate::active::Stamp {
    type Saved = Result<Duration, u32>;
    #[inline]
    fn save_active(&self, ctx: &Ctx) -> Self::Saved {
        match self.time() {
            Some(start) => Ok(ctx.now().saturating_sub(start)),
            None => Err(self.marker().unwrap_or(0)),
        }
    }
    #[inline]
    fn restore_active(saved: Self::Saved, ctx: &Ctx) -> Self {
        match saved {
            Ok(elapsed) => crate::active::Stamp::at(ctx.now().saturating_sub(elapsed)),
            Err(marker) => crate::active::Stamp::mark(marker),
        }
    }
}

impl<Ctx: ?Sized, T: PersistActive<Ctx>> PersistActive<Ctx> for Option<T> {
    type Saved = Option<T::Saved>;
    #[inline]
    fn save_active(&self, ctx: &Ctx) -> Self::Saved {
        self.as_ref().map(|t| t.save_active(ctx))
    }
    #[inline]
    fn restore_active(saved: Self::Saved, ctx: &Ctx) -> Self {
        saved.map(|t| T::restore_active(t, ctx))
    }
}

macro_rules! tuple_active {
    ($($idx:tt $T:ident),+) => {
        /// Each element saved in turn.
        impl<Ctx: ?Sized, $($T: PersistActive<Ctx>),+> PersistActive<Ctx> for ($($T,)+) {
            type Saved = ($($T::Saved,)+);
            #[inline]
            fn save_active(&self, ctx: &Ctx) -> Self::Saved {
                ($(self.$idx.save_active(ctx),)+)
            }
            #[inline]
            fn restore_active(saved: Self::Saved, ctx: &Ctx) -> Self {
                ($($T::restore_active(saved.$idx, ctx),)+)
            }
        }
    };
}
tuple_active!(0 A);
tuple_active!(0 A, 1 B);
tuple_active!(0 A, 1 B, 2 C);
tuple_active!(0 A, 1 B, 2 C, 3 D);

macro_rules! children_active {
    ($One:ident $All:ident; $($idx:tt $T:ident $V:ident),+) => {
        /// The child's state, in the same variant.
        impl<Ctx: ?Sized, $($T: PersistActive<Ctx>),+> PersistActive<Ctx> for crate::active::$One<$($T),+> {
            type Saved = crate::active::$One<$($T::Saved),+>;
            #[inline]
            fn save_active(&self, ctx: &Ctx) -> Self::Saved {
                match self {
                    $( crate::active::$One::$V(a) => crate::active::$One::$V(a.save_active(ctx)), )+
                }
            }
            #[inline]
            fn restore_active(saved: Self::Saved, ctx: &Ctx) -> Self {
                match saved {
                    $( crate::active::$One::$V(a) => crate::active::$One::$V($T::restore_active(a, ctx)), )+
                }
            }
        }

        /// Every child's state.
        impl<Ctx: ?Sized, $($T: PersistActive<Ctx>),+> PersistActive<Ctx> for crate::active::$All<$($T),+> {
            type Saved = crate::active::$All<$($T::Saved),+>;
            #[inline]
            fn save_active(&self, ctx: &Ctx) -> Self::Saved {
                crate::active::$All($(self.$idx.save_active(ctx)),+)
            }
            #[inline]
            fn restore_active(saved: Self::Saved, ctx: &Ctx) -> Self {
                crate::active::$All($($T::restore_active(saved.$idx, ctx)),+)
            }
        }
    };
}
children_active!(One1 All1; 0 A C0);
children_active!(One2 All2; 0 A C0, 1 B C1);
children_active!(One3 All3; 0 A C0, 1 B C1, 2 C C2);
children_active!(One4 All4; 0 A C0, 1 B C1, 2 C C2, 3 D C3);
children_active!(One5 All5; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4);
children_active!(One6 All6; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5);
children_active!(One7 All7; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6);
children_active!(One8 All8; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7);
children_active!(One9 All9; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8);
children_active!(One10 All10; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9);
children_active!(One11 All11; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10);
children_active!(One12 All12; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10, 11 L C11);
children_active!(One13 All13; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10, 11 L C11, 12 M C12);
children_active!(One14 All14; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10, 11 L C11, 12 M C12, 13 N C13);
children_active!(One15 All15; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10, 11 L C11, 12 M C12, 13 N C13, 14 P C14);
children_active!(One16 All16; 0 A C0, 1 B C1, 2 C C2, 3 D C3, 4 E C4, 5 F C5, 6 G C6, 7 H C7, 8 I C8, 9 J C9, 10 K C10, 11 L C11, 12 M C12, 13 N C13, 14 P C14, 15 Q C15);

/// State saved from a tree of another shape: [`BehaviorTree::restore`](crate::BehaviorTree::restore)
/// refuses it and leaves the tree as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShapeMismatch {
    /// The fingerprint of the tree being restored.
    pub expected: u64,
    /// The fingerprint in the saved state.
    pub found: u64,
}

impl fmt::Display for ShapeMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the saved state is of a tree of another shape (fingerprint {:#018x}, this tree's is {:#018x}): \
             it can only be restored into a tree with the same nodes, arities and arguments",
            self.found, self.expected
        )
    }
}

impl core::error::Error for ShapeMismatch {}

/// 64-bit FNV-1a, for the fingerprint.
struct Fnv(u64);

impl Fnv {
    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn str(&mut self, s: &str) {
        self.bytes(&(s.len() as u64).to_le_bytes());
        self.bytes(s.as_bytes());
    }
}

/// The fingerprint of a tree of `size` nodes described by `description`: a hash of the number of
/// nodes and of every node's kind, label, arguments and number of children, in pre-order (an
/// embedded tree's nodes included).
pub(crate) fn fingerprint(size: usize, description: &TreeDescription) -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    h.bytes(&(size as u64).to_le_bytes());
    for (_, node) in description.iter() {
        h.str(node.kind);
        h.str(node.label);
        h.str(node.args);
        h.bytes(&node.children.to_le_bytes());
    }
    h.0
}

/// A field of saved state to or from the node's field: the same value, kept as bytes on one side
/// for the packed integers ([`crate::packed`]).
#[inline(always)]
pub(crate) fn field<A: Into<B>, B>(value: A) -> B {
    value.into()
}

/// Implements [`Persist`] for a node whose state is plain fields (copied as the values they hold) and children
/// (saved through their own `Persist`): `persist!([generics] Type<generics>, { field: Type, … },
/// { child_field: ChildType, … })`. The generics that appear as child types must implement
/// `Persist`; the others are configuration.
macro_rules! persist {
    ([$($gen:ident),*] $ty:ty, { $($field:ident: $fty:ty),* $(,)? }, { $($child:ident: $cty:ident),* $(,)? }) => {
        impl<Ctx: ?Sized, $($gen),*> $crate::Persist<Ctx> for $ty
        where
            $($cty: $crate::Persist<Ctx>,)*
        {
            type State = (($($fty,)*), ($(<$cty as $crate::Persist<Ctx>>::State,)*));

            #[inline]
            fn save(&self, ctx: &Ctx) -> Self::State {
                let _ = ctx;
                (($($crate::persist::field(self.$field),)*), ($(self.$child.save(ctx),)*))
            }

            #[inline]
            #[allow(unused_variables)]
            fn restore(&mut self, state: Self::State, ctx: &Ctx) {
                let (($($field,)*), ($($child,)*)) = state;
                $(self.$field = $crate::persist::field($field);)*
                $(self.$child.restore($child, ctx);)*
            }
        }
    };
}
pub(crate) use persist;
