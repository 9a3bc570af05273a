//! The static description of a tree that `bt!` emits: every node's kind, label, arguments, depth
//! and source position, in pre-order. Reading it allocates nothing and costs nothing at run time.

/// One node of a [`TreeDescription`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeInfo {
    /// The DSL keyword (`"sequence"`, `"parallel"`, `"repeat"`, …), or `"leaf"` for a leaf.
    pub kind: &'static str,
    /// For a leaf, its source text as written (`"WalkTo::new(FOOD)"`); for other nodes the keyword.
    pub label: &'static str,
    /// The arguments as written, without parentheses (`"1"`, `"success = 2"`), or `""`.
    pub args: &'static str,
    /// Depth in the tree; the root has depth 0.
    pub depth: u16,
    /// Number of direct children.
    pub children: u16,
    /// 1-based source line of the node's first token.
    pub line: u32,
    /// 1-based source column of the node's first token.
    pub column: u32,
}

/// The whole tree, as written: [`nodes`](Self::nodes) in pre-order, so a node's index is the
/// [`NodeId`](crate::NodeId) observers receive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TreeDescription {
    /// The name of a named tree, or `""`.
    pub name: &'static str,
    /// The context type as written, or `""` when it is inferred.
    pub context: &'static str,
    /// The source file of the `bt!` invocation.
    pub file: &'static str,
    /// Every node, in pre-order.
    pub nodes: &'static [NodeInfo],
}

impl TreeDescription {
    /// The description of a tree nobody described (built by hand, not by `bt!`).
    pub const EMPTY: TreeDescription = TreeDescription { name: "", context: "", file: "", nodes: &[] };
}

/// Carries a tree's [`TreeDescription`] at the type level, so that a tree stores nothing for it.
/// `bt!` generates a zero-sized type implementing it for every tree; `()` describes nothing.
pub trait Describe {
    /// The description.
    const DESCRIPTION: &'static TreeDescription;
}

impl Describe for () {
    const DESCRIPTION: &'static TreeDescription = &TreeDescription::EMPTY;
}
