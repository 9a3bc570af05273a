//! The BehaviorTree.CPP v4 XML rendering (the format Groot2 opens).

use core::fmt::{self, Write};

use super::write::Escape;
use crate::{NodeInfo, PortDirection, TreeDescription};

mod mappings;
mod text;

use mappings::{Conv, Mapping, mapping};
use text::{derived_id, find_top, integer, is_condition_closure, is_ident, millis, named, split_top};

/// The tree as a BehaviorTree.CPP v4 XML file (`<root BTCPP_format="4" …>`), which Groot2 opens and
/// BehaviorTree.CPP loads: one `<BehaviorTree>` element for the tree, one per distinct embedded
/// subtree, and a `<TreeNodesModel>` describing every node that is not one of BehaviorTree.CPP's
/// built-ins.
///
/// It is a [`Display`](fmt::Display) adapter like the other renderings: `write!(file, "{}",
/// desc.btcpp_xml())` streams it, [`write_to`](Self::write_to) writes it into any [`fmt::Write`],
/// and with the `alloc` feature `desc.btcpp_xml().to_string()` gives a `String`. Writing allocates
/// nothing; the output depends on the description alone (the same tree always gives the same
/// bytes).
///
/// ```
/// use bt::{bt, Clock, Status};
/// use core::time::Duration;
///
/// struct Agent { food: u32, now: Duration }
/// impl Clock for Agent {
///     fn now(&self) -> Duration { self.now }
/// }
/// let tree = bt! {
///     Agent => selector<
///         timeout(2s)<{ |a: &mut Agent| { a.food += 1; Status::Success } }>,
///         always_failure,
///     >
/// };
/// let xml = tree.description().btcpp_xml().to_string();
/// assert!(xml.contains(r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">"#));
/// assert!(xml.contains(r#"<Timeout msec="2000">"#));
/// assert!(xml.contains(r#"<Action ID="Closure" name="{ |a: &amp;mut Agent| {"#));
/// ```
///
/// # The mapping
///
/// Each kind of node is written in exactly one form, chosen so that reading the file back gives
/// the same keyword with the same arguments. A bt node becomes a BehaviorTree.CPP (or Nav2) built-in
/// where that built-in has the same semantics, up to the differences each node's page states (most
/// often: bt completes at most one child activation per tick where BehaviorTree.CPP loops inside
/// one tick). Every other node is written in BehaviorTree.CPP's generic form for custom nodes,
/// `<Control ID="…">`, `<Decorator ID="…">` or `<Action ID="…">`, with bt's keyword as the ID, its
/// arguments as attributes named after its parameters, and a model in the `TreeNodesModel`, so the
/// file stays valid.
///
/// | bt | BehaviorTree.CPP v4 XML |
/// |---|---|
/// | `sequence` | `<Sequence>` |
/// | `selector` (`fallback`) | `<Fallback>` |
/// | `reactive_sequence` | `<ReactiveSequence>` |
/// | `reactive_selector` (`reactive_fallback`) | `<ReactiveFallback>` |
/// | `mem_sequence` | `<SequenceWithMemory>` |
/// | `mem_selector` | `<Control ID="mem_selector">` |
/// | `parallel(n)` | `<Control ID="parallel" n="n">` (see below) |
/// | `threshold_parallel(success = s, failure = f)` | `<Parallel success_count="s" failure_count="f">` |
/// | `parallel_all(max_failures = k)` | `<ParallelAll max_failures="k">` |
/// | `random(seed = x)` | `<Control ID="random" seed="x">` |
/// | `if_then_else` | `<IfThenElse>` |
/// | `while_do_else` | `<WhileDoElse>` |
/// | `switch(sel)<p1 => A, …, pk => K, _ => D>`, 2 ≤ k ≤ 6 | `<Switchk variable="sel" case_1="p1" … case_k="pk">` |
/// | any other `switch(sel)<p1 => A, …>` | `<Control ID="switch" variable="sel" case_1="p1" …>` |
/// | `pipeline_sequence` | `<PipelineSequence>` (Nav2) |
/// | `round_robin` | `<RoundRobin>` (Nav2) |
/// | `recovery(n)` | `<RecoveryNode number_of_retries="n">` (Nav2) |
/// | `repeat` / `repeat(n)` | `<Repeat num_cycles="-1">` / `<Repeat num_cycles="n">` |
/// | `invert` | `<Inverter>` |
/// | `force_success` / `force_failure` | `<ForceSuccess>` / `<ForceFailure>` |
/// | `retry(n)` | `<RetryUntilSuccessful num_attempts="n">` |
/// | `until_success` | `<RetryUntilSuccessful num_attempts="-1">` |
/// | `until_failure` | `<KeepRunningUntilFailure>` |
/// | `timeout(d)` | `<Timeout msec="d in ms">` |
/// | `delay(d)` | `<Delay delay_msec="d in ms">` |
/// | `cooldown(d)` | `<Decorator ID="cooldown" duration="d">` |
/// | `rate_controller(hz)` | `<RateController hz="hz">` (Nav2) |
/// | `run_once` | `<RunOnce then_skip="false">` |
/// | `precondition(c)` | `<Precondition if="c" else="FAILURE">` |
/// | `guard(c, abort = a)` | `<Decorator ID="guard" condition="c" abort="a">` |
/// | `service(i, L)` | `<Decorator ID="service" interval="i" leaf="L">` |
/// | `sleep(d)` | `<Sleep msec="d in ms">` |
/// | `always_success` / `always_failure` | `<AlwaysSuccess/>` / `<AlwaysFailure/>` |
/// | a leaf | `<Action ID="…">` or `<Condition ID="…">`, its ports bound to `{port}` |
/// | an embedded tree built by `bt!` | `<SubTree ID="…" _autoremap="true"/>` and its own `<BehaviorTree>` |
/// | `boxed(…)` | `<Action ID="boxed" name="what it holds">` |
/// | a node kind of your own, `path::Kind(a, b, x = c)<…>` | `<Control ID="Kind" name="path::Kind" arg1="a" arg2="b" x="c">` (`<Decorator …>` with one child) |
///
/// Arguments:
///
/// * an argument left out is left out (BehaviorTree.CPP's defaults are bt's: `success_count` all
///   children, `failure_count` 1, `max_failures` 1);
/// * a duration literal (`2s`, `1.5s`, `250ms`) becomes whole milliseconds; counts and thresholds
///   become plain integers (`3usize` → `3`); a `threshold_parallel` threshold at or above the
///   number of children becomes `-1` ("all children", as BehaviorTree.CPP requires thresholds
///   within the children);
/// * any argument that cannot be written in BehaviorTree.CPP's form — an expression (`TIMEOUT`),
///   a duration finer than a millisecond, a condition, a selector — is written as bt's source text.
///   Groot2 shows it as it is; BehaviorTree.CPP reads bt's conditions in `Precondition if="…"` as
///   scripts (a plain name is a blackboard entry).
///
/// So that a file read back gives the same arguments *as text*, the reading side writes durations
/// as `Ns` when `N` is a whole number of seconds and as `Nms` otherwise, and integers in decimal;
/// arguments already written that way come back unchanged. `bt_xml!` reads every form of this
/// table back to its keyword; its documentation lists what the round trip normalises (embedded
/// trees are inlined, `boxed` becomes a leaf, …), and a test checks it over 1000 random trees.
///
/// Names:
///
/// * a keyword written with an alias (`fallback`, `inverter`) keeps it in the node's `name`;
/// * a leaf whose label is an identifier (`FeelHungry`) is its own ID. Any other label is given an
///   ID — the last path segment that starts with a capital (`WalkTo` for `WalkTo::new(FOOD)`,
///   `Spin` for `Spin { spin_dist: 1.57 }`), else the last segment (`go_to` for
///   `patrol::go_to(3)`), `Closure` for a closure (`ConditionClosure` for one that is a condition,
///   see below), `Leaf` otherwise — and the whole label is kept
///   in `name`, which Groot2 shows as the node's title;
/// * the main tree's ID is the tree's name, or `MainTree` when it has none; an embedded tree's is
///   its name, or the ID its leaf would get (`patrol` for `patrol()`), made unique with `_2`, `_3`,
///   … when two different trees would share one.
///
/// **Actions and conditions.** The description does not say whether a leaf type is an action or a
/// condition, so a leaf is written as an `<Action>`, except a closure over a shared reference
/// (`{ |a: &Agent| a.food < 30 }`), which `bt!` can only convert as a condition: that one is a
/// `<Condition>`.
///
/// **Ports.** A leaf's declared [`ports`](NodeInfo::ports) are written as attributes bound to the
/// blackboard entry of the same name (`goal="{goal}"`), and listed in its model with their
/// direction, type, default and description. An embedded tree runs on the same context as the tree
/// around it, so every `<SubTree>` has `_autoremap="true"` (BehaviorTree.CPP's way of sharing the
/// parent's entries).
///
/// **`parallel(n)`** has no BehaviorTree.CPP equivalent: it ticks a failed child again on the next
/// tick, where BehaviorTree.CPP's `Parallel` latches failures. Written as `<Parallel>`, the hungry
/// agent would stop eating for good after its first tick with nothing to do; so it is a custom
/// node, and `threshold_parallel`, which has exactly `Parallel`'s semantics, is `<Parallel>`.
#[derive(Clone, Copy, Debug)]
pub struct BtcppXml<'d> {
    desc: &'d TreeDescription,
}

