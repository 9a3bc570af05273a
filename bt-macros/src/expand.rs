//! Checked tree → Rust code.
//!
//! The generated code names only `::bt::…` and `::core::…` paths, keeps the user's spans on the
//! user's tokens (a type error in a leaf points at the leaf), and uses mixed-site hygiene for its
//! own locals. When the input had any error, the output is those errors plus a placeholder of the
//! right shape, so that one mistake gives one error and not a cascade.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};

use crate::parse::{self, Anonymous, Input, LeafKind, Named};
use crate::validate::{self, ArgOut, Checked, CheckedKeyword, CheckedLeaf, Mode};

/// The whole macro: input tokens → output tokens. Never panics.
pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let mut errors = Vec::new();
    match parse::parse_input(input, &mut errors) {
        Input::Anonymous(a) => expand_anonymous(a, errors),
        Input::Named(items) => {
            let mut out = compile_errors(errors);
            for item in items {
                out.extend(expand_named(item));
            }
            out
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

fn expand_anonymous(a: Anonymous, mut errors: Vec<syn::Error>) -> TokenStream {
    let checked = a.tree.and_then(|t| validate::check(t, Mode::Anonymous, &mut errors));
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
    let description = description(&checked, "", &context);
    let root = node_expr(&checked, &Ctx::Inferred);
    quote! {{
        struct #desc;
        impl ::bt::Describe for #desc {
            const DESCRIPTION: &'static ::bt::TreeDescription = &#description;
        }
        #new_builder
        #b.build_described::<#desc, _>(#root)
    }}
}

/// How leaves are converted.
enum Ctx<'a> {
    /// `__b.leaf(expr)`: inference picks the conversion.
    Inferred,
    /// `<T as ::bt::Leaf<Ctx>>::into_node(expr)`: the type is spelled out.
    Named(&'a syn::Type),
}

/// The value of a leaf as an expression: braces are removed around a single expression (the
/// braces only mark where the expression ends).
fn leaf_value(leaf: &CheckedLeaf) -> TokenStream {
    match &leaf.leaf.kind {
        LeafKind::Braced(g) => {
            if syn::parse2::<syn::Expr>(g.stream()).is_ok() {
                g.stream()
            } else {
                g.to_token_stream()
            }
        }
        _ => leaf.leaf.tokens.clone(),
    }
}

fn leaf_expr(leaf: &CheckedLeaf, ctx: &Ctx<'_>) -> TokenStream {
    let span = leaf.leaf.span;
    let value = leaf_value(leaf);
    match (ctx, &leaf.ty) {
        (Ctx::Named(c), Some(ty)) => quote_spanned!(at(span)=> <#ty as ::bt::Leaf<#c>>::into_node(#value)),
        _ => {
            let b = builder(span);
            let method = Ident::new("leaf", span);
            quote_spanned!(span=> #b.#method(#value))
        }
    }
}

fn node_expr(node: &Checked, ctx: &Ctx<'_>) -> TokenStream {
    let k = match node {
        Checked::Leaf(leaf) => return leaf_expr(leaf, ctx),
        Checked::Keyword(k) => k,
    };
    let span = at(k.name.span());
    let children: Vec<TokenStream> = k.children.iter().map(|c| node_expr(c, ctx)).collect();
    let args: Vec<TokenStream> = k
        .args
        .iter()
        .map(|a| match a {
            ArgOut::Tokens(t) => t.clone(),
            ArgOut::Const(v, span) => {
                let ty = const_type(*v, *span);
                quote_spanned!(at(*span)=> #ty)
            }
            ArgOut::Condition(c) => {
                let b = builder(c.leaf.span);
                let value = leaf_value(c);
                quote_spanned!(c.leaf.span=> ::bt::__private::condition(&#b, #value))
            }
        })
        .collect();
    let ty = runtime_type(k);
    if k.def.name == "boxed" {
        return quote_spanned!(span=> ::bt::boxed(#(#children)*));
    }
    let ctor = if k.def.name == "repeat" { if k.forever { "forever" } else { "times" } } else { "new" };
    let ctor = Ident::new(ctor, span);
    // A count given as an expression has the node's run-time count type, spelled out so that an
    // expression of another type is one plain type mismatch on the expression.
    let runtime_count = k.args.iter().any(|a| matches!(a, ArgOut::Tokens(_)));
    let (ty_args, ctor_args) = match k.def.name {
        "repeat" | "retry" if runtime_count => (quote_spanned!(span=> ::<_, u32>), quote!()),
        "parallel" if runtime_count => (quote_spanned!(span=> ::<_, u8>), quote_spanned!(span=> ::<usize>)),
        _ => (quote!(), quote!()),
    };
    if k.def.is_decorator() {
        quote_spanned!(span=> ::bt::#ty #ty_args::#ctor #ctor_args(#(#args,)* #(#children)*))
    } else {
        quote_spanned!(span=> ::bt::#ty #ty_args::#ctor #ctor_args(#(#args,)* (#(#children,)*)))
    }
}

/// `::bt::Const<v>`, the type (and, as a unit struct, the value) of a literal count.
fn const_type(v: u32, span: Span) -> TokenStream {
    let mut lit = proc_macro2::Literal::u32_unsuffixed(v);
    lit.set_span(span);
    quote_spanned!(at(span)=> ::bt::Const::<#lit>)
}

/// The runtime type of a keyword: `sequence` → `Sequence`.
fn runtime_type(k: &CheckedKeyword) -> Ident {
    let camel: String = k
        .def
        .name
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        })
        .collect();
    Ident::new(&camel, at(k.name.span()))
}

/// The node type of a checked tree (named form).
fn node_type(node: &Checked, ctx: &syn::Type) -> TokenStream {
    let k = match node {
        Checked::Leaf(leaf) => {
            let ty = leaf.ty.clone().unwrap_or_else(|| quote!(_));
            return quote_spanned!(at(leaf.leaf.span)=> <#ty as ::bt::Leaf<#ctx>>::Node);
        }
        Checked::Keyword(k) => k,
    };
    let span = at(k.name.span());
    if k.def.name == "boxed" {
        return quote_spanned!(span=> ::bt::BoxedNode<'static, #ctx>);
    }
    let ty = runtime_type(k);
    let children: Vec<TokenStream> = k.children.iter().map(|c| node_type(c, ctx)).collect();
    let conditions = k.args.iter().filter_map(|a| match a {
        ArgOut::Condition(c) => Some(c.ty.clone().unwrap_or_else(|| quote!(_))),
        ArgOut::Tokens(_) | ArgOut::Const(..) => None,
    });
    // Literal counts are part of the type (the node's last type parameter); a count given as an
    // expression leaves that parameter at its default, the run-time type.
    let consts = k.args.iter().filter_map(|a| match a {
        ArgOut::Const(v, span) => Some(const_type(*v, *span)),
        _ => None,
    });
    if k.def.is_decorator() {
        quote_spanned!(span=> ::bt::#ty<#(#conditions,)* #(#children)* #(, #consts)*>)
    } else {
        quote_spanned!(span=> ::bt::#ty<(#(#children,)*) #(, #consts)*>)
    }
}

/// `::bt::TreeDescription { … }` with the nodes in pre-order.
fn description(root: &Checked, name: &str, context: &str) -> TokenStream {
    let mut nodes = Vec::new();
    describe(root, 0, &mut nodes);
    let file = quote_spanned!(Span::call_site()=> ::core::file!());
    quote! {
        ::bt::TreeDescription { name: #name, context: #context, file: #file, nodes: &[#(#nodes),*] }
    }
}

fn describe(node: &Checked, depth: usize, out: &mut Vec<TokenStream>) {
    let depth16 = u16::try_from(depth).unwrap_or(u16::MAX);
    let info = |kind: &str, label: &str, args: &str, children: usize, span: Span| {
        let children = u16::try_from(children).unwrap_or(u16::MAX);
        let (line, column) = crate::text::line_column(span);
        quote! {
            ::bt::NodeInfo {
                kind: #kind, label: #label, args: #args, depth: #depth16, children: #children,
                line: #line, column: #column,
            }
        }
    };
    match node {
        Checked::Leaf(l) => {
            out.push(info("leaf", &crate::text::tidy(&l.leaf.tokens), "", 0, l.leaf.span));
        }
        Checked::Keyword(k) if k.def.name == "boxed" => {
            // The boxed subtree is opaque: one node, labelled with what it holds.
            let inner: TokenStream = k.source.clone().into_iter().skip(1).collect();
            let label = crate::text::tidy(&inner);
            let label = label.strip_prefix('<').and_then(|l| l.strip_suffix('>')).unwrap_or(&label);
            let label = label.strip_prefix('(').and_then(|l| l.strip_suffix(')')).unwrap_or(label);
            out.push(info("boxed", label, "", 0, k.name.span()));
        }
        Checked::Keyword(k) => {
            out.push(info(k.def.name, &k.name.to_string(), &k.args_text, k.children.len(), k.name.span()));
            for c in &k.children {
                describe(c, depth + 1, out);
            }
        }
    }
}

fn expand_named(item: Named) -> TokenStream {
    let Named { attrs, vis, name, params, ctx, tree, mut errors } = item;
    let mode = Mode::Named { name: &name, params: &params };
    let checked = tree.and_then(|t| validate::check(t, mode, &mut errors));
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
            let node_ty = node_type(&c, &ctx);
            let root = node_expr(&c, &Ctx::Named(&ctx));
            let description = description(&c, &name.to_string(), &crate::text::tidy(&ctx.to_token_stream()));
            (node_ty, root, description, TokenStream::new())
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
    quote_spanned! {span=>
        #errors
        #default_doc
        #(#attrs)*
        #vis struct #name(#tree_ty);

        impl #name {
            /// Builds the tree, idle.
            #vis fn new(#(#param_decls),*) -> Self {
                let #b = ::bt::__private::Builder::<#ctx>::new();
                #name(#b.build_described::<#name, _>(#root))
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

        impl ::bt::Leaf<#ctx> for #name {
            type Node = ::bt::Subtree<#tree_ty>;
            fn into_node(self) -> Self::Node {
                ::bt::Subtree(self.0)
            }
        }

        impl ::bt::Describe for #name {
            const DESCRIPTION: &'static ::bt::TreeDescription = &#description;
        }
    }
}
