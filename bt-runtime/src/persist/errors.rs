//! Why a save cannot be restored: the errors of a restore.

use core::fmt;

use super::NodeId;

/// Why a saved value cannot be restored into the node it is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Invalid {
    /// A number above what the node can hold: `field` is `value`, at most `max` is possible.
    TooLarge {
        /// The field, as named in the entry.
        field: &'static str,
        /// The value read.
        value: u64,
        /// The largest value the node can hold.
        max: u64,
    },
    /// Values that contradict each other (a composite that runs one child at a time with two
    /// running, a decorator whose child runs while it is idle, …).
    Inconsistent(&'static str),
    /// A leaf's state its type refuses ([`Persist::check`](super::Persist::check)).
    LeafState(&'static str),
    /// The node cannot be saved or restored at all (in a tree built at run time, a node boxed
    /// without the means to save it).
    Unsupported(&'static str),
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::TooLarge { field, value, max } => {
                write!(f, "`{field}` is {value}, but this node can hold at most {max}")
            }
            Invalid::Inconsistent(why) => f.write_str(why),
            Invalid::LeafState(why) => write!(f, "the leaf refuses its saved state: {why}"),
            Invalid::Unsupported(why) => f.write_str(why),
        }
    }
}

/// A saved value a node can never hold: which node, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InvalidState {
    /// The node's id.
    pub node: NodeId,
    /// The node's kind in the tree's description (`"retry"`, `"leaf"`, …), or `""` for a tree
    /// without a description.
    pub kind: &'static str,
    /// Why the value is refused.
    pub why: Invalid,
}

impl fmt::Display for InvalidState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind.is_empty() {
            write!(f, "node {}: {}", self.node, self.why)
        } else {
            write!(f, "node {} ({}): {}", self.node, self.kind, self.why)
        }
    }
}

/// State saved from a tree of another shape: [`BehaviorTree::restore`](crate::BehaviorTree::restore)
/// refuses it and leaves the tree as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShapeMismatch {
    /// The fingerprint of the tree being restored.
    pub expected: u64,
    /// The fingerprint in the saved state.
    pub found: u64,
}

impl fmt::Display for ShapeMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the saved state is of a tree of another shape (fingerprint {:#018x}, this tree's is {:#018x}): \
             it can only be restored into a tree with the same nodes, arities and arguments",
            self.found, self.expected
        )
    }
}

impl core::error::Error for ShapeMismatch {}

/// Why [`BehaviorTree::restore`](crate::BehaviorTree::restore) refused a save. The tree is left as
/// it was in every case.
#[derive(Debug)]
pub enum RestoreError<E> {
    /// The save is of a tree of another shape (its fingerprint differs).
    ShapeMismatch(ShapeMismatch),
    /// A value no node of this tree can hold (a corrupted or hand-edited save).
    Invalid(InvalidState),
    /// The data is not a save of this tree's layout: malformed, truncated, an entry missing or
    /// out of place, an unknown format version. The format's own error.
    Format(E),
}

impl<E: fmt::Display> fmt::Display for RestoreError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::ShapeMismatch(m) => m.fmt(f),
            RestoreError::Invalid(i) => write!(f, "the saved state cannot be restored: {i}"),
            RestoreError::Format(e) => write!(f, "the saved state cannot be read: {e}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for RestoreError<E> {}
