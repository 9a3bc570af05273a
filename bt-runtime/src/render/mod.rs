//! Seeing a tree without running it: navigating a [`TreeDescription`], naming nodes and their paths,
//! and four renderings — an indented Unicode tree ([`TextTree`]), Graphviz DOT ([`Dot`]), Mermaid
//! ([`Mermaid`]) and BehaviorTree.CPP v4 XML for Groot2 ([`BtcppXml`]).
//!
//! Everything here works on the `&'static` description `bt!` emits, in `no_std` code and without
//! allocating: navigation methods return iterators over the node slice and the renderings are
//! [`Display`](core::fmt::Display) adapters, so `println!("{}", tree.description().text())` or
//! `write!(file, "{}", desc.dot())` streams the output directly.
//!
//! ```
//! use bt::{bt, Status};
//!
//! struct Agent { food: u32 }
//! let tree = bt! {
//!     Agent => parallel(1)<
//!         sequence<{ |a: &Agent| a.food < 30 }, { |a: &mut Agent| { a.food = 100; Status::Success } }>,
//!         { |_: &mut Agent| Status::Running },
//!     >
//! };
//! let desc = tree.description();
//! assert_eq!(desc.children(0).collect::<Vec<_>>(), [1, 4]);
//! assert_eq!(desc.parent(3), Some(1));
//! assert_eq!(desc.path(2).to_string(), "parallel(1)/sequence/{ |a: &Agent| a.food < 30 }");
//! assert_eq!(desc.find("parallel(1)/sequence"), Some(1));
//! assert_eq!(
//!     desc.text().to_string(),
//!     "\
//! ⇉ parallel(1)
//! ├─ → sequence
//! │  ├─ { |a: &Agent| a.food < 30 }
//! │  └─ { |a: &mut Agent| { a.food = 100; Statu…
//! └─ { |_: &mut Agent| Status::Running }
//! ",
//! );
//! // Names are cut at 40 characters unless asked otherwise.
//! assert!(desc.text().max_label(usize::MAX).to_string().contains("Status::Success } }\n"));
//! println!("{}", desc.dot()); // digraph "bt" { … }
//! ```
//!
//! # Statuses
//!
//! Each rendering can show the nodes' current statuses (for a live view or a snapshot): pass
//! anything implementing [`Statuses`] — a slice of `Option<Status>` indexed by
//! [`NodeId`] (`None` is idle), or a [`ChangeObserver`](crate::ChangeObserver),
//! which keeps exactly that while the tree runs.

use core::fmt::{self, Write};
use core::ops::Range;

use crate::{NodeId, NodeInfo, Status, TreeDescription};

mod btcpp;
mod dot;
mod mermaid;
mod name;
mod path;
mod text;
pub(crate) mod write;

pub use crate::describe::Nodes;
pub use btcpp::BtcppXml;
pub use dot::Dot;
pub use mermaid::Mermaid;
pub use name::NodeName;
pub use path::NodePath;
pub use text::{Guides, TextLine, TextLines, TextTree};

use write::Escape;

/// What sort of node a [`NodeInfo`] describes; the renderings draw each sort differently.
///
/// Private, and read through [`NodeInfo::is_leaf`] and its siblings: a public item named `Leaf`
/// would make the compiler spell the [`Leaf`](crate::Leaf) trait `bt::Leaf` in every error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum NodeClass {
    Composite,
    Decorator,
    Leaf,
    /// An embedded tree built by `bt!`: its root is the one child.
    Subtree,
}

/// The composite keywords of the DSL (aliases included).
const COMPOSITES: &[&str] = &[
    "sequence",
    "selector",
    "fallback",
    "reactive_sequence",
    "reactive_selector",
    "reactive_fallback",
    "mem_sequence",
    "async_sequence",
    "try_catch",
    "mem_selector",
    "parallel",
    "threshold_parallel",
    "parallel_all",
    "random",
    "if_then_else",
    "while_do_else",
    "pipeline_sequence",
    "round_robin",
    "recovery",
    "switch",
];

/// The decorator keywords of the DSL (aliases included).
const DECORATORS: &[&str] = &[
    "repeat",
    "invert",
    "force_success",
    "force_failure",
    "retry",
    "until_failure",
    "keep_running_until_failure",
    "until_success",
    "timeout",
    "delay",
    "cooldown",
    "rate_controller",
    "run_once",
    "precondition",
    "guard",
    "service",
];

