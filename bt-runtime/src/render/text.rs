//! The indented Unicode rendering.

use core::fmt::{self, Write};

use super::write::width;
use super::{NoStatuses, NodeName, Statuses};
use crate::{NodeId, NodeInfo, TreeDescription};

/// An indented Unicode tree, one line per node in pre-order (line `i` is node `i`), in the manner
/// of py_trees' display:
///
/// ```text
/// ↻ repeat
/// └─ ⇉ parallel(1)
///    ├─ ? selector
///    │  ├─ → sequence
///    │  │  ├─ FeelHungry
///    │  │  ├─ WalkTo(FOOD)
///    │  │  └─ EatFood
///    │  └─ → sequence
///    │     ├─ FeelThirsty
///    │     ├─ WalkTo(WATER)
///    │     └─ DrinkWater
///    └─ Alive
/// ```
///
/// Composites and decorators start with a glyph for their family (see [`NodeInfo::glyph`]), then show their
/// keyword and arguments; leaves show their label (see [`NodeName`] for how long names are cut).
/// With [`statuses`](Self::statuses) every line gets the node's status in an aligned column
/// (nothing for an idle node); with [`source_lines`](Self::source_lines) the source line of
/// every node. Every line, the last included, ends with `\n`; an empty description renders as
/// nothing.
///
/// To style lines (colours in a terminal), iterate over [`lines`](Self::lines) instead.
#[derive(Clone, Copy, Debug)]
pub struct TextTree<'d, S = NoStatuses> {
    desc: &'d TreeDescription,
    statuses: S,
    max: usize,
    source_lines: bool,
}

impl<'d> TextTree<'d> {
    pub(crate) const fn new(desc: &'d TreeDescription) -> Self {
        TextTree { desc, statuses: NoStatuses, max: NodeName::DEFAULT_MAX, source_lines: false }
    }
}

impl<'d, S> TextTree<'d, S> {
    /// Shows each node's status from `statuses` in a column.
    pub fn statuses<T: Statuses>(self, statuses: T) -> TextTree<'d, T> {
        TextTree { desc: self.desc, statuses, max: self.max, source_lines: self.source_lines }
    }

    /// Cuts node names at `max` characters (default [`NodeName::DEFAULT_MAX`]).
    #[must_use]
    pub const fn max_label(mut self, max: usize) -> Self {
        self.max = max;
        self
    }

    /// Shows (`true`) or hides (`false`, the default) each node's source line, as `line N`.
    #[must_use]
    pub const fn source_lines(mut self, show: bool) -> Self {
        self.source_lines = show;
        self
    }

    /// The lines, without statuses or source lines, one per node in pre-order.
    pub fn lines(&self) -> TextLines<'d> {
        TextLines { desc: self.desc, next: 0, max: self.max }
    }
}

impl<S: Statuses> fmt::Display for TextTree<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let columns = self.statuses.shown() || self.source_lines;
        let column = if columns { self.lines().map(|l| l.width()).max().unwrap_or(0) } else { 0 };
        for line in self.lines() {
            write!(f, "{line}")?;
            if columns {
                let status = self.statuses.status(line.id());
                let mut pad = column - line.width() + 2;
                if self.statuses.shown() {
                    match status {
                        Some(status) => {
                            write!(f, "{:pad$}{status:7}", "")?;
                            pad = 2;
                        }
                        None => pad += 9,
                    }
                }
                if self.source_lines {
                    write!(f, "{:pad$}line {}", "", line.info().line)?;
                }
            }
            f.write_char('\n')?;
        }
        Ok(())
    }
}

/// Iterator over the lines of a [`TextTree`].
#[derive(Clone, Debug)]
pub struct TextLines<'d> {
    desc: &'d TreeDescription,
    next: NodeId,
    max: usize,
}

impl<'d> Iterator for TextLines<'d> {
    type Item = TextLine<'d>;

