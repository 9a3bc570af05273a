//! The scripts of a tree read by `bt_xml!`, checked and compiled: `bt_script::check` types every
//! entry and every operation; each place that runs scripts becomes a struct of the generated code
//! (a leaf, a precondition's condition, or a node's `bt::Conditions`), whose fields are the typed
//! slots of the entries its scripts use and whose methods are the scripts written out in Rust
//! (`code`). What only the compiler can check (the type of an entry bound to a port) is checked
//! by generated constants, with messages that name the XML's line and column.

mod code;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use bt_xml::bt_script::check::{self, Env, Inferred, Input, KeyType, Place, Rule, TExpr, TKind, Typed};
use bt_xml::bt_script::value::Class;
use bt_xml::{ArgValue, Kind, Node, Script, When};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};

use code::{Code, field_name};

/// What the invocation says about the tree's scripts.
pub(in crate::xml) struct Options<'a> {
    /// `keys(name: Type, …)`: the types of entries no port binds.
    pub(in crate::xml) keys: &'a [(String, syn::Type)],
    /// `enums(NAME = value, …)`: the named constants.
    pub(in crate::xml) enums: &'a [(String, syn::Expr)],
    /// The prefix of the generated structs' names (the named tree's name).
    pub(in crate::xml) prefix: String,
    /// Their visibility (the named tree's).
    pub(in crate::xml) vis: TokenStream,
    /// The context type, when the invocation names it.
    pub(in crate::xml) ctx: Option<TokenStream>,
}

/// The compiled scripts of a tree.
#[derive(Default)]
pub(in crate::xml) struct Compiled {
    /// The generated items: structs, impls, compile-time checks and errors.
    pub(in crate::xml) items: TokenStream,
    /// The `bt!` leaf that runs each script leaf, and the condition of each script precondition
    /// (by the script's address).
    pub(in crate::xml) leaves: HashMap<usize, TokenStream>,
    /// The value of `__conditions` for each node that has conditions (by the node's address).
    pub(in crate::xml) conditions: HashMap<usize, TokenStream>,
    /// Whether an error was reported (the tree is then not built).
    pub(in crate::xml) failed: bool,
}

/// Where a script runs.
enum SiteKind {
    /// A `Script`, `ScriptCondition` or `SetBlackboard` leaf.
    Leaf,
    /// A `Precondition`'s `if`.
    Precondition,
    /// One of a node's conditions.
    Condition(When),
}

struct Site<'t> {
    script: &'t Script,
    place: Place,
    kind: SiteKind,
    /// The element, for messages and labels.
    element: &'t str,
    /// The node it belongs to (for conditions: the node they wrap).
    node: &'t Node,
}

/// A port of a leaf bound to an entry.
struct Binding {
    leaf: TokenStream,
    leaf_name: String,
    port: String,
    pos: bt_xml::Pos,
}

/// What the tree says about its entries.
struct Entries<'a> {
    declared: BTreeMap<String, &'a syn::Type>,
    ports: BTreeMap<String, Vec<Binding>>,
    text: BTreeSet<String>,
    enums: BTreeSet<String>,
}

