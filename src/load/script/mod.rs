//! BehaviorTree.CPP scripts in a loaded tree: checked with `bt_script::check` as `bt_xml!` checks
//! them (here every port's type is known when the file is loaded), and interpreted
//! (`bt_script::eval`) with the operators compiled scripts call, so both compute the same thing.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;
#[allow(unused_imports)]
use std::{format, vec};

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::string::String;
use std::sync::Arc;
use std::vec::Vec;

use bt_xml::bt_script::check::{self, Env, Inferred, Input, KeyType, Place, TExpr, Typed};
use bt_xml::{ArgValue, Kind, Node, Pos, When};

use super::intern;
use super::kinds::{Call, Child};
use super::leaf::BoxedCondition;
use super::registry::{LeafSpec, Registry};
use crate::dynamic::DynBox;
use crate::ports::PortType;
use crate::script::{Class, Fault};

mod access;
mod nodes;

pub(crate) use access::Scripting;
use access::{Access, UNREGISTERED, builtin};
pub(crate) use nodes::Request;
pub use nodes::{ScriptConditions, ScriptIf, ScriptLeaf, Scripted};

/// The checked scripts of a loaded tree, and the entries they use.
pub(crate) struct Program {
    pub(super) scripts: Vec<Typed>,
    /// The entries, by index: name and access.
    pub(super) keys: Vec<(&'static str, Access)>,
    /// Each script's entries: name as the script writes it, index in `keys`.
    pub(super) used: Vec<Vec<(String, usize)>>,
    pub(super) consts: Vec<(&'static str, i64)>,
    /// Where each script is, for faults (`"t.xml:3:9: _skipIf=\"x\""`).
    pub(super) at: Vec<&'static str>,
}

/// Where a script runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SiteKind {
    Leaf,
    Precondition,
    Condition(When),
}

/// The scripts of a tree, ready for its nodes.
pub(crate) struct Prepared {
    pub(crate) program: Arc<Program>,
    /// The script of each leaf or precondition (by the script's address).
    sites: HashMap<usize, usize>,
    /// The conditions of each node (by its address).
    conditions: HashMap<usize, Vec<(When, usize)>>,
}

struct Entries<'a> {
    declared: &'a BTreeMap<String, Access>,
    ports: HashMap<String, (PortType, Access)>,
    text: BTreeSet<String>,
    consts: &'a [(&'static str, i64)],
}

impl Env for Entries<'_> {
    fn constant(&self, name: &str) -> bool {
        self.consts.iter().any(|(n, _)| *n == name)
    }

    fn key(&self, key: &str) -> KeyType {
        if let Some(a) = self.declared.get(key) {
            return KeyType::Known(a.class);
        }
        if let Some((_, a)) = self.ports.get(key) {
            return KeyType::Known(a.class);
        }
        if self.text.contains(key) {
            return KeyType::Known(Class::Text);
        }
        KeyType::Free
    }

    fn declare_hint(&self, key: &str) -> String {
        format!("declare its type on the registry: `registry.key::<f64>(\"{key}\")`")
    }
}

/// The message of an error in a script, as `bt_xml!` words it.
fn where_(kind: SiteKind, element: &str, text: &str) -> String {
    match kind {
        SiteKind::Condition(w) => format!("in `{}=\"{}\"` of `<{element}>`", w.attribute(), text.trim()),
        SiteKind::Precondition => format!("in `if` of `<{element}>` (`{}`)", text.trim()),
        SiteKind::Leaf if element == "SetBlackboard" => {
            format!("in `value` of `<{element}>` (`{}`)", text.trim())
        }
        SiteKind::Leaf => format!("in `code` of `<{element}>` (`{}`)", text.trim()),
    }
}

