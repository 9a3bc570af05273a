//! Literal arguments as type-level constants: a count as `::bt::Const::<v>` (the bound of a
//! `retry` or `recovery`, as `::bt::ConstU8::<v>` when it fits a byte), a duration as `::bt::ConstDuration::<secs, nanos>`,
//! a rate as `::bt::ConstRate`, so that the node keeps no bytes for them.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use super::at;
use crate::validate::ArgOut;

/// The literal count of a keyword's argument, or its expression.
pub(super) fn count_arg(a: &ArgOut) -> (TokenStream, bool) {
    match a {
        ArgOut::Const(v, span) => (const_type(*v, *span), true),
        ArgOut::Tokens(t) => (t.clone(), false),
        ArgOut::Condition(_) | ArgOut::Leaf(_) | ArgOut::Value(_) | ArgOut::Entry(..) => (quote!(()), false),
    }
}

/// The count argument of `keyword`, as [`count_arg`] makes it, except that the literal bound of a
/// `retry` or a `recovery` is a `::bt::ConstU8::<v>` when it fits a byte: the node counts its
/// attempts or recoveries in one byte (`bt::Bound`). A `parallel`'s threshold is no counter's
/// bound and stays a `::bt::Const`; so does a `repeat`'s count, whose one-byte counter measured
/// 14 instructions per tick more on the synthetic seed-4 tree (244.8 → 259.0, default release
/// profile) for 3 bytes less, while the attempts counters cost nothing measurable.
pub(super) fn keyword_count_arg(keyword: &str, a: &ArgOut) -> (TokenStream, bool) {
    match a {
        ArgOut::Const(v, span) if matches!(keyword, "retry" | "recovery") && *v <= u32::from(u8::MAX) => {
            let mut lit = proc_macro2::Literal::u32_unsuffixed(*v);
            lit.set_span(*span);
            (quote_spanned!(at(*span)=> ::bt::ConstU8::<#lit>), true)
        }
        _ => count_arg(a),
    }
}

/// `::bt::ConstDuration::<secs, nanos>` for a duration literal, which validation has turned into
/// `::core::time::Duration::new(secs_u64, nanos_u32)` (the same call written out in the tree is
/// the same constant); `None` for any other duration expression.
pub(super) fn const_duration(a: &ArgOut) -> Option<TokenStream> {
    let ArgOut::Tokens(t) = a else { return None };
    let syn::Expr::Call(call) = syn::parse2::<syn::Expr>(t.clone()).ok()? else { return None };
    let syn::Expr::Path(f) = &*call.func else { return None };
    let path: Vec<String> = f.path.segments.iter().map(|s| s.ident.to_string()).collect();
    if f.path.leading_colon.is_none() || path != ["core", "time", "Duration", "new"] || call.args.len() != 2 {
        return None;
    }
    let int = |e: &syn::Expr, suffix: &str| match e {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) if i.suffix() == suffix => Some(i.clone()),
        _ => None,
    };
    let secs = int(&call.args[0], "u64")?.base10_parse::<u64>().ok()?;
    let nanos = int(&call.args[1], "u32")?;
    let span = nanos.span();
    if nanos.base10_parse::<u32>().ok()? >= 1_000_000_000 {
        return None;
    }
    let mut secs = proc_macro2::Literal::u64_unsuffixed(secs);
    secs.set_span(span);
    let mut nanos = proc_macro2::Literal::u32_unsuffixed(nanos.base10_parse::<u32>().ok()?);
    nanos.set_span(span);
    Some(quote_spanned!(at(span)=> ::bt::ConstDuration::<#secs, #nanos>))
}

/// Whether `t` is the `::bt::ConstRate::<secs, nanos>` validation makes of a rate literal.
pub(super) fn is_const_rate(t: &TokenStream) -> bool {
    let Ok(syn::Type::Path(p)) = syn::parse2::<syn::Type>(t.clone()) else { return false };
    let path: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
    p.qself.is_none() && p.path.leading_colon.is_some() && path == ["bt", "ConstRate"]
}

/// `::bt::Const::<v>`, the type (and, as a unit struct, the value) of a literal count.
fn const_type(v: u32, span: Span) -> TokenStream {
    let mut lit = proc_macro2::Literal::u32_unsuffixed(v);
    lit.set_span(span);
    quote_spanned!(at(span)=> ::bt::Const::<#lit>)
}
