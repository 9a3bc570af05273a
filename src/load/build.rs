//! From the tree `bt-xml` read to a [`DynTree`]: every node built by the registry, the description
//! written alongside, every error collected with its position.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;
#[allow(unused_imports)]
use std::{format, vec};

use std::collections::HashMap;
use std::path::PathBuf;
use std::string::String;
use std::vec::Vec;

use bt_xml::{Kind, Pos, Value};

use super::kinds::{Call, Child, Needs, needs};
use super::leaf::{BoundPort, BoxedCondition};
use super::registry::{LeafSpec, Registry};
use super::{Attributes, Bound, LoadError, describe, intern};
use crate::dynamic::{DynBox, DynTree};
use crate::ports::{Binding, PortType};
use crate::{NodeInfo, TreeDescription};

/// The state of one build.
pub(super) struct Build<'r, Ctx: ?Sized + 'static, M> {
    pub(super) registry: &'r Registry<Ctx, M>,
    files: &'r [PathBuf],
    entries: Vec<NodeInfo>,
    errors: Vec<bt_xml::Error>,
    /// The type of every key, and where it was first bound.
    keys: HashMap<&'static str, (PortType, Pos)>,
    /// The tree's scripts, checked.
    scripts: Option<super::script::Prepared>,
}

/// Builds `tree` with `registry`: the tree, or every error found.
pub(crate) fn build<Ctx: ?Sized + 'static, M>(
    registry: &Registry<Ctx, M>,
    tree: &bt_xml::Tree,
) -> Result<DynTree<'static, Ctx>, LoadError> {
    let mut b = Build {
        registry,
        files: &tree.files,
        entries: Vec::new(),
        errors: Vec::new(),
        keys: HashMap::new(),
        scripts: None,
    };
    match super::script::prepare(registry, tree, &tree.files) {
        Ok(s) => b.scripts = s,
        Err(errors) => b.errors.extend(errors),
    }
    let root = b.node(&tree.root, 0);
    b.errors.extend(super::models::check(registry, tree));
    match root {
        Some((root, size)) if b.errors.is_empty() => {
            debug_assert_eq!(size, b.entries.len());
            let file = tree.files.first().map_or(String::new(), |f| f.display().to_string());
            let description: &'static TreeDescription = super::intern::description(
                intern(&tree.name),
                core::any::type_name::<Ctx>(),
                intern(&file),
                b.entries,
            );
            Ok(DynTree::described(root, description))
        }
        _ => Err(LoadError { errors: b.errors }),
    }
}

impl<Ctx: ?Sized + 'static, M> Build<'_, Ctx, M> {
    pub(super) fn error(&mut self, at: Pos, message: String) {
        let file = self.files.get(at.file).cloned().unwrap_or_default();
        self.errors.push(bt_xml::Error { file, line: at.line, column: at.column, message });
    }

    fn position(&self, at: Pos) -> String {
        let file = self.files.get(at.file).map_or(String::new(), |f| f.display().to_string());
        format!("{file}:{}:{}", at.line, at.column)
    }

    /// Reports the errors of a leaf's ports, and checks the types of the keys it bound against
    /// the other uses of the same keys.
    fn bound(&mut self, bound: Bound) {
        for (at, message) in bound.errors {
            self.error(at, message);
        }
        for (key, ty, at) in bound.keys {
            match self.keys.get(key) {
                Some(&(first, first_at)) if first != ty => {
                    let there = self.position(first_at);
                    self.error(
                        at,
                        format!(
                            "the blackboard entry `{key}` is a `{}` here but a `{}` at {there}: an entry has one type, bind the ports of both types to different keys",
                            ty.short_name(),
                            first.short_name()
                        ),
                    );
                }
                Some(_) => {}
                None => {
                    self.keys.insert(key, (ty, at));
                }
            }
        }
    }

