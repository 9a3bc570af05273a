//! Guides: the longer texts of the documentation.
//!
//! * [`custom_nodes`] — writing a composite or a decorator of your own, used in `bt!` like a
//!   built-in keyword: the node contract, a worked composite and decorator, arguments, errors,
//!   and testing with the test kit (`bt::testing`).
//! * [`async_actions`] — leaves that await: a future polled once per tick, cancelled by drop
//!   when halted, in place or on an executor (tokio), and what the waker records.

#[doc = include_str!("../doc/custom_nodes.md")]
pub mod custom_nodes {}

#[doc = include_str!("../doc/async_actions.md")]
pub mod async_actions {}
