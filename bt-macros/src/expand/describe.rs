//! The static description of a tree: one `NodeInfo` entry per node, in pre-order.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};

use quote::ToTokens;

use crate::keywords::ArgKind;
use crate::parse::{Arg, ArgValue as ParsedArg};
use crate::validate::{ArgOut, CheckedKeyword};

/// The generic parameter standing for the context in a description's impl.
pub(super) fn ctx_param() -> Ident {
    Ident::new("__Ctx", Span::mixed_site())
}

/// The generic parameter standing for the node type of captured leaf `k`.
pub(super) fn capture_param(k: usize) -> Ident {
    Ident::new(&format!("__L{k}"), Span::mixed_site())
}

/// The generic parameter standing for the marker of the ports captured leaf `k` derives
/// (`bt::__private::DerivedPorts`).
pub(super) fn ports_param(k: usize) -> Ident {
    Ident::new(&format!("__P{k}"), Span::mixed_site())
}

/// The local holding the marker of captured leaf `k`'s node type (a `PhantomData`), and the local
/// holding the marker of the ports it derives, located at `span` for error messages. Each capture
/// has its own locals, whose types the compiler infers from their one leaf: one inference
/// variable each, settled when its leaf is checked, rather than a tuple of all of them that stays
/// open over the whole tree (which made type checking quadratic in the number of leaves).
pub(super) fn capture_locals(k: usize, span: Span) -> (Ident, Ident) {
    let at = Span::mixed_site().located_at(span);
    (Ident::new(&format!("__bt_node{k}"), at), Ident::new(&format!("__bt_ports{k}"), at))
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
        ::bt::NodeInfo::keyword(#kind, #label, #args, #depth, #children, #line, #column)
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
    let entry = match &k.user {
        Some(user) => {
            node_info(&k.name.to_string(), &user.label, &args, depth, k.children.len(), k.name.span())
        }
        None => node_info(k.def.name, &k.name.to_string(), &args, depth, k.children.len(), k.name.span()),
    };
    let arguments = &k.arguments;
    if arguments.is_empty() { entry } else { quote!(#entry.with_arguments(&[#(#arguments),*])) }
}

/// The described value of an argument of keyword parameter kind `kind`, written `arg` and
/// checked into `out`: a literal as its value (`Int`, `Float`, `Duration`, `Text`), anything
/// else as its code; `None` for what is not described.
pub(crate) fn arg_value(kind: ArgKind, arg: &Arg, out: &ArgOut) -> Option<TokenStream> {
    let text = |t: &TokenStream| crate::text::tidy(t);
    Some(match (arg, out) {
        (_, ArgOut::Const(n, _)) => {
            let n = i128::from(*n);
            quote!(::bt::ArgValue::Int(#n))
        }
        // A count or duration read from an entry: `"{key}"`, as a loaded tree describes it.
        (_, ArgOut::Entry(key, _)) => {
            let text = format!("{{{key}}}");
            quote!(::bt::ArgValue::Text(#text))
        }
        (_, ArgOut::Condition(c) | ArgOut::Leaf(c)) => {
            // A BehaviorTree.CPP script `bt_xml!` compiled (labelled `if="…"`): its text.
            let t = match super::tree::xml_label(&c.leaf.tokens) {
                Some(label) => match label.strip_prefix("if=\"").and_then(|l| l.strip_suffix('"')) {
                    Some(script) => script.to_string(),
                    None => label,
                },
                None => text(&c.leaf.tokens),
            };
            quote!(::bt::ArgValue::Code(#t))
        }
        (Arg { value: ParsedArg::Expr(e), .. }, ArgOut::Tokens(tokens)) => {
            let written = text(&e.to_token_stream());
            match (kind, crate::validate::strip(e)) {
                (ArgKind::Abort | ArgKind::Otherwise, _) => quote!(::bt::ArgValue::Text(#written)),
                (ArgKind::Flag, syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Bool(b), .. })) => {
                    let b = b.value;
                    quote!(::bt::ArgValue::Bool(#b))
                }
                (ArgKind::Duration, syn::Expr::Lit(_)) => quote!(::bt::ArgValue::Duration(#tokens)),
                (
                    ArgKind::Count | ArgKind::Seed,
                    syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }),
                ) => {
                    let n: i128 = i.base10_parse().ok()?;
                    quote!(::bt::ArgValue::Int(#n))
                }
                (ArgKind::Rate, syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Float(f), .. })) => {
                    let t = f.base10_digits().to_string();
                    quote!(::bt::ArgValue::Float(#t))
                }
                (ArgKind::Rate, syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. })) => {
                    let t = format!("{}.0", i.base10_digits());
                    quote!(::bt::ArgValue::Float(#t))
                }
                _ => quote!(::bt::ArgValue::Code(#written)),
            }
        }
        _ => return None,
    })
}

/// The described value of an argument of a node kind of the user's: a literal as its value, any
/// other expression as its code.
pub(crate) fn user_arg_value(e: &syn::Expr) -> TokenStream {
    match crate::validate::strip(e) {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) if i.suffix().is_empty() => {
            match i.base10_parse::<i128>() {
                Ok(n) => quote!(::bt::ArgValue::Int(#n)),
                Err(_) => code(e),
            }
        }
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Float(f), .. }) if f.suffix().is_empty() => {
            let t = f.base10_digits().to_string();
            quote!(::bt::ArgValue::Float(#t))
        }
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Bool(b), .. }) => {
            let b = b.value;
            quote!(::bt::ArgValue::Bool(#b))
        }
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => {
            let s = s.value();
            quote!(::bt::ArgValue::Text(#s))
        }
        _ => code(e),
    }
}

fn code(e: &syn::Expr) -> TokenStream {
    let t = crate::text::tidy(&e.to_token_stream());
    quote!(::bt::ArgValue::Code(#t))
}

/// The boxed subtree is opaque: one node, labelled with what it holds.
pub(super) fn boxed_entry(k: &CheckedKeyword, depth: usize) -> TokenStream {
    let inner: TokenStream = k.source.clone().into_iter().skip(1).collect();
    let label = crate::text::tidy(&inner);
    let label = label.strip_prefix('<').and_then(|l| l.strip_suffix('>')).unwrap_or(&label);
    let label = label.strip_prefix('(').and_then(|l| l.strip_suffix(')')).unwrap_or(label);
    node_info("boxed", label, "", depth, 0, k.name.span())
}