/// The class of a type declared with `keys(…)`, when it is one the macro knows by its name.
fn known_class(ty: &syn::Type) -> Option<Class> {
    let text = crate::text::tidy(&quote!(#ty));
    Some(match text.as_str() {
        "i8" | "i16" | "i32" | "i64" | "isize" | "u8" | "u16" | "u32" | "u64" | "usize" => Class::Int,
        "f32" | "f64" => Class::Real,
        "bool" => Class::Bool,
        "String" | "std::string::String" | "alloc::string::String" | "::std::string::String" => Class::Text,
        _ => return None,
    })
}

fn ident_like(k: &str) -> bool {
    k.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Env for Entries<'_> {
    fn constant(&self, name: &str) -> bool {
        self.enums.contains(name)
    }

    fn key(&self, key: &str) -> KeyType {
        if let Some(ty) = self.declared.get(key) {
            return known_class(ty).map_or(KeyType::Deferred, KeyType::Known);
        }
        if self.ports.contains_key(key) {
            return KeyType::Deferred;
        }
        if self.text.contains(key) {
            return KeyType::Known(Class::Text);
        }
        KeyType::Free
    }

    fn declare_hint(&self, key: &str) -> String {
        if ident_like(key) {
            format!("declare its type in the invocation: `keys({key}: f64)`")
        } else {
            format!("declare its type in the invocation: `keys(\"{key}\": f64)`")
        }
    }
}

/// Compiles the scripts of `root`. `path_of` is the Rust path of a leaf element; `at` writes a
/// position as `file:line:column`.
pub(in crate::xml) fn compile(
    root: &Node,
    opts: &Options<'_>,
    path_of: &dyn Fn(&str) -> TokenStream,
    at: &dyn Fn(bt_xml::Pos) -> String,
) -> Compiled {
    let mut sites = Vec::new();
    let mut entries = Entries {
        declared: opts.keys.iter().map(|(k, t)| (k.clone(), t)).collect(),
        ports: BTreeMap::new(),
        text: BTreeSet::new(),
        enums: opts.enums.iter().map(|(n, _)| n.clone()).collect(),
    };
    for n in root.iter() {
        for c in &n.conditions {
            let place = if c.when.is_pre() { Place::Condition } else { Place::Statement };
            sites.push(Site {
                script: &c.script,
                place,
                kind: SiteKind::Condition(c.when),
                element: &n.element,
                node: n,
            });
        }
        match &n.kind {
            Kind::Script { script, condition } => {
                let place = if *condition { Place::Condition } else { Place::Statement };
                sites.push(Site { script, place, kind: SiteKind::Leaf, element: &n.element, node: n });
            }
            Kind::Keyword { name: "precondition", args } => {
                if let Some(ArgValue::Script(script)) = args.first().map(|a| &a.value) {
                    sites.push(Site {
                        script,
                        place: Place::Condition,
                        kind: SiteKind::Precondition,
                        element: &n.element,
                        node: n,
                    });
                }
            }
            Kind::Keyword { name: "switch", args } => {
                if let Some(ArgValue::Key(k)) = args.first().map(|a| &a.value) {
                    entries.text.insert(k.clone());
                }
            }
            Kind::Leaf { type_name } => {
                for p in &n.ports {
                    if let bt_xml::Value::Key { name, .. } = &p.value {
                        entries.ports.entry(name.clone()).or_default().push(Binding {
                            leaf: path_of(type_name),
                            leaf_name: type_name.clone(),
                            port: p.name.clone(),
                            pos: p.pos,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = Compiled::default();
    if sites.is_empty() {
        return out;
    }
    let inputs: Vec<Input<'_>> =
        sites.iter().map(|s| Input { script: &s.script.ast, place: s.place }).collect();
    let checked = check::check(&inputs, &entries);
    let mut errors = Vec::new();
    for (i, e) in &checked.errors {
        let s = &sites[*i];
        errors.push(format!("{}: {}: {}", at(s.script.at(e.span.start)), where_(s), e.message));
    }
    // Assignments in a `Precondition`'s `if` (its condition reads the context, as every
    // condition of `bt` does).
    for (i, t) in checked.scripts.iter().enumerate() {
        if let (SiteKind::Precondition, Some(t)) = (&sites[i].kind, t)
            && let Some(span) = t.statements.iter().find_map(first_assign)
        {
            let s = &sites[i];
            errors.push(format!(
                "{}: {}: bt's `Precondition` only reads the blackboard when it checks `if`: move the assignment into a `<Script>` before it",
                at(s.script.at(span.start)),
                where_(s)
            ));
        }
    }
    if !errors.is_empty() {
        for e in errors.iter().take(20) {
            out.items.extend(quote!(::core::compile_error!(#e);));
        }
        out.failed = true;
        return out;
    }
    // Every entry the scripts use, its type, and its slot field.
    let mut used = BTreeSet::new();
    for t in checked.scripts.iter().flatten() {
        for s in &t.statements {
            keys_of(s, &mut used);
        }
    }
    let mut types: BTreeMap<String, TokenStream> = BTreeMap::new();
    for k in &used {
        match key_type(k, &entries, &checked.inferred, 0) {
            Some(t) => {
                types.insert(k.clone(), t);
            }
            None => {
                let msg =
                    format!("the type of the entry `{k}` cannot be worked out; {}", entries.declare_hint(k));
                out.items.extend(quote!(::core::compile_error!(#msg);));
                out.failed = true;
            }
        }
    }
    if out.failed {
        return out;
    }
    let fields: BTreeMap<String, Ident> =
        used.iter().enumerate().map(|(i, k)| (k.clone(), field_name(i))).collect();
    // Ports of two types bound to one entry that scripts use (or a port of another type than the
    // one declared): one type per entry.
    for k in &used {
        if let Some(bs) = entries.ports.get(k) {
            let first = &types[k];
            let declared = entries.declared.contains_key(k);
            let rest = if declared { &bs[..] } else { &bs[1..] };
            for b in rest {
                let other = port_type(b);
                let check = if declared {
                    quote!(::bt::script::declared_entry_type::<#first, #other>)
                } else {
                    quote!(::bt::script::same_entry_type::<#first, #other>)
                };
                out.items.extend(quote!(const _: () = #check();));
            }
        }
    }
    // What scripts do with entries whose types only the compiler knows.
    for r in &checked.requirements {
        let s = &sites[r.script];
        let pos = at(s.script.at(r.span.start));
        let (test, msg) = match &r.rule {
            Rule::In { key, classes } => {
                let ty = &types[key];
                let bits = Literal::u8_suffixed(*classes);
                let msg = format!(
                    "{pos}: {}: {}, but the entry `{key}` ({}) is of a type it cannot be: {}",
                    where_(s),
                    r.why,
                    origin(key, &entries, at),
                    class_advice(*classes)
                );
                (quote!(::bt::script::allows(<#ty as ::bt::script::ScriptValue>::CLASS, #bits)), msg)
            }
            Rule::Copy { to, from } => {
                let (t, f) = (&types[to], &types[from]);
                let msg = format!(
                    "{pos}: {}: {}, but `{to}` ({}) cannot hold a value of `{from}` ({}): a script stores a number into a number, a string into anything, and a value of a type of your own into an entry of that type",
                    where_(s),
                    r.why,
                    origin(to, &entries, at),
                    origin(from, &entries, at)
                );
                (
                    quote!(::bt::script::assignable(<#t as ::bt::script::ScriptValue>::CLASS, <#f as ::bt::script::ScriptValue>::CLASS)),
                    msg,
                )
            }
        };
        out.items.extend(quote!(const _: () = if !#test { ::core::panic!("{}", #msg) };));
    }
    let consts: BTreeMap<String, TokenStream> =
        opts.enums.iter().map(|(n, e)| (n.clone(), quote!(#e))).collect();
    let table: Vec<TokenStream> = opts.enums.iter().map(|(n, e)| quote!((#n, (#e) as i64))).collect();
    let env = Gen { opts, types: &types, fields: &fields, consts: &consts, table: &table, at };
    // One struct per leaf or precondition, one per node with conditions.
    if opts.ctx.is_none() && sites.iter().any(|s| matches!(s.kind, SiteKind::Leaf)) {
        let s =
            sites.iter().find(|s| matches!(s.kind, SiteKind::Leaf)).map_or(String::new(), |s| at(s.node.pos));
        let msg = format!(
            "{s}: the tree has script leaves (`<Script>`, `<ScriptCondition>`, `<SetBlackboard>`), which run on the context's blackboard: name the context, `bt_xml!(\"…\", ctx = Robot)`, or use the named form `bt_xml! {{ struct Tree for Robot = \"…\" }}`"
        );
        out.items.extend(quote!(::core::compile_error!(#msg);));
        out.failed = true;
        return out;
    }
    let mut by_node: Vec<(&Node, Vec<(usize, When)>)> = Vec::new();
    let mut index = 0;
    for (i, s) in sites.iter().enumerate() {
        let Some(typed) = &checked.scripts[i] else { continue };
        match s.kind {
            SiteKind::Leaf | SiteKind::Precondition => {
                let name = env.struct_name(index);
                index += 1;
                out.items.extend(env.leaf_struct(&name, s, typed));
                let label = label(s);
                let value = quote!(#name::__bt_ports(#label, |_| {}));
                out.leaves.insert(s.script as *const Script as usize, value);
            }
            SiteKind::Condition(when) => match by_node.last_mut() {
                Some((n, list)) if std::ptr::eq(*n, s.node) => list.push((i, when)),
                _ => by_node.push((s.node, vec![(i, when)])),
            },
        }
    }
    for (node, list) in by_node {
        let name = env.struct_name(index);
        index += 1;
        let scripts: Vec<(&Site<'_>, &Typed, When)> =
            list.iter().filter_map(|&(i, w)| Some((&sites[i], checked.scripts[i].as_ref()?, w))).collect();
        out.items.extend(env.conditions_struct(&name, &scripts));
        let label: String = scripts
            .iter()
            .map(|(s, _, w)| format!("{}=\"{}\"", w.attribute(), s.script.text.trim()))
            .collect::<Vec<_>>()
            .join(" ");
        out.conditions.insert(node as *const Node as usize, quote!(#name::__bt_ports(#label, |_| {})));
    }
    out
}

/// Where a script is, for messages: ``in `_skipIf` of `<Sequence>` ``.
fn where_(s: &Site<'_>) -> String {
    let attr = match s.kind {
        SiteKind::Leaf if s.element == "SetBlackboard" => "`value`",
        SiteKind::Leaf => "`code`",
        SiteKind::Precondition => "`if`",
        SiteKind::Condition(w) => {
            return format!("in `{}=\"{}\"` of `<{}>`", w.attribute(), s.script.text.trim(), s.element);
        }
    };
    format!("in {attr} of `<{}>` (`{}`)", s.element, s.script.text.trim())
}

/// A `Precondition`'s label, or a leaf's: the element as written.
fn label(s: &Site<'_>) -> String {
    match s.kind {
        SiteKind::Precondition => format!("if=\"{}\"", s.script.text.trim()),
        _ if s.element == "SetBlackboard" => format!("SetBlackboard {}", s.script.text.trim()),
        _ => format!("{} code=\"{}\"", s.element, s.script.text.trim()),
    }
}

/// The span of the first assignment in `e`.
fn first_assign(e: &TExpr) -> Option<bt_xml::bt_script::Span> {
    match &e.kind {
        TKind::Assign(..) => Some(e.span),
        TKind::Num(_) | TKind::Str(_) | TKind::Const(_) | TKind::Read(_) => None,
        TKind::Unary(_, a) => first_assign(a),
        TKind::Binary(_, a, b) => first_assign(a).or_else(|| first_assign(b)),
        TKind::Compare(a, rest) => first_assign(a).or_else(|| rest.iter().find_map(|(_, e)| first_assign(e))),
        TKind::Ternary(c, a, b) => first_assign(c).or_else(|| first_assign(a)).or_else(|| first_assign(b)),
    }
}

/// The entries `e` reads or writes.
fn keys_of(e: &TExpr, out: &mut BTreeSet<String>) {
    match &e.kind {
        TKind::Read(k) => {
            out.insert(k.clone());
        }
        TKind::Assign(_, k, v) => {
            out.insert(k.clone());
            keys_of(v, out);
        }
        TKind::Num(_) | TKind::Str(_) | TKind::Const(_) => {}
        TKind::Unary(_, a) => keys_of(a, out),
        TKind::Binary(_, a, b) => {
            keys_of(a, out);
            keys_of(b, out);
        }
        TKind::Compare(a, rest) => {
            keys_of(a, out);
            for (_, e) in rest {
                keys_of(e, out);
            }
        }
        TKind::Ternary(c, a, b) => {
            keys_of(c, out);
            keys_of(a, out);
            keys_of(b, out);
        }
    }
}

/// The Rust type of the value of the port of `b`.
fn port_type(b: &Binding) -> TokenStream {
    let (leaf, port) = (&b.leaf, &b.port);
    quote!(<#leaf as ::bt::ports::PortValue<{ ::bt::ports::port_index(<#leaf as ::bt::ports::Ports>::PORTS, #port) }>>::Value)
}

/// The Rust type of entry `k`.
fn key_type(
    k: &str,
    e: &Entries<'_>,
    inferred: &BTreeMap<String, Inferred>,
    depth: usize,
) -> Option<TokenStream> {
    if let Some(t) = e.declared.get(k) {
        return Some(quote!(#t));
    }
    if let Some(b) = e.ports.get(k).and_then(|b| b.first()) {
        return Some(port_type(b));
    }
    if e.text.contains(k) {
        return Some(quote!(::bt::script::String));
    }
    Some(match inferred.get(k)? {
        Inferred::Int => quote!(i64),
        Inferred::Real => quote!(f64),
        Inferred::Bool => quote!(bool),
        Inferred::Text => quote!(::bt::script::String),
        Inferred::SameAs(other) if depth < 16 => return key_type(other, e, inferred, depth + 1),
        Inferred::SameAs(_) => return None,
    })
}

/// What entry `k` is bound to, for messages.
fn origin(k: &str, e: &Entries<'_>, at: &dyn Fn(bt_xml::Pos) -> String) -> String {
    if let Some(t) = e.declared.get(k) {
        return format!("declared `{}` in `keys(…)`", crate::text::tidy(&quote!(#t)));
    }
    match e.ports.get(k).and_then(|b| b.first()) {
        Some(b) => format!("bound to port `{}` of `{}` at {}", b.port, b.leaf_name, at(b.pos)),
        None => "written by the scripts".into(),
    }
}

/// What a script needs of an entry's type, as advice.
fn class_advice(classes: u8) -> &'static str {
    use bt_xml::bt_script::value::{NUMBERS, TEXT};
    if classes == NUMBERS {
        "a script computes with numbers only (an integer type, `f32`, `f64` or `bool`)"
    } else if classes == TEXT {
        "a script joins strings only (`String`)"
    } else if classes == NUMBERS | TEXT {
        "a script compares numbers and strings only"
    } else {
        "a script copies a value of a type of your own only into an entry of that type"
    }
}

/// Writes the structs.
struct Gen<'a> {
    opts: &'a Options<'a>,
    types: &'a BTreeMap<String, TokenStream>,
    fields: &'a BTreeMap<String, Ident>,
    consts: &'a BTreeMap<String, TokenStream>,
    table: &'a [TokenStream],
    at: &'a dyn Fn(bt_xml::Pos) -> String,
}

impl Gen<'_> {
    fn struct_name(&self, i: usize) -> Ident {
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

    fn leaf_struct(&self, name: &Ident, s: &Site<'_>, typed: &Typed) -> TokenStream {
        let mut keys = BTreeSet::new();
        for e in &typed.statements {
            keys_of(e, &mut keys);
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

    fn conditions_struct(&self, name: &Ident, scripts: &[(&Site<'_>, &Typed, When)]) -> TokenStream {
        let mut keys = BTreeSet::new();
        for (_, t, _) in scripts {
            for e in &t.statements {
                keys_of(e, &mut keys);
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
