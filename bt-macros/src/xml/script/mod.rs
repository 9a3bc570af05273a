//! The scripts of a tree read by `bt_xml!`, checked and compiled: `bt_script::check` types every
//! entry and every operation; each place that runs scripts becomes a struct of the generated code
//! (a leaf, a precondition's condition, or a node's `bt::Conditions`), whose fields are the typed
//! slots of the entries its scripts use and whose methods are the scripts written out in Rust
//! (`code`). What only the compiler can check (the type of an entry bound to a port) is checked
//! by generated constants, with messages that name the XML's line and column.

mod code;
mod entries;
mod items;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use bt_xml::bt_script::check::{self, Env, Input, Place, Rule, TExpr, Typed};
use bt_xml::{ArgValue, Kind, Node, Script, When};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

use code::field_name;
use entries::{Binding, Entries, class_advice, key_type, origin, port_type};
use items::Gen;

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
pub(super) enum SiteKind {
    /// A `Script`, `ScriptCondition` or `SetBlackboard` leaf.
    Leaf,
    /// A `Precondition`'s `if`.
    Precondition,
    /// One of a node's conditions.
    Condition(When),
}

pub(super) struct Site<'t> {
    pub(super) script: &'t Script,
    pub(super) place: Place,
    pub(super) kind: SiteKind,
    /// The element, for messages and labels.
    pub(super) element: &'t str,
    /// The node it belongs to (for conditions: the node they wrap).
    pub(super) node: &'t Node,
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
            // A count (`i32`) or a duration in milliseconds (`u32`) read from an entry.
            Kind::Keyword { name, args } => {
                if let Some((key, ty, port)) = entry_param(name, args) {
                    entries.ports.entry(key.to_string()).or_default().push(Binding {
                        leaf: TokenStream::new(),
                        leaf_name: n.element.clone(),
                        port: port.into(),
                        pos: n.pos,
                        ty: Some(ty),
                    });
                }
            }
            // A loop's queue (`VecDeque<T>`) and the entry it writes each element to (`T`).
            Kind::Custom { type_name } if bt_xml::loop_item(type_name).is_some() => {
                let item = match bt_xml::loop_item(type_name) {
                    Some("String") => quote!(::bt::script::String),
                    t => t.unwrap_or("i32").parse().unwrap_or_default(),
                };
                for p in &n.ports {
                    let ty = match p.name.as_str() {
                        "queue" => quote!(::std::collections::VecDeque<#item>),
                        "value" => item.clone(),
                        _ => continue,
                    };
                    if let bt_xml::Value::Key { name, .. } = &p.value {
                        entries.ports.entry(name.clone()).or_default().push(Binding {
                            leaf: TokenStream::new(),
                            leaf_name: type_name.clone(),
                            port: p.name.clone(),
                            pos: p.pos,
                            ty: Some(ty),
                        });
                    }
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
                            ty: None,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = Compiled::default();
    out.items.extend(entry_types(&entries, at));
    if sites.is_empty() {
        return out;
    }
    let inputs: Vec<Input<'_>> =
        sites.iter().map(|s| Input { script: &s.script.ast, place: s.place }).collect();
    // A switch's entry is a string unless scripts write it: then it has the type they give it
    // (BehaviorTree.CPP's `SwitchN` compares any value's text form).
    let mut assigned = BTreeSet::new();
    for site in &sites {
        site.script.ast.assigned(&mut assigned);
    }
    entries.text.retain(|k| !assigned.contains(k));
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
            && let Some(span) = t.statements.iter().find_map(TExpr::first_assign)
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
            s.keys(&mut used);
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

/// One type per entry: every port bound to an entry has the type of the first one bound to it,
/// or the type `keys(…)` declares for it; checked by generated constants whose messages name
/// the entry and both positions in the XML.
fn entry_types(entries: &Entries<'_>, at: &dyn Fn(bt_xml::Pos) -> String) -> TokenStream {
    let mut out = TokenStream::new();
    for (k, bs) in &entries.ports {
        let (first, first_is, rest) = match entries.declared.get(k) {
            Some(t) => (quote!(#t), "declared in `keys(…)` as".to_string(), &bs[..]),
            None => match bs.split_first() {
                Some((b, rest)) => (
                    port_type(b),
                    format!("bound to port `{}` of `{}` at {}, a", b.port, b.leaf_name, at(b.pos)),
                    rest,
                ),
                None => continue,
            },
        };
        for b in rest {
            let other = port_type(b);
            let message = format!(
                "the blackboard entry `{k}` is {first_is} `{{Self}}`, but port `{}` of `{}` at {} is a `{{B}}`: an entry has one type",
                b.port,
                b.leaf_name,
                at(b.pos)
            );
            out.extend(crate::xml::positioned::same_type(
                &message,
                "bind the ports of the two types to different entries, or give them one type",
                &first,
                &other,
            ));
        }
    }
    out
}

/// The entry a built-in reads its count or duration from, with the entry's type and the
/// attribute's name.
pub(in crate::xml) fn entry_param<'a>(
    keyword: &str,
    args: &'a [bt_xml::Arg],
) -> Option<(&'a str, TokenStream, &'static str)> {
    let Some(ArgValue::Key(key)) = args.first().map(|a| &a.value) else { return None };
    match keyword {
        "repeat" => Some((key, quote!(i32), "num_cycles")),
        "retry" => Some((key, quote!(i32), "num_attempts")),
        "timeout" | "sleep" => Some((key, quote!(u32), "msec")),
        "delay" => Some((key, quote!(u32), "delay_msec")),
        _ => None,
    }
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
pub(super) fn label(s: &Site<'_>) -> String {
    match s.kind {
        SiteKind::Precondition => format!("if=\"{}\"", s.script.text.trim()),
        _ if s.element == "SetBlackboard" => format!("SetBlackboard {}", s.script.text.trim()),
        _ => format!("{} code=\"{}\"", s.element, s.script.text.trim()),
    }
}
