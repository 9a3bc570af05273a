//! Closure leaves, sent to the action or the condition path by their syntax: a parameter taken
//! by `&mut` makes an action (`-> Status`), by `&` a condition (`-> bool`). The return type is
//! written into the closure when it has none, so that a body returning the other type is
//! reported as what it is, on the body, and not as "not a leaf".

use proc_macro2::{Group, Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};

use super::err;
use crate::parse::{Leaf, LeafKind};

/// The two accepted shapes, for messages.
const SHAPES: &str = "a closure leaf takes the context by reference: `{ |ctx: &mut Ctx| … }` is an action and returns `bt::Status`, `{ |ctx: &Ctx| … }` is a condition and returns `bool`";

/// Checks a braced closure leaf and writes its return type in; any other leaf is left as it is.
/// Returns `false` after an error.
pub(super) fn check_closure(leaf: &mut Leaf, errors: &mut Vec<syn::Error>) -> bool {
    let LeafKind::Braced(g) = &leaf.kind else { return true };
    let Ok(syn::Expr::Closure(mut closure)) = syn::parse2::<syn::Expr>(g.stream()) else { return true };
    let params: Vec<&syn::Pat> = closure.inputs.iter().collect();
    let [param] = params.as_slice() else {
        let span = closure.or1_token.span;
        let n = params.len();
        err(errors, span, format!("this closure takes {n} parameters, but {SHAPES}"));
        return false;
    };
    let syn::Pat::Type(typed) = param else {
        let span = first_span(param.to_token_stream());
        let name = param.to_token_stream();
        let name = crate::text::tidy(&name);
        err(
            errors,
            span,
            format!("the parameter `{name}` needs its type, which says what the closure is: {SHAPES}"),
        );
        return false;
    };
    let syn::Type::Reference(r) = &*typed.ty else {
        let ty = crate::text::tidy(&typed.ty.to_token_stream());
        err(
            errors,
            first_span(typed.ty.to_token_stream()),
            format!("found the parameter type `{ty}`, but {SHAPES}"),
        );
        return false;
    };
    if r.mutability.is_none()
        && let syn::Pat::Ident(p) = &*typed.pat
        && let Some(at) = super::writes::write_through(&closure.body, &p.ident)
    {
        let ctx = crate::text::tidy(&r.elem.to_token_stream());
        let name = &p.ident;
        err(
            errors,
            at,
            format!(
                "a condition cannot change the context: this closure takes `&{ctx}`, so it is a condition, and conditions take the context by `&` by design (checking one never changes what the rest of the tree sees). Write the change in an action, `{{ |{name}: &mut {ctx}| {{ …; bt::Status::Success }} }}`, before or after the condition in a `sequence`, or make this closure that action"
            ),
        );
        return false;
    }
    if !matches!(closure.output, syn::ReturnType::Default) {
        return true;
    }
    // The return type stands where the parameter says what the closure is: a mismatch in the body
    // is reported as "expected `Status` because of return type", pointing there.
    let at = r.and_token.span;
    let (ret, span) = match &r.mutability {
        Some(m) => (quote_spanned!(m.span=> ::bt::Status), m.span),
        None => (quote_spanned!(at=> bool), at),
    };
    let body = &closure.body;
    let body: syn::Expr = match &**body {
        syn::Expr::Block(_) => (**body).clone(),
        _ => syn::parse_quote_spanned!(span=> { #body }),
    };
    closure.output = syn::parse_quote_spanned!(span=> -> #ret);
    *closure.body = body;
    let mut group = Group::new(g.delimiter(), quote!(#closure));
    group.set_span(g.span());
    leaf.kind = LeafKind::Braced(group);
    true
}

fn first_span(tokens: TokenStream) -> Span {
    crate::parse::first_span(&tokens)
}

/// The span of `mut` when the leaf is a braced closure whose parameter is taken by `&mut`.
pub(super) fn takes_mut(leaf: &Leaf) -> Option<Span> {
    let LeafKind::Braced(g) = &leaf.kind else { return None };
    let Ok(syn::Expr::Closure(closure)) = syn::parse2::<syn::Expr>(g.stream()) else { return None };
    let Some(syn::Pat::Type(typed)) = closure.inputs.first() else { return None };
    let syn::Type::Reference(r) = &*typed.ty else { return None };
    r.mutability.map(|m| m.span)
}

/// For a braced closure leaf whose parameter is a reference: whether it is taken by `&mut` (an
/// action) rather than `&` (a condition); `None` for any other leaf.
pub(crate) fn takes_context_mut(leaf: &Leaf) -> Option<bool> {
    let LeafKind::Braced(g) = &leaf.kind else { return None };
    let Ok(syn::Expr::Closure(closure)) = syn::parse2::<syn::Expr>(g.stream()) else { return None };
    let [syn::Pat::Type(typed)] = closure.inputs.iter().collect::<Vec<_>>().as_slice() else { return None };
    let syn::Type::Reference(r) = &*typed.ty else { return None };
    Some(r.mutability.is_some())
}
