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
        Input::Anonymous(a) => expand_anonymous(*a, errors),
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
    let mut g = Gen::new(None, Span::call_site());
    let root = g.node(&checked, 0);
    let description = description_value(&g.entries, "", &context);
    // The leaves that may be trees built by `bt!` are captured: the description is generic over
    // their node types (inferred from the leaves), so that it can embed their descriptions. The
    // description's type is declared in a block of its own, which holds no token of the user's:
    // its name cannot shadow, or be shadowed by, anything the tree's leaves or context name.
    let c = ctx_param();
    let params: Vec<Ident> = (0..g.captures).map(capture_param).collect();
    let l = Ident::new("__L", Span::mixed_site());
    let d = Ident::new("__bt_d", Span::mixed_site());
    let root_local = Ident::new("__bt_root", Span::mixed_site());
    let phantoms = params.iter().map(|_| quote!(::core::marker::PhantomData));
    quote! {{
        #new_builder
        let #d = {
            struct #desc<#c: ?::core::marker::Sized, #l>(::core::marker::PhantomData<fn(&mut #c)>, #l);
            impl<#c: ?::core::marker::Sized, #(#params: ::bt::Node<#c>),*> ::bt::Describe
                for #desc<#c, (#(::core::marker::PhantomData<#params>,)*)>
            {
                const DESCRIPTION: &'static ::bt::TreeDescription = &#description;
            }
            #desc(#b.context(), (#(#phantoms,)*))
        };
        let #root_local = #root;
        #b.build_from(#d, #root_local)
    }}
}

/// The generic parameter standing for the context in a description's impl.
fn ctx_param() -> Ident {
    Ident::new("__Ctx", Span::mixed_site())
}

/// The generic parameter standing for the node type of captured leaf `k`.
fn capture_param(k: usize) -> Ident {
    Ident::new(&format!("__L{k}"), Span::mixed_site())
}

/// `::bt::TreeDescription::new(…)` over the entries.
fn description_value(entries: &[TokenStream], name: &str, context: &str) -> TokenStream {
    let file = quote_spanned!(Span::call_site()=> ::core::file!());
    quote! {
        ::bt::TreeDescription::new(#name, #context, #file, &[#(#entries),*])
    }
}

/// Writes a checked tree out: its value (`node`), its type (`node_type`, named form) and its
/// description entries, walking the tree in pre-order.
struct Gen<'a> {
    /// The context type (named form).
    ctx: Option<&'a syn::Type>,
    /// Where type errors in the description are reported (named form: the tree's name, so that
    /// they merge with the same errors in the tree's type).
    span: Span,
    /// Description entries, in pre-order.
    entries: Vec<TokenStream>,
    /// Leaves captured so far (anonymous form).
    captures: usize,
}

impl<'a> Gen<'a> {
    fn new(ctx: Option<&'a syn::Type>, span: Span) -> Self {
        Gen { ctx, span, entries: Vec::new(), captures: 0 }
    }

