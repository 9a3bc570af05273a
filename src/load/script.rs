//! BehaviorTree.CPP scripts in a loaded tree: checked with `bt_script::check` as `bt_xml!` checks
//! them (here every port's type is known when the file is loaded), and interpreted
//! (`bt_script::eval`) with the operators compiled scripts call, so both compute the same thing.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;
#[allow(unused_imports)]
use std::{format, vec};

use core::any::{Any, TypeId};
use core::time::Duration;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::string::String;
use std::sync::Arc;
use std::vec::Vec;

use bt_xml::bt_script::check::{self, Env, Inferred, Input, KeyType, Place, TExpr, TKind, Typed};
use bt_xml::bt_script::eval::{self, Store};
use bt_xml::{ArgValue, Kind, Node, Pos, When};

use super::intern;
use super::registry::{LeafSpec, Registry};
use crate::blackboard::{Blackboard, Key};
use crate::conditions::{Post, Pre};
use crate::ports::{HasBlackboard, PortType};
use crate::script::{Class, Consts, Fault, ScriptValue, Value};
use crate::{Activation, Condition, Conditions, NodeId, Observer, Status};

/// How scripts read and write the entries of one Rust type.
#[derive(Clone, Copy)]
pub(crate) struct Access {
    class: Class,
    type_name: &'static str,
    read: for<'c> fn(&'c Blackboard, &'static str, &mut usize, Duration) -> Option<Value<'c>>,
    clone_out: fn(&Blackboard, &'static str, &mut usize, Duration) -> Option<Box<dyn Any + Send + Sync>>,
    write: fn(&mut Blackboard, &'static str, &mut usize, Value<'_>, &Consts) -> Result<(), Fault>,
}

fn read<'c, T: ScriptValue>(
    bb: &'c Blackboard,
    key: &'static str,
    slot: &mut usize,
    now: Duration,
) -> Option<Value<'c>> {
    bb.get_cached(Key::<T>::new(key), slot, now).map(ScriptValue::to_value)
}

fn clone_out<T: ScriptValue>(
    bb: &Blackboard,
    key: &'static str,
    slot: &mut usize,
    now: Duration,
) -> Option<Box<dyn Any + Send + Sync>> {
    bb.get_cached(Key::<T>::new(key), slot, now).map(|v| Box::new(v.clone()) as Box<dyn Any + Send + Sync>)
}

fn write<T: ScriptValue>(
    bb: &mut Blackboard,
    key: &'static str,
    slot: &mut usize,
    value: Value<'_>,
    consts: &Consts,
) -> Result<(), Fault> {
    let v = T::from_value(value, consts)?;
    bb.set_cached(Key::<T>::new(key), slot, v);
    Ok(())
}

impl Access {
    /// The access to entries of type `T`.
    pub(crate) fn of<T: ScriptValue>() -> Access {
        Access {
            class: T::CLASS,
            type_name: core::any::type_name::<T>(),
            read: read::<T>,
            clone_out: clone_out::<T>,
            write: write::<T>,
        }
    }
}

/// The type name of the access of a port type the registry does not know.
const UNREGISTERED: &str = "(unregistered)";

/// The access to the entries of a port type scripts know without registration: the numbers,
/// `bool` and `String`.
fn builtin(id: TypeId) -> Option<Access> {
    macro_rules! of {
        ($($t:ty),*) => {$(
            if id == TypeId::of::<$t>() {
                return Some(Access::of::<$t>());
            }
        )*};
    }
    of!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64, bool, String);
    None
}

