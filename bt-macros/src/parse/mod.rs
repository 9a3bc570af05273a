//! Token stream → small syntax tree with spans.
//!
//! The parser works on `proc_macro2` token trees directly: `<` and `>` are single punctuation
//! tokens (`>>` arrives as two), never delimiters, and leaves are never parsed as bare expressions
//! (`Alive >` would read as a comparison). A leaf is a path, optionally followed by a call's
//! `(args)` or a struct literal's `{ fields }`, or any expression in braces.
//!
//! The parser never stops at the first mistake: it records an error, skips to the next `,` or `>`
//! and goes on, so that every independent mistake is reported at once.
//!
//! The syntax tree is defined here; the parser is split by concern: `input` (the two forms of
//! the macro input), `node` (a node and its children), `leaf`, `keyword`, `user` (node kinds of
//! the user's), `switch` (cases), `args` (argument lists), over the token cursor of `cursor`.

mod args;
mod cursor;
mod hints;
mod input;
mod keyword;
mod layout;
mod leaf;
mod node;
mod switch;
mod user;

use proc_macro2::{Group, Ident, Span, TokenStream};

use crate::keywords::Keyword;

use cursor::span_open;
pub(crate) use input::parse_input;

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
