//! Composites: nodes with several children (a tuple, see [`Children`](crate::Children)).
//!
//! One node per file; each file's docs state the node's semantics tick by tick.

mod if_then_else;
mod mem_selector;
mod mem_sequence;
mod parallel;
mod parallel_all;
mod random;
mod reactive_selector;
mod reactive_sequence;
mod selector;
mod sequence;
mod threshold_parallel;
mod while_do_else;

pub use if_then_else::IfThenElse;
pub use mem_selector::MemSelector;
pub use mem_sequence::MemSequence;
pub use parallel::Parallel;
pub use parallel_all::ParallelAll;
pub use random::Random;
pub use reactive_selector::ReactiveSelector;
pub use reactive_sequence::ReactiveSequence;
pub use selector::Selector;
pub use sequence::Sequence;
pub use threshold_parallel::ThresholdParallel;
pub use while_do_else::WhileDoElse;
