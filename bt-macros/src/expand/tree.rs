//! The walk over a checked tree that writes its value, its type and its description entries.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{ToTokens, format_ident, quote, quote_spanned};

use super::describe::{boxed_entry, capture_locals, capture_param, ctx_param, keyword_entry, ports_param};
use super::{at, builder, leaf_value, named_switch, spec_expr, spec_type};
use crate::parse::LeafKind;
use crate::validate::{Checked, CheckedLeaf};

/// Writes a checked tree out: its value (`node`), its type (`node_type`, named form) and its
/// description entries, walking the tree in pre-order.
pub(super) struct Gen<'a> {
    /// The context type (named form).
    pub(super) ctx: Option<&'a syn::Type>,
    /// Where type errors in the description are reported (named form: the tree's name, so that
    /// they merge with the same errors in the tree's type).
    pub(super) span: Span,
    /// Description entries, in pre-order.
    pub(super) entries: Vec<TokenStream>,
    /// Leaves captured so far (anonymous form).
    pub(super) captures: usize,
    /// The anonymous form states no context: leaves are converted with a message that says how.
    pub(super) inferred: bool,
    /// The named form's tree name and visibility, which name and declare its switches' types.
    pub(super) tree: Option<(&'a Ident, &'a syn::Visibility)>,
    /// Items the named form declares beside the tree (the types of its switches).
    pub(super) items: Vec<TokenStream>,
    /// The type of each switch of the named form: the node's address, and the type's name.
    switches: Vec<(usize, Ident)>,
    /// The statements that build the tree, in evaluation order (see [`Gen::node`]).
    pub(super) stmts: Vec<TokenStream>,
    /// Locals declared so far.
    locals: usize,
}

impl<'a> Gen<'a> {
    pub(super) fn new(ctx: Option<&'a syn::Type>, span: Span) -> Self {
        Gen {
            ctx,
            span,
            entries: Vec::new(),
            captures: 0,
            inferred: false,
            tree: None,
            items: Vec::new(),
            switches: Vec::new(),
            stmts: Vec::new(),
            locals: 0,
        }
    }

