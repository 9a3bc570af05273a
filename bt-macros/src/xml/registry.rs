//! The `registry()` a named `bt_xml!` tree offers: what `bt::load` needs to load any other file
//! over the same leaves, node kinds, entry types and script constants.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};

use super::{Invocation, NamedHead, tree};

/// The `registry()` of a named tree: every leaf type the tree maps, registered under its element
/// name as it can be built from an element (`bt::load::probe`), with the context's clock and
/// blackboard when it has them; the items only when `bt`'s feature `load` is on.
pub(super) fn registry_of(
    h: &NamedHead,
    inv: &Invocation,
    root: &bt_xml::Node,
    siblings: &[std::path::PathBuf],
    span: Span,
) -> TokenStream {
    let nodes = &inv.nodes[..];
    let NamedHead { vis, name, ctx, .. } = h;
    // Each leaf id: its type (when named), and the expression that builds it without attributes
    // (when the compiled tree builds it so).
    let mut ids: Vec<(String, Option<TokenStream>, Option<TokenStream>)> = Vec::new();
    let mut specs: Vec<(String, TokenStream)> = Vec::new();
    let mut note = |id: &str, ty: Option<TokenStream>, make: Option<TokenStream>| match ids
        .iter_mut()
        .find(|(i, ..)| i == id)
    {
        Some(entry) => {
            if entry.2.is_none() {
                entry.2 = make;
            }
        }
        None => ids.push((id.to_string(), ty, make)),
    };
    for n in root.iter() {
        match &n.kind {
            // bt's own `UnsetBlackboard` and `Loop*`, which the registry knows when the context has
            // a blackboard.
            bt_xml::Kind::Leaf { type_name } | bt_xml::Kind::Custom { type_name }
                if (type_name == "UnsetBlackboard" || bt_xml::loop_item(type_name).is_some())
                    && !nodes.iter().any(|m| &m.element == type_name) => {}
            bt_xml::Kind::Leaf { type_name } => {
                let mapped = nodes.iter().find(|m| &m.element == type_name);
                let (ty, call) = match mapped {
                    Some(m) => (m.path.to_token_stream(), m.call),
                    None => match syn::parse_str::<syn::Path>(type_name) {
                        Ok(p) => (p.to_token_stream(), false),
                        Err(_) => continue,
                    },
                };
                let make = n.ports.is_empty().then(|| if call { quote!(#ty()) } else { ty.clone() });
                note(type_name, (!call).then_some(ty), make);
            }
            // A composite or decorator of your own, built from its attributes (its spec's ports).
            bt_xml::Kind::Custom { type_name } => {
                let mapped = nodes.iter().find(|m| &m.element == type_name);
                let ty = match mapped {
                    Some(m) if !m.call => m.path.to_token_stream(),
                    Some(_) => continue,
                    None => match syn::parse_str::<syn::Path>(type_name) {
                        Ok(p) => p.to_token_stream(),
                        Err(_) => continue,
                    },
                };
                if !specs.iter().any(|(i, _)| i == type_name) {
                    specs.push((type_name.clone(), ty));
                }
            }
            // The conditions and leaves that built-ins name in their arguments (`if="IsReady"`,
            // `if="Near::new(2.0)"`): registered under that text, built as the compiled tree does.
            bt_xml::Kind::Keyword { name: "precondition" | "guard" | "service", args } => {
                for a in args {
                    if let bt_xml::ArgValue::Code(code) = &a.value
                        && let Ok(e) = syn::parse_str::<syn::Expr>(code)
                    {
                        let ty = syn::parse_str::<syn::Path>(code).ok().map(|p| p.to_token_stream());
                        note(code.trim(), ty, Some(e.to_token_stream()));
                    }
                }
            }
            _ => {}
        }
    }
    // The types and expressions at the file's literal, where the tree's own errors point.
    let at = |t: &TokenStream| tree::respan(t.clone(), Span::call_site().located_at(span));
    let leaves = ids.iter().map(|(id, ty, make)| match (ty.as_ref().map(at), make.as_ref().map(at)) {
        (_, Some(make)) => quote_spanned!(span=>
            let r = (&&&&&::bt::load::probe::made::<#ctx, _, _>(|| #make)).register(r, #id);),
        (Some(ty), None) => quote_spanned!(span=>
            let r = (&&&&&::bt::load::probe::leaf::<#ctx, #ty>()).register(r, #id);),
        (None, None) => TokenStream::new(),
    });
    let specs = specs.iter().map(|(id, ty)| {
        let ty = at(ty);
        quote_spanned!(span=> let r = (&&&&&::bt::load::probe::spec::<#ctx, #ty>()).register(r, #id);)
    });
    // The entry types and script constants the invocation declares.
    let keys = inv.keys.iter().map(|k| {
        let (name, ty) = (&k.name, at(&k.ty.to_token_stream()));
        quote_spanned!(span=> let r = r.key::<#ty>(#name);)
    });
    let enums = inv.enums.iter().map(|e| {
        let (name, value) = (e.name.to_string(), at(&e.value.to_token_stream()));
        quote_spanned!(span=> let r = r.script_enum(#name, {
            #[allow(clippy::unnecessary_cast)]
            let v = (#value) as i64;
            v
        });)
    });
    // The sibling files, where the invocation found them.
    let files = siblings.iter().map(|f| {
        let abs = f.canonicalize().unwrap_or_else(|_| f.clone());
        abs.to_string_lossy().into_owned()
    });
    let files = if siblings.is_empty() {
        TokenStream::new()
    } else {
        quote_spanned!(span=> let r = r.with_files([#(#files),*]);)
    };
    quote_spanned! {span=>
        ::bt::__bt_when_load! {
            impl #name {
                /// The registry of the leaves this tree maps, each under its element name, with
                /// the built-ins the context allows (and the sibling files of `files(…)`, as
                /// they were found when the tree was compiled): any other BehaviorTree.CPP file
                /// over these leaves loads at run time with it (`Self::registry().load(path)`).
                #[allow(unused_imports, dead_code)]
                #vis fn registry() -> ::bt::load::Registry<#ctx> {
                    use ::bt::load::probe::{
                        ActionMade as _, ActionWithPorts as _, CompositeWithPorts as _, ConditionMade as _,
                        ConditionWithPorts as _, DecoratorWithPorts as _, DefaultComposite as _,
                        DefaultDecorator as _, Unbuildable as _, UnbuildableSpec as _, WithBlackboard as _,
                        WithClock as _, WithoutBlackboard as _, WithoutClock as _,
                    };
                    let r = ::bt::load::Registry::<#ctx>::new();
                    let r = (&::bt::load::probe::Context::<#ctx>::new()).clock(r);
                    let r = (&::bt::load::probe::Context::<#ctx>::new()).blackboard(r);
                    #(#leaves)*
                    #(#specs)*
                    #(#keys)*
                    #(#enums)*
                    #files
                    r
                }
            }
        }
    }
}
