//! Token stream → small syntax tree with spans.
//!
//! The parser works on `proc_macro2` token trees directly: `<` and `>` are single punctuation
//! tokens (`>>` arrives as two), never delimiters, and leaves are never parsed as bare expressions
//! (`Alive >` would read as a comparison). A leaf is a path, optionally followed by a call's
//! `(args)` or a struct literal's `{ fields }`, or any expression in braces.
//!
//! The parser never stops at the first mistake: it records an error, skips to the next `,` or `>`
//! and goes on, so that every independent mistake is reported at once.

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};
use syn::punctuated::Punctuated;

use crate::keywords::{self, ArgKind, Keyword};

/// The whole macro input.
pub(crate) enum Input {
    /// `bt! { TREE }` or `bt! { Ctx => TREE }`.
    Anonymous(Box<Anonymous>),
    /// `bt! { pub struct Name(params) for Ctx { TREE } … }`.
    Named(Vec<Named>),
}

pub(crate) struct Anonymous {
    /// The explicit context type, if given.
    pub ctx: Option<TokenStream>,
    /// The tree, unless it was missing or unparseable.
    pub tree: Option<Node>,
}

/// One named tree.
pub(crate) struct Named {
    pub attrs: Vec<syn::Attribute>,
    pub vis: syn::Visibility,
    pub name: Ident,
    pub params: Vec<(Ident, syn::Type)>,
    pub ctx: syn::Type,
    pub tree: Option<Node>,
    /// Syntax errors found in this tree's body.
    pub errors: Vec<syn::Error>,
}

/// A node of the tree.
pub(crate) enum Node {
    Keyword(KeywordNode),
    Leaf(Leaf),
}

impl Node {
    /// Span of the node's first token.
    pub(crate) fn span(&self) -> Span {
        match self {
            Node::Keyword(k) => k.name.span(),
            Node::Leaf(l) => l.span,
        }
    }
}

/// How a keyword node's children were written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Delim {
    /// `kw<a, b>`.
    Angle,
    /// `kw(a)`.
    Paren,
    /// No children at all.
    None,
}

/// `keyword(args)<children>`, or `Path(args)<children>` for a node kind of the user's.
pub(crate) struct KeywordNode {
    /// The keyword as written; for a node kind of the user's, the last segment of its path.
    pub name: Ident,
    /// The keyword's table entry; `None` for an unknown keyword or a node kind of the user's.
    pub def: Option<&'static Keyword>,
    /// The path of a node kind of the user's (`Persist`, `nav::Gate`); `None` for a keyword.
    pub user: Option<Path>,
    /// The argument list, when the parentheses held arguments.
    pub args: Option<ArgList>,
    pub children: Vec<Node>,
    pub delim: Delim,
    /// Span of the `<` or the parentheses holding the children.
    pub open: Span,
    /// The parser already reported an error that makes further checks of this node noise.
    pub broken: bool,
    /// Every token of the node, as written.
    pub source: TokenStream,
    /// The cases of a `switch`, one per child, in order; empty for every other node.
    pub cases: Vec<Case>,
}

/// One case of a `switch`: `PATTERN => NODE` (the node is the matching child).
pub(crate) struct Case {
    /// The pattern, with its `if` guard if any, as written (the tokens before `=>`).
    pub pattern: TokenStream,
    /// Whether the pattern is the default, a lone `_`.
    pub default: bool,
    /// Span of the pattern's first token.
    pub span: Span,
    /// Span of the node's last token (the end of the case, as a `match` arm ends with its body).
    pub end: Span,
}

/// `(a, name = b)` after a keyword.
pub(crate) struct ArgList {
    /// The parenthesized group, for spans and the description's text.
    pub group: Group,
    pub args: Vec<Arg>,
    /// The parser reported a malformed argument (which is then missing from `args`).
    pub broken: bool,
}

/// One argument.
pub(crate) struct Arg {
    pub name: Option<Ident>,
    pub value: ArgValue,
}

pub(crate) enum ArgValue {
    Expr(Box<syn::Expr>),
    /// The condition of `precondition`/`guard`, the leaf of `service`.
    Leaf(Box<Leaf>),
}

