//! A node, its children, and what may follow the whole tree.

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};

use super::cursor::{Cursor, is_group, is_lowercase_word, is_punct, span_open};
use super::{Delim, KeywordNode, Leaf, LeafKind, Node};
use crate::keywords;

impl Cursor<'_, '_> {
    /// After the whole tree: nothing may follow.
    pub(super) fn expect_end(&mut self) {
        let Some(t) = self.peek().cloned() else { return };
        let span = span_open(&t);
        let msg = if is_punct(Some(&t), ',') {
            "unexpected `,` after the tree: `bt!` holds a single tree; to run several nodes, put them in a composite such as `sequence<A, B>`".to_string()
        } else if is_punct(Some(&t), '>') {
            "unexpected `>`: it closes no `<`; remove it".to_string()
        } else {
            format!(
                "unexpected `{}` after the tree: `bt!` holds a single tree; to run several nodes, put them in a composite such as `sequence<A, B>`",
                crate::text::tidy(&TokenStream::from(t.clone()))
            )
        };
        self.error(span, msg);
        self.pos = self.tokens.len();
    }

    /// Parses one node; on a malformed node records an error, skips to the next `,`/`>` and
    /// returns `None`.
    pub(super) fn parse_node(&mut self) -> Option<Node> {
        let Some(t) = self.peek().cloned() else {
            let span = self.tokens.last().map_or_else(Span::call_site, TokenTree::span);
            self.error(span, "expected a node here");
            return None;
        };
        if self.depth > crate::limits::MAX_DEPTH {
            // Checked before reading the node: its own nodes are never reached.
            if self.too_deep.replace(self.too_deep.get() + 1) == 0 {
                self.errors.push(crate::limits::depth_error(span_open(&t)));
            }
            self.skip_node();
            return None;
        }
        match &t {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                self.pos += 1;
                if is_literal(g) {
                    let found = crate::text::tidy(&t.clone().into());
                    self.error(g.span(), literal_message(&found, true));
                    self.skip_to_child_end();
                    return None;
                }
                if let Some(span) = crate::limits::nesting(t.clone().into()) {
                    self.errors.push(crate::limits::nesting_error(span, "leaf"));
                    self.skip_to_child_end();
                    return None;
                }
                let leaf =
                    Leaf { kind: LeafKind::Braced(g.clone()), tokens: t.clone().into(), span: g.span() };
                self.after_leaf(leaf)
            }
            TokenTree::Ident(id) => {
                let next = self.peek_at(1);
                let keyword_position = is_punct(next, '<') || is_group(next, Delimiter::Parenthesis);
                let def = keywords::lookup(&id.to_string());
                if keyword_position && (is_lowercase_word(id) || def.is_some_and(|d| d.is_hidden())) {
                    return self.parse_keyword(id.clone(), def).map(Node::Keyword);
                }
                if let Some(def) = def {
                    if is_group(next, Delimiter::Brace) || is_group(next, Delimiter::Bracket) {
                        let span = span_open(next.unwrap_or(&t));
                        let msg = if def.is_leaf() {
                            format!("`{}` is a leaf and takes no children: write `{}`", id, def.example)
                        } else {
                            format!("`{}` takes its children in `<…>`, as in `{}`", id, def.example)
                        };
                        self.error(span, msg);
                        self.pos += 1;
                        self.skip_to_child_end();
                        return None;
                    }
                    if !is_punct(next, ':') {
                        // A keyword on its own: no children; the validator reports it.
                        self.pos += 1;
                        return Some(Node::Keyword(KeywordNode {
                            name: id.clone(),
                            def: Some(def),
                            user: None,
                            args: None,
                            children: Vec::new(),
                            delim: Delim::None,
                            open: id.span(),
                            broken: false,
                            source: t.clone().into(),
                            cases: Vec::new(),
                        }));
                    }
                }
                self.parse_path_leaf()
            }
            TokenTree::Punct(p) if p.as_char() == ':' => self.parse_path_leaf(),
            TokenTree::Punct(p) if p.as_char() == '|' => {
                self.error(
                    p.span(),
                    "a closure leaf must be wrapped in braces: `{ |ctx: &mut Ctx| … }` (or `{ |ctx: &Ctx| … }` for a condition)",
                );
                self.skip_to_child_end();
                None
            }
            TokenTree::Punct(p) if p.as_char() == '<' => {
                self.error(
                    p.span(),
                    "a node cannot start with `<`: write a keyword before it (`sequence<…>`), or put a qualified path in braces (`{ <T as Trait>::new() }`)",
                );
                self.pos += 1;
                self.skip_generic_args_from_depth(1);
                self.skip_to_child_end();
                None
            }
            TokenTree::Literal(l) => {
                self.error(l.span(), literal_message(&l.to_string(), false));
                self.pos += 1;
                self.skip_to_child_end();
                None
            }
            TokenTree::Punct(p) if p.as_char() == '!' => {
                let negated = self
                    .peek_at(1)
                    .map(|t| crate::text::tidy(&TokenStream::from(t.clone())))
                    .unwrap_or_default();
                self.error(
                    p.span(),
                    format!(
                        "`!` cannot negate a leaf: as a child, write `invert({negated})`; as a condition argument, write a closure that negates it, as in `{{ |ctx: &Ctx| … }}`"
                    ),
                );
                self.skip_to_child_end();
                None
            }
            t => {
                let msg = format!(
                    "expected a node (a keyword such as `sequence<…>`, or a leaf such as `FeelHungry`, `WalkTo::new(3)` or `{{ expression }}`), found `{}`",
                    crate::text::tidy(&TokenStream::from(t.clone()))
                );
                self.error(span_open(t), msg);
                if !self.at_child_end() {
                    self.pos += 1;
                }
                self.skip_to_child_end();
                None
            }
        }
    }

    /// Children up to the closing `>` (`angle` is the `<`'s span) or, inside parentheses
    /// (`angle` is `None`), up to the end of the tokens.
    pub(super) fn parse_children(
        &mut self,
        end_span: Span,
        angle: Option<Span>,
        owner: Option<&Ident>,
    ) -> Vec<Node> {
        let mut semicolons = Vec::new();
        let children = self.parse_children_inner(end_span, angle, owner, &mut semicolons);
        // `;` between children: one mistake, however many times it is written.
        if let [first, rest @ ..] = semicolons.as_slice() {
            let also = match rest.len() {
                0 => String::new(),
                1 => " (and the other `;` in this list)".to_string(),
                n => format!(" (and the other {n} `;` in this list)"),
            };
            self.error(*first, format!("separate children with `,`, not `;`{also}: as in `sequence<A, B>`"));
        }
        children
    }

    fn parse_children_inner(
        &mut self,
        end_span: Span,
        angle: Option<Span>,
        owner: Option<&Ident>,
        semicolons: &mut Vec<Span>,
    ) -> Vec<Node> {
        let mut children = Vec::new();
        loop {
            if angle.is_some() && is_punct(self.peek(), '>') {
                self.pos += 1;
                return children;
            }
            if self.at_end() {
                if let Some(open) = angle {
                    self.unclosed_angle(open, owner, &mut children);
                }
                return children;
            }
            if is_punct(self.peek(), ',') {
                let span = self.peek().map_or(end_span, TokenTree::span);
                self.error(
                    span,
                    "expected a child before this `,` (two commas in a row, or a leading comma)",
                );
                self.pos += 1;
                continue;
            }
            if angle.is_none() && is_punct(self.peek(), '>') {
                let span = self.peek().map_or(end_span, TokenTree::span);
                self.error(span, "unexpected `>`: it closes no `<`");
                self.pos += 1;
                continue;
            }
            if let Some(child) = self.parse_node() {
                children.push(child);
            }
            if is_punct(self.peek(), ',') {
                self.pos += 1;
            } else if is_punct(self.peek(), ';') {
                semicolons.extend(self.peek().map(TokenTree::span));
                self.pos += 1;
            } else if !(self.at_end() || angle.is_some() && is_punct(self.peek(), '>')) {
                let t = self.peek().cloned();
                let span = t.as_ref().map_or(end_span, span_open);
                let found = t.map(|t| crate::text::tidy(&TokenStream::from(t))).unwrap_or_default();
                let close = if angle.is_some() { "`,` or `>`" } else { "`,` or `)`" };
                self.error(
                    span,
                    format!(
                        "expected {close} after this child, found `{found}`: separate children with commas"
                    ),
                );
                self.skip_to_child_end();
            }
        }
    }
}

