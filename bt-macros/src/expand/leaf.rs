//! The value of a leaf written in the tree: an expression, a braced expression, or a bare type
//! name (a unit struct, or a struct with fields built by its `Default`), and the leaf arguments of
//! keywords (a condition, the work of a `service`).

use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote_spanned};

use super::{at, builder};
use crate::parse::{self, LeafKind};
use crate::validate::CheckedLeaf;

/// The value of a condition argument, checked against the tree's context.
pub(super) fn condition_arg(c: &CheckedLeaf) -> TokenStream {
    let b = builder(c.leaf.span);
    let value = leaf_value(c);
    quote_spanned!(c.leaf.span=> ::bt::__private::condition(&#b, #value))
}

/// The value of a leaf argument (the work of a `service`), converted with the tree's context: through
/// the builder (anonymous form) or through its type (named form, context `ctx`).
pub(super) fn leaf_arg(c: &CheckedLeaf, ctx: Option<&syn::Type>) -> TokenStream {
    let value = leaf_value(c);
    let span = c.leaf.span;
    match (ctx, &c.ty) {
        (Some(ctx), Some(ty)) => quote_spanned!(at(span)=> <#ty as ::bt::Leaf<#ctx>>::into_node(#value)),
        _ => {
            let b = builder(span);
            let method = Ident::new("leaf", span);
            quote_spanned!(span=> #b.#method(#value))
        }
    }
}

/// The value of a leaf as an expression: braces are removed around a single expression (the
/// braces only mark where the expression ends).
pub(super) fn leaf_value(leaf: &CheckedLeaf) -> TokenStream {
    match &leaf.leaf.kind {
        LeafKind::Braced(g) => {
            if syn::parse2::<syn::Expr>(g.stream()).is_ok() {
                g.stream()
            } else {
                g.to_token_stream()
            }
        }
        LeafKind::Path(path) => match bare_type_name(path) {
            Some(name) => by_name(name),
            None => leaf.leaf.tokens.clone(),
        },
        _ => leaf.leaf.tokens.clone(),
    }
}

/// The name of a leaf written as a bare, single capitalised name that may be a type (`Attack`,
/// `A`), not a constant (`ATTACK`) or a variable (`attack`).
fn bare_type_name(path: &parse::Path) -> Option<&Ident> {
    let [segment] = path.segments.as_slice() else { return None };
    if path.leading_colon || !segment.generics.is_empty() {
        return None;
    }
    let name = segment.ident.to_string();
    let mut chars = name.chars();
    let capitalised = chars.next().is_some_and(|c| c.is_ascii_uppercase());
    let constant = name.len() > 1 && !name.chars().any(|c| c.is_ascii_lowercase());
    (capitalised && !constant).then_some(&segment.ident)
}

/// The value of a leaf written by its bare name `P`: `P` itself when it is a value (a unit
/// struct), `P::default()` when it is only a type (a struct with fields). An explicit `use P as
/// __BtLeaf` shadows the glob import of the fallback constant only in the namespaces where `P`
/// exists, so a unit struct brings its value and a braced struct leaves the value namespace to
/// the marker `DefaultLeaf`, which `by_name` turns into `P::default()`.
fn by_name(name: &Ident) -> TokenStream {
    // Every token at the name, in its context: an error on the leaf points at the name.
    let span = name.span();
    let local = Ident::new("__BtLeaf", span);
    let module = Ident::new("__bt_fallback", span);
    quote_spanned!(span=> {
        #[allow(non_upper_case_globals)]
        mod #module {
            pub const __BtLeaf: ::bt::__private::DefaultLeaf = ::bt::__private::DefaultLeaf;
        }
        #[allow(unused_imports)]
        use #module::*;
        use #name as #local;
        ::bt::__private::by_name::<#local, _>(#local)
    })
}