impl Arg {
    pub(crate) fn span(&self) -> Span {
        match (&self.name, &self.value) {
            (Some(n), _) => n.span(),
            (None, ArgValue::Expr(e)) => first_span(&quote::ToTokens::to_token_stream(e)),
            (None, ArgValue::Leaf(l)) => l.span,
        }
    }
}

/// A leaf: how it was written, and its tokens.
#[derive(Clone)]
pub(crate) struct Leaf {
    pub kind: LeafKind,
    /// Every token of the leaf, as written.
    pub tokens: TokenStream,
    /// Span of the first token.
    pub span: Span,
}

#[derive(Clone)]
pub(crate) enum LeafKind {
    /// `FeelHungry`, `actions::WalkTo`.
    Path(Path),
    /// `WalkTo::new(FOOD)`, `WalkTo(3)`.
    Call(Path),
    /// `WalkTo { target: FOOD }`.
    Struct(Path),
    /// `{ any_expression }`.
    Braced(Group),
}

/// A path as written: `::`? segment (`::` segment)*, each segment with an optional turbofish.
#[derive(Clone)]
pub(crate) struct Path {
    pub leading_colon: bool,
    pub segments: Vec<Segment>,
}

#[derive(Clone)]
pub(crate) struct Segment {
    pub ident: Ident,
    /// The turbofish `::<…>` as written, or empty.
    pub generics: TokenStream,
}

/// Span of the first token of `tokens`, or the call site.
pub(crate) fn first_span(tokens: &TokenStream) -> Span {
    tokens.clone().into_iter().next().map_or_else(Span::call_site, |t| span_open(&t))
}

/// Span of a token; for a group, of its opening delimiter.
fn span_open(t: &TokenTree) -> Span {
    match t {
        TokenTree::Group(g) => g.span_open(),
        t => t.span(),
    }
}

fn is_punct(t: Option<&TokenTree>, c: char) -> bool {
    matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

fn is_group(t: Option<&TokenTree>, d: Delimiter) -> bool {
    matches!(t, Some(TokenTree::Group(g)) if g.delimiter() == d)
}

/// Whether `tokens[i]` and `tokens[i + 1]` are `=>` (`=` joined to `>`).
fn is_arrow(tokens: &[TokenTree], i: usize) -> bool {
    matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == '=' && p.spacing() == proc_macro2::Spacing::Joint)
        && is_punct(tokens.get(i + 1), '>')
}

/// Whether `tokens[i]` is `switch` (or a word meant as `switch`) in a keyword position.
fn is_switch_keyword(tokens: &[TokenTree], i: usize) -> bool {
    matches!(tokens.get(i), Some(TokenTree::Ident(id)) if is_lowercase_word(id) && means_switch(id))
        && (is_group(tokens.get(i + 1), Delimiter::Parenthesis) || is_punct(tokens.get(i + 1), '<'))
}

/// Whether the word is `switch`, or an unknown word for which `switch` is suggested: its `<…>`
/// holds cases, and is parsed so (one error, for the word).
fn means_switch(id: &Ident) -> bool {
    let word = id.to_string();
    word == "switch" || keywords::lookup(&word).is_none() && keywords::suggest(&word) == Some("switch")
}

/// Whether the tokens from `i` on start with `name =` (a named argument; not `==` or `=>`).
fn is_named_arg(tokens: &[TokenTree], i: usize) -> bool {
    matches!(tokens.get(i), Some(TokenTree::Ident(_)))
        && matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '='
            && !(p.spacing() == proc_macro2::Spacing::Joint
                && (is_punct(tokens.get(i + 2), '=') || is_punct(tokens.get(i + 2), '>'))))
}

fn is_ident(t: Option<&TokenTree>, name: &str) -> bool {
    matches!(t, Some(TokenTree::Ident(i)) if i == name)
}

/// Rust's primitive types: a node kind's children are never these, a leaf's generic arguments
/// may be.
const PRIMITIVES: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32", "f64",
    "bool", "char", "str",
];

/// Whether an identifier starts with a lowercase letter or `_` (a value or module, not a type).
fn starts_lowercase_ident(i: &Ident) -> bool {
    let s = i.to_string();
    let s = s.strip_prefix("r#").unwrap_or(&s);
    s.chars().next().is_some_and(|c| c.is_lowercase() || c == '_')
}

