//! The Mermaid rendering.

use core::fmt;

use super::{NoStatuses, NodeClass, NodeName, Statuses, escaped};
use crate::{Status, TreeDescription};

/// A Mermaid `flowchart TD` of the tree, to paste into Markdown (GitHub, GitLab and most
/// documentation tools draw ```` ```mermaid ```` blocks).
///
/// Node `i` is declared once as `n{i}`, in pre-order, followed by the edge from its parent
/// (`n{parent} --> n{i}`). Shapes tell the kinds apart: composites are rectangles `["…"]`,
/// decorators hexagons `{{"…"}}`, leaves stadiums `(["…"])`. Labels are
/// [`NodeName`](super::NodeName)s in double quotes, with the characters Mermaid would read as
/// markup written as its entity codes: `"` as `#quot;`, `#` as `#35;`, `<` as `#lt;`, `>` as
/// `#gt;`, `&` as `#amp;` and `` ` `` as `#96;` (braces, brackets and `|` are plain text inside
/// quotes). A named tree gets its name as the diagram's title.
///
/// With [`statuses`](Self::statuses), nodes get the class `running`, `success` or `failure`,
/// filled yellow, green or red.
#[derive(Clone, Copy, Debug)]
pub struct Mermaid<'d, S = NoStatuses> {
    desc: &'d TreeDescription,
    statuses: S,
    max: usize,
}

impl<'d> Mermaid<'d> {
    pub(crate) const fn new(desc: &'d TreeDescription) -> Self {
        Mermaid { desc, statuses: NoStatuses, max: NodeName::DEFAULT_MAX }
    }
}

impl<'d, S> Mermaid<'d, S> {
    /// Colours each node by its status from `statuses`.
    pub fn statuses<T: Statuses>(self, statuses: T) -> Mermaid<'d, T> {
        Mermaid { desc: self.desc, statuses, max: self.max }
    }

    /// Cuts node names at `max` characters (default [`NodeName::DEFAULT_MAX`]; `usize::MAX` shows
    /// whole labels).
    #[must_use]
    pub const fn max_label(mut self, max: usize) -> Self {
        self.max = max;
        self
    }
}

/// Escapes a character for a Mermaid double-quoted label.
fn mermaid_escape(c: char) -> Option<&'static str> {
    match c {
        '"' => Some("#quot;"),
        '#' => Some("#35;"),
        '<' => Some("#lt;"),
        '>' => Some("#gt;"),
        '&' => Some("#amp;"),
        '`' => Some("#96;"),
        '\n' | '\r' => Some(" "),
        _ => None,
    }
}

impl<S: Statuses> fmt::Display for Mermaid<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let desc = self.desc;
        // A tree name is a Rust identifier: safe as a YAML scalar.
        if !desc.name.is_empty() && desc.name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            writeln!(f, "---\ntitle: {}\n---", desc.name)?;
        }
        f.write_str("flowchart TD\n")?;
        for (id, info) in desc.iter() {
            let (open, close) = match info.class() {
                NodeClass::Composite => ("[\"", "\"]"),
                NodeClass::Decorator => ("{{\"", "\"}}"),
                NodeClass::Leaf => ("([\"", "\"])"),
                NodeClass::Subtree => ("[[\"", "\"]]"),
            };
            write!(f, "  n{id}{open}")?;
            escaped(f, mermaid_escape, info.name().max_chars(self.max))?;
            writeln!(f, "{close}")?;
            if let Some(parent) = desc.parent(id) {
                writeln!(f, "  n{parent} --> n{id}")?;
            }
        }
        if self.statuses.shown() {
            for (class, status, stroke) in [
                ("running", Status::Running, "#b45309"),
                ("success", Status::Success, "#15803d"),
                ("failure", Status::Failure, "#b91c1c"),
            ] {
                let mut ids = (0..desc.len()).filter(|&id| self.statuses.status(id) == Some(status));
                if let Some(first) = ids.next() {
                    writeln!(
                        f,
                        "  classDef {class} fill:{},stroke:{stroke},color:#111",
                        super::dot::fill(status)
                    )?;
                    write!(f, "  class n{first}")?;
                    for id in ids {
                        write!(f, ",n{id}")?;
                    }
                    writeln!(f, " {class}")?;
                }
            }
        }
        Ok(())
    }
}
