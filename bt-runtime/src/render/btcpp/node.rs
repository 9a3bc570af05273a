//! How one node is written: its element, instance name, attributes and model.

use core::fmt;

use super::table::{self, Category, Conv, Origin, Row};
use super::text::{derived_id, switch_patterns};
use crate::{ArgValue, BindingValue, NodeInfo, PortDirection};

/// An attribute's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Name {
    Str(&'static str),
    /// `case_{n}` of a switch (from 1).
    Case(usize),
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Name::Str(s) => f.write_str(s),
            Name::Case(n) => write!(f, "case_{n}"),
        }
    }
}

/// An attribute's value.
#[derive(Clone, Copy, Debug)]
pub(super) enum Value {
    Text(&'static str),
    Int(i128),
    /// An argument, as `bt!` writes it.
    Arg(ArgValue),
    Binding(BindingValue),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Text(t) => f.write_str(t),
            Value::Int(n) => write!(f, "{n}"),
            Value::Arg(a) => write!(f, "{a}"),
            Value::Binding(b) => write!(f, "{b}"),
        }
    }
}

/// The form a node is written in.
#[derive(Clone, Copy, Debug)]
pub(super) enum Form {
    /// A keyword, by its row of the table.
    Row(&'static Row),
    /// A `switch` as BehaviorTree.CPP's `SwitchN`, with `N` cases.
    Switch(usize),
    /// Any other `switch`: bt's own node.
    CustomSwitch,
    /// A leaf: `<ID …/>`, modelled as an action or a condition.
    Leaf,
    /// One of BehaviorTree.CPP's script leaves (`Script`, `SetBlackboard`, …).
    Script,
    /// An embedded tree: `<SubTree ID="…"/>`.
    Subtree,
    /// A node kind of the user's: `<Kind …>`.
    User,
}

/// How a node is written: its form, element and instance name.
#[derive(Clone, Copy, Debug)]
pub(super) struct Head {
    pub(super) form: Form,
    pub(super) element: &'static str,
    pub(super) name: Option<&'static str>,
}

pub(super) fn head(info: &NodeInfo) -> Head {
    let given = (!info.name.is_empty()).then_some(info.name);
    // A tree written in Rust names a node by its label where it has no name: a keyword written
    // with an alias, a leaf whose label is not its ID, a node kind of one's own by its path.
    let label_unless = |same: &str| {
        given.or((info.id.is_empty() && !info.label.is_empty() && info.label != same).then_some(info.label))
    };
    if info.subtree.is_some() {
        return Head { form: Form::Subtree, element: "SubTree", name: given };
    }
    if info.kind == "leaf" {
        if table::SCRIPT_LEAVES.contains(&info.id) {
            return Head { form: Form::Script, element: info.id, name: given };
        }
        let element = leaf_id(info);
        return Head { form: Form::Leaf, element, name: label_unless(element) };
    }
    if info.kind == "switch" {
        let cases = switch_patterns(info.args).count();
        let default = switch_patterns(info.args).last() == Some("_") || !info.bindings.is_empty();
        let k = match info.bindings.is_empty() {
            true => cases.saturating_sub(1),
            false => usize::from(info.children).saturating_sub(1),
        };
        let builtin =
            default && (2..=6).contains(&k) && (info.id.is_empty() || info.id == table::SWITCHES[k]);
        return match builtin {
            true => {
                Head { form: Form::Switch(k), element: table::SWITCHES[k], name: label_unless(info.kind) }
            }
            false => Head { form: Form::CustomSwitch, element: "switch", name: label_unless(info.kind) },
        };
    }
    match table::row_of(info) {
        Some(row) => Head {
            form: Form::Row(row),
            element: table::element_of(row, info),
            name: label_unless(info.kind),
        },
        None => {
            let element = if info.id.is_empty() { info.kind } else { info.id };
            Head { form: Form::User, element, name: label_unless(info.kind) }
        }
    }
}

/// A leaf's ID: the element it was read from, else the one its label gives (a closure that is a
/// condition is a `ConditionClosure`, one type to BehaviorTree.CPP).
fn leaf_id(info: &NodeInfo) -> &'static str {
    if !info.id.is_empty() {
        return info.id;
    }
    match derived_id(info.label) {
        "Closure" if info.condition => "ConditionClosure",
        id => id,
    }
}

/// The model a node needs, as (category, ID): every node that is not one of BehaviorTree.CPP's
/// built-ins.
pub(super) fn model_of(info: &NodeInfo) -> Option<(Category, &'static str)> {
    let head = head(info);
    let category = match head.form {
        Form::Row(row) if row.origin == Origin::BtCpp => return None,
        Form::Row(row) => row.category,
        Form::Switch(_) | Form::Script | Form::Subtree => return None,
        Form::CustomSwitch => Category::Control,
        Form::Leaf if info.condition => Category::Condition,
        Form::Leaf => Category::Action,
        Form::User if info.children == 1 => Category::Decorator,
        Form::User => Category::Control,
    };
    Some((category, head.element))
}

/// The value of argument `value` of parameter `conv`, for a node of `children` children.
fn converted(conv: Conv, value: ArgValue, children: u16) -> Value {
    match (conv, value) {
        (Conv::Threshold, ArgValue::Int(n)) if n >= i128::from(children) => Value::Int(-1),
        (Conv::Millis, ArgValue::Duration(d)) if d.as_nanos().is_multiple_of(1_000_000) => {
            Value::Int(i128::try_from(d.as_millis()).unwrap_or(i128::MAX))
        }
        (Conv::Status, v) => table::status_text(&v).map_or(Value::Arg(v), Value::Text),
        (_, v) => Value::Arg(v),
    }
}