/// What a registry says about the scripts of the trees it loads: the types of entries no port
/// binds (`Registry::key`), the named constants (`Registry::script_enum`) and the types of
/// yours scripts copy (`Registry::script_value`).
#[derive(Clone, Default)]
pub(crate) struct Scripting {
    declared: BTreeMap<String, Access>,
    consts: Vec<(&'static str, i64)>,
    values: HashMap<TypeId, Access>,
}

impl<Ctx: ?Sized + 'static, M> Registry<Ctx, M> {
    /// Declares the type of the blackboard entry `name`, which the scripts of the trees read but
    /// no port binds (your program writes it): `registry.key::<f64>("battery")`. An entry's type
    /// otherwise comes from the ports bound to it, or from what the scripts write to it.
    pub fn key<T: ScriptValue>(mut self, name: &str) -> Self {
        self.scripting.declared.insert(name.into(), Access::of::<T>());
        self
    }

    /// Names a constant of the scripts (BehaviorTree.CPP's `registerScriptingEnum`): a script
    /// that says `name` means `value`.
    pub fn script_enum(mut self, name: &str, value: i64) -> Self {
        let name = intern(name);
        self.scripting.consts.retain(|(n, _)| *n != name);
        self.scripting.consts.push((name, value));
        self
    }

    /// Lets scripts copy entries of type `T`, a type of yours (`impl bt::script::ScriptValue for
    /// T {}`), between ports of that type: the numbers, `bool` and `String` need no registration.
    pub fn script_value<T: ScriptValue>(mut self) -> Self {
        self.scripting.values.insert(TypeId::of::<T>(), Access::of::<T>());
        self
    }
}

/// The checked scripts of a loaded tree, and the entries they use.
pub(crate) struct Program {
    scripts: Vec<Typed>,
    /// The entries, by index: name and access.
    keys: Vec<(&'static str, Access)>,
    /// Each script's entries: name as the script writes it, index in `keys`.
    used: Vec<Vec<(String, usize)>>,
    consts: Vec<(&'static str, i64)>,
    /// Where each script is, for faults (`"t.xml:3:9: _skipIf=\"x\""`).
    at: Vec<&'static str>,
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
            read: |_, _, _, _| None,
            clone_out: |_, _, _, _| None,
            write: |_, _, _, _, _| Err(Fault::Mismatch { found: "a value", ty: "an unregistered type" }),
        });
        port_access.insert(key.clone(), (*ty, access, *at));
    }
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
            && let Some(span) = t.statements.iter().find_map(first_assign)
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
            keys_of(e, &mut names);
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

/// One script of a loaded tree, with the cached entry indices of its slots.
#[derive(Clone)]
pub struct Scripted {
    program: Arc<Program>,
    site: usize,
    slots: Vec<usize>,
}

impl core::fmt::Debug for Scripted {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scripted").field("at", &self.program.at[self.site]).finish()
    }
}

impl Scripted {
    fn new(program: &Arc<Program>, site: usize) -> Self {
        let slots = vec![usize::MAX; program.used[site].len()];
        Scripted { program: program.clone(), site, slots }
    }

    /// Runs the script over `bb`: its truth (a condition), or `true`.
    fn run(&mut self, bb: &mut Blackboard, now: Duration) -> Result<bool, Fault> {
        let p = &*self.program;
        let mut store =
            Entries2 { program: p, site: self.site, slots: &mut self.slots, bb: Bb::Mut(bb), now };
        eval::run(&p.scripts[self.site], &mut store, &p.consts, &|k| key_name(p, k))
    }

    /// Runs the script, which only reads, over `bb`.
    fn check(&mut self, bb: &Blackboard, now: Duration) -> Result<bool, Fault> {
        let p = &*self.program;
        let mut store =
            Entries2 { program: p, site: self.site, slots: &mut self.slots, bb: Bb::Ref(bb), now };
        eval::run(&p.scripts[self.site], &mut store, &p.consts, &|k| key_name(p, k))
    }

    fn at(&self) -> &'static str {
        self.program.at[self.site]
    }
}

fn key_name(p: &Program, k: &str) -> &'static str {
    p.keys.iter().find(|(n, _)| *n == k).map_or("?", |(n, _)| n)
}

