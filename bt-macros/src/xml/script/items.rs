//! The generated structs: one per script leaf or precondition, one per node with conditions, each
//! with a typed slot per entry its scripts use.

use std::collections::{BTreeMap, BTreeSet};

use bt_xml::When;
use bt_xml::bt_script::check::{Place, Typed};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};

use super::code::Code;
use super::{Options, Site, SiteKind, label};

/// Writes the structs.
pub(super) struct Gen<'a> {
    pub(super) opts: &'a Options<'a>,
    pub(super) types: &'a BTreeMap<String, TokenStream>,
    pub(super) fields: &'a BTreeMap<String, Ident>,
    pub(super) consts: &'a BTreeMap<String, TokenStream>,
    pub(super) table: &'a [TokenStream],
    pub(super) at: &'a dyn Fn(bt_xml::Pos) -> String,
}

impl Gen<'_> {
    pub(super) fn struct_name(&self, i: usize) -> Ident {
        format_ident!("BtXml{}Script{}", self.opts.prefix, i, span = Span::call_site())
    }

    /// The struct, its constructor (`__bt_ports`, as `bt_xml!` writes leaves) and its constants,
    /// for scripts using the entries `keys`.
    fn shell(&self, name: &Ident, keys: &BTreeSet<String>, label: &str) -> TokenStream {
        let vis = &self.opts.vis;
        let fields: Vec<TokenStream> = keys
            .iter()
            .map(|k| {
                let (f, t) = (&self.fields[k], &self.types[k]);
                quote!(#f: ::bt::script::Slot<#t>)
            })
            .collect();
        let inits: Vec<TokenStream> = keys
            .iter()
            .map(|k| {
                let f = &self.fields[k];
                quote!(#f: ::bt::script::Slot::new(#k))
            })
            .collect();
        let table = self.table;
        let doc = format!("The compiled script `{label}` (written by `bt_xml!`).");
        quote! {
            #[doc = #doc]
            #[doc(hidden)]
            #[allow(non_camel_case_types, dead_code)]
            #[derive(Clone, Debug)]
            #vis struct #name { #(#fields),* }

            #[allow(dead_code, clippy::all)]
            impl #name {
                /// The named constants of the tree, for scripts that read a string as a number.
                const CONSTS: &'static [(&'static str, i64)] = &[#(#table),*];

                /// The script with its slots, then `bind` (the form `bt_xml!` writes leaves in;
                /// `label` is the node's label in the description).
                #[doc(hidden)]
                #[inline]
                #vis fn __bt_ports(label: &'static str, bind: impl ::core::ops::FnOnce(&mut Self)) -> Self {
                    let _ = label;
                    let mut s = #name { #(#inits),* };
                    bind(&mut s);
                    s
                }
            }
        }
    }

    fn run_fn(&self, method: &Ident, typed: &Typed, read_only: bool) -> TokenStream {
        let mut code = Code { fields: self.fields, consts: self.consts, locals: 0 };
        let body = code.body(typed);
        let ctx_ty = if read_only { quote!(&__C) } else { quote!(&mut __C) };
        quote! {
            #[allow(unused_variables, unused_mut, clippy::all)]
            #[inline]
            fn #method<__C: ::bt::ports::HasBlackboard + ?Sized>(&mut self, ctx: #ctx_ty) -> ::core::result::Result<bool, ::bt::script::Fault> {
                #body
            }
        }
    }

    pub(super) fn leaf_struct(&self, name: &Ident, s: &Site<'_>, typed: &Typed) -> TokenStream {
        let mut keys = BTreeSet::new();
        for e in &typed.statements {
            e.keys(&mut keys);
        }
        let label = label(s);
        let shell = self.shell(name, &keys, &label);
        let run = Ident::new("run", Span::call_site());
        let read_only = matches!(s.kind, SiteKind::Precondition);
        let run_fn = self.run_fn(&run, typed, read_only);
        let at = format!("{}: {label}", (self.at)(s.script.pos));
        let imp = if read_only {
            quote! {
                impl<__C: ::bt::ports::HasBlackboard + ?Sized> ::bt::Condition<__C> for #name {
                    /// A condition that cannot be evaluated is false.
                    #[inline]
                    fn check(&mut self, ctx: &__C) -> bool {
                        self.#run(ctx).unwrap_or(false)
                    }
                }
            }
        } else {
            let done = if s.place == Place::Condition {
                quote!(::bt::Status::from_bool(holds))
            } else {
                quote!({
                    let _ = holds;
                    ::bt::Status::Success
                })
            };
            let ctx_ty = self.opts.ctx.clone().unwrap_or_else(|| quote!(()));
            quote! {
                impl ::bt::Action<#ctx_ty> for #name {
                    #[inline]
                    fn execute(&mut self, ctx: &mut #ctx_ty) -> ::bt::Status {
                        match self.#run(ctx) {
                            ::core::result::Result::Ok(holds) => #done,
                            ::core::result::Result::Err(f) => ::bt::script::fault(ctx, #at, f, ::bt::Status::Failure),
                        }
                    }
                }
            }
        };
        quote! {
            #shell
            #[allow(dead_code)]
            impl #name { #run_fn }
            #imp
        }
    }

    pub(super) fn conditions_struct(
        &self,
        name: &Ident,
        scripts: &[(&Site<'_>, &Typed, When)],
    ) -> TokenStream {
        let mut keys = BTreeSet::new();
        for (_, t, _) in scripts {
            for e in &t.statements {
                e.keys(&mut keys);
            }
        }
        let label: String = scripts
            .iter()
            .map(|(s, _, w)| format!("{}=\"{}\"", w.attribute(), s.script.text.trim()))
            .collect::<Vec<_>>()
            .join(" ");
        let shell = self.shell(name, &keys, &label);
        let mut fns = TokenStream::new();
        let mut pre_arms = TokenStream::new();
        let mut post_arms = TokenStream::new();
        let mut present = 0u8;
        for (s, t, w) in scripts {
            let method = format_ident!("script_{}", w.attribute().trim_start_matches('_'));
            fns.extend(self.run_fn(&method, t, false));
            let at = format!("{}: {}=\"{}\"", (self.at)(s.script.pos), w.attribute(), s.script.text.trim());
            let (bit, variant, pre) = match w {
                When::FailureIf => (1, "FailureIf", true),
                When::SuccessIf => (2, "SuccessIf", true),
                When::SkipIf => (4, "SkipIf", true),
                When::While => (8, "While", true),
                When::OnSuccess => (16, "OnSuccess", false),
                When::OnFailure => (32, "OnFailure", false),
                When::OnHalted => (64, "OnHalted", false),
                When::Post => (128, "Post", false),
            };
            present |= bit;
            let variant = Ident::new(variant, Span::call_site());
            if pre {
                pre_arms.extend(quote! {
                    ::bt::conditions::Pre::#variant => match self.#method(ctx) {
                        ::core::result::Result::Ok(holds) => ::core::option::Option::Some(holds),
                        ::core::result::Result::Err(f) => ::bt::script::fault(ctx, #at, f, ::core::option::Option::None),
                    },
                });
            } else {
                post_arms.extend(quote! {
                    ::bt::conditions::Post::#variant => match self.#method(ctx) {
                        ::core::result::Result::Ok(_) => true,
                        ::core::result::Result::Err(f) => ::bt::script::fault(ctx, #at, f, false),
                    },
                });
            }
        }
        let present = Literal::u8_suffixed(present);
        quote! {
            #shell
            #[allow(dead_code)]
            impl #name { #fns }
            impl<__C: ::bt::ports::HasBlackboard + ?Sized> ::bt::Conditions<__C> for #name {
                const PRESENT: u8 = #present;
                #[inline]
                fn check(&mut self, which: ::bt::conditions::Pre, ctx: &mut __C) -> ::core::option::Option<bool> {
                    #[allow(unreachable_patterns)]
                    match which {
                        #pre_arms
                        _ => ::core::option::Option::Some(false),
                    }
                }
                #[inline]
                fn run(&mut self, which: ::bt::conditions::Post, ctx: &mut __C) -> bool {
                    #[allow(unreachable_patterns)]
                    match which {
                        #post_arms
                        _ => true,
                    }
                }
            }
        }
    }
}