/// Checks the scripts of `tree` for `registry`: their entries typed by the ports the leaves
/// bind (each leaf is built once for that, and dropped). `None` when the tree has no script.
///
/// # Errors
///
/// Every error, with its position.
pub(crate) fn prepare<Ctx: ?Sized + 'static, M>(
    registry: &Registry<Ctx, M>,
    tree: &bt_xml::Tree,
    files: &[std::path::PathBuf],
) -> Result<Option<Prepared>, Vec<bt_xml::Error>> {
    let position = |p: Pos| {
        let file = files.get(p.file).map_or(String::new(), |f| f.display().to_string());
        format!("{file}:{}:{}", p.line, p.column)
    };
    let mut sites: Vec<(&bt_xml::Script, Place, SiteKind, &Node)> = Vec::new();
    let mut ports = HashMap::new();
    let mut text = BTreeSet::new();
    let mut errors = Vec::new();
    let error = |p: Pos, message: String| bt_xml::Error {
        file: files.get(p.file).cloned().unwrap_or_default(),
        line: p.line,
        column: p.column,
        message,
    };
    for n in tree.root.iter() {
        for c in &n.conditions {
            let place = if c.when.is_pre() { Place::Condition } else { Place::Statement };
            sites.push((&c.script, place, SiteKind::Condition(c.when), n));
        }
        match &n.kind {
            Kind::Script { script, condition } => {
                let place = if *condition { Place::Condition } else { Place::Statement };
                sites.push((script, place, SiteKind::Leaf, n));
            }
            Kind::Keyword { name: "precondition", args } => {
                if let Some(ArgValue::Script(s)) = args.first().map(|a| &a.value) {
                    sites.push((s, Place::Condition, SiteKind::Precondition, n));
                }
            }
            Kind::Keyword { name: "switch", args } => {
                if let Some(ArgValue::Key(k)) = args.first().map(|a| &a.value) {
                    text.insert(k.clone());
                }
            }
            Kind::Keyword { name, args } => {
                if let Some((key, ty)) = super::params::entry_param(name, args) {
                    ports.entry(key.to_string()).or_insert((ty, n.pos));
                }
            }
            Kind::Leaf { type_name } => {
                // The types of the keys the leaf binds (the leaf itself is built later).
                let Some(entry) = registry.leaves.get(type_name.as_str()) else { continue };
                let bound_ports = super::build::ports_of(n);
                let spec = LeafSpec { id: type_name, instance: None, ports: &bound_ports, at: n.pos };
                let mut bound = super::Bound::default();
                let _ = (entry.node)(&spec, &mut bound);
                for (key, ty, at) in bound.keys {
                    ports.entry(key.to_string()).or_insert((ty, at));
                }
            }
            _ => {}
        }
    }
    if sites.is_empty() {
        return Ok(None);
    }
    let s = &registry.scripting;
    let mut port_access = HashMap::new();
    for (key, (ty, at)) in &ports {
        let access = builtin(ty.id).or_else(|| s.values.get(&ty.id).copied()).unwrap_or(Access {
            class: Class::Other,
            type_name: UNREGISTERED,
            read: |_, key, _, _| Err(Fault::Absent { key }),
            clone_out: |_, _, _, _| None,
            write: |_, _, _, _, _| Err(Fault::Mismatch { found: "a value", ty: "an unregistered type" }),
        });
        port_access.insert(key.clone(), (*ty, access, *at));
    }
    // A switch's entry is a string unless scripts write it (then it has their type).
    let mut assigned = BTreeSet::new();
    for (sc, ..) in &sites {
        sc.ast.assigned(&mut assigned);
    }
    text.retain(|k| !assigned.contains(k));
    let entries = Entries {
        declared: &s.declared,
        ports: port_access.iter().map(|(k, (t, a, _))| (k.clone(), (*t, *a))).collect(),
        text,
        consts: &s.consts,
    };
    let inputs: Vec<Input<'_>> =
        sites.iter().map(|(sc, place, _, _)| Input { script: &sc.ast, place: *place }).collect();
    let checked = check::check(&inputs, &entries);
    for (i, e) in &checked.errors {
        let (sc, _, kind, n) = &sites[*i];
        errors.push(error(
            sc.at(e.span.start),
            format!("{}: {}", where_(*kind, &n.element, &sc.text), e.message),
        ));
    }
    for (i, t) in checked.scripts.iter().enumerate() {
        let (sc, _, kind, n) = &sites[i];
        if let (SiteKind::Precondition, Some(t)) = (kind, t)
            && let Some(span) = t.statements.iter().find_map(TExpr::first_assign)
        {
            errors.push(error(
                sc.at(span.start),
                format!(
                    "{}: bt's `Precondition` only reads the blackboard when it checks `if`: move the assignment into a `<Script>` before it",
                    where_(*kind, &n.element, &sc.text)
                ),
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Every entry the scripts use, with its access.
    let mut keys: Vec<(&'static str, Access)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut used = Vec::new();
    for (i, t) in checked.scripts.iter().enumerate() {
        let mut names = BTreeSet::new();
        for e in t.iter().flat_map(|t| &t.statements) {
            e.keys(&mut names);
        }
        let mut mine = Vec::new();
        for k in names {
            let at = index.get(&k).copied();
            let idx = match at {
                Some(idx) => idx,
                None => {
                    let access = access_of(&k, &entries, &port_access, &checked.inferred, 0);
                    let access = match access {
                        Ok(a) => a,
                        Err(msg) => {
                            let (sc, _, kind, n) = &sites[i];
                            errors.push(error(
                                sc.pos,
                                format!("{}: {msg}", where_(*kind, &n.element, &sc.text)),
                            ));
                            continue;
                        }
                    };
                    keys.push((intern(&k), access));
                    index.insert(k.clone(), keys.len() - 1);
                    keys.len() - 1
                }
            };
            mine.push((k, idx));
        }
        used.push(mine);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let at: Vec<&'static str> = sites
        .iter()
        .map(|(sc, _, kind, n)| {
            let what = match kind {
                SiteKind::Condition(w) => format!("{}=\"{}\"", w.attribute(), sc.text.trim()),
                SiteKind::Precondition => format!("if=\"{}\"", sc.text.trim()),
                SiteKind::Leaf => format!("{} code=\"{}\"", n.element, sc.text.trim()),
            };
            intern(&format!("{}: {what}", position(sc.pos)))
        })
        .collect();
    let mut prepared_sites = HashMap::new();
    let mut conditions: HashMap<usize, Vec<(When, usize)>> = HashMap::new();
    for (i, (sc, _, kind, n)) in sites.iter().enumerate() {
        match kind {
            SiteKind::Condition(w) => conditions.entry(*n as *const Node as usize).or_default().push((*w, i)),
            _ => {
                prepared_sites.insert(*sc as *const bt_xml::Script as usize, i);
            }
        }
    }
    let scripts = checked
        .scripts
        .into_iter()
        .map(|t| t.unwrap_or(Typed { statements: Vec::new(), place: Place::Statement }))
        .collect();
    let program = Program { scripts, keys, used, consts: s.consts.clone(), at };
    Ok(Some(Prepared { program: Arc::new(program), sites: prepared_sites, conditions }))
}

/// The access to entry `k`.
fn access_of(
    k: &str,
    entries: &Entries<'_>,
    ports: &HashMap<String, (PortType, Access, Pos)>,
    inferred: &BTreeMap<String, Inferred>,
    depth: usize,
) -> Result<Access, String> {
    if let Some(a) = entries.declared.get(k) {
        return Ok(*a);
    }
    if let Some((ty, a, at)) = ports.get(k) {
        if a.class == Class::Other && a.type_name == UNREGISTERED {
            return Err(format!(
                "the entry `{k}` is a `{}` (the type of a port bound to it, {}:{}), which scripts can only copy once the registry knows the type: `registry.script_value::<{}>()` (and `impl bt::script::ScriptValue for {} {{}}`)",
                ty.short_name(),
                at.line,
                at.column,
                ty.short_name(),
                ty.short_name()
            ));
        }
        return Ok(*a);
    }
    if entries.text.contains(k) {
        return Ok(Access::of::<String>());
    }
    Ok(match inferred.get(k) {
        Some(Inferred::Int) => Access::of::<i64>(),
        Some(Inferred::Real) => Access::of::<f64>(),
        Some(Inferred::Bool) => Access::of::<bool>(),
        Some(Inferred::Text) => Access::of::<String>(),
        Some(Inferred::SameAs(other)) if depth < 16 => {
            return access_of(other, entries, ports, inferred, depth + 1);
        }
        _ => {
            return Err(format!(
                "the type of the entry `{k}` cannot be worked out; {}",
                entries.declare_hint(k)
            ));
        }
    })
}

impl Prepared {
    /// The script of a leaf or of a precondition's `if`.
    pub(crate) fn script(&self, s: &bt_xml::Script) -> Option<Scripted> {
        let site = *self.sites.get(&(s as *const bt_xml::Script as usize))?;
        Some(Scripted::new(&self.program, site))
    }

    /// The conditions of node `n`, if it has any.
    pub(crate) fn conditions(&self, n: &Node) -> Option<ScriptConditions> {
        let list = self.conditions.get(&(n as *const Node as usize))?;
        Some(ScriptConditions {
            scripts: list.iter().map(|&(w, i)| (w, Scripted::new(&self.program, i))).collect(),
        })
    }
}

impl<Ctx: ?Sized + 'static, M> super::build::Build<'_, Ctx, M> {
    /// Builds a node that runs scripts with the registry's blackboard builder.
    pub(super) fn scripted(
        &mut self,
        n: &bt_xml::Node,
        request: super::script::Request,
        children: Vec<Child<Ctx>>,
    ) -> Option<DynBox<'static, Ctx>> {
        let Some(builder) = self.registry.keyed else {
            self.error(
                n.pos,
                format!(
                    "`<{}>` runs BehaviorTree.CPP scripts, which need a blackboard in the context `{}`: implement `bt::ports::HasBlackboard` for it and call `.with_blackboard()` on the registry",
                    n.element,
                    core::any::type_name::<Ctx>()
                ),
            );
            return None;
        };
        let condition = |_: &str| -> Result<BoxedCondition<Ctx>, String> { Err(String::new()) };
        let leaf = |_: &str| -> Result<DynBox<'static, Ctx>, String> { Err(String::new()) };
        let call = Call {
            keyword: "__script",
            args: &[],
            children,
            condition: &condition,
            leaf: &leaf,
            script: Some(request),
            entries: None,
        };
        match builder(call) {
            Ok(Some(b)) => Some(b),
            Ok(None) => None,
            Err(e) => {
                self.error(n.pos, format!("`<{}>`: {e}", n.element));
                None
            }
        }
    }
}