/// A word that is a keyword position when followed by `<` or `(`: starts with a lowercase letter.
fn is_lowercase_word(i: &Ident) -> bool {
    let s = i.to_string();
    let s = s.strip_prefix("r#").unwrap_or(&s);
    s.chars().next().is_some_and(|c| c.is_ascii_lowercase())
}

/// Parses the whole macro input; syntax errors go to `errors`.
pub(crate) fn parse_input(input: TokenStream, errors: &mut Vec<syn::Error>) -> Input {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    let first = tokens.first();
    let named = is_punct(first, '#') || is_ident(first, "pub") || is_ident(first, "struct");
    if named {
        Input::Named(parse_named_items(&tokens, errors))
    } else {
        Input::Anonymous(Box::new(parse_anonymous(&tokens, errors)))
    }
}

fn parse_anonymous(tokens: &[TokenTree], errors: &mut Vec<syn::Error>) -> Anonymous {
    // `Ctx => TREE`: a `=>` (tokens `=` joint, `>`) before any `switch(…)`. A tree has `=>` only
    // in the cases of a `switch`, after the keyword (a context type never holds `switch(`, nor a
    // misspelt `swich(`, which is reported as such).
    let arrow =
        (0..tokens.len()).take_while(|&i| !is_switch_keyword(tokens, i)).find(|&i| is_arrow(tokens, i));
    let (ctx, tree_tokens) = match arrow {
        Some(i) => {
            let ctx: TokenStream = tokens[..i].iter().cloned().collect();
            let arrow_span = tokens[i].span();
            if ctx.is_empty() {
                errors.push(syn::Error::new(
                    arrow_span,
                    "expected the context type before `=>`, as in `bt! { Agent => sequence<A, B> }`",
                ));
                return Anonymous { ctx: None, tree: None };
            }
            if let Err(e) = syn::parse2::<syn::Type>(ctx.clone()) {
                errors.push(syn::Error::new(
                    e.span(),
                    format!("expected the context type before `=>` ({e}), as in `bt! {{ Agent => sequence<A, B> }}`"),
                ));
                return Anonymous { ctx: None, tree: None };
            }
            (Some(ctx), &tokens[i + 2..])
        }
        None => (None, tokens),
    };
    let mut p = Cursor { tokens: tree_tokens, pos: 0, errors };
    if p.at_end() {
        let span = tokens.last().map_or_else(Span::call_site, TokenTree::span);
        p.errors.push(syn::Error::new(
            span,
            "expected a behavior tree, for example `bt! { sequence<FeelHungry, Eat> }`",
        ));
        return Anonymous { ctx, tree: None };
    }
    let tree = p.parse_node();
    p.expect_end();
    Anonymous { ctx, tree }
}