impl<'d> BtcppXml<'d> {
    pub(crate) const fn new(desc: &'d TreeDescription) -> Self {
        BtcppXml { desc }
    }

    /// Writes the XML into `out`.
    pub fn write_to<W: Write>(&self, mut out: W) -> fmt::Result {
        Writer { desc: self.desc, out: &mut out }.document()
    }
}

impl fmt::Display for BtcppXml<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}
// ------------------------------------------------------------------------------------------------
// How each node is written
// ------------------------------------------------------------------------------------------------

/// An attribute's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Name {
    Str(&'static str),
    /// `arg{n}`: the `n`-th positional argument (from 1) of a node kind of your own.
    Arg(usize),
    /// `case_{n}` of a switch (from 1).
    Case(usize),
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Name::Str(s) => f.write_str(s),
            Name::Arg(n) => write!(f, "arg{n}"),
            Name::Case(n) => write!(f, "case_{n}"),
        }
    }
}

/// An attribute's value.
#[derive(Clone, Copy, Debug)]
enum Value {
    Text(&'static str),
    Int(u128),
    /// `{name}`: a blackboard entry.
    Entry(&'static str),
    /// `-1`.
    All,
}

/// The kind of element of a node.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// A built-in element (BehaviorTree.CPP or Nav2) from the table.
    Builtin(&'static Mapping),
    /// A keyword without a built-in: `<Control ID="keyword">` etc.
    Keyword(&'static Mapping),
    /// A switch with a default case and 2 to 6 other cases.
    SwitchN(usize),
    /// Any other switch.
    Switch,
    /// A leaf: `Action` or `Condition`.
    Leaf { condition: bool },
    /// An embedded tree.
    Subtree,
    /// A node kind of your own, or an opaque node (`boxed`): custom, with its kind as the ID.
    User,
}

fn shape(info: &NodeInfo) -> Shape {
    if info.subtree.is_some() {
        return Shape::Subtree;
    }
    if info.kind == "leaf" {
        return Shape::Leaf { condition: is_condition_closure(info.label) };
    }
    if info.kind == "switch" {
        let (_, patterns) = switch_parts(info.args);
        let cases = split_top(patterns, b',').count();
        let default = split_top(patterns, b',').last() == Some("_");
        return match cases.checked_sub(1) {
            Some(k @ 2..=6) if default && cases == usize::from(info.children) => Shape::SwitchN(k),
            _ => Shape::Switch,
        };
    }
    match mapping(info.kind) {
        Some(map) if map.element.is_empty() => Shape::Keyword(map),
        Some(map) => Shape::Builtin(map),
        None => Shape::User,
    }
}

/// A switch's selector and its patterns.
fn switch_parts(args: &'static str) -> (&'static str, &'static str) {
    match find_top(args, b';') {
        Some(i) => (args[..i].trim(), args[i + 1..].trim()),
        None => (args.trim(), ""),
    }
}

const SWITCH_NAMES: [&str; 7] = ["", "", "Switch2", "Switch3", "Switch4", "Switch5", "Switch6"];

/// The generic element of a node that is not a built-in, by its class.
fn custom_element(info: &NodeInfo) -> &'static str {
    match info.children {
        0 => "Action",
        1 => "Decorator",
        _ => "Control",
    }
}

/// What a node is written as: element, ID (for custom nodes) and instance name.
struct Head {
    element: &'static str,
    id: Option<&'static str>,
    name: Option<&'static str>,
}

fn head(info: &NodeInfo) -> Head {
    let alias = (!info.label.is_empty() && info.label != info.kind).then_some(info.label);
    match shape(info) {
        Shape::Builtin(map) => Head { element: map.element, id: None, name: alias },
        Shape::Keyword(map) => Head { element: custom_element(info), id: Some(map.kinds[0]), name: alias },
        Shape::SwitchN(k) => Head { element: SWITCH_NAMES[k], id: None, name: alias },
        Shape::Switch => Head { element: "Control", id: Some("switch"), name: alias },
        Shape::Leaf { condition } => {
            // One ID is one type to BehaviorTree.CPP: closures that are conditions get their own.
            let id = match derived_id(info.label) {
                "Closure" if condition => "ConditionClosure",
                id => id,
            };
            Head {
                element: if condition { "Condition" } else { "Action" },
                id: Some(id),
                name: (id != info.label).then_some(info.label),
            }
        }
        Shape::Subtree => Head { element: "SubTree", id: None, name: None },
        Shape::User => Head { element: custom_element(info), id: Some(info.kind), name: alias },
    }
}

/// Calls `f` with every attribute of the node after `ID` and `name`, in order.
fn attributes<E>(info: &NodeInfo, mut f: impl FnMut(Name, Value) -> Result<(), E>) -> Result<(), E> {
    match shape(info) {
        Shape::Builtin(map) | Shape::Keyword(map) => {
            let mut first_given = false;
            for (i, arg) in split_top(info.args, b',').enumerate() {
                let (name, value) = named(arg);
                let param = match name {
                    Some(n) => map.params.iter().find(|p| p.name == n),
                    None => map.params.get(i),
                };
                let Some(param) = param else { continue };
                first_given |= map.params.first().is_some_and(|p| p.name == param.name);
                // A count or duration read from an entry (`retry("{n}")`): `{n}`, as written.
                if let Some(entry) = value.strip_prefix("\"{").and_then(|v| v.strip_suffix("}\"")) {
                    f(Name::Str(param.attr), Value::Entry(entry))?;
                    continue;
                }
                let value = match param.conv {
                    Conv::Text => Value::Text(value),
                    Conv::Count => integer(value).map_or(Value::Text(value), |n| Value::Int(n.into())),
                    Conv::Threshold => match integer(value) {
                        Some(n) if n >= u64::from(info.children) => Value::All,
                        Some(n) => Value::Int(n.into()),
                        None => Value::Text(value),
                    },
                    Conv::Millis => millis(value).map_or(Value::Text(value), Value::Int),
                };
                f(Name::Str(param.attr), value)?;
            }
            if !first_given {
                for &(name, value) in map.absent {
                    f(Name::Str(name), Value::Text(value))?;
                }
            }
            for &(name, value) in map.fixed {
                f(Name::Str(name), Value::Text(value))?;
            }
        }
        Shape::SwitchN(_) | Shape::Switch => {
            let (selector, patterns) = switch_parts(info.args);
            f(Name::Str("variable"), Value::Text(selector))?;
            let k = match shape(info) {
                Shape::SwitchN(k) => k,
                _ => usize::MAX,
            };
            for (i, pattern) in split_top(patterns, b',').enumerate().take(k) {
                f(Name::Case(i + 1), Value::Text(pattern))?;
            }
        }
        Shape::Leaf { .. } => {
            for port in info.ports {
                f(Name::Str(port.name), Value::Entry(port.name))?;
            }
        }
        Shape::Subtree => f(Name::Str("_autoremap"), Value::Text("true"))?,
        Shape::User => {
            let mut positional = 0;
            for arg in split_top(info.args, b',') {
                match named(arg) {
                    (Some(name), value) => f(Name::Str(name), Value::Text(value))?,
                    (None, value) => {
                        positional += 1;
                        f(Name::Arg(positional), Value::Text(value))?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Whether an attribute name is one the writer may use: an XML name that BehaviorTree.CPP does
/// not reserve for itself.
fn usable(name: Name) -> bool {
    match name {
        Name::Str(s) => {
            s == "_autoremap"
                || s.starts_with(|c: char| c.is_ascii_alphabetic())
                    && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && s != "name"
                    && s != "ID"
        }
        Name::Arg(_) | Name::Case(_) => true,
    }
}

/// Calls `f` with the usable attributes of the node, each name once (the first wins).
fn distinct_attributes<E>(info: &NodeInfo, mut f: impl FnMut(Name, Value) -> Result<(), E>) -> Result<(), E> {
    let mut index = 0usize;
    attributes(info, |name, value| {
        let i = index;
        index += 1;
        if !usable(name) {
            return Ok(());
        }
        let mut seen = false;
        let mut j = 0usize;
        let _ = attributes::<()>(info, |earlier, _| {
            if j < i && earlier == name && usable(earlier) {
                seen = true;
            }
            j += 1;
            Ok(())
        });
        if seen { Ok(()) } else { f(name, value) }
    })
}

// ------------------------------------------------------------------------------------------------
// Writing
// ------------------------------------------------------------------------------------------------

/// Escapes a character for an XML attribute value or text. Characters XML cannot hold at all
/// (control characters other than tab and line breaks) become U+FFFD.
fn xml_escape(c: char) -> Option<&'static str> {
    match c {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' => Some("&quot;"),
        '\n' => Some("&#10;"),
        '\r' => Some("&#13;"),
        '\t' => Some("&#9;"),
        '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => Some("\u{fffd}"),
        _ => None,
    }
}

struct Writer<'d, 'w, W> {
    desc: &'d TreeDescription,
    out: &'w mut W,
}

impl<W: Write> Writer<'_, '_, W> {
    fn text(&mut self, s: &str) -> fmt::Result {
        Escape::new(&mut *self.out, xml_escape).write_str(s)
    }

    fn attr(&mut self, name: impl fmt::Display, value: impl fmt::Display) -> fmt::Result {
        write!(self.out, " {name}=\"")?;
        write!(Escape::new(&mut *self.out, xml_escape), "{value}")?;
        self.out.write_char('"')
    }

    fn indent(&mut self, level: usize) -> fmt::Result {
        for _ in 0..level {
            self.out.write_str("  ")?;
        }
        Ok(())
    }

    fn document(&mut self) -> fmt::Result {
        let main = TreeId { base: main_base(self.desc), n: 1 };
        self.out.write_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root BTCPP_format=\"4\"")?;
        self.attr("main_tree_to_execute", main)?;
        self.out.write_str(">\n")?;
        self.tree(self.desc, main)?;
        for (id, info) in self.desc.iter() {
            if let Some(sub) = info.subtree
                && self.first_use(sub) == Some(id)
            {
                let tree_id = self.tree_id(sub);
                self.tree(sub, tree_id)?;
            }
        }
        self.models()?;
        self.out.write_str("</root>\n")
    }

    /// One `<BehaviorTree>`: the description's own entries.
    fn tree(&mut self, desc: &TreeDescription, id: TreeId) -> fmt::Result {
        self.out.write_str("  <BehaviorTree")?;
        self.attr("ID", id)?;
        self.out.write_str(">\n")?;
        let entries = desc.entries();
        let mut next = 0;
        while next < entries.len() {
            next = self.node(entries, next, 2)?;
        }
        self.out.write_str("  </BehaviorTree>\n")
    }

    /// Writes `entries[i]` and its children; returns the index after them.
    fn node(&mut self, entries: &[NodeInfo], i: usize, level: usize) -> Result<usize, fmt::Error> {
        let info = &entries[i];
        self.indent(level)?;
        let sub_id = info.subtree.map(|sub| self.tree_id(sub));
        let head = head(info);
        write!(self.out, "<{}", head.element)?;
        if let Some(sub_id) = sub_id {
            self.attr("ID", sub_id)?;
        } else if let Some(id) = head.id {
            self.attr("ID", id)?;
        }
        if let Some(name) = head.name {
            self.attr("name", name)?;
        }
        distinct_attributes(info, |name, value| match value {
            Value::Text(t) => self.attr(name, t),
            Value::Int(n) => self.attr(name, n),
            Value::Entry(e) => self.attr(name, format_args!("{{{e}}}")),
            Value::All => self.attr(name, "-1"),
        })?;
        let mut next = i + 1;
        if info.subtree.is_some() || info.children == 0 {
            self.out.write_str("/>\n")?;
            return Ok(next);
        }
        self.out.write_str(">\n")?;
        for _ in 0..info.children {
            if next >= entries.len() {
                break;
            }
            next = self.node(entries, next, level + 1)?;
        }
        self.indent(level)?;
        writeln!(self.out, "</{}>", head.element)?;
        Ok(next)
    }

    /// The id (in the whole tree) of the first subtree entry embedding a description equal to
    /// `sub`.
    fn first_use(&self, sub: &TreeDescription) -> Option<usize> {
        self.desc.iter().find(|(_, n)| n.subtree.is_some_and(|s| s == sub)).map(|(id, _)| id)
    }

    /// The `<BehaviorTree>` ID of an embedded description.
    fn tree_id(&self, sub: &TreeDescription) -> TreeId {
        let first = self.first_use(sub).unwrap_or(0);
        let base = self.desc.node(first).map_or("Subtree", |info| sub_base(sub, &info));
        // Distinct descriptions met before this one with the same base, the main tree included.
        let mut n = 1 + usize::from(main_base(self.desc) == base);
        for (id, info) in self.desc.iter().take(first) {
            if let Some(other) = info.subtree
                && other != sub
                && self.first_use(other) == Some(id)
                && sub_base(other, &info) == base
            {
                n += 1;
            }
        }
        TreeId { base, n }
    }

    /// The `<TreeNodesModel>`: one model per ID, in order of first use.
    fn models(&mut self) -> fmt::Result {
        let desc = self.desc;
        let mut any = false;
        for (id, info) in desc.iter() {
            let Some((element, model_id)) = model_of(&info) else { continue };
            let first = desc.iter().find(|(_, n)| model_of(n) == Some((element, model_id))).map(|(i, _)| i);
            if first != Some(id) {
                continue;
            }
            if !any {
                self.out.write_str("  <TreeNodesModel>\n")?;
                any = true;
            }
            write!(self.out, "    <{element}")?;
            self.attr("ID", model_id)?;
            let mut open = false;
            // Every port of every use of the ID, each name once.
            for (use_id, node) in desc.iter() {
                if model_of(&node) != Some((element, model_id)) {
                    continue;
                }
                distinct_attributes::<fmt::Error>(&node, |name, _| {
                    let earlier = desc.iter().take(use_id).any(|(_, other)| {
                        model_of(&other) == Some((element, model_id)) && has_attribute(&other, name)
                    });
                    if !earlier {
                        if !open {
                            self.out.write_str(">\n")?;
                            open = true;
                        }
                        self.port(&node, name)?;
                    }
                    Ok(())
                })?;
            }
            if open {
                writeln!(self.out, "    </{element}>")?;
            } else {
                self.out.write_str("/>\n")?;
            }
        }
        if any {
            self.out.write_str("  </TreeNodesModel>\n")?;
        }
        Ok(())
    }

    /// One port of a model.
    fn port(&mut self, info: &NodeInfo, name: Name) -> fmt::Result {
        let mut direction = "input_port";
        let mut type_name = "";
        let mut default = None;
        let mut doc = "";
        match (shape(info), name) {
            (Shape::Leaf { .. }, Name::Str(n)) => {
                if let Some(port) = info.ports.iter().find(|p| p.name == n) {
                    direction = match port.direction {
                        PortDirection::Input => "input_port",
                        PortDirection::Output => "output_port",
                        PortDirection::InOut => "inout_port",
                    };
                    type_name = port.type_name;
                    default = port.default;
                    doc = port.description;
                }
            }
            (Shape::Builtin(map) | Shape::Keyword(map), Name::Str(n)) => {
                if let Some(param) = map.params.iter().find(|p| p.attr == n) {
                    type_name = param.type_name;
                    doc = param.doc;
                }
            }
            _ => {}
        }
        self.out.write_str("      <")?;
        self.out.write_str(direction)?;
        self.attr("name", name)?;
        if !type_name.is_empty() {
            self.attr("type", type_name)?;
        }
        if let Some(default) = default {
            self.attr("default", default)?;
        }
        if doc.is_empty() {
            self.out.write_str("/>\n")
        } else {
            self.out.write_char('>')?;
            self.text(doc)?;
            writeln!(self.out, "</{direction}>")
        }
    }
}

/// Whether the node writes an attribute `name`.
fn has_attribute(info: &NodeInfo, name: Name) -> bool {
    let mut found = false;
    let _ = distinct_attributes::<()>(info, |n, _| {
        found |= n == name;
        Ok(())
    });
    found
}

/// The model a node needs, as (element, ID): every node that is not a BehaviorTree.CPP built-in.
fn model_of(info: &NodeInfo) -> Option<(&'static str, &'static str)> {
    match shape(info) {
        Shape::Builtin(map) if map.nav2 => Some((custom_element(info), map.element)),
        Shape::Builtin(_) | Shape::SwitchN(_) | Shape::Subtree => None,
        _ => {
            let head = head(info);
            head.id.map(|id| (head.element, id))
        }
    }
}

/// A `<BehaviorTree>` ID: a base, and a number from 2 on when another tree has the same base.
#[derive(Clone, Copy, Debug)]
struct TreeId {
    base: &'static str,
    n: usize,
}

impl fmt::Display for TreeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.base)?;
        if self.n > 1 {
            write!(f, "_{}", self.n)?;
        }
        Ok(())
    }
}

fn main_base(desc: &TreeDescription) -> &'static str {
    if is_ident(desc.name) { desc.name } else { "MainTree" }
}

fn sub_base(sub: &TreeDescription, entry: &NodeInfo) -> &'static str {
    if is_ident(sub.name) {
        sub.name
    } else {
        match derived_id(entry.label) {
            "Leaf" | "Closure" => "Subtree",
            id => id,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(millis("2s"), Some(2000));
        assert_eq!(millis("1.5s"), Some(1500));
        assert_eq!(millis("250ms"), Some(250));
        assert_eq!(millis("1_000us"), Some(1));
        assert_eq!(millis("1e3ms"), Some(1000));
        assert_eq!(millis("2.5e-1s"), Some(250));
        assert_eq!(millis("1500us"), None);
        assert_eq!(millis("5ns"), None);
        assert_eq!(millis("TIMEOUT"), None);
        assert_eq!(millis("s"), None);
        assert_eq!(millis("0ms"), Some(0));
    }

    #[test]
    fn counts() {
        assert_eq!(integer("3"), Some(3));
        assert_eq!(integer("3usize"), Some(3));
        assert_eq!(integer("1_000"), Some(1000));
        assert_eq!(integer("N"), None);
        assert_eq!(integer("u8"), None);
        assert_eq!(integer("-1"), None);
    }

    #[test]
    fn splitting() {
        let parts: [&str; 3] = ["f(a, b)", "\"x,y\"", "c = ','"];
        let mut it = split_top("f(a, b), \"x,y\", c = ','", b',');
        for part in parts {
            assert_eq!(it.next(), Some(part));
        }
        assert_eq!(it.next(), None);
        assert_eq!(split_top("", b',').count(), 0);
        assert_eq!(named("success = 2"), (Some("success"), "2"));
        assert_eq!(named("a == b"), (None, "a == b"));
        assert_eq!(named("|x: &T| x.a == 1"), (None, "|x: &T| x.a == 1"));
        assert_eq!(switch_parts("|r: &R| { r.a; r.m }; A, _"), ("|r: &R| { r.a; r.m }", "A, _"));
    }

    #[test]
    fn ids() {
        assert_eq!(derived_id("FeelHungry"), "FeelHungry");
        assert_eq!(derived_id("WalkTo::new(FOOD)"), "WalkTo");
        assert_eq!(derived_id("nav::Spin { spin_dist: 1.57 }"), "Spin");
        assert_eq!(derived_id("patrol::go_to(3)"), "go_to");
        assert_eq!(derived_id("{ |a: &Agent| a.food < 30 }"), "Closure");
        assert_eq!(derived_id("{ move |a: &mut Agent| x }"), "Closure");
        assert_eq!(derived_id("3"), "Leaf");
        assert_eq!(derived_id("GoalUpdated::default()"), "GoalUpdated");
        assert!(is_condition_closure("{ |a: &Agent| a.food < 30 }"));
        assert!(!is_condition_closure("{ |a: &mut Agent| Status::Success }"));
        assert!(!is_condition_closure("{ |_| Status::Success }"));
        assert!(!is_condition_closure("FeelHungry"));
    }
}
