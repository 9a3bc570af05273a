//! Writing the model of `bt-xml` out as the tokens of the equivalent `bt!` tree.

use std::path::{Path as FsPath, PathBuf};

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::{ToTokens, quote};

use super::Mapping;
use super::text::{attr_text, field_ident, literal, literal_kind, split_top, too_deep};
use annotation::annotation;

mod annotation;
mod models;

pub(super) struct Gen<'a> {
    pub(super) span: Span,
    pub(super) nodes: &'a [Mapping],
    /// Compile-time checks of the leaves' ports.
    pub(super) checks: Vec<TokenStream>,
    pub(super) files: &'a [PathBuf],
    pub(super) dir: &'a FsPath,
    /// For each node, in pre-order, what its description entry adds to what `bt!` writes: its
    /// ID, instance name and port bindings (`.with_id(…)…`).
    pub(super) annotations: Vec<TokenStream>,
    /// The tree's scripts, compiled.
    pub(super) scripts: super::script::Compiled,
}

impl Gen<'_> {
    pub(super) fn respan(&self, tokens: TokenStream) -> TokenStream {
        respan(tokens, self.span)
    }

    /// The tokens of an attribute's text (of the node at `pos`); nothing, with an error, when
    /// they nest deeper than `bt!` reads.
    fn lex(&mut self, text: &str, pos: bt_xml::Pos) -> TokenStream {
        if too_deep(text) {
            let shown: String = text.chars().take(40).collect();
            let msg = format!(
                "{}: the attribute text `{shown}…` nests more than {} levels deep (brackets, generic arguments and operators inside one another): `bt!` reads at most {}; move the code into a function of your own and name it",
                self.at(pos),
                crate::limits::MAX_NESTING,
                crate::limits::MAX_NESTING
            );
            self.checks.push(quote!(::core::compile_error!(#msg);));
            return TokenStream::new();
        }
        text.parse().unwrap_or_default()
    }

    fn ident(&self, s: &str) -> Ident {
        Ident::new(s, self.span)
    }

    /// A constructor call that `nodes(…)` maps an element with attributes or children to: an error
    /// (such an element needs a type, whose fields its attributes bind).
    fn no_call(&mut self, element: &str, pos: bt_xml::Pos) -> bool {
        let call = self.nodes.iter().any(|m| m.element == element && m.call);
        if call {
            let msg = format!(
                "{}: `{element}` has attributes or children, so `nodes(…)` must map it to a type (`{element} = path::Type`), not to a constructor call",
                self.at(pos)
            );
            self.checks.push(quote!(::core::compile_error!(#msg);));
        }
        call
    }

    /// The value of an attribute-less leaf: its type (a unit struct), or the constructor call
    /// `nodes(…)` maps it to.
    fn leaf_value_of(&self, element: &str) -> TokenStream {
        match self.nodes.iter().find(|m| m.element == element) {
            Some(m) if m.call => {
                let path = &m.path;
                quote!(#path())
            }
            _ => self.path_of(element),
        }
    }

    /// Whether the invocation's `nodes(…)` maps `element`.
    fn mapped(&self, element: &str) -> bool {
        self.nodes.iter().any(|m| m.element == element)
    }

    pub(super) fn path_of(&self, element: &str) -> TokenStream {
        match self.nodes.iter().find(|m| m.element == element) {
            Some(m) => m.path.to_token_stream(),
            None => self.ident(element).into_token_stream(),
        }
    }

    pub(super) fn at(&self, pos: bt_xml::Pos) -> String {
        let file = self.files.get(pos.file).map_or_else(PathBuf::new, Clone::clone);
        let file = file.strip_prefix(self.dir).map_or(file.clone(), FsPath::to_path_buf);
        format!("{}:{}:{}", file.display(), pos.line, pos.column)
    }

    fn lt(&self) -> TokenTree {
        TokenTree::Punct(Punct::new('<', Spacing::Alone))
    }

    fn gt(&self) -> TokenTree {
        TokenTree::Punct(Punct::new('>', Spacing::Alone))
    }

    fn children(&self, kids: TokenStream) -> TokenStream {
        let mut t = TokenStream::new();
        t.extend([self.lt()]);
        t.extend(kids);
        t.extend([self.gt()]);
        t
    }

    pub(super) fn node(&mut self, n: &bt_xml::Node) -> TokenStream {
        self.annotations.push(annotation(n));
        let kids = |g: &mut Self| {
            let kids: Vec<TokenStream> = n.children.iter().map(|c| g.node(c)).collect();
            quote!(#(#kids),*)
        };
        let out = match &n.kind {
            bt_xml::Kind::Script { script, .. } => self.script_leaf(script),
            bt_xml::Kind::Keyword { name: "precondition", args }
                if matches!(args.first().map(|a| &a.value), Some(bt_xml::ArgValue::Script(_))) =>
            {
                let condition = match args.first().map(|a| &a.value) {
                    Some(bt_xml::ArgValue::Script(s)) => self.script_leaf(s),
                    _ => TokenStream::new(),
                };
                let otherwise = args.get(1).map(|a| {
                    let outcome = match &a.value {
                        bt_xml::ArgValue::Ident(o) => self.ident(o),
                        _ => self.ident("failure"),
                    };
                    quote!(, otherwise = #outcome)
                });
                let name = self.ident("precondition");
                let kids = kids(self);
                let args = Group::new(Delimiter::Parenthesis, quote!(#condition #otherwise));
                let c = self.children(kids);
                quote!(#name #args #c)
            }
            bt_xml::Kind::Keyword { name: "switch", args } => {
                // `selector; p1, …, pk`: `switch(selector)<p1 => A, …, pk => K>`.
                // The patterns have no `;`; a selector may (a closure with statements).
                let args = bt_xml::dsl("switch", args);
                let (selector, patterns) = args.rsplit_once(';').unwrap_or((&args, ""));
                let selector = self.lex(selector, n.pos);
                let patterns: Vec<TokenStream> =
                    split_top(patterns).iter().map(|p| self.lex(p, n.pos)).collect();
                let kids = n.children.iter().zip(&patterns).map(|(c, p)| {
                    let c = self.node(c);
                    quote!(#p => #c)
                });
                let kids: Vec<TokenStream> = kids.collect();
                let name = self.ident("switch");
                let args = Group::new(Delimiter::Parenthesis, selector);
                let c = self.children(quote!(#(#kids),*));
                quote!(#name #args #c)
            }
            bt_xml::Kind::Keyword { name, args } => {
                let args = bt_xml::dsl(name, args);
                let name = self.ident(name);
                let args: TokenStream = if args.is_empty() {
                    TokenStream::new()
                } else {
                    let a = self.lex(&args, n.pos);
                    Group::new(Delimiter::Parenthesis, a).into_token_stream()
                };
                if n.children.is_empty() {
                    quote!(#name #args)
                } else {
                    let kids = kids(self);
                    let c = self.children(kids);
                    quote!(#name #args #c)
                }
            }
            // BehaviorTree.CPP's `UnsetBlackboard` (unless mapped): bt's leaf that removes the entry.
            bt_xml::Kind::Leaf { type_name } if type_name == "UnsetBlackboard" && !self.mapped(type_name) => {
                let key = n.ports.iter().find_map(|p| match &p.value {
                    bt_xml::Value::Literal(k) if p.name == "key" => Some(k.trim().to_string()),
                    _ => None,
                });
                let key = Literal::string(&key.unwrap_or_default());
                let leaf = quote!(::bt::ports::UnsetEntry::new(#key));
                Group::new(Delimiter::Brace, leaf).into_token_stream()
            }
            bt_xml::Kind::Leaf { type_name } => {
                // A constructor with attributes is reported, and the leaf built without them.
                if n.ports.is_empty() || self.no_call(type_name, n.pos) {
                    self.leaf_value_of(type_name)
                } else {
                    let path = self.path_of(type_name);
                    let names: Vec<&str> = n.ports.iter().map(|p| p.name.as_str()).collect();
                    let at = self.at(n.pos);
                    self.checks.push(quote! {
                        const _: () = {
                            let m = ::bt::ports::check(<#path as ::bt::ports::Ports>::PORTS, &[#(#names),*], #type_name, #at);
                            if !m.is_empty() {
                                ::core::panic!("{}", m.as_str())
                            }
                        };
                    });
                    for port in &n.ports {
                        if let bt_xml::Value::Literal(text) = &port.value {
                            let kind = literal_kind(text);
                            let name = &port.name;
                            let at = self.at(port.pos);
                            self.checks.push(quote! {
                                const _: () = {
                                    let m = ::bt::ports::check_literal(<#path as ::bt::ports::Ports>::PORTS, #name, #kind, #text, #type_name, #at);
                                    if !m.is_empty() {
                                        ::core::panic!("{}", m.as_str())
                                    }
                                };
                            });
                        }
                    }
                    let p = Ident::new("__p", Span::mixed_site().located_at(self.span));
                    let mut sets: Vec<TokenStream> = n
                        .ports
                        .iter()
                        .filter_map(|port| {
                            let f = field_ident(&port.name, self.span)?;
                            let v = match &port.value {
                                // Text: a sequence for a `Vec`, a duration for a `Duration`,
                                // else `FromStr`, chosen by the field's type.
                                bt_xml::Value::Literal(text)
                                    if literal_kind(text).to_string().contains("Text") =>
                                {
                                    let at = self.at(port.pos);
                                    let lit = literal(text, &at);
                                    quote!({
                                        #[allow(unused_imports)]
                                        use ::bt::ports::{AnyText as _, PortText as _};
                                        (&&::bt::ports::Lit::of(&#p.#f))
                                            .port_text(#lit, ::bt::ports::TextLit(#text, #at))
                                    })
                                }
                                _ => self.value(&port.value, port.pos),
                            };
                            Some(quote!(#p.#f = #v;))
                        })
                        .collect();
                    if let Some(instance) = &n.instance {
                        let instance = Literal::string(instance);
                        sets.push(quote!(::bt::ports::Ports::set_instance(#p, #instance);));
                    }
                    let body = Group::new(Delimiter::Brace, quote!(#(#sets)*));
                    // The description shows the ports of the type the attributes bind.
                    if let Some(a) = self.annotations.last_mut() {
                        a.extend(quote!(.with_ports(<#path as ::bt::ports::Ports>::PORTS)));
                    }
                    let attrs: Vec<String> =
                        n.ports.iter().map(|p| format!(" {}=\"{}\"", p.name, attr_text(&p.value))).collect();
                    let label = Literal::string(&format!("{type_name}{}", attrs.concat()));
                    quote!(#path::__bt_ports(#label, |#p| #body))
                }
            }
            bt_xml::Kind::Custom { type_name } => {
                let _ = self.no_call(type_name, n.pos);
                // `name="path::Kind"` (as `description().btcpp_xml()` writes a node kind of your
                // own) is the type's path, unless `nodes(…)` maps the element.
                let named_path = n
                    .instance
                    .as_deref()
                    .filter(|i| i.ends_with(&format!("::{type_name}")) && !too_deep(i))
                    .and_then(|i| syn::parse_str::<syn::Path>(i).ok())
                    .filter(|_| !self.nodes.iter().any(|m| &m.element == type_name));
                let builtin_loop = bt_xml::loop_item(type_name).is_some() && !self.mapped(type_name);
                let path = match named_path {
                    Some(p) => self.respan(p.into_token_stream()),
                    // BehaviorTree.CPP's `LoopInt`, … (unless mapped): bt's `Loop` decorator.
                    None if builtin_loop => {
                        let ty = Ident::new(type_name, self.span);
                        quote!(::bt::ports::#ty)
                    }
                    None => self.path_of(type_name),
                };
                // `arg1`, `arg2`, … are the positional arguments, in order; the others are named.
                let positional = |name: &str| name.strip_prefix("arg").and_then(|k| k.parse::<usize>().ok());
                let mut ordered: Vec<&bt_xml::Port> =
                    n.ports.iter().filter(|p| positional(&p.name).is_some()).collect();
                ordered.sort_by_key(|p| positional(&p.name));
                let mut args: Vec<TokenStream> =
                    ordered.iter().map(|p| self.value(&p.value, p.pos)).collect();
                args.extend(n.ports.iter().filter(|p| positional(&p.name).is_none()).filter_map(|p| {
                    let f = field_ident(&p.name, self.span)?;
                    let v = match &p.value {
                        // A loop's literal queue (`1;2;3`, or one element) and `if_empty` are
                        // texts its port types parse.
                        bt_xml::Value::Literal(text) if builtin_loop => {
                            let at = self.at(p.pos);
                            quote!(::bt::ports::Literal::get(::bt::ports::TextLit(#text, #at)))
                        }
                        _ => self.value(&p.value, p.pos),
                    };
                    Some(quote!(#f = #v))
                }));
                let args = if args.is_empty() {
                    TokenStream::new()
                } else {
                    Group::new(Delimiter::Parenthesis, quote!(#(#args),*)).into_token_stream()
                };
                let kids = kids(self);
                let c = self.children(kids);
                quote!(#path #args #c)
            }
        };
        let out = match self.scripts.conditions.get(&(n as *const bt_xml::Node as usize)).cloned() {
            Some(conditions) => {
                // The node with its pre- and post-conditions (not a node of the description).
                let name = self.ident("__conditions");
                let args = Group::new(Delimiter::Parenthesis, conditions);
                let c = self.children(out);
                quote!(#name #args #c)
            }
            None => out,
        };
        self.respan(out)
    }

    /// The leaf (or the condition) that runs `script`, compiled.
    fn script_leaf(&self, script: &bt_xml::Script) -> TokenStream {
        self.scripts
            .leaves
            .get(&(script as *const bt_xml::Script as usize))
            .cloned()
            .unwrap_or_else(|| quote!(always_failure))
    }

    /// The initializer of a port or spec field: a key binding, or a literal converted to the
    /// field's type (`Input<T>` or a plain `T`).
    fn value(&self, v: &bt_xml::Value, pos: bt_xml::Pos) -> TokenStream {
        let lit = match v {
            bt_xml::Value::Key { name, .. } => {
                let name = Literal::string(name);
                return quote!(::bt::ports::key(#name));
            }
            bt_xml::Value::Literal(text) => literal(text, &self.at(pos)),
        };
        quote!(::bt::ports::Literal::get(#lit))
    }
}

/// `tokens`, every one of them at `span`.
pub(super) fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut t| {
            if let TokenTree::Group(g) = &t {
                let mut ng = Group::new(g.delimiter(), respan(g.stream(), span));
                ng.set_span(span);
                t = TokenTree::Group(ng);
            } else {
                t.set_span(span);
            }
            t
        })
        .collect()
}