enum Bb<'b> {
    Mut(&'b mut Blackboard),
    Ref(&'b Blackboard),
}

impl Bb<'_> {
    fn get(&self) -> &Blackboard {
        match self {
            Bb::Mut(b) => b,
            Bb::Ref(b) => b,
        }
    }
}

/// The entries of one script, over a blackboard.
struct Entries2<'p> {
    program: &'p Program,
    site: usize,
    slots: &'p mut [usize],
    bb: Bb<'p>,
    now: Duration,
}

impl Entries2<'_> {
    /// The slot and the entry (name, access) of `key`.
    fn find(&self, key: &str) -> Option<(usize, &'static str, Access)> {
        let i = self.program.used[self.site].iter().position(|(k, _)| k == key)?;
        let (name, access) = self.program.keys[self.program.used[self.site][i].1];
        Some((i, name, access))
    }
}

impl Store for Entries2<'_> {
    fn read(&self, key: &str) -> Result<Value<'_>, Fault> {
        let Some((i, name, access)) = self.find(key) else { return Err(Fault::Absent { key: "?" }) };
        let mut slot = self.slots[i];
        (access.read)(self.bb.get(), name, &mut slot, self.now).ok_or(Fault::Absent { key: name })
    }

    fn exists(&self, key: &str) -> bool {
        self.read(key).is_ok()
    }

    fn write(&mut self, key: &str, value: Value<'_>, consts: &Consts) -> Result<(), Fault> {
        let Some((i, name, access)) = self.find(key) else { return Err(Fault::Absent { key: "?" }) };
        let Bb::Mut(bb) = &mut self.bb else { return Err(Fault::NotCreated { key: name }) };
        (access.write)(bb, name, &mut self.slots[i], value, consts)
    }

    fn copy(&mut self, to: &str, from: &str, consts: &Consts) -> Result<(), Fault> {
        let Some((f, from_name, from_access)) = self.find(from) else {
            return Err(Fault::Absent { key: "?" });
        };
        let mut slot = self.slots[f];
        let value = match (from_access.read)(self.bb.get(), from_name, &mut slot, self.now) {
            Some(v) => v.into_owned(),
            None => return Err(Fault::Absent { key: from_name }),
        };
        match value {
            Some(v) => self.write(to, v, consts),
            None => {
                let boxed = (from_access.clone_out)(self.bb.get(), from_name, &mut slot, self.now)
                    .ok_or(Fault::Absent { key: from_name })?;
                self.write(to, Value::Other(&*boxed), consts)
            }
        }
    }
}

/// A node of a loaded tree that runs scripts, for the registry's blackboard builder.
pub(crate) enum Request {
    /// A script leaf.
    Leaf(ScriptLeaf),
    /// A `Precondition` with a script, and its `otherwise` (`failure`, `success`, `skipped`).
    Precondition(ScriptIf, &'static str),
    /// A node's conditions, around the node (the call's only child).
    Conditions(ScriptConditions),
}

/// A `<Script>`, `<ScriptCondition>` or `<SetBlackboard>` leaf of a loaded tree.
#[derive(Clone, Debug)]
pub struct ScriptLeaf {
    script: Scripted,
    condition: bool,
}

impl ScriptLeaf {
    pub(crate) fn new(script: Scripted, condition: bool) -> Self {
        ScriptLeaf { script, condition }
    }
}

/// A script leaf completes in the tick it runs in: it never runs on.
impl Activation for ScriptLeaf {
    type Active = ();

    fn is_running((): &()) -> bool {
        false
    }
}

impl<Ctx: HasBlackboard + ?Sized> crate::Node<Ctx> for ScriptLeaf {
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        (): &mut (),
        ctx: &mut Ctx,
        _: &mut O,
        _: NodeId,
    ) -> Status {
        let now = ctx.now();
        match self.script.run(ctx.blackboard_mut(), now) {
            Ok(holds) => Status::from_bool(holds || !self.condition),
            Err(f) => {
                ctx.script_fault(self.script.at(), &f);
                Status::Failure
            }
        }
    }
}

