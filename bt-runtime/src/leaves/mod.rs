//! Leaves built into the DSL: nodes without children that `bt!` writes as keywords
//! (`sleep(500ms)`, `always_success`, `always_failure`).
//!
//! One node per file; each file's docs state the node's semantics tick by tick. The leaves you
//! write yourself are [`Action`](crate::Action)s and [`Condition`](crate::Condition)s.

mod always_failure;
mod always_success;
mod sleep;

pub use always_failure::AlwaysFailure;
pub use always_success::AlwaysSuccess;
pub use sleep::Sleep;
