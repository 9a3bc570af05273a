//! The Graphviz DOT rendering.

use core::fmt;

use super::{NoStatuses, NodeClass, NodeName, Statuses, escaped};
use crate::{Status, TreeDescription};

/// A Graphviz `digraph` of the tree, for `dot -Tsvg tree.dot > tree.svg`.
///
/// Node `i` is the DOT node `n{i}`; edges go from parent to child, and `ordering=out` keeps the
/// children in order, left to right. Shapes tell the kinds of node apart: composites are bold
/// rounded boxes, decorators hexagons, leaves ellipses. Labels are [`NodeName`](super::NodeName)s
/// (keyword and arguments, or the leaf's source text), escaped for DOT's quoted strings (`"` and
/// `\`; characters such as `<`, `>`, `{`, `}` and `|` need no escaping there, as labels are never
/// records or HTML). Each node's tooltip is its source position. A named tree gets its name and
/// context as the graph's label.
///
/// With [`statuses`](Self::statuses), nodes are filled by status: running yellow, success green,
/// failure red; idle nodes stay white.
#[derive(Clone, Copy, Debug)]
pub struct Dot<'d, S = NoStatuses> {
    desc: &'d TreeDescription,
    statuses: S,
    max: usize,
}

impl<'d> Dot<'d> {
    pub(crate) const fn new(desc: &'d TreeDescription) -> Self {
        Dot { desc, statuses: NoStatuses, max: NodeName::DEFAULT_MAX }
    }
}

impl<'d, S> Dot<'d, S> {
    /// Fills each node with the colour of its status from `statuses`.
    pub fn statuses<T: Statuses>(self, statuses: T) -> Dot<'d, T> {
        Dot { desc: self.desc, statuses, max: self.max }
    }

    /// Cuts node names at `max` characters (default [`NodeName::DEFAULT_MAX`]; `usize::MAX` shows
    /// whole labels).
    #[must_use]
    pub const fn max_label(mut self, max: usize) -> Self {
        self.max = max;
        self
    }
}

/// Escapes a character for a DOT double-quoted string.
fn dot_escape(c: char) -> Option<&'static str> {
    match c {
        '"' => Some("\\\""),
        '\\' => Some("\\\\"),
        '\n' => Some("\\n"),
        '\r' => Some(""),
        _ => None,
    }
}

/// Fill colour of a status.
pub(crate) fn fill(status: Status) -> &'static str {
    match status {
        Status::Running => "#fde68a",
        Status::Success => "#bbf7d0",
        Status::Failure => "#fecaca",
    }
}

impl<S: Statuses> fmt::Display for Dot<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let desc = self.desc;
        f.write_str("digraph \"")?;
        escaped(f, dot_escape, if desc.name.is_empty() { "bt" } else { desc.name })?;
        f.write_str("\" {\n")?;
        f.write_str("  graph [ordering=out, rankdir=TB, nodesep=0.25, ranksep=0.4")?;
        if !desc.name.is_empty() {
            f.write_str(", labelloc=t, label=\"")?;
            escaped(f, dot_escape, desc.name)?;
            if !desc.context.is_empty() {
                f.write_str(" for ")?;
                escaped(f, dot_escape, desc.context)?;
            }
            f.write_str("\"")?;
        }
        f.write_str("];\n")?;
        f.write_str("  node [fontname=\"Helvetica\", fontsize=11, height=0.3];\n")?;
        f.write_str("  edge [arrowsize=0.6];\n")?;
        for (id, info) in desc.iter() {
            write!(f, "  n{id} [label=\"")?;
            escaped(f, dot_escape, info.name().max_chars(self.max))?;
            f.write_str("\", ")?;
            let status = self.statuses.status(id);
            let (shape, style) = match info.class() {
                NodeClass::Composite => ("box", "rounded,bold"),
                NodeClass::Decorator => ("hexagon", ""),
                NodeClass::Leaf => ("ellipse", ""),
                NodeClass::Subtree => ("component", ""),
            };
            write!(f, "shape={shape}")?;
            match (style, status) {
                ("", None) => {}
                (style, None) => write!(f, ", style=\"{style}\"")?,
                ("", Some(s)) => write!(f, ", style=\"filled\", fillcolor=\"{}\"", fill(s))?,
                (style, Some(s)) => write!(f, ", style=\"{style},filled\", fillcolor=\"{}\"", fill(s))?,
            }
            f.write_str(", tooltip=\"")?;
            escaped(f, dot_escape, desc.origin(id).map_or(desc.file, |(d, _)| d.file))?;
            writeln!(f, ":{}:{}\"];", info.line, info.column)?;
            if let Some(parent) = desc.parent(id) {
                writeln!(f, "  n{parent} -> n{id};")?;
            }
        }
        f.write_str("}\n")
    }
}
