//! Counts a node counts up to, and the counters it keeps for them: as small as the bound allows.

use crate::{Const, Count, CountOf, FromContext};

/// A count known at compile time that fits a byte: `ConstU8::<6>` is the number 6, carried in
/// the type, like a [`Const`]. A node that counts up to it keeps a one-byte counter ([`Bound`]):
/// `bt!` passes a literal bound below 256 of `retry(n)` and `recovery(n)` this way.
///
/// ```
/// use bt::{ConstU8, Count};
///
/// assert_eq!(Count::<u32>::get(ConstU8::<6>), 6);
/// assert_eq!(size_of::<ConstU8<6>>(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConstU8<const N: u8>;

impl<const N: u8> Count<u32> for ConstU8<N> {
    #[inline(always)]
    fn get(self) -> u32 {
        N as u32
    }
}

impl<const N: u8> Count<u8> for ConstU8<N> {
    #[inline(always)]
    fn get(self) -> u8 {
        N
    }
}

/// A count a node counts up to (a `repeat`'s iterations, a `retry`'s attempts, a `recovery`'s
/// retries), with the counter it keeps for it: as small as the bound allows, so that the node's
/// state is no larger than a hand-written counter. A `u32` chosen when the tree is built, a
/// [`Const`] count and a [`FromContext`] count read when the node runs keep a 4-byte counter, a
/// [`ConstU8`] a `u8`.
///
/// A count type of your own (a [`CountOf`] for `repeat` and `retry`, a [`Count`] for
/// `recovery`) implements it to choose its counter:
///
/// ```
/// use bt::{Bound, CountOf, Node, Repeat, Status};
///
/// /// Three, as a type of the user's, counted in a byte.
/// struct Three;
/// impl<Ctx: ?Sized> CountOf<Ctx, u32> for Three {
///     fn count(&mut self, _: &Ctx) -> Option<u32> { Some(3) }
///     fn peek(&self, _: &Ctx) -> Option<u32> { Some(3) }
///     fn fixed(&self) -> Option<u32> { Some(3) }
/// }
/// impl Bound for Three {
///     type Counter = u8;
/// }
///
/// let mut thrice = Repeat::times(Three, bt::action(|_: &mut ()| Status::Success));
/// let mut active = Default::default();
/// assert_eq!(thrice.tick(&mut active, &mut ()), Status::Running);
/// assert_eq!(thrice.tick(&mut active, &mut ()), Status::Running);
/// assert_eq!(thrice.tick(&mut active, &mut ()), Status::Success);
/// // The action's "running" flag and the one-byte counter.
/// assert_eq!(size_of_val(&active), 2);
/// ```
pub trait Bound {
    /// The counter, which never goes past the bound.
    type Counter: Counter;
}

impl Bound for u32 {
    type Counter = crate::packed::U32;
}

impl<const N: u32> Bound for Const<N> {
    type Counter = crate::packed::U32;
}

impl<const N: u8> Bound for ConstU8<N> {
    type Counter = u8;
}

impl<R> Bound for FromContext<R> {
    type Counter = crate::packed::U32;
}

/// A counter a node keeps in its state ([`Bound::Counter`]); `Default` is zero.
pub trait Counter: Copy + Default + Eq + core::fmt::Debug {
    /// The count.
    fn get(self) -> u32;
    /// Sets the count; the node keeps it at most its [`Bound`], which the counter holds.
    fn set(&mut self, value: u32);
}

impl Counter for crate::packed::U32 {
    #[inline(always)]
    fn get(self) -> u32 {
        crate::packed::U32::get(self)
    }
    #[inline(always)]
    fn set(&mut self, value: u32) {
        crate::packed::U32::set(self, value);
    }
}

impl Counter for u8 {
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn set(&mut self, value: u32) {
        *self = value as u8;
    }
}

impl<Ctx: ?Sized, const N: u8> CountOf<Ctx, u32> for ConstU8<N> {
    #[inline(always)]
    fn count(&mut self, _: &Ctx) -> Option<u32> {
        Some(u32::from(N))
    }
    #[inline(always)]
    fn peek(&self, _: &Ctx) -> Option<u32> {
        Some(u32::from(N))
    }
    #[inline(always)]
    fn fixed(&self) -> Option<u32> {
        Some(u32::from(N))
    }
}
