//! Recovery that reads the layout: which `<` was really left open.
//!
//! When the tokens end inside `<…>`, some `>` is missing, but the parse cannot tell which: the
//! inner node took the next `>` as its own, and the nodes after its real last child became its
//! children. Adding `>` at the end would compile into a different tree. The line breaks and the
//! indentation tell what was meant: a child written on a later line than its node's name, at or
//! left of the name's column, is where a sibling of the node is written, not a child of it; the
//! `<` of that node is the one left open, and its children end just before that child.

use proc_macro2::{Ident, Span};

use super::cursor::Cursor;
use super::{Delim, Node};

/// A node whose children end, by the layout, before one of them.
struct Misplaced {
    /// The node's `<`.
    open: Span,
    /// The node's name.
    name: String,
    /// The last child that belongs to it.
    last: String,
    /// The first child that does not, and its line.
    stray: String,
    line: usize,
}

impl Cursor<'_, '_> {
    /// The tokens ended inside the `<` at `open` (of the node `owner`, whose children so far are
    /// `children`): reports the `<` really left open, once.
    pub(super) fn unclosed_angle(&mut self, open: Span, owner: Option<&Ident>, children: &mut [Node]) {
        if self.unclosed {
            return;
        }
        self.unclosed = true;
        let found =
            owner.and_then(|o| misplaced(o.span(), o.to_string(), open, children)).or_else(|| find(children));
        match found {
            Some(m) => self.error(
                m.open,
                format!(
                    "this `<` is never closed: by the layout, the children of `{}` end at `{}` (`{}`, on line {}, is indented as a sibling of `{}`, not as its child): add `>` after `{}`",
                    m.name, m.last, m.stray, m.line, m.name, m.last
                ),
            ),
            None => self.error(
                open,
                "this `<` is never closed: add `>` after the last child (a node's children are written `keyword<A, B>`)",
            ),
        }
    }
}

fn line_column(span: Span) -> (usize, usize) {
    let start = span.start();
    (start.line, start.column)
}

/// The first node, in pre-order, whose children end before the last one by the layout; it and
/// every node above it are marked broken (their children as parsed are not what was meant).
fn find(children: &mut [Node]) -> Option<Misplaced> {
    for child in children {
        let Node::Keyword(k) = child else { continue };
        if k.delim != Delim::Angle {
            continue;
        }
        let found = misplaced(k.name.span(), k.name.to_string(), k.open, &k.children)
            .or_else(|| find(&mut k.children));
        if found.is_some() {
            k.broken = true;
            return found;
        }
    }
    None
}

/// Whether a child after the first is written on a later line than the node's name, at or left
/// of the name's column.
fn misplaced(name: Span, text: String, open: Span, children: &[Node]) -> Option<Misplaced> {
    let (line, column) = line_column(name);
    if line == 0 {
        return None;
    }
    let i = (1..children.len()).find(|&i| {
        let (l, c) = line_column(children[i].span());
        l > line && c <= column
    })?;
    Some(Misplaced {
        open,
        name: text,
        last: short(&children[i - 1]),
        stray: short(&children[i]),
        line: line_column(children[i].span()).0,
    })
}

/// A node as text, for a message: a leaf as written, a keyword node as `name<…>`.
fn short(node: &Node) -> String {
    match node {
        Node::Leaf(l) => crate::text::tidy(&l.tokens),
        Node::Keyword(k) => match k.delim {
            Delim::Angle => format!("{}<…>", k.name),
            Delim::Paren => format!("{}(…)", k.name),
            Delim::None => k.name.to_string(),
        },
    }
}