/// The leaf keywords of the DSL: named like composites and decorators, by keyword and arguments
/// (`sleep(500ms)`, `always_success`).
const LEAVES: &[&str] = &["sleep", "always_success", "always_failure"];

impl NodeInfo {
    /// Whether the node is a composite, a decorator, a leaf or an embedded subtree. A node without
    /// children is a leaf (this includes the leaf keywords such as `sleep(500ms)`, and `boxed(…)`
    /// subtrees, which the description shows as one opaque node); a node with an embedded description is a subtree; otherwise the keyword
    /// decides, and for a kind this version does not know (a node kind of your own), the number of
    /// children (one: decorator).
    pub(crate) fn class(&self) -> NodeClass {
        let kind = self.kind;
        if kind == "leaf" || self.children == 0 {
            NodeClass::Leaf
        } else if self.subtree.is_some() || kind == "subtree" {
            NodeClass::Subtree
        } else if COMPOSITES.contains(&kind) {
            NodeClass::Composite
        } else if DECORATORS.contains(&kind) {
            NodeClass::Decorator
        } else {
            match self.children {
                1 => NodeClass::Decorator,
                _ => NodeClass::Composite,
            }
        }
    }

    /// Whether the node is a leaf: an action, a condition, a closure, a node built by hand, a leaf
    /// keyword (`sleep(500ms)`, `always_success`), or a `boxed(…)` subtree — any node without
    /// children (the description shows a boxed subtree as
    /// one opaque node).
    pub fn is_leaf(&self) -> bool {
        self.class() == NodeClass::Leaf
    }

    /// Whether the node is an embedded tree built by `bt!` (kind `"subtree"`): a leaf of the tree
    /// it was written in, whose one child is the embedded tree's root.
    pub fn is_subtree(&self) -> bool {
        self.class() == NodeClass::Subtree
    }

    /// Whether the node is a composite: a node with a list of children (`sequence`, `selector`,
    /// `parallel`, …). For a keyword this version does not know, any node with two or more
    /// children.
    pub fn is_composite(&self) -> bool {
        self.class() == NodeClass::Composite
    }

    /// Whether the node is a decorator: a node with exactly one child that changes how it runs or
    /// what it returns (`repeat`, `invert`, `timeout`, `precondition`, …). For a keyword this
    /// version does not know, any node with one child.
    pub fn is_decorator(&self) -> bool {
        self.class() == NodeClass::Decorator
    }
}

/// Something that knows the current status of each node of a tree, by [`NodeId`]; `None` means
/// idle (see [`ChangeObserver`](crate::ChangeObserver) for the precise meaning).
///
/// The renderings take one to show statuses. Implemented for slices, arrays and vectors of
/// `Option<Status>` (index = node id; ids past the end are idle), for references, and for
/// [`ChangeObserver`](crate::ChangeObserver).
pub trait Statuses {
    /// The status of node `node`, `None` when idle.
    fn status(&self, node: NodeId) -> Option<Status>;

    /// Whether there are statuses to show at all; only [`NoStatuses`] says no, which makes the
    /// renderings leave the status column out.
    #[inline]
    fn shown(&self) -> bool {
        true
    }
}

/// No statuses: the renderings show the tree alone. The default of every rendering.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoStatuses;

impl Statuses for NoStatuses {
    #[inline]
    fn status(&self, _: NodeId) -> Option<Status> {
        None
    }
    #[inline]
    fn shown(&self) -> bool {
        false
    }
}

impl Statuses for [Option<Status>] {
    #[inline]
    fn status(&self, node: NodeId) -> Option<Status> {
        self.get(node).copied().flatten()
    }
}

impl<const N: usize> Statuses for [Option<Status>; N] {
    #[inline]
    fn status(&self, node: NodeId) -> Option<Status> {
        self.get(node).copied().flatten()
    }
}

#[cfg(feature = "alloc")]
impl Statuses for alloc::vec::Vec<Option<Status>> {
    #[inline]
    fn status(&self, node: NodeId) -> Option<Status> {
        self.get(node).copied().flatten()
    }
}

impl<S: Statuses + ?Sized> Statuses for &S {
    #[inline]
    fn status(&self, node: NodeId) -> Option<Status> {
        (**self).status(node)
    }
    #[inline]
    fn shown(&self) -> bool {
        (**self).shown()
    }
}