/// A `Precondition`'s `if` in a loaded tree: a condition (one that cannot be evaluated is false).
#[derive(Clone, Debug)]
pub struct ScriptIf(pub(crate) Scripted);

impl<Ctx: HasBlackboard + ?Sized> Condition<Ctx> for ScriptIf {
    fn check(&mut self, ctx: &Ctx) -> bool {
        self.0.check(ctx.blackboard(), ctx.now()).unwrap_or(false)
    }
}

/// The pre- and post-conditions of a node of a loaded tree.
#[derive(Clone, Debug)]
pub struct ScriptConditions {
    scripts: Vec<(When, Scripted)>,
}

fn when_of_pre(p: Pre) -> When {
    match p {
        Pre::FailureIf => When::FailureIf,
        Pre::SuccessIf => When::SuccessIf,
        Pre::SkipIf => When::SkipIf,
        Pre::While => When::While,
    }
}

fn when_of_post(p: Post) -> When {
    match p {
        Post::OnSuccess => When::OnSuccess,
        Post::OnFailure => When::OnFailure,
        Post::OnHalted => When::OnHalted,
        Post::Post => When::Post,
    }
}

impl ScriptConditions {
    fn run<Ctx: HasBlackboard + ?Sized>(&mut self, when: When, ctx: &mut Ctx) -> Option<Result<bool, Fault>> {
        let now = ctx.now();
        let (_, s) = self.scripts.iter_mut().find(|(w, _)| *w == when)?;
        let r = s.run(ctx.blackboard_mut(), now);
        if let Err(f) = &r {
            ctx.script_fault(s.at(), f);
        }
        Some(r)
    }
}

/// Every condition is there: which ones a node has is known only at run time, and the absent
/// ones answer as if they were not there.
impl<Ctx: HasBlackboard + ?Sized> Conditions<Ctx> for ScriptConditions {
    const PRESENT: u8 = u8::MAX;

    fn check(&mut self, which: Pre, ctx: &mut Ctx) -> Option<bool> {
        match self.run(when_of_pre(which), ctx) {
            None => Some(which == Pre::While),
            Some(Ok(holds)) => Some(holds),
            Some(Err(_)) => None,
        }
    }

    fn run(&mut self, which: Post, ctx: &mut Ctx) -> bool {
        !matches!(ScriptConditions::run(self, when_of_post(which), ctx), Some(Err(_)))
    }
}

#[cfg(feature = "serde")]
mod persist {
    use super::{ScriptIf, ScriptLeaf};

    /// A script leaf keeps no state between ticks (its slots only cache where entries are).
    impl<Ctx: crate::ports::HasBlackboard + ?Sized> crate::PersistNode<Ctx> for ScriptLeaf {
        type Loaded = ();

        fn fingerprint(&self, _: &mut crate::persist::Fingerprint) {}

        fn save_nodes<W: crate::persist::NodeWriter>(
            &self,
            (): &(),
            _: &Ctx,
            id: crate::NodeId,
            w: &mut W,
        ) -> Result<(), W::Error> {
            w.entry(id, false, &())
        }

        fn load_nodes<R: crate::persist::NodeReader>(
            &self,
            _: &Ctx,
            id: crate::NodeId,
            r: &mut R,
        ) -> Result<((), ()), R::Error> {
            r.entry::<()>(id)?;
            Ok(((), ()))
        }

        fn apply(&mut self, (): (), _: &Ctx) {}
    }

    /// A precondition's script keeps no state.
    impl<Ctx: ?Sized> crate::Persist<Ctx> for ScriptIf {
        type State = ();
        fn save(&self, _: &Ctx) {}
        fn restore(&mut self, (): (), _: &Ctx) {}
    }
}
