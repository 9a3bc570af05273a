//! Checked tree → Rust code.
//!
//! The generated code names only `::bt::…` and `::core::…` paths, keeps the user's spans on the
//! user's tokens (a type error in a leaf points at the leaf), and uses mixed-site hygiene for its
//! own locals. When the input had any error, the output is those errors plus a placeholder of the
//! right shape, so that one mistake gives one error and not a cascade.
//!
//! `spec` writes the spec of each node (its keyword's arguments); `tree` walks the checked tree to
//! write its value and type, `describe` its description entries, `named` the named form.

mod consts;
pub(crate) mod describe;
mod leaf;
mod named;
mod spec;
mod tree;

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use crate::parse::{self, Anonymous, Input};
use crate::validate::{self, Mode};
use describe::{capture_param, ctx_param, description_value, ports_param};
use leaf::leaf_value;
use named::expand_named;
use spec::{named_switch, spec_expr, spec_type};
use tree::Gen;

/// The whole macro: input tokens → output tokens. Never panics.
pub(crate) fn expand(input: TokenStream) -> TokenStream {
    expand_annotated(input, &[])
}

/// [`expand`], with what each description entry adds, in pre-order (`bt_xml!` gives the IDs,
/// instance names and port bindings it read). Ignored unless there is one per entry.
pub(crate) fn expand_annotated(input: TokenStream, annotations: &[TokenStream]) -> TokenStream {
    let mut errors = Vec::new();
    match parse::parse_input(input, &mut errors) {
        Input::Anonymous(a) => expand_anonymous(*a, errors, annotations),
        Input::Named(items) => {
            let mut out = compile_errors(errors);
            for item in items {
                out.extend(expand_named(item, annotations));
            }
            out
        }
    }
}

/// Appends to each entry what its annotation adds, when there is one annotation per entry.
fn annotate(entries: &mut [TokenStream], annotations: &[TokenStream]) {
    if entries.len() == annotations.len() {
        for (e, a) in entries.iter_mut().zip(annotations) {
            e.extend(a.clone());
        }
    }
}

fn compile_errors(errors: Vec<syn::Error>) -> TokenStream {
    errors.into_iter().map(|e| e.to_compile_error()).collect()
}

/// A span for generated tokens: the macro's own hygiene (so lints see generated code), at the
/// location of the user's token `at` (so errors point there).
fn at(at: Span) -> Span {
    Span::call_site().located_at(at)
}

/// The builder local `__b`, with mixed-site hygiene, located at `span` for error messages.
fn builder(span: Span) -> Ident {
    Ident::new("__b", Span::mixed_site().located_at(span))
}

fn expand_anonymous(a: Anonymous, mut errors: Vec<syn::Error>, annotations: &[TokenStream]) -> TokenStream {
    let checked =
        crate::limits::check_sized(a.tree, &mut errors, |t, e| validate::check(t, Mode::Anonymous, e));
    let ctx = a.ctx.as_ref().map_or_else(|| quote!(_), Clone::clone);
    let b = builder(Span::call_site());
    let new_builder = quote!(let #b = ::bt::__private::Builder::<#ctx>::new(););
    let checked = match checked {
        Some(c) if errors.is_empty() => c,
        _ => {
            let errors = compile_errors(errors);
            // With an explicit context the placeholder is a tree of that context; without one it
            // is a value whose methods accept any context, so nothing is left to infer.
            let placeholder = match &a.ctx {
                Some(_) => quote!({ #new_builder #b.build(::bt::__private::Placeholder) }),
                None => quote!(::bt::__private::ErrorTree),
            };
            return quote! {{
                #errors
                #placeholder
            }};
        }
    };
    let desc = Ident::new("__BtDescription", Span::mixed_site());
    let context = a.ctx.as_ref().map(crate::text::tidy).unwrap_or_default();
    let mut g = Gen::new(None, Span::call_site());
    g.inferred = a.ctx.is_none();
    let root = g.node(&checked, 0);
    annotate(&mut g.entries, annotations);
    let description = description_value(&g.entries, "", &context);
    // The leaves that may be trees built by `bt!` are captured: the description is generic over
    // their node types (inferred from the leaves), so that it can embed their descriptions. The
    // description's type is declared in a block of its own, which holds no token of the user's:
    // its name cannot shadow, or be shadowed by, anything the tree's leaves or context name.
    let c = ctx_param();
    // Each captured leaf also gives the marker of the ports its type derives (`__P…`).
    let params: Vec<Ident> = (0..g.captures).map(capture_param).collect();
    let ports: Vec<Ident> = (0..g.captures).map(ports_param).collect();
    let l = Ident::new("__L", Span::mixed_site());
    let d = Ident::new("__bt_d", Span::mixed_site());
    let root_local = Ident::new("__bt_root", Span::mixed_site());
    // The markers are declared with the tree's statements (each before its leaf, which records
    // its type in it) and gathered into the description's value after them.
    let (nodes, ports_markers): (Vec<Ident>, Vec<Ident>) =
        (0..g.captures).map(|k| describe::capture_locals(k, Span::call_site())).unzip();
    let stmts = core::mem::take(&mut g.stmts);
    quote! {{
        #new_builder
        #(#stmts)*
        let #root_local = #root;
        let #d = {
            struct #desc<#c: ?::core::marker::Sized, #l>(::core::marker::PhantomData<fn(&mut #c)>, #l);
            impl<
                #c: ?::core::marker::Sized,
                #(#params: ::bt::Node<#c>,)*
                #(#ports: ::bt::__private::DerivedPorts,)*
            > ::bt::Describe
                for #desc<#c, (
                    (#(::core::marker::PhantomData<#params>,)*),
                    (#(::core::marker::PhantomData<#ports>,)*),
                )>
            {
                const DESCRIPTION: &'static ::bt::TreeDescription = &#description;
            }
            #desc(#b.context(), ((#(#nodes,)*), (#(#ports_markers,)*)))
        };
        #b.build_from(#d, #root_local)
    }}
}
