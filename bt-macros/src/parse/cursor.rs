//! Token predicates and the cursor the parser moves over one level of token trees.

use std::cell::Cell;

use proc_macro2::{Delimiter, Ident, Span, TokenTree};

use crate::keywords;

/// Span of a token; for a group, of its opening delimiter.
pub(super) fn span_open(t: &TokenTree) -> Span {
    match t {
        TokenTree::Group(g) => g.span_open(),
        t => t.span(),
    }
}

pub(super) fn is_punct(t: Option<&TokenTree>, c: char) -> bool {
    matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

pub(super) fn is_group(t: Option<&TokenTree>, d: Delimiter) -> bool {
    matches!(t, Some(TokenTree::Group(g)) if g.delimiter() == d)
}

/// Whether `tokens[i]` and `tokens[i + 1]` are `=>` (`=` joined to `>`).
pub(super) fn is_arrow(tokens: &[TokenTree], i: usize) -> bool {
    matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == '=' && p.spacing() == proc_macro2::Spacing::Joint)
        && is_punct(tokens.get(i + 1), '>')
}

/// Whether `tokens[i]` is `switch` (or a word meant as `switch`) in a keyword position.
pub(super) fn is_switch_keyword(tokens: &[TokenTree], i: usize) -> bool {
    matches!(tokens.get(i), Some(TokenTree::Ident(id)) if is_lowercase_word(id) && means_switch(id))
        && (is_group(tokens.get(i + 1), Delimiter::Parenthesis) || is_punct(tokens.get(i + 1), '<'))
}

/// Whether the word is `switch`, or an unknown word for which `switch` is suggested: its `<…>`
/// holds cases, and is parsed so (one error, for the word).
pub(super) fn means_switch(id: &Ident) -> bool {
    let word = id.to_string();
    word == "switch" || keywords::lookup(&word).is_none() && keywords::suggest(&word) == Some("switch")
}

/// Whether the tokens from `i` on start with `name =` (a named argument; not `==` or `=>`).
pub(super) fn is_named_arg(tokens: &[TokenTree], i: usize) -> bool {
    matches!(tokens.get(i), Some(TokenTree::Ident(_)))
        && matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '='
            && !(p.spacing() == proc_macro2::Spacing::Joint
                && (is_punct(tokens.get(i + 2), '=') || is_punct(tokens.get(i + 2), '>'))))
}

pub(super) fn is_ident(t: Option<&TokenTree>, name: &str) -> bool {
    matches!(t, Some(TokenTree::Ident(i)) if i == name)
}

/// Rust's primitive types: a node kind's children are never these, a leaf's generic arguments
/// may be.
pub(super) const PRIMITIVES: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32", "f64",
    "bool", "char", "str",
];

/// Whether an identifier starts with a lowercase letter or `_` (a value or module, not a type).
pub(super) fn starts_lowercase_ident(i: &Ident) -> bool {
    let s = i.to_string();
    let s = s.strip_prefix("r#").unwrap_or(&s);
    s.chars().next().is_some_and(|c| c.is_lowercase() || c == '_')
}

/// A word that is a keyword position when followed by `<` or `(`: starts with a lowercase letter.
pub(super) fn is_lowercase_word(i: &Ident) -> bool {
    let s = i.to_string();
    let s = s.strip_prefix("r#").unwrap_or(&s);
    s.chars().next().is_some_and(|c| c.is_ascii_lowercase())
}

/// A cursor over one level of token trees.
pub(super) struct Cursor<'a, 'e> {
    pub(super) tokens: &'a [TokenTree],
    pub(super) pos: usize,
    pub(super) errors: &'e mut Vec<syn::Error>,
    /// A `<` left open was reported: the enclosing ones, also unclosed at the end of the tokens,
    /// are not (the layout that told which `<` it was is the only reliable guide).
    pub(super) unclosed: bool,
    /// The depth of the nodes read now: 1 for the root.
    pub(super) depth: usize,
    /// Nodes skipped for being deeper than the limit (reported once, for the first).
    pub(super) too_deep: &'e Cell<usize>,
}

