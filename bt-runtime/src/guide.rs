//! Guides: the longer texts of the documentation.
//!
//! * [`custom_nodes`] — writing a composite or a decorator of your own, used in `bt!` like a
//!   built-in keyword.

#[doc = include_str!("../doc/custom_nodes.md")]
pub mod custom_nodes {}
