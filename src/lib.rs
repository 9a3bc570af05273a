//! bt: behavior trees written inline with a macro and compiled to plain static code.
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

pub use bt_macros::bt;
pub use bt_runtime::*;

/// The dynamic blackboard: typed keys, values with a time-to-live (feature `alloc`).
#[cfg(feature = "alloc")]
pub mod blackboard {
    pub use bt_blackboard::{Blackboard, Key, Missing};
}

#[doc(hidden)]
pub mod __private {
    pub use bt_runtime::Builder;
}
