//! Counts a node counts up to, and the counters it keeps for them: as small as the bound allows.

use crate::{Const, Count, CountOf};

/// A count known at compile time that fits a byte: `ConstU8::<6>` is the number 6, carried in
/// the type, like a [`Const`]. A node that counts up to it keeps a one-byte counter ([`Bound`]):
/// `bt!` passes the literal of a `recovery(n)` below 256 this way.
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

/// A count a node counts up to (a `recovery`'s retries), with the counter it keeps for it: as
/// small as the bound allows, so that the node's state is no larger than a hand-written counter.
/// A `u32` chosen at run time and a [`Const`] count with a 4-byte counter, a [`ConstU8`] with a
/// `u8`.
pub trait Bound: Count<u32> {
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