/// Navigation. Node ids are pre-order indices (see [`TreeDescription::iter`]); methods given an id
/// past the end answer as for a node that does not exist (`None`, empty iterators). Nothing here
/// allocates; each method scans the nodes once or twice, which is fine for the sizes of trees people
/// write.
impl TreeDescription {
    /// The ids of node `id`'s subtree: the node itself and all its descendants (they are
    /// contiguous in pre-order). Empty for an id past the end.
    pub fn subtree(&self, id: NodeId) -> Range<NodeId> {
        let Some(node) = self.node(id) else { return id..id };
        let end =
            self.iter().skip(id + 1).find(|(_, n)| n.depth <= node.depth).map_or(self.len(), |(i, _)| i);
        id..end
    }

    /// The parent of node `id`; `None` for the root.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        let depth = self.node(id)?.depth;
        if depth == 0 {
            return None;
        }
        self.ancestor_at(id, depth - 1)
    }

    /// The ids of node `id`'s direct children, in order.
    pub fn children(&self, id: NodeId) -> ChildIds<'_> {
        let depth = self.node(id).map(|n| n.depth.saturating_add(1));
        let mut nodes = self.iter();
        if depth.is_some() {
            // Position the walk just after the node.
            for _ in 0..=id {
                nodes.next();
            }
        }
        ChildIds { nodes, depth }
    }

    /// The ancestors of node `id`, from its parent up to the root.
    pub fn ancestors(&self, id: NodeId) -> Ancestors<'_> {
        Ancestors { desc: self, next: self.parent(id) }
    }

    /// The position of node `id` among its parent's children (0-based); `None` for the root.
    pub fn child_index(&self, id: NodeId) -> Option<usize> {
        let parent = self.parent(id)?;
        self.children(parent).position(|c| c == id)
    }

    /// Whether node `id` is the last child of its parent (the root counts as last).
    pub fn is_last_child(&self, id: NodeId) -> bool {
        let Some(node) = self.node(id) else { return true };
        let end = self.subtree(id).end;
        self.node(end).is_none_or(|next| next.depth < node.depth)
    }

    /// The last node at or before `id` (in pre-order) at depth `depth`: `id`'s ancestor at that
    /// depth (`id` itself at its own depth).
    pub(crate) fn ancestor_at(&self, id: NodeId, depth: u16) -> Option<NodeId> {
        self.iter().take(id + 1).filter(|(_, n)| n.depth == depth).last().map(|(i, _)| i)
    }

    /// The indented Unicode rendering (see [`TextTree`]).
    pub const fn text(&self) -> TextTree<'_> {
        TextTree::new(self)
    }

    /// The Graphviz DOT rendering (see [`Dot`]).
    pub const fn dot(&self) -> Dot<'_> {
        Dot::new(self)
    }

    /// The Mermaid flowchart rendering (see [`Mermaid`]).
    pub const fn mermaid(&self) -> Mermaid<'_> {
        Mermaid::new(self)
    }

    /// The BehaviorTree.CPP v4 XML rendering, which Groot2 opens (see [`BtcppXml`] for the
    /// mapping).
    pub const fn btcpp_xml(&self) -> BtcppXml<'_> {
        BtcppXml::new(self)
    }
}

/// Iterator over the ids of a node's children; see [`TreeDescription::children`].
#[derive(Clone, Debug)]
pub struct ChildIds<'d> {
    /// The walk, just after the last child returned (or the parent).
    nodes: Nodes<'d>,
    /// The children's depth; `None` once done.
    depth: Option<u16>,
}

impl Iterator for ChildIds<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let depth = self.depth?;
        for (id, n) in self.nodes.by_ref() {
            if n.depth == depth {
                return Some(id);
            }
            if n.depth < depth {
                break;
            }
        }
        self.depth = None;
        None
    }
}

/// Iterator over a node's ancestors; see [`TreeDescription::ancestors`].
#[derive(Clone, Debug)]
pub struct Ancestors<'d> {
    desc: &'d TreeDescription,
    next: Option<NodeId>,
}

impl Iterator for Ancestors<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let id = self.next?;
        self.next = self.desc.parent(id);
        Some(id)
    }
}

/// Writes `value` through a per-character escaping function.
pub(crate) fn escaped(
    f: &mut fmt::Formatter<'_>,
    map: fn(char) -> Option<&'static str>,
    value: impl fmt::Display,
) -> fmt::Result {
    write!(Escape::new(f, map), "{value}")
}
