//! Composites: nodes with several children (a tuple, see [`Children`](crate::Children)).
//!
//! One node per file; each file's docs state the node's semantics tick by tick.

mod parallel;
mod selector;
mod sequence;

pub use parallel::Parallel;
pub use selector::Selector;
pub use sequence::Sequence;
