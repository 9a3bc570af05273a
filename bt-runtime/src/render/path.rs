//! A node's path from the root ([`NodePath`]), for humans and logs, cut or in full.

use core::fmt::{self, Write};

use super::write::{displays_as, same_display};
use crate::{NodeId, TreeDescription};

impl TreeDescription {
    /// The path of node `id` from the root, for humans and logs (see [`NodePath`]); names are cut
    /// at [`NodeName::DEFAULT_MAX`](crate::NodeName::DEFAULT_MAX) characters.
    pub const fn path(&self, id: NodeId) -> NodePath<'_> {
        NodePath { desc: self, id, full: false }
    }

    /// The path of node `id` with every name in full, never cut: with the node's id, a stable key
    /// for log queries (what `bt::trace` puts in its events' `path` field). It differs from
    /// [`path`](Self::path) only where a name is longer than
    /// [`NodeName::DEFAULT_MAX`](crate::NodeName::DEFAULT_MAX) characters.
    ///
    /// ```
    /// use bt::{bt, Status};
    ///
    /// struct Agent;
    /// let tree = bt! {
    ///     Agent => sequence<{ |_: &mut Agent| { let long_name_to_make_the_label_long = 1; Status::Success } }>
    /// };
    /// let desc = tree.description();
    /// assert!(desc.path(1).to_string().ends_with('…'));
    /// assert_eq!(
    ///     desc.full_path(1).to_string(),
    ///     "sequence/{ |_: &mut Agent| { let long_name_to_make_the_label_long = 1; Status::Success } }"
    /// );
    /// ```
    pub const fn full_path(&self, id: NodeId) -> NodePath<'_> {
        NodePath { desc: self, id, full: true }
    }

    /// The id of the node whose [`path`](Self::path) or [`full_path`](Self::full_path) displays
    /// exactly as `path`.
    pub fn find(&self, path: &str) -> Option<NodeId> {
        (0..self.len())
            .find(|&id| displays_as(self.path(id), path))
            .or_else(|| (0..self.len()).find(|&id| displays_as(self.full_path(id), path)))
    }
}

/// A node's path from the root: the [`NodeName`](crate::NodeName)s of the root, every ancestor and the node,
/// joined by `/`, such as `repeat/parallel(1)/selector/sequence[1]/FeelHungry`.
///
/// A segment gets its position among its parent's children in brackets (0-based, counting every
/// child) when a sibling shows the same name, so that every node has a distinct path: above,
/// `sequence[1]` is the selector's second child, a sequence like its siblings. Names are cut at
/// [`NodeName::DEFAULT_MAX`](crate::NodeName::DEFAULT_MAX) characters ([`TreeDescription::full_path`] keeps them whole). A leaf label containing `/` makes the path harder to
/// read but not ambiguous, as [`TreeDescription::find`] compares whole paths.
///
/// Displaying a path allocates nothing; it costs a few scans of the node slice per segment, which is
/// fine for the sizes of trees people write.
#[derive(Clone, Copy, Debug)]
pub struct NodePath<'d> {
    desc: &'d TreeDescription,
    id: NodeId,
    /// Names in full rather than cut.
    full: bool,
}

impl NodePath<'_> {
    fn segment(&self, id: NodeId, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let desc = self.desc;
        let Some(info) = desc.node(id) else { return Ok(()) };
        // Siblings are told apart by their names as cut, so that a full path carries an index
        // wherever the cut one does.
        let name = info.name();
        if self.full {
            name.max_chars(usize::MAX).write_to(&mut *f)?
        } else {
            name.write_to(&mut *f)?
        };
        if let Some(parent) = desc.parent(id) {
            let clash = desc
                .children(parent)
                .any(|s| s != id && desc.node(s).is_some_and(|sibling| same_display(sibling.name(), name)));
            if clash {
                let index = desc.children(parent).position(|c| c == id).unwrap_or(0);
                write!(f, "[{index}]")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for NodePath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(node) = self.desc.node(self.id) else {
            return write!(f, "#{}", self.id);
        };
        for depth in 0..=node.depth {
            let Some(ancestor) = self.desc.ancestor_at(self.id, depth) else { continue };
            if depth > 0 {
                f.write_char('/')?;
            }
            self.segment(ancestor, f)?;
        }
        Ok(())
    }
}
