//! Source text and positions of tokens, for the static description.
//!
//! Labels are rebuilt from tokens: where the compiler (or `proc_macro2`'s fallback) knows token
//! positions, a space is written exactly where the source had whitespace (line breaks become one
//! space); where it does not, a small set of spacing rules keeps words apart.

use proc_macro2::{Delimiter, LineColumn, Span, TokenStream, TokenTree};

/// 1-based line and column of the start of `span`; `(0, 0)` when unknown.
pub(crate) fn line_column(span: Span) -> (u32, u32) {
    let start = span.start();
    if start.line == 0 {
        return (0, 0);
    }
    let line = u32::try_from(start.line).unwrap_or(u32::MAX);
    let column = u32::try_from(start.column.saturating_add(1)).unwrap_or(u32::MAX);
    (line, column)
}

/// The tokens as source text, tidily spaced.
pub(crate) fn tidy(tokens: &TokenStream) -> String {
    let mut w = Writer { out: String::new(), prev_end: None, prev: Prev::Start, depth: 0 };
    w.stream(tokens);
    w.out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Prev {
    Start,
    /// An identifier or literal.
    Word,
    /// A punctuation character.
    Punct(char),
    /// An opening delimiter.
    Open(Delimiter),
    /// A closing delimiter.
    Close(Delimiter),
}

struct Writer {
    out: String,
    prev_end: Option<LineColumn>,
    prev: Prev,
    /// Groups open around the token written now.
    depth: usize,
}

/// Deepest group written out; deeper ones are written `…` (only input refused for its depth has
/// them: a leaf nests at most `limits::MAX_NESTING` levels, in at most `limits::MAX_DEPTH` nodes).
const MAX_GROUPS: usize = 2 * crate::limits::MAX_NESTING + crate::limits::MAX_DEPTH;

/// Positions are usable: the token is not at the dummy position and follows the previous one.
fn known(end: Option<LineColumn>, start: LineColumn) -> Option<LineColumn> {
    let end = end?;
    (start.line != 0 && end.line != 0 && (start.line, start.column) >= (end.line, end.column)).then_some(end)
}

impl Writer {
    fn stream(&mut self, tokens: &TokenStream) {
        for t in tokens.clone() {
            match t {
                TokenTree::Group(g) => {
                    let (open, close) = match g.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::None => ("", ""),
                    };
                    let this = Prev::Open(g.delimiter());
                    self.space(g.span_open().start(), this);
                    self.out.push_str(open);
                    self.prev = this;
                    self.prev_end = Some(g.span_open().end());
                    if self.depth < MAX_GROUPS {
                        self.depth += 1;
                        self.stream(&g.stream());
                        self.depth -= 1;
                    } else {
                        self.out.push('…');
                    }
                    let this = Prev::Close(g.delimiter());
                    self.space(g.span_close().start(), this);
                    self.out.push_str(close);
                    self.prev = this;
                    self.prev_end = Some(g.span_close().end());
                }
                TokenTree::Punct(p) => {
                    let this = Prev::Punct(p.as_char());
                    self.space(p.span().start(), this);
                    self.out.push(p.as_char());
                    self.prev =
                        if p.spacing() == proc_macro2::Spacing::Joint { Prev::Punct('\0') } else { this };
                    self.prev_end = Some(p.span().end());
                }
                TokenTree::Ident(i) => {
                    self.space(i.span().start(), Prev::Word);
                    self.out.push_str(&i.to_string());
                    self.prev = Prev::Word;
                    self.prev_end = Some(i.span().end());
                }
                TokenTree::Literal(l) => {
                    self.space(l.span().start(), Prev::Word);
                    self.out.push_str(&l.to_string());
                    self.prev = Prev::Word;
                    self.prev_end = Some(l.span().end());
                }
            }
        }
    }

    /// Writes a space before the next token if the source had one there.
    fn space(&mut self, start: LineColumn, this: Prev) {
        let wanted = match known(self.prev_end, start) {
            // A line break: one space, except just inside parentheses and brackets.
            Some(end) if end.line != start.line => !matches!(
                (self.prev, this),
                (Prev::Open(Delimiter::Parenthesis | Delimiter::Bracket), _)
                    | (_, Prev::Close(Delimiter::Parenthesis | Delimiter::Bracket))
            ),
            // Words never touch, whatever the positions say.
            Some(end) => end.column < start.column || self.prev == Prev::Word && this == Prev::Word,
            None => self.rule(this),
        };
        if wanted && self.prev != Prev::Start && !self.out.ends_with(' ') {
            self.out.push(' ');
        }
    }

    /// Spacing rules for tokens without positions.
    fn rule(&self, this: Prev) -> bool {
        match (self.prev, this) {
            (Prev::Start, _) | (_, Prev::Start) | (Prev::Punct('\0'), _) => false,
            (Prev::Word, Prev::Word) => true,
            (Prev::Open(Delimiter::Brace), _) | (_, Prev::Close(Delimiter::Brace)) => true,
            (_, Prev::Open(Delimiter::Brace)) => true,
            (Prev::Open(_), _) | (_, Prev::Close(_)) => false,
            (_, Prev::Punct(',' | ';' | '.' | ':' | '?')) => false,
            (Prev::Punct('.' | ':' | '&' | '!' | '#' | '$'), _) => false,
            (Prev::Punct(_), _) | (_, Prev::Punct(_)) => true,
            (_, Prev::Open(_)) => false,
            (Prev::Close(_), Prev::Word) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> String {
        tidy(&s.parse().unwrap())
    }

    #[test]
    fn keeps_source_spacing() {
        assert_eq!(t("WalkTo::new(FOOD)"), "WalkTo::new(FOOD)");
        assert_eq!(t("WalkTo { target: FOOD }"), "WalkTo { target: FOOD }");
        assert_eq!(t("{ |a: &mut Agent| a.x += 1 }"), "{ |a: &mut Agent| a.x += 1 }");
        assert_eq!(t("success = 2, failure = 1"), "success = 2, failure = 1");
        assert_eq!(t("f(\n    a,\n    b,\n)"), "f(a, b,)");
    }

    #[test]
    fn rules_without_positions() {
        let q: TokenStream = quote::quote!(WalkTo::new(FOOD));
        assert_eq!(tidy(&q), "WalkTo::new(FOOD)");
        let q: TokenStream = quote::quote!(|a: &mut Agent| a.x);
        assert!(tidy(&q).contains("mut Agent"));
    }
}