/// Splits the named form into items (each ends with the brace group after `for Ctx`) and parses
/// each. An item whose header cannot be parsed is reported and skipped.
fn parse_named_items(tokens: &[TokenTree], errors: &mut Vec<syn::Error>) -> Vec<Named> {
    let mut items = Vec::new();
    let mut start = 0;
    while start < tokens.len() {
        let mut seen_for = false;
        let mut depth = 0i32;
        let mut end = None;
        for (i, t) in tokens.iter().enumerate().skip(start) {
            match t {
                TokenTree::Ident(id) if id == "for" => seen_for = true,
                TokenTree::Punct(p) if seen_for && p.as_char() == '<' => depth += 1,
                TokenTree::Punct(p) if seen_for && p.as_char() == '>' => depth -= 1,
                // The body: the first brace group outside the context type's `<…>` (a brace group
                // before `for` is a body whose header lacks `for`, which the header parser reports).
                TokenTree::Group(g) if depth <= 0 && g.delimiter() == Delimiter::Brace => {
                    end = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(end) = end else {
            let span = tokens.get(start).map_or_else(Span::call_site, span_open);
            errors.push(syn::Error::new(
                span,
                "expected a named tree: `pub struct Name for Context { TREE }` (the tree goes in braces after the context type)",
            ));
            break;
        };
        if let Some(item) = parse_named_item(&tokens[start..=end], errors) {
            items.push(item);
        }
        start = end + 1;
    }
    items
}

fn parse_named_item(tokens: &[TokenTree], errors: &mut Vec<syn::Error>) -> Option<Named> {
    let (body, header) = tokens.split_last()?;
    let TokenTree::Group(body) = body else { return None };
    let header: TokenStream = header.iter().cloned().collect();
    let parsed = (|input: ParseStream| {
        let attrs = input.call(syn::Attribute::parse_outer)?;
        let vis: syn::Visibility = input.parse()?;
        input.parse::<syn::Token![struct]>()?;
        let name: Ident = input.parse()?;
        let mut params = Vec::new();
        if input.peek(syn::token::Paren) {
            let content;
            syn::parenthesized!(content in input);
            let list =
                Punctuated::<(Ident, syn::Type), syn::Token![,]>::parse_terminated_with(&content, |p| {
                    let name: Ident = p.parse()?;
                    p.parse::<syn::Token![:]>()?;
                    Ok((name, p.parse()?))
                })?;
            params.extend(list);
        }
        if input.peek(syn::token::Lt) {
            return Err(input.error("named trees cannot be generic; write the concrete types"));
        }
        if !input.peek(syn::Token![for]) {
            return Err(input.error(
                "expected `for` and the context type after the tree's name: `struct Name for Agent { … }`",
            ));
        }
        input.parse::<syn::Token![for]>()?;
        let ctx: syn::Type = input.parse()?;
        Ok((attrs, vis, name, params, ctx))
    })
    .parse2(header);
    let (attrs, vis, name, params, ctx) = match parsed {
        Ok(h) => h,
        Err(e) => {
            errors.push(e);
            return None;
        }
    };
    let inner: Vec<TokenTree> = body.stream().into_iter().collect();
    let mut body_errors = Vec::new();
    let mut p = Cursor { tokens: &inner, pos: 0, errors: &mut body_errors };
    let tree = if p.at_end() {
        p.errors.push(syn::Error::new(
            body.span(),
            format!(
                "the tree `{name}` is empty: write its nodes in the braces, as in `{{ sequence<A, B> }}`"
            ),
        ));
        None
    } else {
        let tree = p.parse_node();
        p.expect_end();
        tree
    };
    Some(Named { attrs, vis, name, params, ctx, tree, errors: body_errors })
}

/// A cursor over one level of token trees.
struct Cursor<'a, 'e> {
    tokens: &'a [TokenTree],
    pos: usize,
    errors: &'e mut Vec<syn::Error>,
}

impl Cursor<'_, '_> {
    fn peek(&self) -> Option<&TokenTree> {
        self.tokens.get(self.pos)
    }

    fn peek_at(&self, n: usize) -> Option<&TokenTree> {
        self.tokens.get(self.pos + n)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    fn error(&mut self, span: Span, msg: impl std::fmt::Display) {
        self.errors.push(syn::Error::new(span, msg));
    }

    /// At `,` or `>` (the end of a child) or at the end of the tokens.
    fn at_child_end(&self) -> bool {
        self.at_end() || is_punct(self.peek(), ',') || is_punct(self.peek(), '>')
    }

    /// Skips to the next `,`, `>` or the end.
    fn skip_to_child_end(&mut self) {
        while !self.at_child_end() {
            self.pos += 1;
        }
    }

    /// After the whole tree: nothing may follow.
    fn expect_end(&mut self) {
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
    fn parse_node(&mut self) -> Option<Node> {
        let Some(t) = self.peek().cloned() else {
            let span = self.tokens.last().map_or_else(Span::call_site, TokenTree::span);
            self.error(span, "expected a node here");
            return None;
        };
        match &t {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                self.pos += 1;
                let leaf =
                    Leaf { kind: LeafKind::Braced(g.clone()), tokens: t.clone().into(), span: g.span() };
                self.after_leaf(leaf)
            }
            TokenTree::Ident(id) => {
                let next = self.peek_at(1);
                let keyword_position = is_punct(next, '<') || is_group(next, Delimiter::Parenthesis);
                let def = keywords::lookup(&id.to_string());
                if keyword_position && is_lowercase_word(id) {
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
                self.error(
                    l.span(),
                    format!(
                        "a literal cannot be a node: a leaf is an action or condition such as `FeelHungry`, `WalkTo::new(3)` or `{{ expression }}`; arguments go in the keyword's parentheses, as in `repeat(3)<A>` (found `{l}`)"
                    ),
                );
                self.pos += 1;
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

    /// Skips a `<…>` whose `<` is the current token, counting nesting (`->` is not a closer).
    fn skip_generic_args(&mut self) {
        if is_punct(self.peek(), '<') {
            self.pos += 1;
            self.skip_generic_args_from_depth(1);
        }
    }

    /// Consumes tokens until `depth` unmatched `<` are closed; returns whether they were (`->`
    /// and `=>` are not closers).
    fn skip_generic_args_from_depth(&mut self, mut depth: usize) -> bool {
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

    /// `path`, `path(args)` or `path { fields }`; or, followed by `<`, a node kind of the user's:
    /// `Path<…>` or `Path(args)<…>`.
    fn parse_path_leaf(&mut self) -> Option<Node> {
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
        let span = self.tokens.get(start).map_or_else(Span::call_site, span_open);
        self.after_leaf(Leaf { kind, tokens, span })
    }

    /// Checks that a leaf is not the start of a larger expression (`a.b()`, `x + 1`, `v[0]`):
    /// those belong in braces. Other tokens after a leaf (a missing comma, trailing tokens) are
    /// reported by the caller, which knows where the leaf stands.
    fn after_leaf(&mut self, leaf: Leaf) -> Option<Node> {
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
            Some(TokenTree::Punct(p)) => !matches!(p.as_char(), ',' | '>' | '|' | '#'),
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

    /// `Path<…>` or `Path(args)<…>`, the path already read (from token `start`): a composite or
    /// decorator of a kind the user wrote, built through `bt::Compose`.
    fn parse_user_node(&mut self, start: usize, path: Path) -> Option<Node> {
        let last = path.segments.last()?;
        let name = last.ident.clone();
        let path_text = crate::text::tidy(&self.tokens[start..self.pos].iter().cloned().collect());
        if starts_lowercase_ident(&name) {
            let hint = match keywords::suggest(&name.to_string()) {
                Some(k) if path.segments.len() == 1 => format!(" (did you mean the keyword `{k}`?)"),
                _ => String::new(),
            };
            // The path with its last segment capitalised: how a type of that name is written.
            let word = name.to_string();
            let word = word.strip_prefix("r#").unwrap_or(&word);
            let mut chars = word.chars();
            let capital: String =
                chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default();
            let prefix = path_text.strip_suffix(word).unwrap_or("");
            self.error(
                name.span(),
                format!(
                    "`{path_text}` is followed by `<`, but it does not name a node kind: a node kind of your own is a type, written with a capital letter (`{prefix}{capital}<…>` for a type `{capital}`), and the built-in ones are lowercase keywords such as `sequence<A, B>`{hint}"
                ),
            );
            self.skip_user_node_rest();
            return None;
        }
        if path.segments.len() == 1
            && !path.leading_colon
            && let Some((k, keyword)) = keywords::KEYWORDS.iter().find_map(|k| {
                core::iter::once(&k.name)
                    .chain(k.aliases)
                    .find(|word| name == keywords::camel(word))
                    .map(|word| (k, *word))
            })
        {
            self.error(
                name.span(),
                format!(
                    "`{name}` is a built-in node: write its keyword, `{keyword}`, as in `{}`; keywords are lowercase (a node kind of your own with this name is written with its path: `self::{name}<…>`)",
                    k.example.replacen(k.name, keyword, 1)
                ),
            );
            self.skip_user_node_rest();
            return None;
        }
        let mut node = KeywordNode {
            name: name.clone(),
            def: None,
            user: Some(path),
            args: None,
            children: Vec::new(),
            delim: Delim::Angle,
            open: name.span(),
            broken: false,
            source: TokenStream::new(),
            cases: Vec::new(),
        };
        if let Some(TokenTree::Group(g)) = self.peek().cloned() {
            self.pos += 1;
            node.args = Some(self.parse_user_args(&g));
        }
        let open = self.peek().map_or_else(Span::call_site, TokenTree::span);
        self.pos += 1;
        node.open = open;
        // `Wait<3>`, `Buffer<u8>`: a leaf's generic arguments without the turbofish.
        let first = self.peek().cloned();
        let generic_args = match &first {
            Some(TokenTree::Literal(_)) => true,
            Some(TokenTree::Ident(i)) => {
                PRIMITIVES.contains(&i.to_string().as_str())
                    && (is_punct(self.peek_at(1), ',') || is_punct(self.peek_at(1), '>'))
            }
            _ => false,
        };
        if generic_args && node.args.is_none() {
            let found = first.map(|t| crate::text::tidy(&TokenStream::from(t))).unwrap_or_default();
            let from = self.pos;
            let closed = self.skip_generic_args_from_depth(1);
            let generics = if closed {
                crate::text::tidy(&self.tokens[from..self.pos - 1].iter().cloned().collect())
            } else {
                format!("{found}…")
            };
            self.error(
                name.span(),
                format!(
                    "`{path_text}<{generics}>` reads as a node `{path_text}` with children, and `{found}` is not a node; to give a leaf generic arguments, write the turbofish: `{path_text}::<{generics}>`"
                ),
            );
            self.skip_to_child_end();
            return None;
        }
        let before = self.errors.len();
        node.children = self.parse_children(open, Some(open));
        node.broken |= self.errors.len() > before && node.children.is_empty();
        node.source = self.tokens[start..self.pos.min(self.tokens.len())].iter().cloned().collect();
        Some(Node::Keyword(node))
    }

    /// After a malformed `path`: skips its `(args)` and `<…>`, up to the end of the child.
    fn skip_user_node_rest(&mut self) {
        if is_group(self.peek(), Delimiter::Parenthesis) {
            self.pos += 1;
        }
        self.skip_generic_args();
        self.skip_to_child_end();
    }

    /// The arguments of a node kind of the user's: positional ones first, then `name = value`.
    fn parse_user_args(&mut self, g: &Group) -> ArgList {
        let mut list = ArgList { group: g.clone(), args: Vec::new(), broken: false };
        match parse_arg_list(g) {
            Ok(args) => list.args.extend(args),
            Err(e) => self.errors.push(e),
        }
        list
    }

    fn parse_path(&mut self) -> Option<Path> {
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

    fn at_path_sep(&self) -> bool {
        matches!(self.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == proc_macro2::Spacing::Joint)
            && is_punct(self.peek_at(1), ':')
    }

    /// `name`, `name(args)<…>`, `name<…>` or `name(child)`.
    fn parse_keyword(&mut self, name: Ident, def: Option<&'static Keyword>) -> Option<KeywordNode> {
        let start = self.pos;
        let mut node = self.parse_keyword_inner(name, def)?;
        node.source = self.tokens[start..self.pos.min(self.tokens.len())].iter().cloned().collect();
        Some(node)
    }

    fn parse_keyword_inner(&mut self, name: Ident, def: Option<&'static Keyword>) -> Option<KeywordNode> {
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
                let mut sub = Cursor { tokens: &inner, pos: 0, errors: &mut *self.errors };
                node.children = sub.parse_children(g.span_close(), None);
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
            self.pos += 1;
            node.delim = Delim::Angle;
            node.open = open;
            let before = self.errors.len();
            if means_switch(&name) {
                self.parse_cases(open, &mut node);
            } else {
                node.children = self.parse_children(open, Some(open));
            }
            node.broken |= self.errors.len() > before && node.children.is_empty();
        }
        Some(node)
    }

    /// The cases of a `switch`, `PATTERN => NODE` separated by commas, up to the closing `>` (the
    /// `<` is `open`). A case's pattern is every token before its `=>`: `>` and `<` may appear in
    /// it (`x if x > 2`), and a `,` before any `=>` means the `=>` is missing.
    fn parse_cases(&mut self, open: Span, node: &mut KeywordNode) {
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
    fn check_pattern(&mut self, pattern: &TokenStream) -> Option<bool> {
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

    /// Children up to the closing `>` (`angle` is the `<`'s span) or, inside parentheses
    /// (`angle` is `None`), up to the end of the tokens.
    fn parse_children(&mut self, end_span: Span, angle: Option<Span>) -> Vec<Node> {
        let mut children = Vec::new();
        loop {
            if angle.is_some() && is_punct(self.peek(), '>') {
                self.pos += 1;
                return children;
            }
            if self.at_end() {
                if let Some(open) = angle {
                    self.error(
                        open,
                        "this `<` is never closed: add `>` after the last child (a node's children are written `keyword<A, B>`)",
                    );
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

    /// The arguments of a keyword, from its parenthesized group.
    fn parse_args(&mut self, g: &Group, def: Option<&'static Keyword>) -> ArgList {
        let mut list = ArgList { group: g.clone(), args: Vec::new(), broken: false };
        let Some(def) = def else {
            // Unknown keyword: its arguments cannot be checked; the validator reports the keyword.
            return list;
        };
        let leafy = |kind: ArgKind| matches!(kind, ArgKind::Condition | ArgKind::Leaf);
        if !def.params.iter().any(|p| leafy(p.kind)) {
            match parse_arg_list(g) {
                Ok(args) => list.args.extend(args),
                Err(e) => self.errors.push(e),
            }
            return list;
        }
        // A leaf argument (`precondition(IsReady)`, `service(250ms, Scan)`) is parsed like a child,
        // the other arguments as expressions; each ends at the next top-level `,`.
        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
        let mut sub = Cursor { tokens: &inner, pos: 0, errors: &mut *self.errors };
        let name = def.name;
        let named_params = def.params.iter().any(|p| !p.positional);
        let mut index = 0;
        while !sub.at_end() {
            let param = def.params.get(index).filter(|p| p.positional && !is_named_arg(sub.tokens, sub.pos));
            let is_condition = param.is_some_and(|p| p.kind == ArgKind::Condition);
            // `service(Scan, 250ms)`: the duration where the leaf goes.
            if let (Some(p), Some(TokenTree::Literal(l))) = (param, sub.peek())
                && p.kind == ArgKind::Leaf
                && ["s", "ms", "us", "ns"].iter().any(|u| {
                    let t = l.to_string();
                    t.ends_with(u)
                        && t[..t.len() - u.len()].chars().all(|c| c.is_ascii_digit() || c == '.' || c == '_')
                })
            {
                let span = l.span();
                sub.error(span, format!("the interval comes first, then the leaf: as in `{}`", def.example));
                list.broken = true;
                return list;
            }
            match param {
                Some(p) if leafy(p.kind) => match sub.parse_node() {
                    Some(Node::Leaf(leaf)) => {
                        list.args.push(Arg { name: None, value: ArgValue::Leaf(Box::new(leaf)) })
                    }
                    Some(Node::Keyword(k)) => {
                        let msg = if is_condition {
                            format!(
                                "the condition of `{name}` must be a condition leaf (`IsReady`, `IsNear::new(3)`, `{{ |ctx: &Ctx| … }}`), not a `{}` node",
                                k.name
                            )
                        } else {
                            format!(
                                "`{name}` runs a {} (`UpdateTarget`, `Scan::new(3)`, `{{ |ctx: &mut Ctx| … }}`), not a `{}` node: to run a subtree, build it elsewhere and write it as a leaf, as in `{{ scan_subtree() }}`",
                                p.name, k.name
                            )
                        };
                        sub.error(k.name.span(), msg);
                        list.broken = true;
                    }
                    None => list.broken = true,
                },
                _ => {
                    let rest: TokenStream = sub.tokens[sub.pos..].iter().cloned().collect();
                    let parsed = (|input: ParseStream| {
                        let arg = parse_arg(input)?;
                        let rest: TokenStream = input.parse()?;
                        Ok((arg, rest.into_iter().count()))
                    })
                    .parse2(rest);
                    match parsed {
                        Ok((arg, left)) => {
                            list.args.push(arg);
                            sub.pos = sub.tokens.len() - left;
                        }
                        Err(e) => {
                            sub.errors.push(e);
                            list.broken = true;
                            return list;
                        }
                    }
                }
            }
            index += 1;
            if sub.at_end() {
                break;
            }
            let comma = is_punct(sub.peek(), ',');
            let next_ok = comma && (sub.peek_at(1).is_none() || is_named_arg(sub.tokens, sub.pos + 1));
            let bare_abort = comma
                && named_params
                && matches!(sub.peek_at(1), Some(TokenTree::Ident(i)) if ["none", "self", "lower_priority", "both"].contains(&i.to_string().as_str()))
                && (sub.peek_at(2).is_none() || is_punct(sub.peek_at(2), ','));
            if is_condition && bare_abort {
                let mode = sub.peek_at(1).map(|t| t.to_string()).unwrap_or_default();
                let span = sub.peek_at(1).map_or_else(Span::call_site, span_open);
                sub.error(span, format!("name the abort mode: `{name}(…, abort = {mode})`"));
                list.broken = true;
                return list;
            }
            if is_condition && !next_ok {
                let span = sub.peek().map_or_else(Span::call_site, span_open);
                let also = if named_params {
                    format!(" (its other arguments are named, as in `{name}(IsReady, abort = both)<A>`)")
                } else {
                    String::new()
                };
                sub.error(
                    span,
                    format!("`{name}` takes a single condition; combine conditions in one leaf{also}"),
                );
                list.broken = true;
                return list;
            }
            if !comma {
                let span = sub.peek().map_or_else(Span::call_site, span_open);
                let found =
                    sub.peek().map(|t| crate::text::tidy(&TokenStream::from(t.clone()))).unwrap_or_default();
                sub.error(
                    span,
                    format!(
                        "expected `,` between the arguments of `{name}`, found `{found}`: as in `{}`",
                        def.example
                    ),
                );
                list.broken = true;
                return list;
            }
            sub.pos += 1;
        }
        list
    }
}

/// The arguments in the parenthesized group `g`, separated by commas. Parsed inside the group,
/// so that an argument cut short (`(n = )`, `(3 +)`) is reported at the closing parenthesis with
/// what was expected, not on the whole macro call.
fn parse_arg_list(g: &Group) -> syn::Result<Punctuated<Arg, syn::Token![,]>> {
    let parsed = (|input: ParseStream| {
        let content;
        syn::parenthesized!(content in input);
        Punctuated::<Arg, syn::Token![,]>::parse_terminated_with(&content, parse_arg)
    })
    .parse2(TokenStream::from(TokenTree::Group(g.clone())));
    parsed.map_err(|e| {
        if e.to_string().starts_with("unexpected end of input") {
            syn::Error::new(
                g.span_close(),
                format!("{e}: an argument is incomplete; write each as `value` or `name = value`"),
            )
        } else {
            e
        }
    })
}

/// `name = expr` or `expr`.
fn parse_arg(input: ParseStream) -> syn::Result<Arg> {
    if input.peek(syn::Ident) && input.peek2(syn::Token![=]) && !input.peek2(syn::Token![==]) {
        let name: Ident = input.parse()?;
        input.parse::<syn::Token![=]>()?;
        let value: syn::Expr = input.parse()?;
        return Ok(Arg { name: Some(name), value: ArgValue::Expr(Box::new(value)) });
    }
    let value: syn::Expr = input.parse()?;
    Ok(Arg { name: None, value: ArgValue::Expr(Box::new(value)) })
}

/// Whether a keyword's parenthesized group (not followed by `<…>`) holds arguments rather than a
/// child: a literal, a negative number, `name = …`, or a keyword that always needs arguments or
/// takes no children.
fn looks_like_args(g: &Group, def: Option<&'static Keyword>) -> bool {
    // A leaf keyword has no children, so its parentheses hold arguments (`sleep(500ms)`), or
    // nothing (`always_success()`).
    if def.is_some_and(|d| d.needs_args() || d.is_leaf()) {
        return true;
    }
    let mut it = g.stream().into_iter();
    match (it.next(), it.next(), it.next()) {
        (Some(TokenTree::Literal(_)), _, _) => true,
        (Some(TokenTree::Punct(p)), Some(TokenTree::Literal(_)), _) if p.as_char() == '-' => true,
        (Some(TokenTree::Ident(_)), Some(TokenTree::Punct(p)), third) if p.as_char() == '=' => {
            !is_punct(third.as_ref(), '=')
        }
        _ => false,
    }
}
