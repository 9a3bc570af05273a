//! The static description of a tree that `bt!` emits: every node's kind, label, arguments, depth
//! and source position, in pre-order. Reading it allocates nothing and costs nothing at run time.
//!
//! A description is built from the entries of one `bt!` invocation. A leaf that is itself a tree
//! built by `bt!` (a named tree, or a function returning a `bt!` tree) is an entry of kind
//! `"subtree"` that refers to that tree's own description: reading the description walks into it,
//! so the embedded tree's nodes appear in place, with their own kinds, labels and source
//! positions, and with the ids observers receive.

use core::fmt;

use crate::NodeId;

mod data;
mod node;

pub use data::{ArgValue, Argument, BindingValue, NodeScript, PortBinding, ScriptHook};
pub use node::{NodeInfo, PortDirection, PortInfo};

/// The whole tree, as written: its nodes in pre-order ([`iter`](Self::iter), [`node`](Self::node)),
/// so a node's index is the [`NodeId`] observers receive.
///
/// Nodes are returned by value: a node of an embedded subtree comes with its depth in the whole
/// tree. [`origin`](Self::origin) tells which description (and so which file) a node was written
/// in.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TreeDescription {
    /// The name of a named tree, or `""`.
    pub name: &'static str,
    /// The context type as written, or `""` when it is inferred.
    pub context: &'static str,
    /// The source file of the `bt!` invocation.
    pub file: &'static str,
    entries: &'static [NodeInfo],
    len: usize,
    /// Levels of descriptions: 1, plus the deepest embedded description's.
    nesting: usize,
}

impl fmt::Debug for TreeDescription {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TreeDescription")
            .field("name", &self.name)
            .field("context", &self.context)
            .field("file", &self.file)
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

/// How deep trees may be embedded in trees (a tree embedding a tree embedding a tree … counts one
/// level per tree). [`TreeDescription::new`] refuses deeper ones (a compile-time error for the
/// descriptions `bt!` writes), so every description can be walked without allocating.
pub const MAX_NESTING: usize = 32;

impl TreeDescription {
    /// The description of a tree nobody described (built by hand, not by `bt!`).
    pub const EMPTY: TreeDescription = TreeDescription::new("", "", "", &[]);

    /// A description whose nodes are `entries`, in pre-order, a subtree entry standing for all the
    /// nodes of the tree it embeds. `bt!` builds descriptions with it; so can other front ends.
    pub const fn new(
        name: &'static str,
        context: &'static str,
        file: &'static str,
        entries: &'static [NodeInfo],
    ) -> TreeDescription {
        let mut len = entries.len();
        let mut nesting = 1;
        let mut i = 0;
        while i < entries.len() {
            if let Some(sub) = entries[i].subtree {
                len += sub.len;
                if sub.nesting + 1 > nesting {
                    nesting = sub.nesting + 1;
                }
            }
            i += 1;
        }
        assert!(
            nesting <= MAX_NESTING,
            "trees embedded in trees more than MAX_NESTING (32) levels deep cannot be described"
        );
        TreeDescription { name, context, file, entries, len, nesting }
    }

    /// The entries written in this description's own tree, in pre-order: a subtree is one entry
    /// (whose [`subtree`](NodeInfo::subtree) holds the embedded description).
    #[inline]
    pub const fn entries(&self) -> &'static [NodeInfo] {
        self.entries
    }

    /// Number of nodes, those of embedded subtrees included.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the description has no nodes (a tree not built by `bt!`).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether every node was written in this description's own tree (no embedded subtree).
    #[inline]
    const fn is_flat(&self) -> bool {
        self.len == self.entries.len()
    }

    /// Node `id`, with its depth in the whole tree.
    pub fn node(&self, id: NodeId) -> Option<NodeInfo> {
        if self.is_flat() {
            return self.entries.get(id).copied();
        }
        let (desc, index, offset) = self.locate(id)?;
        let mut info = desc.entries[index];
        info.depth = info.depth.saturating_add(offset);
        Some(info)
    }

    /// Where node `id` was written: the description whose own entries hold it (this one, or that
    /// of an embedded subtree, with its [`name`](Self::name) and [`file`](Self::file)) and its
    /// index among those [`entries`](Self::entries).
    pub fn origin(&self, id: NodeId) -> Option<(&TreeDescription, usize)> {
        self.locate(id).map(|(desc, index, _)| (desc, index))
    }

    /// The description holding node `id`, its index there and the depth of that description's
    /// root in the whole tree.
    fn locate(&self, id: NodeId) -> Option<(&TreeDescription, usize, u16)> {
        let mut desc = self;
        let mut id = id;
        let mut offset = 0u16;
        'walk: loop {
            for (index, entry) in desc.entries.iter().enumerate() {
                if id == 0 {
                    return Some((desc, index, offset));
                }
                id -= 1;
                if let Some(sub) = entry.subtree {
                    if id < sub.len {
                        offset = offset.saturating_add(entry.depth).saturating_add(1);
                        desc = sub;
                        continue 'walk;
                    }
                    id -= sub.len;
                }
            }
            return None;
        }
    }

    /// Every node with its id, in pre-order, each with its depth in the whole tree.
    #[inline]
    pub fn iter(&self) -> Nodes<'_> {
        Nodes::new(self)
    }

    /// Every node, in pre-order (the `n`-th is node `n`), each with its depth in the whole tree.
    #[inline]
    pub fn nodes(&self) -> impl Iterator<Item = NodeInfo> + '_ {
        self.iter().map(|(_, node)| node)
    }
}

/// Iterator over the nodes of a [`TreeDescription`] with their ids, in pre-order, walking into
/// embedded subtrees. See [`TreeDescription::iter`].
#[derive(Clone, Debug)]
pub struct Nodes<'d> {
    stack: [(&'d TreeDescription, usize, u16); MAX_NESTING],
    top: usize,
    id: NodeId,
    left: usize,
}

impl<'d> Nodes<'d> {
    fn new(desc: &'d TreeDescription) -> Self {
        Nodes { stack: [(desc, 0, 0); MAX_NESTING], top: 1, id: 0, left: desc.len }
    }
}

impl Iterator for Nodes<'_> {
    type Item = (NodeId, NodeInfo);

    fn next(&mut self) -> Option<(NodeId, NodeInfo)> {
        loop {
            let frame = self.stack.get_mut(self.top.checked_sub(1)?)?;
            let (desc, next, offset) = *frame;
            let Some(entry) = desc.entries.get(next) else {
                self.top -= 1;
                continue;
            };
            frame.1 += 1;
            let mut info = *entry;
            info.depth = info.depth.saturating_add(offset);
            if let Some(sub) = info.subtree
                && self.top < MAX_NESTING
            {
                self.stack[self.top] = (sub, 0, info.depth.saturating_add(1));
                self.top += 1;
            }
            let id = self.id;
            self.id += 1;
            self.left = self.left.saturating_sub(1);
            return Some((id, info));
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.left))
    }
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
