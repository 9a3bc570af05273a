//! The cases of a `switch`: `PATTERN => NODE`.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};

use super::cursor::{Cursor, is_arrow, is_punct, span_open};
use super::{Case, KeywordNode, first_span};

impl Cursor<'_, '_> {
    /// The cases of a `switch`, `PATTERN => NODE` separated by commas, up to the closing `>` (the
    /// `<` is `open`). A case's pattern is every token before its `=>`: `>` and `<` may appear in
    /// it (`x if x > 2`), and a `,` before any `=>` means the `=>` is missing.
    pub(super) fn parse_cases(&mut self, open: Span, node: &mut KeywordNode) {
        const HOW: &str = "each case of `switch` is written `PATTERN => NODE`, as in `Mode::Dock => Dock`";
        loop {
            if is_punct(self.peek(), '>') {
                self.pos += 1;
                return;
            }
            if self.at_end() {
                self.error(
                    open,
                    "this `<` is never closed: add `>` after the last case (a `switch` is written `switch(selector)<PATTERN => NODE, …>`)",
                );
                return;
            }
            if is_punct(self.peek(), ',') {
                let span = self.peek().map_or(open, TokenTree::span);
                self.error(span, "expected a case before this `,` (two commas in a row, or a leading comma)");
                self.pos += 1;
                continue;
            }
            let start = self.pos;
            let arrow = (start..self.tokens.len())
                .find(|&i| is_arrow(self.tokens, i) || is_punct(self.tokens.get(i), ','))
                .filter(|&i| is_arrow(self.tokens, i));
            let Some(arrow) = arrow else {
                self.skip_to_child_end();
                let written = crate::text::tidy(&self.tokens[start..self.pos].iter().cloned().collect());
                let span = self.tokens.get(start).map_or(open, span_open);
                self.error(span, format!("expected `=>` after the pattern `{written}`: {HOW}"));
                if is_punct(self.peek(), ',') {
                    self.pos += 1;
                }
                continue;
            };
            let pattern: TokenStream = self.tokens[start..arrow].iter().cloned().collect();
            let arrow_span = self.tokens.get(arrow).map_or(open, TokenTree::span);
            self.pos = arrow + 2;
            let default = if pattern.is_empty() {
                self.error(arrow_span, format!("expected a pattern before `=>`: {HOW}"));
                None
            } else {
                self.check_pattern(&pattern)
            };
            let text = crate::text::tidy(&pattern);
            if self.at_child_end() {
                self.error(
                    arrow_span,
                    format!(
                        "the case `{text}` has no node after `=>`: write the node to run when it matches, as in `{text} => Dock`"
                    ),
                );
            } else {
                let child = self.parse_node();
                let end = self.tokens.get(self.pos.saturating_sub(1)).map_or(arrow_span, TokenTree::span);
                if let (Some(child), Some(default)) = (child, default) {
                    node.cases.push(Case { span: first_span(&pattern), pattern, default, end });
                    node.children.push(child);
                }
            }
            if is_punct(self.peek(), ',') {
                self.pos += 1;
            } else if !(self.at_end() || is_punct(self.peek(), '>')) {
                let t = self.peek().cloned();
                let span = t.as_ref().map_or(open, span_open);
                let found = t.map(|t| crate::text::tidy(&TokenStream::from(t))).unwrap_or_default();
                self.error(
                    span,
                    format!(
                        "expected `,` or `>` after this case, found `{found}`: separate cases with commas"
                    ),
                );
                self.skip_to_child_end();
            }
        }
    }

    /// Checks that the tokens before a case's `=>` are a pattern, optionally with an `if` guard;
    /// returns whether it is the default `_` (`None` after an error).
    pub(super) fn check_pattern(&mut self, pattern: &TokenStream) -> Option<bool> {
        if let Some(span) = crate::limits::nesting(pattern.clone()) {
            self.errors.push(crate::limits::nesting_error(span, "pattern"));
            return None;
        }
        let parsed = (|input: ParseStream| {
            let pat = syn::Pat::parse_multi_with_leading_vert(input)?;
            let guarded = input.peek(syn::Token![if]);
            if guarded {
                input.parse::<syn::Token![if]>()?;
                input.parse::<syn::Expr>()?;
            }
            if !input.is_empty() {
                return Err(input.error("expected `=>` after the pattern"));
            }
            Ok(matches!(pat, syn::Pat::Wild(_)) && !guarded)
        })
        .parse2(pattern.clone());
        match parsed {
            Ok(default) => Some(default),
            Err(e) => {
                self.error(
                    e.span(),
                    format!(
                        "`{}` is not a pattern ({e}): a case of `switch` is a Rust pattern, as in a `match` arm (`Mode::Dock`, `1 | 2`, `Some(_)`, `x if x > 2`, `_`)",
                        crate::text::tidy(pattern)
                    ),
                );
                None
            }
        }
    }
}
