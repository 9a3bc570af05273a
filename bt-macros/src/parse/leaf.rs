//! Leaves: a path, a call, a struct literal, or an expression in braces.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};

use super::cursor::{Cursor, is_group, is_punct, span_open, starts_lowercase_ident};
use super::{Leaf, LeafKind, Node, Path, Segment};

impl Cursor<'_, '_> {
    /// `path`, `path(args)` or `path { fields }`; or, followed by `<`, a node kind of the user's:
    /// `Path<…>` or `Path(args)<…>`.
    pub(super) fn parse_path_leaf(&mut self) -> Option<Node> {
        let start = self.pos;
        let path = self.parse_path()?;
        let user_node = is_punct(self.peek(), '<')
            || is_group(self.peek(), Delimiter::Parenthesis) && is_punct(self.peek_at(1), '<');
        // `Gate(3)(A)`: a node kind's child in a second pair of parentheses.
        if let (Some(TokenTree::Group(args)), Some(TokenTree::Group(child))) = (self.peek(), self.peek_at(1))
            && args.delimiter() == Delimiter::Parenthesis
            && child.delimiter() == Delimiter::Parenthesis
            && path.segments.last().is_some_and(|s| !starts_lowercase_ident(&s.ident))
        {
            let path_text = crate::text::tidy(&self.tokens[start..self.pos].iter().cloned().collect());
            let (args, inner) = (crate::text::tidy(&args.stream()), crate::text::tidy(&child.stream()));
            let span = child.span_open();
            self.error(
                span,
                format!(
                    "a node kind takes its children in `<…>` after its arguments: write `{path_text}({args})<{inner}>` (a leaf is written alone)"
                ),
            );
            self.pos += 2;
            self.skip_to_child_end();
            return None;
        }
        if user_node {
            return self.parse_user_node(start, path);
        }
        let kind = match self.peek() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                self.pos += 1;
                LeafKind::Call(path)
            }
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                self.pos += 1;
                LeafKind::Struct(path)
            }
            _ => LeafKind::Path(path),
        };
        let tokens: TokenStream = self.tokens[start..self.pos].iter().cloned().collect();
        if let Some(span) = crate::limits::nesting(tokens.clone()) {
            self.errors.push(crate::limits::nesting_error(span, "leaf"));
            self.skip_to_child_end();
            return None;
        }
        let span = self.tokens.get(start).map_or_else(Span::call_site, span_open);
        self.after_leaf(Leaf { kind, tokens, span })
    }

    /// Checks that a leaf is not the start of a larger expression (`a.b()`, `x + 1`, `v[0]`):
    /// those belong in braces. Other tokens after a leaf (a missing comma, trailing tokens) are
    /// reported by the caller, which knows where the leaf stands.
    pub(super) fn after_leaf(&mut self, leaf: Leaf) -> Option<Node> {
        // The leaf's own syntax: call arguments, struct fields, the code in braces.
        let syntax = match &leaf.kind {
            LeafKind::Braced(g) => {
                (|input: ParseStream| syn::Block::parse_within(input).map(drop)).parse2(g.stream())
            }
            _ => syn::parse2::<syn::Expr>(leaf.tokens.clone()).map(drop),
        };
        if let Err(e) = syntax {
            self.error(e.span(), format!("{e} (in the leaf `{}`)", crate::text::tidy(&leaf.tokens)));
        }
        let expression = match self.peek() {
            Some(TokenTree::Punct(p)) => !matches!(p.as_char(), ',' | ';' | '>' | '|' | '#'),
            Some(TokenTree::Group(g)) => g.delimiter() != Delimiter::Brace,
            _ => false,
        };
        if expression {
            let t = self.peek().cloned();
            let found =
                t.as_ref().map(|t| crate::text::tidy(&TokenStream::from(t.clone()))).unwrap_or_default();
            let span = t.as_ref().map_or(leaf.span, span_open);
            self.error(
                span,
                format!(
                    "unexpected `{found}` after the leaf `{}`: a leaf is a path, a call `T::new(…)` or a struct literal `T {{ … }}`; put any other expression in braces: `{{ {} … }}`",
                    crate::text::tidy(&leaf.tokens),
                    crate::text::tidy(&leaf.tokens)
                ),
            );
            self.skip_to_child_end();
        }
        Some(Node::Leaf(leaf))
    }

    pub(super) fn parse_path(&mut self) -> Option<Path> {
        let mut leading_colon = false;
        if self.at_path_sep() {
            leading_colon = true;
            self.pos += 2;
        }
        let mut segments = Vec::new();
        loop {
            match self.peek().cloned() {
                Some(TokenTree::Ident(ident)) => {
                    self.pos += 1;
                    let mut generics = TokenStream::new();
                    if self.at_path_sep() && is_punct(self.peek_at(2), '<') {
                        let from = self.pos;
                        let open =
                            self.tokens.get(self.pos + 2).map_or_else(Span::call_site, TokenTree::span);
                        self.pos += 3;
                        if !self.skip_generic_args_from_depth(1) {
                            self.error(open, "this `<` of a turbofish is never closed: add `>`");
                            return None;
                        }
                        generics = self.tokens[from..self.pos].iter().cloned().collect();
                    }
                    segments.push(Segment { ident, generics });
                    if self.at_path_sep() && matches!(self.peek_at(2), Some(TokenTree::Ident(_))) {
                        self.pos += 2;
                        continue;
                    }
                    if self.at_path_sep() {
                        let span = self.tokens.get(self.pos).map_or_else(Span::call_site, TokenTree::span);
                        self.error(span, "expected a name after `::`");
                        self.skip_to_child_end();
                        return None;
                    }
                    return Some(Path { leading_colon, segments });
                }
                other => {
                    let span = other.as_ref().map_or_else(Span::call_site, span_open);
                    self.error(span, "expected a name in this path");
                    self.skip_to_child_end();
                    return None;
                }
            }
        }
    }
}
