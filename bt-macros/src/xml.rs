//! `bt_xml!`: a BehaviorTree.CPP / Groot2 XML file as a `bt!` tree.
//!
//! The file is read by `bt-xml` into its node model, which is written out as the tokens of the
//! equivalent `bt!` tree and handed to the same pipeline (parse → validate → expand): the code and
//! the description are those of that `bt!` tree. Every generated token carries the span of the
//! invocation's path literal, so errors in the tree point there; XML errors are reported there too,
//! each naming its file, line and column.

use std::path::{Path as FsPath, PathBuf};

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::{ToTokens, quote, quote_spanned};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;

/// One entry of `nodes(…)`: an element name and the Rust path it stands for (a type, or, with
/// `()`, a constructor called for each attribute-less element: `GoalUpdated = GoalUpdated::new()`).
struct Mapping {
    element: String,
    path: syn::Path,
    call: bool,
}

impl Parse for Mapping {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let element = if input.peek(syn::LitStr) {
            input.parse::<syn::LitStr>()?.value()
        } else {
            input.parse::<Ident>()?.to_string()
        };
        input.parse::<syn::Token![=]>()?;
        let path = input.parse()?;
        let call = input.peek(syn::token::Paren);
        if call {
            let args;
            syn::parenthesized!(args in input);
            if !args.is_empty() {
                return Err(args.error(
                    "a constructor in `nodes(…)` takes no arguments (`Element = Type::new()`); attributes bind ports",
                ));
            }
        }
        Ok(Mapping { element, path, call })
    }
}

/// The header of the named form: `#[attrs] pub struct Name for Ctx =`.
struct NamedHead {
    attrs: Vec<syn::Attribute>,
    vis: syn::Visibility,
    name: Ident,
    ctx: syn::Type,
}

/// A whole invocation.
struct Invocation {
    named: Option<NamedHead>,
    file: syn::LitStr,
    tree: Option<syn::LitStr>,
    ctx: Option<syn::Type>,
    nodes: Vec<Mapping>,
}

impl Parse for Invocation {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let named = if input.peek(syn::LitStr) {
            None
        } else {
            let attrs = input.call(syn::Attribute::parse_outer)?;
            let vis: syn::Visibility = input.parse()?;
            input.parse::<syn::Token![struct]>()?;
            let name: Ident = input.parse()?;
            input.parse::<syn::Token![for]>()?;
            let ctx: syn::Type = input.parse()?;
            input.parse::<syn::Token![=]>().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "expected `=` and the file: `bt_xml! { pub struct Nav for Robot = \"trees/nav.xml\" }`",
                )
            })?;
            Some(NamedHead { attrs, vis, name, ctx })
        };
        let file: syn::LitStr = input.parse().map_err(|e| {
            syn::Error::new(e.span(), "expected the XML file's path as a string literal, relative to Cargo.toml: `bt_xml!(\"trees/nav.xml\")`")
        })?;
        let mut inv = Invocation { named, file, tree: None, ctx: None, nodes: Vec::new() };
        while !input.is_empty() {
            input.parse::<syn::Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let key: Ident = input.parse()?;
            match key.to_string().as_str() {
                "tree" => {
                    input.parse::<syn::Token![=]>()?;
                    inv.tree = Some(input.parse()?);
                }
                "ctx" if inv.named.is_none() => {
                    input.parse::<syn::Token![=]>()?;
                    inv.ctx = Some(input.parse()?);
                }
                "nodes" => {
                    let content;
                    syn::parenthesized!(content in input);
                    let list = Punctuated::<Mapping, syn::Token![,]>::parse_terminated(&content)?;
                    inv.nodes.extend(list);
                }
                other => {
                    let ctx = if inv.named.is_none() { "`ctx = Type`, " } else { "" };
                    return Err(syn::Error::new(
                        key.span(),
                        format!(
                            "unknown option `{other}`: the options are `tree = \"Name\"`, {ctx}`nodes(Element = path::Type, …)`"
                        ),
                    ));
                }
            }
        }
        Ok(inv)
    }
}

