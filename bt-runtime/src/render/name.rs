//! A node's display name ([`NodeName`]), as every rendering shows it.

use core::fmt::{self, Write};

use super::LEAVES;
use super::write::{Collapse, Truncate};
use crate::NodeInfo;

impl NodeInfo {
    /// The node's name as every rendering shows it (see [`NodeName`]).
    pub const fn name(&self) -> NodeName<'_> {
        NodeName { info: self, max: NodeName::DEFAULT_MAX }
    }
}

/// A node's display name: a leaf's label (its source text), a keyword's name followed by its
/// arguments in parentheses (`parallel(1)`, `timeout(2s)`, `precondition(FeelHungry)`, and the
/// leaf keywords `sleep(500ms)`, `always_success`), or for an opaque subtree its keyword around
/// its label (`boxed(sequence<A, B>)`).
///
/// Whitespace runs are collapsed into single spaces (a multi-line closure becomes one line), and a
/// name longer than [`max_chars`](Self::max_chars) characters (default
/// [`DEFAULT_MAX`](Self::DEFAULT_MAX)) is cut, its last shown character replaced by `…`.
#[derive(Clone, Copy, Debug)]
pub struct NodeName<'a> {
    info: &'a NodeInfo,
    max: usize,
}

impl NodeName<'_> {
    /// The default maximum length of a name, in characters.
    pub const DEFAULT_MAX: usize = 40;

    /// Shows at most `max` characters (`usize::MAX` for no limit).
    #[must_use]
    pub const fn max_chars(mut self, max: usize) -> Self {
        self.max = max;
        self
    }

    /// Writes the name to any [`fmt::Write`] (the renderings use this to escape it on the way).
    pub fn write_to<W: Write>(&self, out: W) -> fmt::Result {
        let info = self.info;
        let mut w = Collapse::new(Truncate::new(out, self.max));
        let label = if info.label.is_empty() { info.kind } else { info.label };
        let keyword_leaf = LEAVES.contains(&info.kind);
        if info.kind != "leaf" && info.is_leaf() && !keyword_leaf {
            // An opaque subtree such as `boxed(…)`: the keyword around what it holds.
            write!(w, "{}({label})", info.kind)?;
        } else {
            w.write_str(label)?;
            if !info.args.trim().is_empty() && (keyword_leaf || !info.is_leaf()) {
                write!(w, "({})", info.args)?;
            }
        }
        w.inner.finish()
    }
}

impl fmt::Display for NodeName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}