/// Calls `f` with every attribute of the node after `ID` and `name`, in order: its arguments or
/// port bindings, then its pre- and post-condition scripts.
pub(super) fn attributes<E, F: FnMut(Name, Value) -> Result<(), E>>(
    info: &NodeInfo,
    mut f: F,
) -> Result<(), E> {
    let head = head(info);
    let bindings =
        |f: &mut F| info.bindings.iter().try_for_each(|b| f(Name::Str(b.port), Value::Binding(b.value)));
    match head.form {
        Form::Row(row) => {
            for param in row.params {
                match (info.argument(param.arg), param.absent) {
                    (Some(v), _) => f(Name::Str(param.attr), converted(param.conv, *v, info.children))?,
                    (None, Some(absent)) => f(Name::Str(param.attr), Value::Text(absent))?,
                    (None, None) => {}
                }
            }
            for &(name, value) in row.fixed {
                f(Name::Str(name), Value::Text(value))?;
            }
        }
        // Read from a `SwitchN` on a blackboard entry: its attributes as read.
        Form::Switch(_) | Form::CustomSwitch if !info.bindings.is_empty() => bindings(&mut f)?,
        Form::Switch(_) | Form::CustomSwitch => {
            if let Some(selector) = info.argument("selector") {
                f(Name::Str("variable"), Value::Arg(*selector))?;
            }
            let k = match head.form {
                Form::Switch(k) => k,
                _ => usize::MAX,
            };
            for (i, pattern) in switch_patterns(info.args).enumerate().take(k) {
                f(Name::Case(i + 1), Value::Text(pattern))?;
            }
        }
        Form::Leaf | Form::Script => bindings(&mut f)?,
        Form::Subtree => f(Name::Str("_autoremap"), Value::Text("true"))?,
        Form::User if !info.bindings.is_empty() => bindings(&mut f)?,
        Form::User => {
            for a in info.arguments {
                f(Name::Str(a.name), Value::Arg(a.value))?;
            }
        }
    }
    for s in info.scripts {
        f(Name::Str(s.hook.attribute()), Value::Text(s.code))?;
    }
    Ok(())
}

/// Whether an attribute name is one the writer may use: an XML name that BehaviorTree.CPP does
/// not reserve for itself (`name`, `ID`), or one of its attributes that start with `_`.
fn usable(name: Name) -> bool {
    match name {
        Name::Str(s) => {
            s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && s != "name"
                && s != "ID"
        }
        Name::Case(_) => true,
    }
}

/// Calls `f` with the usable attributes of the node, each name once (the first wins).
pub(super) fn distinct_attributes<E>(
    info: &NodeInfo,
    mut f: impl FnMut(Name, Value) -> Result<(), E>,
) -> Result<(), E> {
    let mut index = 0usize;
    attributes(info, |name, value| {
        let i = index;
        index += 1;
        if !usable(name) || earlier(info, i, name) {
            return Ok(());
        }
        f(name, value)
    })
}

/// Whether one of the first `i` attributes of the node is named `name`.
fn earlier(info: &NodeInfo, i: usize, name: Name) -> bool {
    let (mut j, mut seen) = (0usize, false);
    let _ = attributes::<(), _>(info, |other, _| {
        seen |= j < i && other == name;
        j += 1;
        Ok(())
    });
    seen
}

/// One port of a model.
#[derive(Clone, Copy, Debug)]
pub(super) struct ModelPort {
    pub(super) name: Name,
    pub(super) direction: PortDirection,
    pub(super) type_name: &'static str,
    pub(super) default: Option<&'static str>,
    pub(super) doc: &'static str,
}

impl ModelPort {
    const fn input(name: Name) -> ModelPort {
        ModelPort { name, direction: PortDirection::Input, type_name: "", default: None, doc: "" }
    }
}

/// Calls `f` with the ports the model of the node declares, as this use of it knows them: a
/// leaf's declared ports, then those of its attributes it does not declare; a keyword's
/// parameters; the attributes of a node kind of one's own.
pub(super) fn model_ports<E>(
    info: &NodeInfo,
    mut f: impl FnMut(ModelPort) -> Result<(), E>,
) -> Result<(), E> {
    match head(info).form {
        Form::Row(row) => {
            for p in row.params {
                f(ModelPort { type_name: p.type_name, doc: p.doc, ..ModelPort::input(Name::Str(p.attr)) })?;
            }
            for &(name, _) in row.fixed {
                f(ModelPort::input(Name::Str(name)))?;
            }
        }
        Form::Leaf => {
            for p in info.ports {
                f(ModelPort {
                    name: Name::Str(p.name),
                    direction: p.direction,
                    type_name: p.type_name,
                    default: p.default,
                    doc: p.description,
                })?;
            }
            distinct_attributes(info, |name, _| {
                let declared = matches!(name, Name::Str(n) if info.ports.iter().any(|p| p.name == n));
                if declared || is_script(name) { Ok(()) } else { f(ModelPort::input(name)) }
            })?;
        }
        Form::CustomSwitch | Form::User => {
            distinct_attributes(
                info,
                |name, _| if is_script(name) { Ok(()) } else { f(ModelPort::input(name)) },
            )?;
        }
        Form::Switch(_) | Form::Script | Form::Subtree => {}
    }
    Ok(())
}

/// Whether an attribute is one of BehaviorTree.CPP's own (`_skipIf`, `_autoremap`), not a port.
fn is_script(name: Name) -> bool {
    matches!(name, Name::Str(n) if n.starts_with('_'))
}
