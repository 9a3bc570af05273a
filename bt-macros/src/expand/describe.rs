//! The static description of a tree: one `NodeInfo` entry per node, in pre-order.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};

use crate::validate::CheckedKeyword;

/// The generic parameter standing for the context in a description's impl.
pub(super) fn ctx_param() -> Ident {
    Ident::new("__Ctx", Span::mixed_site())
}

/// The generic parameter standing for the node type of captured leaf `k`.
pub(super) fn capture_param(k: usize) -> Ident {
    Ident::new(&format!("__L{k}"), Span::mixed_site())
}

/// `::bt::TreeDescription::new(…)` over the entries.
pub(super) fn description_value(entries: &[TokenStream], name: &str, context: &str) -> TokenStream {
    let file = quote_spanned!(Span::call_site()=> ::core::file!());
    quote! {
        ::bt::TreeDescription::new(#name, #context, #file, &[#(#entries),*])
    }
}

pub(super) fn node_info(
    kind: &str,
    label: &str,
    args: &str,
    depth: usize,
    children: usize,
    span: Span,
) -> TokenStream {
    let depth = u16::try_from(depth).unwrap_or(u16::MAX);
    let children = u16::try_from(children).unwrap_or(u16::MAX);
    let (line, column) = crate::text::line_column(span);
    quote! {
        ::bt::NodeInfo {
            kind: #kind, label: #label, args: #args, depth: #depth, children: #children,
            line: #line, column: #column, subtree: ::core::option::Option::None, ports: &[],
        }
    }
}

pub(super) fn keyword_entry(k: &CheckedKeyword, depth: usize) -> TokenStream {
    // A condition `bt_xml!` wrote (`X::__bt_ports("if=\"a > 1\"", …)`) is shown as its label.
    let mut args = k.args_text.clone();
    for a in &k.args {
        if let crate::validate::ArgOut::Condition(c) = a
            && let Some(label) = super::tree::xml_label(&c.leaf.tokens)
        {
            args = args.replace(&crate::text::tidy(&c.leaf.tokens), &label);
        }
    }
    match &k.user {
        Some(user) => {
            node_info(&k.name.to_string(), &user.label, &args, depth, k.children.len(), k.name.span())
        }
        None => node_info(k.def.name, &k.name.to_string(), &args, depth, k.children.len(), k.name.span()),
    }
}

/// The boxed subtree is opaque: one node, labelled with what it holds.
pub(super) fn boxed_entry(k: &CheckedKeyword, depth: usize) -> TokenStream {
    let inner: TokenStream = k.source.clone().into_iter().skip(1).collect();
    let label = crate::text::tidy(&inner);
    let label = label.strip_prefix('<').and_then(|l| l.strip_suffix('>')).unwrap_or(&label);
    let label = label.strip_prefix('(').and_then(|l| l.strip_suffix(')')).unwrap_or(label);
    node_info("boxed", label, "", depth, 0, k.name.span())
}
