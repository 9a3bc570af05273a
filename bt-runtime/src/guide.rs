//! Guides: the longer texts of the documentation.
//!
//! * [`custom_nodes`] — writing a composite or a decorator of your own, used in `bt!` like a
//!   built-in keyword: the node contract, a worked composite and decorator, arguments, errors,
//!   and testing with the test kit (`bt::testing`).

#[doc = include_str!("../doc/custom_nodes.md")]
pub mod custom_nodes {}
