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
