//! Syntax tree → checked tree: every rule of the DSL, every error on its own span.
//!
//! Validation never stops at the first error: it walks the whole tree, collects every mistake,
//! and returns a checked tree only when there was none.
//!
//! Split by concern: `keyword` (built-in keywords and their children), `args` (matching
//! arguments to parameters, `guard`'s abort), `count` and `time` (the values of count, duration,
//! rate and seed arguments), `user` (node kinds of the user's), `leaf` (leaves and their types).

mod abort;
mod args;
mod closure;
mod count;
mod hints;
mod keyword;
mod leaf;
mod time;
mod user;
mod writes;

use proc_macro2::{Ident, Span, TokenStream};
use quote::ToTokens;

use crate::keywords::{Keyword, MAX_CHILDREN};
use crate::parse::{Leaf, Node, Path};

pub(crate) use closure::takes_context_mut;
use keyword::check_keyword;
use leaf::check_leaf;
#[allow(unused_imports)]
pub(crate) use time::decimal_to_nanos;

/// Which form of `bt!` the tree belongs to.
#[derive(Clone, Copy)]
pub(crate) enum Mode<'a> {
    /// Leaves are converted by inference; any leaf form is allowed.
    Anonymous,
    /// Node types must be written out, so every leaf needs a type known from its syntax.
    Named { name: &'a Ident, params: &'a [(Ident, syn::Type)] },
}

/// A node that passed every check.
pub(crate) enum Checked {
    Leaf(CheckedLeaf),
    Keyword(CheckedKeyword),
}

pub(crate) struct CheckedLeaf {
    pub leaf: Leaf,
    /// The leaf's type (named form only).
    pub ty: Option<TokenStream>,
}

pub(crate) struct CheckedKeyword {
    /// The keyword's table entry; for a node kind of the user's, the entry `user` (see
    /// [`USER`]).
    pub def: &'static Keyword,
    /// The keyword as written; for a node kind of the user's, the last segment of its path.
    pub name: Ident,
    /// A node kind of the user's: its path and arguments.
    pub user: Option<UserSpec>,
    /// The constructor arguments that come before the children, in order.
    pub args: Vec<ArgOut>,
    /// The arguments as written, structured for the description (`::bt::Argument` values).
    pub arguments: Vec<TokenStream>,
    pub children: Vec<Checked>,
    /// The arguments as written (description).
    pub args_text: String,
    /// The whole node as written (description of `boxed`).
    pub source: TokenStream,
    /// The patterns of a `switch`'s cases (with their guards) and the span of the end of each
    /// case, one per child; empty otherwise.
    pub cases: Vec<(TokenStream, Span)>,
    /// A node kind of the user's: where its children write `abort = lower_priority` or `both`
    /// (the spec must implement `bt::abort::Observes`); empty otherwise.
    pub aborting: Vec<Span>,
}

/// The entry standing for every node kind of the user's (its checks are the compiler's).
pub(crate) static USER: Keyword =
    Keyword { name: "", aliases: &[], min: 1, max: MAX_CHILDREN, params: &[], example: "Kind(args)<A, B>" };

/// How a node kind of the user's is written: `Path(positional…, name = value…)<…>`.
pub(crate) struct UserSpec {
    /// The path as written (a type).
    pub path: Path,
    /// The path as text, for the description.
    pub label: String,
    /// The positional arguments, in order (the arguments of `Path::new`).
    pub positional: Vec<TokenStream>,
    /// The named arguments: fields of the spec.
    pub named: Vec<(Ident, TokenStream)>,
}

/// A constructor argument.
pub(crate) enum ArgOut {
    Tokens(TokenStream),
    /// A literal count, already checked, passed as `::bt::Const::<value>` (`repeat`, `retry`,
    /// `parallel`, `recovery`): the node keeps it in its type instead of a field.
    Const(u32, Span),
    Condition(CheckedLeaf),
    /// A leaf argument (the work of a `service`), converted with the tree's context.
    Leaf(CheckedLeaf),
    /// A value written like a leaf, passed as it is (`__conditions`).
    Value(CheckedLeaf),
    /// A count or a duration read from a blackboard entry when the node needs it, written as the
    /// string `"{key}"` (`retry("{attempts}")`): the entry's name.
    Entry(String, Span),
}

/// Checks `node`; errors go to `errors`. Returns the checked tree when the node and everything
/// below it is correct.
pub(crate) fn check(node: Node, mode: Mode<'_>, errors: &mut Vec<syn::Error>) -> Option<Checked> {
    match node {
        Node::Leaf(leaf) => check_leaf(leaf, mode, errors).map(Checked::Leaf),
        Node::Keyword(k) => check_keyword(k, mode, errors).map(Checked::Keyword),
    }
}

fn err(errors: &mut Vec<syn::Error>, span: Span, msg: impl std::fmt::Display) {
    errors.push(syn::Error::new(span, msg));
}

/// An error over the source from `first` to `last` (both spans of tokens, `first` before `last`):
/// one mistake written in several places, such as surplus arguments.
fn err_range(errors: &mut Vec<syn::Error>, first: Span, last: Span, msg: impl std::fmt::Display) {
    let (a, b) = (Ident::new("a", first), Ident::new("b", last));
    errors.push(syn::Error::new_spanned(quote::quote!(#a #b), msg));
}

pub(super) fn usize_literal(n: usize, span: Span) -> TokenStream {
    let mut lit = proc_macro2::Literal::usize_unsuffixed(n);
    lit.set_span(span);
    lit.into_token_stream()
}

/// The expression without redundant parentheses or groups around it.
pub(crate) fn strip(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => strip(&p.expr),
        syn::Expr::Group(g) => strip(&g.expr),
        e => e,
    }
}

pub(super) fn expr_span(e: &syn::Expr) -> Span {
    crate::parse::first_span(&e.to_token_stream())
}

/// What a literal is, for messages.
pub(super) fn literal_kind(lit: &syn::Lit) -> &'static str {
    match lit {
        syn::Lit::Str(_) => "a string",
        syn::Lit::ByteStr(_) | syn::Lit::CStr(_) => "a byte string",
        syn::Lit::Byte(_) => "a byte",
        syn::Lit::Char(_) => "a character",
        syn::Lit::Int(_) => "an integer",
        syn::Lit::Float(_) => "a decimal number",
        syn::Lit::Bool(_) => "a boolean",
        _ => "a literal",
    }
}