    fn next(&mut self) -> Option<TextLine<'d>> {
        let id = self.next;
        let info = self.desc.node(id)?;
        self.next += 1;
        Some(TextLine { desc: self.desc, id, info, max: self.max })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.desc.len().saturating_sub(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for TextLines<'_> {}

/// One line of a [`TextTree`]: the tree guides, the node's glyph and its name. Displays without a
/// trailing newline.
#[derive(Clone, Copy, Debug)]
pub struct TextLine<'d> {
    desc: &'d TreeDescription,
    id: NodeId,
    info: NodeInfo,
    max: usize,
}

impl<'d> TextLine<'d> {
    /// The node this line shows.
    pub fn id(&self) -> NodeId {
        self.id
    }

    /// The node's description.
    pub fn info(&self) -> &NodeInfo {
        &self.info
    }

    /// The guides drawn before the node (`│  ├─ `), linking it to its parent.
    pub fn guides(&self) -> Guides<'d> {
        Guides { desc: self.desc, id: self.id }
    }

    /// The glyph of the node's family (see [`NodeInfo::glyph`]).
    pub fn glyph(&self) -> &'static str {
        self.info.glyph()
    }

    /// The node's name.
    pub fn name(&self) -> NodeName<'_> {
        self.info.name().max_chars(self.max)
    }

    /// The line's width in characters (terminal columns, for the characters this crate draws and
    /// labels without wide characters).
    pub fn width(&self) -> usize {
        width(self)
    }
}

impl fmt::Display for TextLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.guides())?;
        let glyph = self.glyph();
        if !glyph.is_empty() {
            write!(f, "{glyph} ")?;
        }
        write!(f, "{}", self.name())
    }
}

/// The guides before a node in a [`TextTree`]: for each ancestor below the root `│  ` (more
/// siblings follow it) or three spaces, then `├─ ` or `└─ ` (the node is its parent's last child).
/// The root has none.
#[derive(Clone, Copy, Debug)]
pub struct Guides<'d> {
    desc: &'d TreeDescription,
    id: NodeId,
}

impl fmt::Display for Guides<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let desc = self.desc;
        let Some(node) = desc.node(self.id) else { return Ok(()) };
        for depth in 1..node.depth {
            let more = desc.ancestor_at(self.id, depth).is_some_and(|a| !desc.is_last_child(a));
            f.write_str(if more { "│  " } else { "   " })?;
        }
        if node.depth > 0 {
            f.write_str(if desc.is_last_child(self.id) { "└─ " } else { "├─ " })?;
        }
        Ok(())
    }
}

impl NodeInfo {
    /// The glyph a [`TextTree`] draws before a node of this kind: `→` sequences (the pipeline
    /// sequence too), `?` selectors, `⇉` parallels, `~` random, `↺` round robin, `⋔` branching
    /// composites (`if_then_else`, `while_do_else`, `switch`, `try_catch`), `↻` repeating nodes (`repeat`,
    /// `retry`, `until_*`, `recovery`), `¬` invert, `⊕` service, `▸` an embedded subtree, `◇`
    /// other decorators (`rate_controller`, …), `◆` other composites, nothing for leaves (the leaf
    /// keywords `sleep`, `always_*` included).
    pub fn glyph(&self) -> &'static str {
        use super::NodeClass::*;
        match (self.class(), self.kind) {
            (Leaf, _) => "",
            (Subtree, _) => "▸",
            (
                _,
                "sequence" | "reactive_sequence" | "mem_sequence" | "async_sequence" | "pipeline_sequence",
            ) => "→",
            (_, "selector" | "fallback" | "reactive_selector" | "reactive_fallback" | "mem_selector") => "?",
            (_, "parallel" | "threshold_parallel" | "parallel_all") => "⇉",
            (_, "random") => "~",
            (_, "round_robin") => "↺",
            (_, "if_then_else" | "while_do_else" | "switch" | "try_catch") => "⋔",
            (
                _,
                "repeat"
                | "retry"
                | "until_failure"
                | "keep_running_until_failure"
                | "until_success"
                | "recovery",
            ) => "↻",
            (_, "invert") => "¬",
            (_, "service") => "⊕",
            (Decorator, _) => "◇",
            (Composite, _) => "◆",
        }
    }
}