/// The start of the error for a literal written as a node (merged by [`merge_literals`]).
const LITERAL: &str = "a literal cannot be a node";

fn literal_message(found: &str, braced: bool) -> String {
    let braces = if braced { " (braces around a literal do not make it a leaf)" } else { "" };
    format!(
        "{LITERAL}{braces}: a leaf is an action or condition such as `FeelHungry`, `WalkTo::new(3)` or `{{ expression }}`; arguments go in the keyword's parentheses, as in `repeat(3)<A>` (found `{found}`)"
    )
}

/// Whether a brace group holds a single literal, possibly negative: `{ 42 }`, `{ "walk" }`.
fn is_literal(g: &Group) -> bool {
    let tokens: Vec<TokenTree> = g.stream().into_iter().collect();
    match tokens.as_slice() {
        [TokenTree::Literal(_)] => true,
        [TokenTree::Punct(p), TokenTree::Literal(_)] => p.as_char() == '-',
        _ => false,
    }
}

/// One mistake, one error: literals written as nodes in several places of a tree are reported
/// once, on the first, listing the others.
pub(super) fn merge_literals(errors: &mut Vec<syn::Error>) {
    let places: Vec<usize> =
        (0..errors.len()).filter(|&i| errors[i].to_string().starts_with(LITERAL)).collect();
    let [first, rest @ ..] = places.as_slice() else { return };
    if rest.is_empty() {
        return;
    }
    let found = |e: &syn::Error| {
        let text = e.to_string();
        let found =
            text.rsplit_once("(found ").map_or(String::new(), |(_, f)| f.trim_end_matches(')').to_string());
        let (line, column) = crate::text::line_column(e.span());
        (found, line, column)
    };
    let (first_found, ..) = found(&errors[*first]);
    let others = rest
        .iter()
        .map(|&i| {
            let (f, line, column) = found(&errors[i]);
            if line == 0 { f } else { format!("{f} on line {line}, column {column}") }
        })
        .collect::<Vec<_>>()
        .join(", ");
    let span = errors[*first].span();
    let msg = format!(
        "{LITERAL}: a leaf is an action or condition such as `FeelHungry`, `WalkTo::new(3)` or `{{ expression }}`; arguments go in the keyword's parentheses, as in `repeat(3)<A>` (found {first_found}, and also {others})"
    );
    errors[*first] = syn::Error::new(span, msg);
    for &i in rest.iter().rev() {
        errors.remove(i);
    }
}
