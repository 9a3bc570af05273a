//! bt: behavior trees written inline with a macro and compiled to plain static code.
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub use bt_macros::bt;
pub use bt_runtime::*;

#[cfg(feature = "std")]
pub use bt_blackboard as blackboard;

#[cfg(feature = "std")]
pub mod record;
#[cfg(feature = "tracing")]
pub mod trace;
#[cfg(feature = "std")]
pub mod view;

#[doc(hidden)]
pub mod __private {
    pub use bt_runtime::Builder;
}
