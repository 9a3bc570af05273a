//! Keyword nodes: `name`, `name(args)<…>`, `name<…>` or `name(child)`.

use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};

use super::args::looks_like_args;
use super::cursor::{Cursor, is_punct, means_switch};
use super::hints::looks_like_node;
use super::{Delim, KeywordNode};
use crate::keywords::Keyword;

impl Cursor<'_, '_> {
    /// `name`, `name(args)<…>`, `name<…>` or `name(child)`.
    pub(super) fn parse_keyword(
        &mut self,
        name: Ident,
        def: Option<&'static Keyword>,
    ) -> Option<KeywordNode> {
        let start = self.pos;
        let mut node = self.parse_keyword_inner(name, def)?;
        node.source = self.tokens[start..self.pos.min(self.tokens.len())].iter().cloned().collect();
        Some(node)
    }

    pub(super) fn parse_keyword_inner(
        &mut self,
        name: Ident,
        def: Option<&'static Keyword>,
    ) -> Option<KeywordNode> {
        self.pos += 1;
        let mut node = KeywordNode {
            name: name.clone(),
            def,
            user: None,
            args: None,
            children: Vec::new(),
            delim: Delim::None,
            open: name.span(),
            broken: false,
            source: TokenStream::new(),
            cases: Vec::new(),
        };
        if let Some(TokenTree::Group(g)) = self.peek().cloned() {
            self.pos += 1;
            let followed_by_angle = is_punct(self.peek(), '<');
            let args_like = followed_by_angle || looks_like_args(&g, def);
            if args_like {
                node.args = Some(self.parse_args(&g, def));
                // `retry(3)(A)`: the child in a second pair of parentheses.
                if let Some(TokenTree::Group(child)) = self.peek().cloned()
                    && child.delimiter() == Delimiter::Parenthesis
                {
                    let args = crate::text::tidy(&g.stream());
                    let inner = crate::text::tidy(&child.stream());
                    self.error(
                        child.span_open(),
                        format!(
                            "`{name}({args})` takes its child in `<…>` after the arguments: write `{name}({args})<{inner}>`"
                        ),
                    );
                    self.pos += 1;
                    node.broken = true;
                    return Some(node);
                }
            } else {
                node.delim = Delim::Paren;
                node.open = g.span();
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                let skipped = self.too_deep.get();
                let mut sub = self.nested(&inner, 1);
                node.children = sub.parse_children(g.span_close(), None, None);
                // A child too deep was skipped: the node is not checked further.
                node.broken |= self.too_deep.get() > skipped && node.children.is_empty();
            }
        }
        if is_punct(self.peek(), '<') {
            if node.delim == Delim::Paren {
                // `repeat(child)<…>`: the parentheses were taken as a child already.
                let span = self.peek().map_or_else(Span::call_site, TokenTree::span);
                self.error(
                    span,
                    format!(
                        "`{name}(…)` already holds its child in parentheses; write either `{name}(A)` or `{name}<A>`"
                    ),
                );
                node.broken = true;
                self.pos += 1;
                self.skip_generic_args_from_depth(1);
                return Some(node);
            }
            let open = self.peek().map_or_else(Span::call_site, TokenTree::span);
            let from = self.pos;
            self.pos += 1;
            node.delim = Delim::Angle;
            node.open = open;
            let before = self.errors.len();
            let skipped = self.too_deep.get();
            if node.args.is_none() && self.count_as_child(&name, def) {
                node.args = Some(self.missing_args());
            }
            self.depth += 1;
            if means_switch(&name) {
                self.parse_cases(open, &mut node);
            } else {
                node.children = self.parse_children(open, Some(open), Some(&name));
            }
            self.depth -= 1;
            node.broken |= (self.errors.len() > before || self.too_deep.get() > skipped)
                && (node.children.is_empty() || self.unclosed);
            // `repeat<A>(3)`: the arguments after the children.
            if let Some(TokenTree::Group(g)) = self.peek().cloned()
                && g.delimiter() == Delimiter::Parenthesis
                && node.args.is_none()
                && def.is_some_and(|d| !d.params.is_empty())
            {
                let args = crate::text::tidy(&g.stream());
                let children = crate::text::tidy(&self.tokens[from..self.pos].iter().cloned().collect());
                self.pos += 1;
                self.error(
                    g.span_open(),
                    format!(
                        "the arguments of `{name}` go before its children: write `{name}({args}){children}`"
                    ),
                );
                node.args = Some(self.parse_args(&g, def));
                node.broken = true;
            }
        } else if let Some(d) = def
            && !d.is_leaf()
            && node.delim == Delim::None
            && let Some(list) = &mut node.args
            && list.args.len() > d.params.len()
            && list.args[d.params.len()..].iter().all(|a| a.name.is_none() && looks_like_node(a))
        {
            // `delay(500ms, A)`: the child among the arguments.
            let args = list.args[..d.params.len()]
                .iter()
                .map(|a| crate::text::tidy(&a.tokens()))
                .collect::<Vec<_>>()
                .join(", ");
            let child = list.args[d.params.len()..]
                .iter()
                .map(|a| crate::text::tidy(&a.tokens()))
                .collect::<Vec<_>>()
                .join(", ");
            let span = list.args[d.params.len()].span();
            list.args.truncate(d.params.len());
            self.error(
                span,
                format!("`{name}` takes its child in `<…>` after the arguments, not among them: write `{name}({args})<{child}>`"),
            );
            node.broken = true;
        }
        Some(node)
    }
}
