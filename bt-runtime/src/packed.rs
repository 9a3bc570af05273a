//! Integers kept as bytes (aligned to 1) in node state, so that nothing around them is padded.
//!
//! A `u32` counter next to a `bool` pads a node to 8 bytes, and every node and tuple of children
//! that holds it is padded in turn. Kept as `[u8; 4]` in the machine's byte order, the same value
//! takes 4 bytes wherever it sits; reading or writing it is the same single load or store.

macro_rules! packed {
    ($($name:ident($int:ty, $n:literal)),*) => {$(
        #[doc = concat!("A `", stringify!($int), "` kept as bytes, aligned to 1.")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name([u8; $n]);

        impl $name {
            /// Zero.
            #[allow(dead_code, reason = "the counters of `U32` start from `Default`")]
            pub(crate) const ZERO: $name = $name([0; $n]);

            /// The value.
            #[inline(always)]
            pub(crate) const fn get(self) -> $int {
                <$int>::from_ne_bytes(self.0)
            }

            /// Sets the value.
            #[inline(always)]
            pub(crate) fn set(&mut self, value: $int) {
                self.0 = value.to_ne_bytes();
            }
        }

        impl From<$int> for $name {
            #[inline(always)]
            fn from(value: $int) -> $name {
                $name(value.to_ne_bytes())
            }
        }

        impl From<$name> for $int {
            #[inline(always)]
            fn from(value: $name) -> $int {
                value.get()
            }
        }
    )*};
}

packed!(U16(u16, 2), U32(u32, 4));

/// Two bit masks over a composite's children (bit `i` for child `i`) kept in one integer, as
/// small as the number of children allows: a [`U16`] (8 bits each) for up to 8 children, a [`U32`]
/// (16 bits each) for more. [`ChildStates::Masks`](crate::ChildStates::Masks) names the one for a
/// tuple of children; `parallel(n)` keeps its latched successes in the low mask and its running
/// children in the high one.
pub trait MaskPair: Copy + Default + Eq + core::fmt::Debug {
    /// Bits per mask: the high mask starts at this bit.
    const SHIFT: u32;
    /// Both masks: the low one in bits `0..SHIFT`, the high one above.
    fn get(self) -> u32;
    /// Sets both masks (`value` must fit in `2 * SHIFT` bits).
    fn set(&mut self, value: u32);
}

impl MaskPair for U16 {
    const SHIFT: u32 = 8;
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(U16::get(self))
    }
    #[inline(always)]
    fn set(&mut self, value: u32) {
        U16::set(self, value as u16);
    }
}

impl MaskPair for U32 {
    const SHIFT: u32 = 16;
    #[inline(always)]
    fn get(self) -> u32 {
        U32::get(self)
    }
    #[inline(always)]
    fn set(&mut self, value: u32) {
        U32::set(self, value);
    }
}

/// No masks at all: what `parallel(1)` keeps. Its first success completes it, so it never has a
/// success to latch, and it asks its children's states which of them run when it completes (as a
/// parallel of one or two children does). Reads as zero; setting it does nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoMasks;

impl MaskPair for NoMasks {
    const SHIFT: u32 = 8;
    #[inline(always)]
    fn get(self) -> u32 {
        0
    }
    #[inline(always)]
    fn set(&mut self, _: u32) {}
}