impl<'a, 'e> Cursor<'a, 'e> {
    /// A cursor over a whole tree's tokens.
    pub(super) fn new(
        tokens: &'a [TokenTree],
        errors: &'e mut Vec<syn::Error>,
        too_deep: &'e Cell<usize>,
    ) -> Self {
        Cursor { tokens, pos: 0, errors, unclosed: false, depth: 1, too_deep }
    }

    /// A cursor over the tokens of a group, whose nodes are `deeper` levels below the ones read
    /// now.
    pub(super) fn nested<'b>(&'b mut self, tokens: &'b [TokenTree], deeper: usize) -> Cursor<'b, 'b> {
        Cursor {
            tokens,
            pos: 0,
            errors: &mut *self.errors,
            unclosed: false,
            depth: self.depth + deeper,
            too_deep: self.too_deep,
        }
    }
}

impl Cursor<'_, '_> {
    pub(super) fn peek(&self) -> Option<&TokenTree> {
        self.tokens.get(self.pos)
    }

    pub(super) fn peek_at(&self, n: usize) -> Option<&TokenTree> {
        self.tokens.get(self.pos + n)
    }

    pub(super) fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    pub(super) fn error(&mut self, span: Span, msg: impl std::fmt::Display) {
        self.errors.push(syn::Error::new(span, msg));
    }

    /// At `,` or `>` (the end of a child) or at the end of the tokens.
    pub(super) fn at_child_end(&self) -> bool {
        self.at_end() || is_punct(self.peek(), ',') || is_punct(self.peek(), '>')
    }

    /// Skips to the next `,`, `>` or the end.
    pub(super) fn skip_to_child_end(&mut self) {
        while !self.at_child_end() {
            self.pos += 1;
        }
    }

    /// Skips the rest of a node, up to the `,` or `>` after it (its own `<…>` skipped whole).
    pub(super) fn skip_node(&mut self) {
        let mut depth = 0usize;
        let mut arrow = false;
        while let Some(t) = self.peek() {
            if is_punct(Some(t), '<') {
                depth += 1;
            } else if is_punct(Some(t), '>') && !arrow {
                if depth == 0 {
                    return;
                }
                depth -= 1;
            } else if is_punct(Some(t), ',') && depth == 0 {
                return;
            }
            arrow = matches!(t, TokenTree::Punct(p) if matches!(p.as_char(), '-' | '=') && p.spacing() == proc_macro2::Spacing::Joint);
            self.pos += 1;
        }
    }

    /// Skips a `<…>` whose `<` is the current token, counting nesting (`->` is not a closer).
    pub(super) fn skip_generic_args(&mut self) {
        if is_punct(self.peek(), '<') {
            self.pos += 1;
            self.skip_generic_args_from_depth(1);
        }
    }

    /// Consumes tokens until `depth` unmatched `<` are closed; returns whether they were (`->`
    /// and `=>` are not closers).
    pub(super) fn skip_generic_args_from_depth(&mut self, mut depth: usize) -> bool {
        let mut prev_minus = false;
        while let Some(t) = self.peek() {
            let is_minus = matches!(t, TokenTree::Punct(p) if matches!(p.as_char(), '-' | '=') && p.spacing() == proc_macro2::Spacing::Joint);
            if is_punct(Some(t), '<') {
                depth += 1;
            } else if is_punct(Some(t), '>') && !prev_minus {
                depth -= 1;
                if depth == 0 {
                    self.pos += 1;
                    return true;
                }
            }
            prev_minus = is_minus;
            self.pos += 1;
        }
        false
    }

    pub(super) fn at_path_sep(&self) -> bool {
        matches!(self.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == proc_macro2::Spacing::Joint)
            && is_punct(self.peek_at(1), ':')
    }
}