    /// The tree's value: a block that builds it (see [`Gen::node`]).
    pub(super) fn tree(&mut self, node: &Checked) -> TokenStream {
        let root = self.node(node, 0);
        let stmts = core::mem::take(&mut self.stmts);
        quote!({ #(#stmts)* #root })
    }

    /// A new local for a node's value or spec, with the macro's hygiene, located at `span`.
    fn local(&mut self, prefix: &str, span: Span) -> Ident {
        self.locals += 1;
        Ident::new(&format!("{prefix}{}", self.locals), Span::mixed_site().located_at(span))
    }

    /// The node's value, as the local that holds it; records its description entries (and those
    /// of its children). The statements that build it go to `stmts`, one `let` per spec, leaf
    /// and node, in the order the tree's expressions were always evaluated (a node's spec, then
    /// its children, then the node): a flat sequence of locals whose types are known as soon as
    /// each is checked, rather than one expression nested as deep as the tree.
    pub(super) fn node(&mut self, node: &Checked, depth: usize) -> TokenStream {
        self.node_at(node, depth, false)
    }

    /// [`Gen::node`] for a node that is `placed`: a child of a composite that runs one child at a
    /// time ([`in_block`]), where a leaf leaves its running flag to the composite.
    fn node_at(&mut self, node: &Checked, depth: usize, placed: bool) -> TokenStream {
        let k = match node {
            Checked::Leaf(leaf) => {
                let value = self.leaf(leaf, depth, placed);
                let n = self.local("__bt_n", leaf.leaf.span);
                self.stmts.push(quote!(let #n = #value;));
                return n.into_token_stream();
            }
            Checked::Keyword(k) => k,
        };
        let span = at(k.name.span());
        let s = self.local("__bt_s", k.name.span());
        let n = self.local("__bt_n", k.name.span());
        if k.def.name == "__conditions" {
            // Not a node of the description: the node it holds keeps its place (`bt::Conditioned`
            // has its id and its depth).
            let spec = spec_expr(k, self.ctx);
            self.stmts.push(quote_spanned!(span=> let #s = #spec;));
            let child = k.children.first().map(|c| self.node(c, depth)).unwrap_or_default();
            self.stmts.push(quote_spanned!(span=> let #n = ::bt::Compose::compose(#s, (#child,));));
            return n.into_token_stream();
        }
        if k.def.name == "boxed" {
            self.entries.push(boxed_entry(k, depth));
            let b = builder(k.name.span());
            self.stmts.push(quote_spanned!(span=> let #s = ::bt::__private::boxed_spec(&#b);));
            let children: Vec<TokenStream> = k.children.iter().map(|c| self.node_no_entries(c)).collect();
            self.stmts.push(quote_spanned!(span=> let #n = ::bt::Compose::compose(#s, (#(#children,)*));));
            return n.into_token_stream();
        }
        self.entries.push(keyword_entry(k, depth));
        let spec = match (self.ctx, self.tree) {
            (Some(ctx), Some((tree, vis))) if k.user.is_none() && k.def.name == "switch" => {
                let ty = format_ident!("__BtSwitch_{}_{}", tree, self.switches.len());
                let (item, spec) = named_switch(k, ctx, &ty, vis);
                self.items.push(item);
                self.switches.push((core::ptr::from_ref(k) as usize, ty));
                spec
            }
            _ => spec_expr(k, self.ctx),
        };
        // A child `guard(…, abort = lower_priority)` of a node kind of the user's: its spec must
        // say that its node asks (`bt::abort::Observes`), reported on the abort mode.
        let observes = k.aborting.iter().map(|at| {
            let here = Span::mixed_site().located_at(*at);
            let spec = Ident::new(&s.to_string(), here);
            quote_spanned!(here=> ::bt::__private::observes_aborts(&#spec);)
        });
        self.stmts.push(quote_spanned!(span=> let #s = #spec; #(#observes)*));
        let block = in_block(k);
        let children: Vec<TokenStream> =
            k.children.iter().map(|c| self.node_at(c, depth + 1, block)).collect();
        // The spec, then the children, are evaluated in this order, but handed to `compose`
        // children first: the children's tuple type is then known before the spec's, so a spec
        // without `Compose` for it is reported as such, naming the tuples it does accept, rather
        // than as a mismatched tuple (the compiler would otherwise take the spec's only `Compose`
        // impl as the expected type of the children).
        let c = Ident::new("__bt_children", Span::mixed_site().located_at(k.name.span()));
        let node = quote_spanned!(span=> {
            let #c = (#(#children,)*);
            ::bt::__private::compose(#c, #s)
        });
        // A time-based node on a context without a clock: reported on the keyword.
        let node = if self.ctx.is_none() && TIMED.contains(&k.def.name) {
            let b = builder(k.name.span());
            quote_spanned!(span=> ::bt::__private::timed(&#b, #node))
        } else {
            node
        };
        self.stmts.push(quote_spanned!(span=> let #n = #node;));
        n.into_token_stream()
    }

    /// The value of the subtree under a `boxed`, which the description shows as one opaque node.
    fn node_no_entries(&mut self, node: &Checked) -> TokenStream {
        let entries = self.entries.len();
        let out = self.node(node, 0);
        self.entries.truncate(entries);
        out
    }

    fn leaf(&mut self, leaf: &CheckedLeaf, depth: usize, placed: bool) -> TokenStream {
        let span = leaf.leaf.span;
        let value = leaf_value(leaf);
        let (line, column) = crate::text::line_column(span);
        let depth16 = u16::try_from(depth).unwrap_or(u16::MAX);
        let label = xml_label(&leaf.leaf.tokens).unwrap_or_else(|| crate::text::tidy(&leaf.leaf.tokens));
        match (self.ctx, &leaf.ty) {
            (Some(c), Some(ty)) => {
                let node = quote_spanned!(self.span=> <#ty as ::bt::Leaf<#c>>::Node);
                // The ports the leaf's type derives, if it does (see `bt::__private::PortsOf`).
                self.entries.push(quote_spanned!(self.span=>
                    ::bt::NodeInfo::of_leaf::<#c, #node>(#label, #depth16, #line, #column)
                        .with_derived_ports({
                            #[allow(unused_imports)]
                            use ::bt::__private::NoDerivedPorts as _;
                            ::bt::__private::PortsOf::<#ty>::PORTS
                        })
                ));
                if placed {
                    return quote_spanned!(at(span)=> ::bt::__private::in_block::<#c, #ty>(#value));
                }
                quote_spanned!(at(span)=> <#ty as ::bt::Leaf<#c>>::into_node(#value))
            }
            _ => {
                let b = builder(span);
                if may_be_tree(leaf) {
                    let k = self.captures;
                    self.captures += 1;
                    let param = capture_param(k);
                    let ports = ports_param(k);
                    let c = ctx_param();
                    let (node_marker, ports_marker) = capture_locals(k, span);
                    // Declared right before their leaf, which settles their types at once.
                    self.stmts.push(quote!(
                        let #node_marker = ::core::marker::PhantomData;
                        let #ports_marker = ::core::marker::PhantomData;
                    ));
                    self.entries.push(quote!(
                        ::bt::NodeInfo::of_leaf::<#c, #param>(#label, #depth16, #line, #column)
                            .with_derived_ports(<#ports as ::bt::__private::DerivedPorts>::PORTS)
                    ));
                    // The leaf's node picks the marker of the ports its leaf's type derives, if it
                    // does (`bt::__private::PortsProbe`), and the description captures its type.
                    let v = Ident::new("__bt_leaf", Span::mixed_site().located_at(span));
                    let method = Ident::new(if placed { "leaf_in_block_in" } else { "leaf_in" }, span);
                    let node = if self.inferred {
                        quote_spanned!(span=> ::bt::__private::#method(&#b, &#node_marker, #value))
                    } else {
                        quote_spanned!(span=> #b.#method(&#node_marker, #value))
                    };
                    quote_spanned!(at(span)=> {
                        #[allow(unused_imports)]
                        use ::bt::__private::{ProbeDerived as _, ProbeNone as _};
                        let #v = #node;
                        ::bt::__private::capture(&#ports_marker, (&::bt::__private::PortsProbe(&#v)).__bt_ports());
                        #v
                    })
                } else {
                    let closure = crate::validate::takes_context_mut(&leaf.leaf);
                    let mut entry = quote!(::bt::NodeInfo::leaf(#label, #depth16, #line, #column, ::core::option::Option::None));
                    if closure == Some(false) {
                        entry.extend(quote!(.with_condition(true)));
                    }
                    self.entries.push(entry);
                    let method = Ident::new(if placed { "leaf_in_block" } else { "leaf" }, span);
                    // A closure goes to the action or the condition path by its parameter.
                    if let Some(action) = closure {
                        let convert = match (action, placed) {
                            (true, false) => "action_closure",
                            (true, true) => "action_closure_in_block",
                            (false, false) => "condition_closure",
                            (false, true) => "condition_closure_in_block",
                        };
                        let convert = Ident::new(convert, span);
                        return quote_spanned!(span=> ::bt::__private::#convert(&#b, #value));
                    }
                    if self.inferred {
                        return quote_spanned!(span=> ::bt::__private::#method(&#b, #value));
                    }
                    quote_spanned!(span=> #b.#method(#value))
                }
            }
        }
    }

    /// The node's type (named form).
    pub(super) fn node_type(&self, node: &Checked) -> TokenStream {
        self.node_type_at(node, false)
    }

    /// [`Gen::node_type`] for a node that may be `placed` (see [`Gen::node_at`]).
    fn node_type_at(&self, node: &Checked, placed: bool) -> TokenStream {
        let c = self.ctx.map_or_else(|| quote!(_), ToTokens::to_token_stream);
        let k = match node {
            Checked::Leaf(leaf) => {
                let ty = leaf.ty.clone().unwrap_or_else(|| quote!(_));
                let node = if placed { quote!(InBlock) } else { quote!(Node) };
                return quote_spanned!(at(leaf.leaf.span)=> <#ty as ::bt::Leaf<#c>>::#node);
            }
            Checked::Keyword(k) => k,
        };
        // A spec without `Compose` for these children is reported on the node where its value
        // is built; its type, like the leaves' types, is checked on the tree's name.
        let span = if k.user.is_some() { self.span } else { at(k.name.span()) };
        let block = in_block(k);
        let children: Vec<TokenStream> = k.children.iter().map(|ch| self.node_type_at(ch, block)).collect();
        let named = self.switches.iter().find(|(at, _)| *at == core::ptr::from_ref(k) as usize);
        let spec = match named {
            Some((_, ty)) => quote_spanned!(span=> ::bt::kind::Switch<#ty, ::bt::Chosen>),
            None => spec_type(k, &c),
        };
        quote_spanned!(span=> <#spec as ::bt::Compose<(#(#children,)*)>>::Node)
    }
}

/// The keywords whose nodes run one child at a time and keep their children's states in one
/// block (`bt::ChildStates::One`), through `bt::Children`'s methods only: the block is at a child
/// exactly while that child runs, so a leaf there is placed as a `bt::InBlock`, without a running
/// flag of its own. (The parallels, `pipeline_sequence` and `while_do_else` keep every
/// child's state side by side; a user's node kind may keep its children's states as it likes.)
const IN_BLOCK: &[&str] = &[
    "sequence",
    "selector",
    "reactive_sequence",
    "reactive_selector",
    "mem_sequence",
    "mem_selector",
    "async_sequence",
    "try_catch",
    "random",
    "if_then_else",
    "recovery",
    "switch",
    "round_robin",
];

/// Whether the children of `k` are placed in its block (see [`IN_BLOCK`]).
fn in_block(k: &crate::validate::CheckedKeyword) -> bool {
    k.user.is_none() && IN_BLOCK.contains(&k.def.name)
}

/// The keywords whose nodes read the time from the context's `Clock`.
const TIMED: &[&str] = &["timeout", "delay", "cooldown", "rate_controller", "service", "sleep"];

/// Whether a leaf may be a tree built by `bt!` (whose description the enclosing one embeds): any
/// leaf but a closure or a struct literal.
fn may_be_tree(leaf: &CheckedLeaf) -> bool {
    match &leaf.leaf.kind {
        LeafKind::Braced(g) => !matches!(syn::parse2::<syn::Expr>(g.stream()), Ok(syn::Expr::Closure(_))),
        LeafKind::Struct(_) | LeafKind::Path(_) | LeafKind::Call(_) => true,
    }
}

/// The label of a leaf written by `bt_xml!` (`X::__bt_ports("X goal=\"{goal}\"", |p| …)`): the
/// XML element with its attributes, given as the call's first argument.
pub(super) fn xml_label(tokens: &TokenStream) -> Option<String> {
    let tokens: Vec<proc_macro2::TokenTree> = tokens.clone().into_iter().collect();
    let at =
        tokens.iter().position(|t| matches!(t, proc_macro2::TokenTree::Ident(i) if i == "__bt_ports"))?;
    let proc_macro2::TokenTree::Group(g) = tokens.get(at + 1)? else { return None };
    let first = g.stream().into_iter().next()?;
    syn::parse2::<syn::LitStr>(first.into()).ok().map(|l| l.value())
}