/// The whole macro. Never panics.
pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let inv = match syn::parse2::<Invocation>(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    let span = inv.file.span();
    let (dir, path) = locate(&inv.file.value(), span);
    let tree = inv.tree.as_ref().map(syn::LitStr::value);
    let result = bt_xml::load(&path, tree.as_deref());
    let mut out = TokenStream::new();
    let (body, files) = match result {
        Ok(t) => {
            // The macro's own hygiene (so lints see generated code) at the path literal (so
            // errors point there).
            let gen_span = Span::call_site().located_at(span);
            let mut g =
                Gen { span: gen_span, nodes: &inv.nodes, checks: Vec::new(), files: &t.files, dir: &dir };
            let body = g.node(&t.root);
            out.extend(g.checks);
            (Some(body), t.files.clone())
        }
        Err(errors) => {
            for e in &errors {
                let shown = FsPath::new(&e.file)
                    .strip_prefix(&dir)
                    .map_or_else(|_| e.file.clone(), FsPath::to_path_buf);
                let prefix = format!("{}/", dir.display());
                let e = bt_xml::Error { file: shown, message: e.message.replace(&prefix, ""), ..e.clone() };
                out.extend(syn::Error::new(span, e.to_string()).to_compile_error());
            }
            (None, vec![path.clone()])
        }
    };
    // Cargo rebuilds when a file read here changes.
    for f in files.iter().filter(|f| f.exists()) {
        let abs = f.canonicalize().unwrap_or_else(|_| f.clone());
        let lit = Literal::string(&abs.to_string_lossy());
        out.extend(quote_spanned!(span=> const _: &[u8] = ::core::include_bytes!(#lit);));
    }
    let body = body.unwrap_or_else(|| quote_spanned!(span=> always_failure));
    let tree_tokens = match &inv.named {
        Some(h) => {
            let NamedHead { attrs, vis, name, ctx } = h;
            let group = Group::new(Delimiter::Brace, body);
            quote!(#(#attrs)* #vis struct #name for #ctx #group)
        }
        None => match &inv.ctx {
            Some(ctx) => quote!(#ctx => #body),
            None => body,
        },
    };
    let expanded = crate::expand::expand(tree_tokens);
    match inv.named {
        Some(_) => quote!(#out #expanded),
        None => quote_spanned!(span=> { #out #expanded }),
    }
}

/// Where the file is: relative to `CARGO_MANIFEST_DIR`, or, when no such file exists, relative to
/// the directory of the source file that invokes the macro. Returns the base directory and the
/// path.
fn locate(file: &str, span: Span) -> (PathBuf, PathBuf) {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").map(PathBuf::from).unwrap_or_default();
    let first = manifest.join(file);
    if first.exists() {
        return (manifest, first);
    }
    let source_dir = span.local_file().and_then(|f| {
        let f = if f.is_relative() { std::env::current_dir().ok()?.join(f) } else { f };
        f.parent().map(FsPath::to_path_buf)
    });
    match source_dir {
        Some(d) if d.join(file).exists() => {
            let p = d.join(file);
            (d, p)
        }
        _ => (manifest, first),
    }
}

struct Gen<'a> {
    span: Span,
    nodes: &'a [Mapping],
    /// Compile-time checks of the leaves' ports.
    checks: Vec<TokenStream>,
    files: &'a [PathBuf],
    dir: &'a FsPath,
}

impl Gen<'_> {
    fn respan(&self, tokens: TokenStream) -> TokenStream {
        tokens
            .into_iter()
            .map(|mut t| {
                if let TokenTree::Group(g) = &t {
                    let mut ng = Group::new(g.delimiter(), self.respan(g.stream()));
                    ng.set_span(self.span);
                    t = TokenTree::Group(ng);
                } else {
                    t.set_span(self.span);
                }
                t
            })
            .collect()
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

    fn path_of(&self, element: &str) -> TokenStream {
        match self.nodes.iter().find(|m| m.element == element) {
            Some(m) => m.path.to_token_stream(),
            None => self.ident(element).into_token_stream(),
        }
    }

    fn at(&self, pos: bt_xml::Pos) -> String {
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

    fn node(&mut self, n: &bt_xml::Node) -> TokenStream {
        let kids = |g: &mut Self| {
            let kids: Vec<TokenStream> = n.children.iter().map(|c| g.node(c)).collect();
            quote!(#(#kids),*)
        };
        let out = match &n.kind {
            bt_xml::Kind::Keyword { name: "switch", args } => {
                // `selector; p1, …, pk`: `switch(selector)<p1 => A, …, pk => K>`.
                // The patterns have no `;`; a selector may (a closure with statements).
                let (selector, patterns) = args.rsplit_once(';').unwrap_or((args, ""));
                let selector: TokenStream = selector.parse().unwrap_or_default();
                let patterns: Vec<TokenStream> =
                    split_top(patterns).iter().map(|p| p.parse().unwrap_or_default()).collect();
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
                let name = self.ident(name);
                let args: TokenStream = if args.is_empty() {
                    TokenStream::new()
                } else {
                    let a: TokenStream = args.parse().unwrap_or_default();
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
                            let v = self.value(&port.value, port.pos);
                            Some(quote!(#p.#f = #v;))
                        })
                        .collect();
                    if let Some(instance) = &n.instance {
                        let instance = Literal::string(instance);
                        sets.push(quote!(::bt::ports::Ports::set_instance(#p, #instance);));
                    }
                    let body = Group::new(Delimiter::Brace, quote!(#(#sets)*));
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
                    .filter(|i| i.ends_with(&format!("::{type_name}")))
                    .and_then(|i| syn::parse_str::<syn::Path>(i).ok())
                    .filter(|_| !self.nodes.iter().any(|m| &m.element == type_name));
                let path = match named_path {
                    Some(p) => self.respan(p.into_token_stream()),
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
                    let v = self.value(&p.value, p.pos);
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
        self.respan(out)
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

/// Splits `text` at its top-level commas (outside brackets and string literals); pieces trimmed.
fn split_top(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start, mut quoted) = (0usize, 0usize, false);
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => quoted = !quoted,
            '\\' if quoted => {
                chars.next();
            }
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth = depth.saturating_sub(1),
            ',' if !quoted && depth == 0 => {
                out.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = text[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}

/// An attribute's value as the XML writes it (after subtree remapping).
fn attr_text(v: &bt_xml::Value) -> String {
    match v {
        bt_xml::Value::Key { name, root: true } => format!("{{@{name}}}"),
        bt_xml::Value::Key { name, root: false } => format!("{{{name}}}"),
        bt_xml::Value::Literal(t) => t.clone(),
    }
}

/// A port name as a field name (a raw identifier for a keyword); `None` when it cannot be one.
fn field_ident(name: &str, span: Span) -> Option<Ident> {
    let ok = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name != "_";
    if !ok {
        return None;
    }
    syn::parse_str::<Ident>(name).ok().or_else(|| syn::parse_str::<Ident>(&format!("r#{name}")).ok()).map(
        |mut i| {
            i.set_span(span);
            i
        },
    )
}

/// The `bt::ports::LiteralKind` of an attribute's text (as [`literal`] reads it).
fn literal_kind(text: &str) -> TokenStream {
    let l = literal(text, "");
    let s = l.to_string();
    if s.contains("BoolLit") {
        quote!(::bt::ports::LiteralKind::Bool)
    } else if s.contains("IntLit") {
        let v = text.trim().parse::<i128>().unwrap_or(0);
        let lit = Literal::u128_unsuffixed(v.unsigned_abs());
        let neg = if v < 0 { quote!(-) } else { TokenStream::new() };
        quote!(::bt::ports::LiteralKind::Int(#neg #lit))
    } else if s.contains("FloatLit") {
        quote!(::bt::ports::LiteralKind::Float)
    } else {
        quote!(::bt::ports::LiteralKind::Text)
    }
}

/// The literal value of an attribute's text, typed by the port it initializes.
fn literal(text: &str, at: &str) -> TokenStream {
    let t = text.trim();
    if t == "true" || t == "false" {
        let b = t == "true";
        return quote!(::bt::ports::BoolLit(#b));
    }
    let digits = t.strip_prefix('-').unwrap_or(t);
    if !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit())
        && let Ok(v) = t.parse::<i128>()
    {
        let l = Literal::u128_unsuffixed(v.unsigned_abs());
        let neg = if v < 0 { quote!(-) } else { TokenStream::new() };
        return quote!(::bt::ports::IntLit::<{ #neg #l }>);
    }
    let numeric = t.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'));
    if numeric
        && t.chars().any(|c| c.is_ascii_digit())
        && let Ok(v) = t.parse::<f64>()
        && v.is_finite()
    {
        let l = Literal::f64_unsuffixed(v.abs());
        let neg = if v.is_sign_negative() { quote!(-) } else { TokenStream::new() };
        return quote!(::bt::ports::FloatLit(#neg #l, #text));
    }
    quote!(::bt::ports::TextLit(#text, #at))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// The corpus files, read once.
    fn corpus() -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/xml/corpus");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.retain(|p: &std::path::PathBuf| p.extension().is_some_and(|e| e == "xml"));
        files.sort();
        files.iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect()
    }

    /// Expands `bt_xml!` over `text`, written to a file of its own.
    fn expand_text(text: &str, name: &str, named: bool) -> String {
        let dir = std::env::temp_dir().join(format!("bt-xml-fuzz-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let lit = proc_macro2::Literal::string(&path.to_string_lossy());
        let input =
            if named { quote::quote!(pub struct T for Ctx = #lit) } else { quote::quote!(#lit, ctx = Ctx) };
        super::expand(input).to_string()
    }

    #[test]
    fn corpus_files_expand() {
        let files = corpus();
        assert_eq!(files.len(), 16);
        let mut ok = 0;
        for (i, text) in files.iter().enumerate() {
            let out = expand_text(text, &format!("corpus{i}.xml"), i % 2 == 0);
            if !out.contains("compile_error") {
                ok += 1;
            }
        }
        // Without `tree = …`, the two files with several trees and no main tree are errors too.
        assert_eq!(ok, 7);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// The macro never panics, whatever the file holds.
        #[test]
        fn never_panics_on_mutated_files(file in 0usize..16, ops in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..6), named in any::<bool>()) {
            let files = corpus();
            let mut b = files[file % files.len()].clone().into_bytes();
            for (at, byte) in ops {
                if b.is_empty() { break; }
                let i = at % b.len();
                if byte % 3 == 0 { b.remove(i); } else { b[i] = byte; }
            }
            let text = String::from_utf8_lossy(&b).into_owned();
            let _ = expand_text(&text, &format!("mutated{file}.xml"), named);
        }
    }
}
