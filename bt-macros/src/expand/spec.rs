//! The spec of each node: its keyword's arguments as a value (`spec_expr`) and as a type
//! (`spec_type`).

use proc_macro2::{Ident, Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};

use super::consts::{const_duration, count_arg, is_const_rate, keyword_count_arg};
use super::leaf::{condition_arg, leaf_arg, leaf_value};
use super::{at, builder};
use crate::parse;
use crate::validate::{ArgOut, CheckedKeyword};

/// `::bt::kind::Name`, the spec type of a built-in keyword (`sequence` → `Sequence`).
fn kind_path(k: &CheckedKeyword) -> TokenStream {
    let ty = runtime_type(k);
    quote_spanned!(at(k.name.span())=> ::bt::kind::#ty)
}

/// The reader of a count or duration read from the blackboard: `::bt::FromContext(…)` over an
/// entry of counts (`i32`) or of milliseconds (`u32`), and its type.
fn entry_arg(keyword: &str, key: &str, span: Span) -> (TokenStream, TokenStream) {
    let span = at(span);
    let reader = match keyword {
        "repeat" | "retry" => Ident::new("CountEntry", span),
        _ => Ident::new("MillisEntry", span),
    };
    let new = Ident::new("new", span);
    (
        quote_spanned!(span=> ::bt::FromContext(::bt::ports::#reader::#new(#key))),
        quote_spanned!(span=> ::bt::FromContext<::bt::ports::#reader>),
    )
}

/// `switch`'s spec: the selector, and the generated mapping from its value to the index of the
/// first case that matches, `|v| match v { P0 => 0u8, P1 => 1u8, … }`, written with the user's
/// patterns (so that the compiler checks them on their own tokens). `bt::__private::switch` ties
/// the mapping's parameter to the selector's value type.
fn switch_spec(k: &CheckedKeyword) -> TokenStream {
    let span = at(k.name.span());
    let selector = match k.args.first() {
        Some(ArgOut::Tokens(t)) => t.clone(),
        _ => quote!(()),
    };
    // Located at `switch`: a `match` that is not exhaustive is reported there.
    let value = Ident::new("__bt_value", Span::mixed_site().located_at(k.name.span()));
    // Each arm's body carries the span of the end of its case, so that an arm spans its case as
    // written (`Mode::Dock => Dock`) and the compiler's suggestions (a missing pattern) land after it.
    let arms = k.cases.iter().enumerate().map(|(i, (pattern, end))| {
        let mut index = proc_macro2::Literal::u8_suffixed(u8::try_from(i).unwrap_or(u8::MAX));
        index.set_span(*end);
        quote!(#pattern => #index,)
    });
    let b = builder(k.name.span());
    let matching = quote_spanned!(span=> match #value { #(#arms)* });
    quote_spanned!(span=> ::bt::__private::switch(&#b, #selector, |#value| #matching))
}

/// `switch` in a named tree, whose every node type is written out: a type `ty` of its own
/// (declared with `vis`) whose `bt::Choose` reads the selector's value from the context `ctx` and
/// matches it against the cases. Returns the type's declaration and the spec's value.
pub(super) fn named_switch(
    k: &CheckedKeyword,
    ctx: &syn::Type,
    ty: &Ident,
    vis: &syn::Visibility,
) -> (TokenStream, TokenStream) {
    let span = at(k.name.span());
    let selector = match k.args.first() {
        Some(ArgOut::Tokens(t)) => t.clone(),
        _ => quote!(()),
    };
    let value = Ident::new("__bt_value", Span::mixed_site().located_at(k.name.span()));
    let context = Ident::new("__bt_ctx", Span::mixed_site());
    let arms = k.cases.iter().enumerate().map(|(i, (pattern, end))| {
        let mut index = proc_macro2::Literal::u8_suffixed(u8::try_from(i).unwrap_or(u8::MAX));
        index.set_span(*end);
        quote!(#pattern => #index,)
    });
    let doc = format!(
        "The selector of the `switch` at `{}` in a tree declared with `bt!`.",
        crate::text::tidy(&selector)
    );
    let item = quote_spanned! {span=>
        #[doc = #doc]
        #[doc(hidden)]
        #[derive(Clone, Copy, Debug, Default)]
        #[allow(non_camel_case_types)]
        #vis struct #ty;

        impl ::bt::Choose<#ctx> for #ty {
            #[inline(always)]
            fn choose(&mut self, #context: &#ctx) -> u8 {
                let #value = (#selector)(#context);
                match #value { #(#arms)* }
            }
        }
    };
    (item, quote_spanned!(span=> ::bt::kind::Switch::new(#ty, ::bt::Chosen)))
}

/// The spec value a node is composed with (see `bt::Compose`); `ctx` is the context of a named
/// tree.
pub(super) fn spec_expr(k: &CheckedKeyword, ctx: Option<&syn::Type>) -> TokenStream {
    let span = at(k.name.span());
    if let Some(user) = &k.user {
        let path = path_tokens_as_type(&user.path);
        let start = if user.positional.is_empty() {
            // Through the trait, so that a spec without `Default` is reported as such, with the
            // compiler's suggestion to derive it.
            let default = Ident::new("default", span);
            quote_spanned!(span=> <#path as ::core::default::Default>::#default())
        } else {
            let new = Ident::new("new", span);
            let args = &user.positional;
            quote_spanned!(span=> #path::#new(#(#args),*))
        };
        if user.named.is_empty() {
            return start;
        }
        let spec = Ident::new("__bt_spec", Span::mixed_site().located_at(k.name.span()));
        // Each assignment is located at its argument's name, so that a value of the wrong type is
        // reported with the field it is assigned to.
        let sets = user.named.iter().map(|(name, value)| {
            let spec = Ident::new("__bt_spec", Span::mixed_site().located_at(name.span()));
            quote_spanned!(at(name.span())=> #spec.#name = #value;)
        });
        return quote_spanned!(span=> { let mut #spec = #start; #(#sets)* #spec });
    }
    let kind = kind_path(k);
    let first = k.args.first();
    if let Some(ArgOut::Entry(key, at)) = first {
        let (value, _) = entry_arg(k.def.name, key, *at);
        let new = Ident::new("new", span);
        return quote_spanned!(span=> #kind::#new(#value));
    }
    match k.def.name {
        "parallel" | "retry" | "repeat" | "recovery" if first.is_some() => {
            let (arg, literal) =
                keyword_count_arg(k.def.name, first.unwrap_or(&ArgOut::Tokens(TokenStream::new())));
            let runtime = match k.def.name {
                "parallel" => quote_spanned!(span=> usize),
                _ => quote_spanned!(span=> u32),
            };
            let new = Ident::new("new", span);
            if literal {
                quote_spanned!(span=> #kind::#new(#arg))
            } else {
                quote_spanned!(span=> #kind::<#runtime>::#new(#arg))
            }
        }
        "repeat" => quote_spanned!(span=> #kind { n: ::bt::kind::Forever }),
        "timeout" | "delay" | "cooldown" | "sleep" if first.and_then(const_duration).is_some() => {
            let d = first.and_then(const_duration).unwrap_or_default();
            let new = Ident::new("new", span);
            quote_spanned!(span=> #kind::#new(#d))
        }
        "threshold_parallel" => {
            let (s, _) = count_arg(&k.args[0]);
            let (f, _) = count_arg(&k.args[1]);
            quote_spanned!(span=> #kind { success: #s, failure: #f })
        }
        "switch" => switch_spec(k),
        "precondition" => {
            let condition = match first {
                Some(ArgOut::Condition(c)) => condition_arg(c),
                _ => quote!(()),
            };
            let otherwise = match k.args.get(1) {
                Some(ArgOut::Tokens(t)) => t.clone(),
                _ => quote_spanned!(span=> ::bt::otherwise::Fail),
            };
            let with_otherwise = Ident::new("with_otherwise", span);
            quote_spanned!(span=> #kind::#with_otherwise(#otherwise, #condition))
        }
        "run_once" if first.is_some_and(|a| matches!(a, ArgOut::Tokens(t) if t.to_string() == "true")) => {
            let ty = Ident::new("RunOnceThenSkip", span);
            quote_spanned!(span=> ::bt::kind::#ty)
        }
        "run_once" => kind,
        "try_catch" => {
            let flag = match first {
                Some(ArgOut::Tokens(t)) => t.clone(),
                _ => quote_spanned!(span=> false),
            };
            quote_spanned!(span=> #kind { catch_on_halt: #flag })
        }
        "__conditions" => {
            let value = match first {
                Some(ArgOut::Value(c)) => leaf_value(c),
                _ => quote!(()),
            };
            quote_spanned!(span=> #kind(#value))
        }
        "guard" => {
            let condition = match first {
                Some(ArgOut::Condition(c)) => condition_arg(c),
                _ => quote!(()),
            };
            let abort = match k.args.get(1) {
                Some(ArgOut::Tokens(t)) => t.clone(),
                _ => quote_spanned!(span=> ::bt::abort::SelfOnly),
            };
            let with_abort = Ident::new("with_abort", span);
            quote_spanned!(span=> #kind::#with_abort(#abort, #condition))
        }
        "service" => {
            let interval = match first {
                Some(ArgOut::Tokens(t)) => match first.and_then(const_duration) {
                    Some(d) => d,
                    None => quote_spanned!(span=> ::core::convert::identity::<::core::time::Duration>(#t)),
                },
                _ => quote!(()),
            };
            let leaf = match k.args.get(1) {
                Some(ArgOut::Leaf(c)) => leaf_arg(c, ctx),
                _ => quote!(()),
            };
            let new = Ident::new("new", span);
            quote_spanned!(span=> #kind::#new(#interval, #leaf))
        }
        _ => match first {
            None => kind,
            Some(ArgOut::Condition(c)) => {
                let c = condition_arg(c);
                quote_spanned!(span=> #kind::new(#c))
            }
            Some(a) if matches!(k.def.name, "timeout" | "delay" | "cooldown" | "sleep") => {
                // A duration that is not a literal: a `Duration`, named so that another type is
                // reported as such.
                let (a, _) = count_arg(a);
                quote_spanned!(span=> #kind::<::core::time::Duration>::new(#a))
            }
            Some(a) => {
                let (a, _) = count_arg(a);
                quote_spanned!(span=> #kind::new(#a))
            }
        },
    }
}

/// The spec's type (named form).
pub(super) fn spec_type(k: &CheckedKeyword, ctx: &TokenStream) -> TokenStream {
    let span = at(k.name.span());
    if let Some(user) = &k.user {
        return path_tokens_as_type(&user.path);
    }
    let kind = kind_path(k);
    let first = k.args.first();
    if let Some(ArgOut::Entry(key, at)) = first {
        let (_, ty) = entry_arg(k.def.name, key, *at);
        return quote_spanned!(span=> #kind<#ty>);
    }
    match k.def.name {
        "boxed" => quote_spanned!(span=> ::bt::kind::Boxed<'static, #ctx>),
        "parallel" | "retry" | "repeat" | "recovery" if first.is_some() => {
            let (arg, literal) =
                keyword_count_arg(k.def.name, first.unwrap_or(&ArgOut::Tokens(TokenStream::new())));
            let param = match (literal, k.def.name) {
                (true, _) => arg,
                (false, "parallel") => quote_spanned!(span=> usize),
                (false, _) => quote_spanned!(span=> u32),
            };
            quote_spanned!(span=> #kind<#param>)
        }
        "repeat" => quote_spanned!(span=> #kind<::bt::kind::Forever>),
        // A rate literal, whose period validation computed: `::bt::ConstRate::<secs, nanos>`.
        "rate_controller" => match first {
            Some(ArgOut::Tokens(t)) if is_const_rate(t) => quote_spanned!(span=> #kind<#t>),
            _ => kind,
        },
        "timeout" | "delay" | "cooldown" | "sleep" if first.and_then(const_duration).is_some() => {
            let d = first.and_then(const_duration).unwrap_or_default();
            quote_spanned!(span=> #kind<#d>)
        }
        "precondition" => {
            let condition = match first {
                Some(ArgOut::Condition(c)) => c.ty.clone().unwrap_or_else(|| quote!(_)),
                _ => quote!(_),
            };
            let otherwise = match k.args.get(1) {
                Some(ArgOut::Tokens(t)) => t.clone(),
                _ => quote_spanned!(span=> ::bt::otherwise::Fail),
            };
            quote_spanned!(span=> #kind<#condition, #otherwise>)
        }
        "run_once" if first.is_some_and(|a| matches!(a, ArgOut::Tokens(t) if t.to_string() == "true")) => {
            let ty = Ident::new("RunOnceThenSkip", span);
            quote_spanned!(span=> ::bt::kind::#ty)
        }
        "__conditions" => {
            let ty = match first {
                Some(ArgOut::Value(c)) => c.ty.clone().unwrap_or_else(|| quote!(_)),
                _ => quote!(_),
            };
            quote_spanned!(span=> #kind<#ty>)
        }
        "guard" => {
            let condition = match first {
                Some(ArgOut::Condition(c)) => c.ty.clone().unwrap_or_else(|| quote!(_)),
                _ => quote!(_),
            };
            let abort = match k.args.get(1) {
                Some(ArgOut::Tokens(t)) => t.clone(),
                _ => quote_spanned!(span=> ::bt::abort::SelfOnly),
            };
            quote_spanned!(span=> #kind<#condition, #abort>)
        }
        "service" => {
            let leaf = match k.args.get(1) {
                Some(ArgOut::Leaf(c)) => {
                    let ty = c.ty.clone().unwrap_or_else(|| quote!(_));
                    quote_spanned!(at(c.leaf.span)=> <#ty as ::bt::Leaf<#ctx>>::Node)
                }
                _ => quote!(_),
            };
            match first.and_then(const_duration) {
                Some(d) => quote_spanned!(span=> #kind<#leaf, #d>),
                None => quote_spanned!(span=> #kind<#leaf>),
            }
        }
        _ => match first {
            Some(ArgOut::Condition(c)) => {
                let ty = c.ty.clone().unwrap_or_else(|| quote!(_));
                quote_spanned!(span=> #kind<#ty>)
            }
            _ => kind,
        },
    }
}

/// A user's path with its turbofishes, usable both as a type and as an expression prefix.
fn path_tokens_as_type(p: &parse::Path) -> TokenStream {
    let mut out = TokenStream::new();
    if p.leading_colon {
        out.extend(quote!(::));
    }
    for (i, seg) in p.segments.iter().enumerate() {
        if i > 0 {
            out.extend(quote!(::));
        }
        seg.ident.to_tokens(&mut out);
        out.extend(seg.generics.clone());
    }
    out
}

/// The runtime type of a keyword: `sequence` → `Sequence`.
fn runtime_type(k: &CheckedKeyword) -> Ident {
    Ident::new(&crate::keywords::camel(k.def.name), at(k.name.span()))
}