    /// The node's value; records its description entries (and those of its children).
    fn node(&mut self, node: &Checked, depth: usize) -> TokenStream {
        let k = match node {
            Checked::Leaf(leaf) => return self.leaf(leaf, depth),
            Checked::Keyword(k) => k,
        };
        let span = at(k.name.span());
        if k.def.name == "boxed" {
            self.entries.push(boxed_entry(k, depth));
            let children: Vec<TokenStream> = k.children.iter().map(|c| self.node_no_entries(c)).collect();
            let b = builder(k.name.span());
            return quote_spanned!(span=> ::bt::Compose::compose(::bt::__private::boxed_spec(&#b), (#(#children,)*)));
        }
        self.entries.push(keyword_entry(k, depth));
        let children: Vec<TokenStream> = k.children.iter().map(|c| self.node(c, depth + 1)).collect();
        let spec = spec_expr(k, self.ctx);
        // The spec, then the children, are evaluated in this order as before, but handed to
        // `compose` children first: the children's tuple type is then known before the spec's,
        // so a spec without `Compose` for it is reported as such, naming the tuples it does
        // accept, rather than as a mismatched tuple (the compiler would otherwise take the
        // spec's only `Compose` impl as the expected type of the children).
        let s = Ident::new("__bt_spec", Span::mixed_site().located_at(k.name.span()));
        let c = Ident::new("__bt_children", Span::mixed_site().located_at(k.name.span()));
        quote_spanned!(span=> {
            let #s = #spec;
            let #c = (#(#children,)*);
            ::bt::__private::compose(#c, #s)
        })
    }

    /// The value of the subtree under a `boxed`, which the description shows as one opaque node.
    fn node_no_entries(&mut self, node: &Checked) -> TokenStream {
        let entries = self.entries.len();
        let out = self.node(node, 0);
        self.entries.truncate(entries);
        out
    }

    fn leaf(&mut self, leaf: &CheckedLeaf, depth: usize) -> TokenStream {
        let span = leaf.leaf.span;
        let value = leaf_value(leaf);
        let (line, column) = crate::text::line_column(span);
        let depth16 = u16::try_from(depth).unwrap_or(u16::MAX);
        let label = crate::text::tidy(&leaf.leaf.tokens);
        match (self.ctx, &leaf.ty) {
            (Some(c), Some(ty)) => {
                let embedded = quote_spanned!(self.span=> <<#ty as ::bt::Leaf<#c>>::Node as ::bt::Node<#c>>::DESCRIPTION);
                self.entries.push(quote!(::bt::NodeInfo::leaf(#label, #depth16, #line, #column, #embedded)));
                quote_spanned!(at(span)=> <#ty as ::bt::Leaf<#c>>::into_node(#value))
            }
            _ => {
                let b = builder(span);
                if may_be_tree(leaf) {
                    let k = self.captures;
                    self.captures += 1;
                    let param = capture_param(k);
                    let c = ctx_param();
                    let index = syn::Index::from(k);
                    let one = syn::Index::from(1);
                    let d = Ident::new("__bt_d", Span::mixed_site());
                    let embedded = quote!(<#param as ::bt::Node<#c>>::DESCRIPTION);
                    self.entries
                        .push(quote!(::bt::NodeInfo::leaf(#label, #depth16, #line, #column, #embedded)));
                    let method = Ident::new("leaf_in", span);
                    quote_spanned!(span=> #b.#method(&#d.#one.#index, #value))
                } else {
                    self.entries.push(quote!(::bt::NodeInfo::leaf(#label, #depth16, #line, #column, ::core::option::Option::None)));
                    let method = Ident::new("leaf", span);
                    quote_spanned!(span=> #b.#method(#value))
                }
            }
        }
    }

    /// The node's type (named form).
    fn node_type(&self, node: &Checked) -> TokenStream {
        let c = self.ctx.map_or_else(|| quote!(_), ToTokens::to_token_stream);
        let k = match node {
            Checked::Leaf(leaf) => {
                let ty = leaf.ty.clone().unwrap_or_else(|| quote!(_));
                return quote_spanned!(at(leaf.leaf.span)=> <#ty as ::bt::Leaf<#c>>::Node);
            }
            Checked::Keyword(k) => k,
        };
        // A spec without `Compose` for these children is reported on the node where its value
        // is built; its type, like the leaves' types, is checked on the tree's name.
        let span = if k.user.is_some() { self.span } else { at(k.name.span()) };
        let children: Vec<TokenStream> = k.children.iter().map(|ch| self.node_type(ch)).collect();
        let spec = spec_type(k, &c);
        quote_spanned!(span=> <#spec as ::bt::Compose<(#(#children,)*)>>::Node)
    }
}

/// Whether a leaf may be a tree built by `bt!` (whose description the enclosing one embeds): any
/// leaf but a closure or a struct literal.
fn may_be_tree(leaf: &CheckedLeaf) -> bool {
    match &leaf.leaf.kind {
        LeafKind::Struct(_) => false,
        LeafKind::Braced(g) => !matches!(syn::parse2::<syn::Expr>(g.stream()), Ok(syn::Expr::Closure(_))),
        LeafKind::Path(_) | LeafKind::Call(_) => true,
    }
}

fn node_info(kind: &str, label: &str, args: &str, depth: usize, children: usize, span: Span) -> TokenStream {
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

fn keyword_entry(k: &CheckedKeyword, depth: usize) -> TokenStream {
    match &k.user {
        Some(user) => {
            node_info(&k.name.to_string(), &user.label, &k.args_text, depth, k.children.len(), k.name.span())
        }
        None => {
            node_info(k.def.name, &k.name.to_string(), &k.args_text, depth, k.children.len(), k.name.span())
        }
    }
}

/// The boxed subtree is opaque: one node, labelled with what it holds.
fn boxed_entry(k: &CheckedKeyword, depth: usize) -> TokenStream {
    let inner: TokenStream = k.source.clone().into_iter().skip(1).collect();
    let label = crate::text::tidy(&inner);
    let label = label.strip_prefix('<').and_then(|l| l.strip_suffix('>')).unwrap_or(&label);
    let label = label.strip_prefix('(').and_then(|l| l.strip_suffix(')')).unwrap_or(label);
    node_info("boxed", label, "", depth, 0, k.name.span())
}

/// `::bt::kind::Name`, the spec type of a built-in keyword (`sequence` → `Sequence`).
fn kind_path(k: &CheckedKeyword) -> TokenStream {
    let ty = runtime_type(k);
    quote_spanned!(at(k.name.span())=> ::bt::kind::#ty)
}

/// The literal count of a keyword's argument, or its expression.
fn count_arg(a: &ArgOut) -> (TokenStream, bool) {
    match a {
        ArgOut::Const(v, span) => (const_type(*v, *span), true),
        ArgOut::Tokens(t) => (t.clone(), false),
        ArgOut::Condition(_) | ArgOut::Leaf(_) => (quote!(()), false),
    }
}

/// The value of a condition argument, checked against the tree's context.
fn condition_arg(c: &CheckedLeaf) -> TokenStream {
    let b = builder(c.leaf.span);
    let value = leaf_value(c);
    quote_spanned!(c.leaf.span=> ::bt::__private::condition(&#b, #value))
}

/// The value of a leaf argument (the work of a `service`), converted with the tree's context: through
/// the builder (anonymous form) or through its type (named form, context `ctx`).
fn leaf_arg(c: &CheckedLeaf, ctx: Option<&syn::Type>) -> TokenStream {
    let value = leaf_value(c);
    let span = c.leaf.span;
    match (ctx, &c.ty) {
        (Some(ctx), Some(ty)) => quote_spanned!(at(span)=> <#ty as ::bt::Leaf<#ctx>>::into_node(#value)),
        _ => {
            let b = builder(span);
            let method = Ident::new("leaf", span);
            quote_spanned!(span=> #b.#method(#value))
        }
    }
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

/// The spec value a node is composed with (see `bt::Compose`); `ctx` is the context of a named
/// tree.
fn spec_expr(k: &CheckedKeyword, ctx: Option<&syn::Type>) -> TokenStream {
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
    match k.def.name {
        "parallel" | "retry" | "repeat" | "recovery" if first.is_some() => {
            let (arg, literal) = count_arg(first.unwrap_or(&ArgOut::Tokens(TokenStream::new())));
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
fn spec_type(k: &CheckedKeyword, ctx: &TokenStream) -> TokenStream {
    let span = at(k.name.span());
    if let Some(user) = &k.user {
        return path_tokens_as_type(&user.path);
    }
    let kind = kind_path(k);
    let first = k.args.first();
    match k.def.name {
        "boxed" => quote_spanned!(span=> ::bt::kind::Boxed<'static, #ctx>),
        "parallel" | "retry" | "repeat" | "recovery" if first.is_some() => {
            let (arg, literal) = count_arg(first.unwrap_or(&ArgOut::Tokens(TokenStream::new())));
            let param = match (literal, k.def.name) {
                (true, _) => arg,
                (false, "parallel") => quote_spanned!(span=> usize),
                (false, _) => quote_spanned!(span=> u32),
            };
            quote_spanned!(span=> #kind<#param>)
        }
        "repeat" => quote_spanned!(span=> #kind<::bt::kind::Forever>),
        "timeout" | "delay" | "cooldown" | "sleep" if first.and_then(const_duration).is_some() => {
            let d = first.and_then(const_duration).unwrap_or_default();
            quote_spanned!(span=> #kind<#d>)
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

/// `::bt::ConstDuration::<secs, nanos>` for a duration literal, which validation has turned into
/// `::core::time::Duration::new(secs_u64, nanos_u32)` (the same call written out in the tree is
/// the same constant); `None` for any other duration expression.
fn const_duration(a: &ArgOut) -> Option<TokenStream> {
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

/// `::bt::Const::<v>`, the type (and, as a unit struct, the value) of a literal count.
fn const_type(v: u32, span: Span) -> TokenStream {
    let mut lit = proc_macro2::Literal::u32_unsuffixed(v);
    lit.set_span(span);
    quote_spanned!(at(span)=> ::bt::Const::<#lit>)
}

/// The runtime type of a keyword: `sequence` → `Sequence`.
fn runtime_type(k: &CheckedKeyword) -> Ident {
    Ident::new(&crate::keywords::camel(k.def.name), at(k.name.span()))
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
            let mut g = Gen::new(Some(&ctx), at(name.span()));
            let root = g.node(&c, 0);
            let node_ty = g.node_type(&c);
            let description =
                description_value(&g.entries, &name.to_string(), &crate::text::tidy(&ctx.to_token_stream()));
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
