//! The keys of a save's entries in human-readable formats: each node's path in the tree, from its
//! description, computed in pre-order as the entries are written and read.

use core::fmt;

use crate::describe::Nodes;
use crate::{NodeId, NodeInfo, TreeDescription};

/// Levels of a path kept; a node deeper than this is keyed `#id`.
const MAX_LEVELS: usize = 96;

/// The path of each node of a description, node after node in pre-order.
pub(crate) struct Paths<'d> {
    nodes: Option<Nodes<'d>>,
    /// For each level, the name of the node there, its index among its parent's children, and
    /// its number of children.
    levels: [(&'static str, u16, u16); MAX_LEVELS],
    /// For each level, how many children of the node at the level above have been visited.
    visited: [u16; MAX_LEVELS + 1],
    /// The current node's depth (`usize::MAX` before the first node, or past the description).
    depth: usize,
    id: NodeId,
}

impl<'d> Paths<'d> {
    /// The paths of `description`'s nodes; for an empty description (a tree built by hand) every
    /// node is keyed by its id.
    pub(crate) fn new(description: &'d TreeDescription) -> Self {
        Paths {
            nodes: (!description.is_empty()).then(|| description.iter()),
            levels: [("", 0, 0); MAX_LEVELS],
            visited: [0; MAX_LEVELS + 1],
            depth: usize::MAX,
            id: 0,
        }
    }

    /// Moves to node `id`, which must be the next node in pre-order.
    pub(crate) fn advance(&mut self, id: NodeId) {
        self.id = id;
        let Some(nodes) = &mut self.nodes else { return };
        let Some((_, info)) = nodes.next() else {
            self.depth = usize::MAX;
            return;
        };
        let depth = usize::from(info.depth);
        self.depth = depth;
        if depth < MAX_LEVELS {
            let index = self.visited[depth];
            self.visited[depth] = index.saturating_add(1);
            self.visited[depth + 1] = 0;
            self.levels[depth] = (name(&info), index, info.children);
        }
    }

    /// The current node's key.
    pub(crate) fn key(&self) -> Key<'_> {
        Key(self)
    }
}

/// A node's key: its path, or `#id` (or, for a tree without description, its id).
pub(crate) struct Key<'p>(&'p Paths<'p>);

impl fmt::Display for Key<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let paths = self.0;
        if paths.nodes.is_none() {
            return write!(f, "{}", paths.id);
        }
        if paths.depth >= MAX_LEVELS {
            return write!(f, "#{}", paths.id);
        }
        for (level, (name, index, _)) in paths.levels[..=paths.depth].iter().enumerate() {
            if level == 0 {
                f.write_str(name)?;
            } else {
                // As many digits as the parent's last index has, so that sorting the keys as
                // text (a JSON object kept in a sorted map) keeps them in the tree's order.
                let siblings = paths.levels[level - 1].2;
                let width = siblings.saturating_sub(1).checked_ilog10().unwrap_or(0) as usize + 1;
                write!(f, "/{index:0width$}.{name}")?;
            }
        }
        Ok(())
    }
}

/// Whether `text` is what `key` displays, without allocating.
pub(crate) fn matches(key: &impl fmt::Display, text: &str) -> bool {
    struct Compare<'t> {
        rest: &'t str,
        equal: bool,
    }
    impl fmt::Write for Compare<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            match self.rest.strip_prefix(s) {
                Some(rest) if self.equal => self.rest = rest,
                _ => self.equal = false,
            }
            Ok(())
        }
    }
    let mut c = Compare { rest: text, equal: true };
    let _ = fmt::write(&mut c, format_args!("{key}"));
    c.equal && c.rest.is_empty()
}

/// The name a node has in paths: a keyword's kind, a leaf's or subtree's type name (the last
/// segment of its label's leading path that starts with a capital, `WalkTo` for
/// `actions::WalkTo::new(3)`), or its kind when the label has none (a closure).
pub(crate) fn name(info: &NodeInfo) -> &'static str {
    if info.kind != "leaf" && info.kind != "subtree" {
        return info.kind;
    }
    let label = info.label;
    let end = label.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(label.len());
    let path = &label[..end];
    let mut capital = None;
    let mut last = None;
    for segment in path.split("::").filter(|s| !s.is_empty()) {
        if segment.starts_with(|c: char| c.is_uppercase()) {
            capital = Some(segment);
        }
        last = Some(segment);
    }
    capital.or(last).unwrap_or(info.kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(label: &'static str) -> NodeInfo {
        NodeInfo::leaf(label, 0, 1, 1, None)
    }

    #[test]
    fn leaf_names_are_type_names() {
        assert_eq!(name(&leaf("WalkTo::new(FOOD)")), "WalkTo");
        assert_eq!(name(&leaf("actions::WalkTo { target: 3 }")), "WalkTo");
        assert_eq!(name(&leaf("FeelHungry")), "FeelHungry");
        assert_eq!(name(&leaf("walk_to(3)")), "walk_to");
        assert_eq!(name(&leaf("{ |a: &Agent| a.food < 30 }")), "leaf");
    }

    #[test]
    fn keys_are_paths_with_indices() {
        const D: TreeDescription = TreeDescription::new(
            "",
            "",
            "",
            &[
                NodeInfo::keyword("sequence", "sequence", "", 0, 2, 1, 1),
                NodeInfo::leaf("A", 1, 1, 1, None),
                NodeInfo::keyword("invert", "invert", "", 1, 1, 1, 1),
                NodeInfo::leaf("b::B::new()", 2, 1, 1, None),
            ],
        );
        let mut paths = Paths::new(&D);
        let mut keys = [""; 4].map(|_| std::string::String::new());
        for (id, key) in keys.iter_mut().enumerate() {
            paths.advance(id);
            *key = std::format!("{}", paths.key());
            assert!(matches(&paths.key(), key));
            assert!(!matches(&paths.key(), "sequence/9"));
        }
        assert_eq!(keys, ["sequence", "sequence/0.A", "sequence/1.invert", "sequence/1.invert/0.B"]);
    }
}
