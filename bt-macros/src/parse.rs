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
}

/// `(a, name = b)` after a keyword.
pub(crate) struct ArgList {
    /// The parenthesized group, for spans and the description's text.
    pub group: Group,
    pub args: Vec<Arg>,
}

/// One argument.
pub(crate) struct Arg {
    pub name: Option<Ident>,
    pub value: ArgValue,
}

pub(crate) enum ArgValue {
    Expr(Box<syn::Expr>),
    /// The condition of `precondition`/`guard`.
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
    // `Ctx => TREE`: a top-level `=>` (tokens `=` joint, `>`). A tree never has `=` at top level.
    let arrow = tokens.windows(2).position(|w| {
        matches!(&w[0], TokenTree::Punct(p) if p.as_char() == '=' && p.spacing() == proc_macro2::Spacing::Joint)
            && is_punct(Some(&w[1]), '>')
    });
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

    /// Consumes tokens until `depth` unmatched `<` are closed; returns whether they were.
    fn skip_generic_args_from_depth(&mut self, mut depth: usize) -> bool {
        let mut prev_minus = false;
        while let Some(t) = self.peek() {
            let is_minus = matches!(t, TokenTree::Punct(p) if p.as_char() == '-');
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
            self.error(
                name.span(),
                format!(
                    "`{path_text}` is followed by `<`, but it does not name a node kind: a node kind of your own is a type, written with a capital letter (`nav::Gate<A, B>`), and the built-in ones are lowercase keywords such as `sequence<A, B>`{hint}"
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
            self.error(
                name.span(),
                format!(
                    "`{path_text}<{found}…>`: the children of a node are nodes, and `{found}` is not one; to give a leaf generic arguments, write the turbofish: `{path_text}::<{found}…>`"
                ),
            );
            self.skip_generic_args_from_depth(1);
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
        let mut list = ArgList { group: g.clone(), args: Vec::new() };
        let parsed =
            (|input: ParseStream| Punctuated::<Arg, syn::Token![,]>::parse_terminated_with(input, parse_arg))
                .parse2(g.stream());
        match parsed {
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
        };
        if let Some(TokenTree::Group(g)) = self.peek().cloned() {
            self.pos += 1;
            let followed_by_angle = is_punct(self.peek(), '<');
            let args_like = followed_by_angle || looks_like_args(&g, def);
            if args_like {
                node.args = Some(self.parse_args(&g, def));
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
            node.children = self.parse_children(open, Some(open));
            node.broken |= self.errors.len() > before && node.children.is_empty();
        }
        Some(node)
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
        let mut list = ArgList { group: g.clone(), args: Vec::new() };
        let condition = def.is_some_and(|d| d.params.first().is_some_and(|p| p.kind == ArgKind::Condition));
        if condition {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            let mut sub = Cursor { tokens: &inner, pos: 0, errors: &mut *self.errors };
            if sub.at_end() {
                return list;
            }
            match sub.parse_node() {
                Some(Node::Leaf(leaf)) => {
                    list.args.push(Arg { name: None, value: ArgValue::Leaf(Box::new(leaf)) })
                }
                Some(Node::Keyword(k)) => {
                    let name = def.map_or("precondition", |d| d.name);
                    sub.error(
                        k.name.span(),
                        format!(
                            "the condition of `{name}` must be a condition leaf (`IsReady`, `IsNear::new(3)`, `{{ |ctx: &Ctx| … }}`), not a `{}` node",
                            k.name
                        ),
                    );
                }
                None => {}
            }
            if !sub.at_end() {
                let span = sub.peek().map_or_else(Span::call_site, span_open);
                let name = def.map_or("precondition", |d| d.name);
                sub.error(span, format!("`{name}` takes a single condition; combine conditions in one leaf"));
            }
            return list;
        }
        if def.is_none() {
            // Unknown keyword: its arguments cannot be checked; the validator reports the keyword.
            return list;
        }
        let parsed =
            (|input: ParseStream| Punctuated::<Arg, syn::Token![,]>::parse_terminated_with(input, parse_arg))
                .parse2(g.stream());
        match parsed {
            Ok(args) => list.args.extend(args),
            Err(e) => self.errors.push(e),
        }
        list
    }
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