    /// The port bindings of an element.
    fn ports<'n>(n: &'n bt_xml::Node) -> Vec<BoundPort<'n>> {
        ports_of(n)
    }

    /// The leaf registered as `id`, built for the element `n`.
    fn leaf(&mut self, id: &str, n: &bt_xml::Node) -> Option<DynBox<'static, Ctx>> {
        let Some(entry) = self.registry.leaves.get(id) else {
            let message = self.unknown(id, "leaf");
            self.error(n.pos, message);
            return None;
        };
        let ports = Self::ports(n);
        let spec = LeafSpec { id, instance: n.instance.as_deref().map(intern), ports: &ports, at: n.pos };
        let mut bound = Bound::default();
        let node = (entry.node)(&spec, &mut bound);
        self.bound(bound);
        node
    }

    /// The error for an element nobody registered.
    fn unknown(&self, id: &str, what: &str) -> String {
        let mut close: Vec<&str> = self
            .registry
            .leaves
            .keys()
            .chain(self.registry.kinds.keys())
            .map(String::as_str)
            .chain(bt_xml::known_elements().map(|k| -> &str { k }))
            .filter(|k| similar(k, id))
            .collect();
        close.sort_unstable();
        let hint = match close.first() {
            Some(k) => format!(" (did you mean `{k}`?)"),
            None => String::new(),
        };
        format!(
            "unknown {what} `{id}`{hint}: the registry knows no node of that name; register it (`registry.action::<{id}>(\"{id}\")`, `.condition`, `.node`, `.composite` or `.decorator`)"
        )
    }

    /// Builds node `n` at `depth`: its box and the number of nodes in its subtree, with its pre-
    /// and post-conditions around it (which are not a node of their own).
    fn node(&mut self, n: &bt_xml::Node, depth: usize) -> Option<Child<Ctx>> {
        let (node, size) = self.node_itself(n, depth)?;
        if n.conditions.is_empty() {
            return Some((node, size));
        }
        let conditions = self.scripts.as_ref()?.conditions(n)?;
        let request = super::script::Request::Conditions(conditions);
        self.scripted(n, request, vec![(node, size)]).map(|b| (b, size))
    }

    /// Builds node `n` at `depth`, without its conditions.
    fn node_itself(&mut self, n: &bt_xml::Node, depth: usize) -> Option<Child<Ctx>> {
        let info = |kind: &'static str, label: &'static str, args: &'static str, children: usize| {
            NodeInfo::keyword(kind, label, args, depth as u16, children as u16, n.pos.line, n.pos.column)
        };
        match &n.kind {
            Kind::Leaf { type_name } => {
                let entry = self.registry.leaves.get(type_name.as_str());
                let (ports, condition) = entry.map_or((&[][..], false), |e| (e.ports, e.is_condition));
                let label = describe::leaf_label(type_name, n);
                let info =
                    NodeInfo::leaf_with_ports(label, depth as u16, n.pos.line, n.pos.column, None, ports);
                self.entries.push(describe::annotate(info.with_condition(condition), n));
                self.leaf(type_name, n).map(|b| (b, 1))
            }
            Kind::Custom { type_name } => {
                let info = info(intern(type_name), intern(type_name), "", n.children.len());
                self.entries.push(describe::annotate(info, n));
                let children = self.children(n, depth)?;
                let size = 1 + children.iter().map(|(_, s)| s).sum::<usize>();
                let Some(entry) = self.registry.kinds.get(type_name.as_str()).cloned() else {
                    let message = self.unknown(type_name, "composite or decorator");
                    self.error(n.pos, message);
                    return None;
                };
                if !entry.observes
                    && let Some((child, mode)) =
                        n.children.iter().find_map(|c| bt_xml::aborting_mode(c).map(|m| (c, m)))
                {
                    let acts = if mode == "both" { "self" } else { "none" };
                    self.error(
                        child.pos,
                        format!(
                            "`abort=\"{mode}\"` takes effect only where the guard is a child of a `Fallback` or `mem_selector`, or of a composite of yours registered with `Registry::composite_observing` (one that asks its children whether they take over); `<{type_name}>` was not, so `{mode}` would act as `{acts}`. Move the guard under a `Fallback`, or write `abort=\"{acts}\"`"
                        ),
                    );
                    return None;
                }
                let (min, max) = entry.children;
                if !(min..=max).contains(&children.len()) {
                    self.error(
                        n.pos,
                        format!("`<{type_name}>` has {} children: it takes {min} to {max}", children.len()),
                    );
                    return None;
                }
                let ports = Self::ports(n);
                if let Some(keys) = super::queues::loop_keys(type_name, &ports) {
                    self.bound(Bound { errors: Vec::new(), keys });
                }
                match (entry.build)(&Attributes { ports: &ports }, children) {
                    Ok(b) => Some((b, size)),
                    Err(e) => {
                        self.error(n.pos, format!("`<{type_name}>`: {e}"));
                        None
                    }
                }
            }
            Kind::Script { script, condition } => {
                let label = match n.element.as_str() {
                    "SetBlackboard" => format!("SetBlackboard {}", script.text.trim()),
                    e => format!("{e} code=\"{}\"", script.text.trim()),
                };
                let info = NodeInfo::leaf(intern(&label), depth as u16, n.pos.line, n.pos.column, None);
                self.entries.push(describe::annotate(info.with_condition(*condition), n));
                let script = self.scripts.as_ref()?.script(script)?;
                let leaf = super::script::ScriptLeaf::new(script, *condition);
                self.scripted(n, super::script::Request::Leaf(leaf), Vec::new()).map(|b| (b, 1))
            }
            Kind::Keyword { name: "precondition", args }
                if matches!(args.first().map(|a| &a.value), Some(bt_xml::ArgValue::Script(_))) =>
            {
                let Some(bt_xml::ArgValue::Script(script)) = args.first().map(|a| &a.value) else {
                    return None;
                };
                let otherwise: &'static str = match args.get(1).map(|a| &a.value) {
                    Some(bt_xml::ArgValue::Ident(o)) if o == "success" => "success",
                    Some(bt_xml::ArgValue::Ident(o)) if o == "skipped" => "skipped",
                    _ => "failure",
                };
                let condition = format!("if=\"{}\"", script.text.trim());
                let shown = match otherwise {
                    "failure" => condition.clone(),
                    o => format!("{condition}, otherwise = {o}"),
                };
                let info = info("precondition", "precondition", intern(&shown), n.children.len());
                self.entries.push(describe::annotate(
                    info.with_arguments(describe::arguments("precondition", args)),
                    n,
                ));
                let children = self.children(n, depth)?;
                let size = 1 + children.iter().map(|(_, s)| s).sum::<usize>();
                let condition = super::script::ScriptIf(self.scripts.as_ref()?.script(script)?);
                let request = super::script::Request::Precondition(condition, otherwise);
                self.scripted(n, request, children).map(|b| (b, size))
            }
            Kind::Keyword { name, args } => {
                // An entry read for a count or a duration has that type, as a port's entry.
                if let Some((key, ty)) = super::params::entry_param(name, args) {
                    self.bound(Bound { errors: Vec::new(), keys: vec![(key, ty, n.pos)] });
                }
                let dsl = bt_xml::dsl(name, args);
                let info = info(name, name, intern(&dsl), n.children.len());
                self.entries
                    .push(describe::annotate(info.with_arguments(describe::arguments(name, args)), n));
                let children = self.children(n, depth)?;
                let size = 1 + children.iter().map(|(_, s)| s).sum::<usize>();
                let builder = match needs(name) {
                    Needs::Nothing => Some(self.registry.general),
                    Needs::Clock => self.registry.timed,
                    Needs::Blackboard => self.registry.keyed,
                };
                let Some(builder) = builder else {
                    let (what, how) = match needs(name) {
                        Needs::Clock => (
                            "a clock",
                            "implement `bt::Clock` for it and call `.with_clock()` on the registry",
                        ),
                        _ => (
                            "a blackboard",
                            "implement `bt::ports::HasBlackboard` for it and call `.with_blackboard()` on the registry",
                        ),
                    };
                    self.error(
                        n.pos,
                        format!(
                            "`<{}>` needs {what} in the context `{}`: {how}",
                            n.element,
                            core::any::type_name::<Ctx>()
                        ),
                    );
                    return None;
                };
                let errors = core::cell::RefCell::new(Vec::new());
                let registry = self.registry;
                let condition = |id: &str| -> Result<BoxedCondition<Ctx>, String> {
                    let entry = registry
                        .leaves
                        .get(id)
                        .ok_or_else(|| format!("`{id}` is not a registered condition"))?;
                    let build = entry.condition.as_ref().ok_or_else(|| {
                        format!("`{id}` is registered as an action: register it with `.condition::<{id}>(\"{id}\")` to use it as a condition")
                    })?;
                    let spec = LeafSpec { id, instance: None, ports: &[], at: n.pos };
                    let mut bound = Bound::default();
                    let c = build(&spec, &mut bound);
                    errors.borrow_mut().push(bound);
                    c.ok_or_else(|| format!("`{id}` cannot be built without attributes"))
                };
                let leaf = |id: &str| -> Result<DynBox<'static, Ctx>, String> {
                    let entry =
                        registry.leaves.get(id).ok_or_else(|| format!("`{id}` is not a registered leaf"))?;
                    let spec = LeafSpec { id, instance: None, ports: &[], at: n.pos };
                    let mut bound = Bound::default();
                    let node = (entry.node)(&spec, &mut bound);
                    errors.borrow_mut().push(bound);
                    node.ok_or_else(|| format!("`{id}` cannot be built without attributes"))
                };
                let call = Call {
                    keyword: name,
                    args,
                    children,
                    condition: &condition,
                    leaf: &leaf,
                    script: None,
                    entries: self.registry.entries,
                };
                let built = builder(call);
                for bound in errors.into_inner() {
                    self.bound(bound);
                }
                match built {
                    Ok(Some(b)) => Some((b, size)),
                    Ok(None) => {
                        self.error(
                            n.pos,
                            format!("`<{}>` (`{name}`) cannot be loaded at run time", n.element),
                        );
                        None
                    }
                    Err(e) => {
                        self.error(n.pos, format!("`<{}>`: {e}", n.element));
                        None
                    }
                }
            }
        }
    }

    /// Builds the children of `n`; `None` if one failed (after building all of them, to report
    /// every error).
    fn children(&mut self, n: &bt_xml::Node, depth: usize) -> Option<Vec<Child<Ctx>>> {
        let built: Vec<Option<Child<Ctx>>> = n.children.iter().map(|c| self.node(c, depth + 1)).collect();
        built.into_iter().collect()
    }
}

/// The port bindings of an element.
pub(crate) fn ports_of(n: &bt_xml::Node) -> Vec<BoundPort<'_>> {
    n.ports
        .iter()
        .map(|p| BoundPort {
            name: &p.name,
            binding: match &p.value {
                Value::Key { name, .. } => Binding::Key(intern(name)),
                Value::Literal(text) => Binding::Literal(text),
            },
            at: p.pos,
        })
        .collect()
}

/// Whether `a` and `b` differ by at most two edits, ignoring case (for suggestions).
fn similar(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) =
        (a.to_lowercase().chars().collect(), b.to_lowercase().chars().collect());
    if a.len().abs_diff(b.len()) > 2 {
        return false;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push((prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()] <= 2
}
