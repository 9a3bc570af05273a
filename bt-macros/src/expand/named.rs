//! The named form: `bt! { pub struct Name(params) for Ctx { TREE } }` becomes a type.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};

use super::describe::description_value;
use super::tree::Gen;
use super::{at, builder, compile_errors};
use crate::parse::Named;
use crate::validate::{self, Mode};

pub(super) fn expand_named(item: Named, annotations: &[TokenStream]) -> TokenStream {
    let Named { attrs, vis, name, params, ctx, tree, mut errors } = item;
    let mode = Mode::Named { name: &name, params: &params };
    let checked = crate::limits::check_sized(tree, &mut errors, |t, e| validate::check(t, mode, e));
    let b = builder(Span::call_site());
    let param_names: Vec<&Ident> = params.iter().map(|(n, _)| n).collect();
    let param_decls = params.iter().map(|(n, t)| quote!(#n: #t));
    let has_docs = attrs.iter().any(|a| a.path().is_ident("doc"));
    let default_doc = (!has_docs).then(|| {
        let doc = format!("The behavior tree `{name}`, declared with `bt!`.");
        quote!(#[doc = #doc])
    });

    let (node_ty, root, description, errors) = match checked {
        Some(c) if errors.is_empty() => {
            let mut g = Gen::new(Some(&ctx), at(name.span()));
            g.tree = Some((&name, &vis));
            let root = g.tree(&c);
            super::annotate(&mut g.entries, annotations);
            let node_ty = g.node_type(&c);
            let description =
                description_value(&g.entries, &name.to_string(), &crate::text::tidy(&ctx.to_token_stream()));
            let items = g.items;
            (node_ty, root, description, quote!(#(#items)*))
        }
        _ => {
            let errors = compile_errors(errors);
            let root = quote!({
                let _ = (#(#param_names,)*);
                ::bt::__private::Placeholder
            });
            let description = quote!(::bt::TreeDescription::EMPTY);
            (quote!(::bt::__private::Placeholder), root, description, errors)
        }
    };
    // The generated items carry the name's span: a type error the compiler finds in them (a leaf
    // that is not a leaf for the context) is reported once, on the name of the tree.
    let span = at(name.span());
    // The same builder, located at the name: a type error in the tree is reported there.
    let b_at_name = builder(name.span());
    let tree_ty = quote_spanned!(span=> ::bt::BehaviorTree<#node_ty, #ctx, #name>);
    let default_impl = params.is_empty().then(|| {
        quote_spanned! {span=>
            impl ::core::default::Default for #name {
                fn default() -> Self {
                    Self::new()
                }
            }
        }
    });
    // The parameters of the `bt::Tree` methods, out of the user's names' way.
    let (obs, c, o) = (
        Ident::new("__O", Span::mixed_site()),
        Ident::new("__ctx", Span::mixed_site()),
        Ident::new("__observer", Span::mixed_site()),
    );
    quote_spanned! {span=>
        #errors
        #default_doc
        #(#attrs)*
        #vis struct #name(#tree_ty);

        impl #name {
            /// Builds the tree, idle.
            #vis fn new(#(#param_decls),*) -> Self {
                let #b = ::bt::__private::Builder::<#ctx>::new();
                #name(#b_at_name.build_described::<#name, _>(#root))
            }
        }

        #default_impl

        impl ::core::ops::Deref for #name {
            type Target = #tree_ty;
            fn deref(&self) -> &Self::Target {
                &self.0
            }
        }

        impl ::core::ops::DerefMut for #name {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut self.0
            }
        }

        impl ::bt::Tree<#ctx> for #name {
            #[inline]
            fn tick_with<#obs: ::bt::Observer + ?::core::marker::Sized>(&mut self, #c: &mut #ctx, #o: &mut #obs) -> ::bt::Status {
                ::bt::Tree::tick_with(&mut self.0, #c, #o)
            }
            #[inline]
            fn halt_with<#obs: ::bt::Observer + ?::core::marker::Sized>(&mut self, #c: &mut #ctx, #o: &mut #obs) {
                ::bt::Tree::halt_with(&mut self.0, #c, #o)
            }
            fn reset(&mut self, #c: &mut #ctx) {
                ::bt::Tree::reset(&mut self.0, #c)
            }
            fn is_running(&self) -> bool {
                ::bt::Tree::is_running(&self.0)
            }
            fn description(&self) -> &'static ::bt::TreeDescription {
                ::bt::Tree::description(&self.0)
            }
        }

        impl ::bt::Leaf<#ctx> for #name {
            type Node = ::bt::Subtree<#tree_ty>;
            type InBlock = ::bt::Subtree<#tree_ty>;
            fn into_node(self) -> Self::Node {
                ::bt::Subtree(self.0)
            }
        }

        impl ::bt::Describe for #name {
            const DESCRIPTION: &'static ::bt::TreeDescription = &#description;
        }
    }
}
