//! The description entries of a loaded tree: what `bt_xml!` describes for the same XML (kind,
//! label, structured arguments, ID, instance name, port bindings, scripts), so that an exporter, an
//! editor or a monitor sees one tree whichever engine runs it.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;
#[allow(unused_imports)]
use std::{format, vec};

use bt_xml::{ArgValue as XmlArg, Value, When};

use super::intern::{self, intern};
use crate::{ArgValue, Argument, BindingValue, NodeInfo, NodeScript, PortBinding, ScriptHook};

/// `info` with what element `n` adds: its ID, its instance name, its port bindings and its pre-
/// and post-condition scripts.
pub(super) fn annotate(mut info: NodeInfo, n: &bt_xml::Node) -> NodeInfo {
    info = info.with_id(intern(&n.element));
    if let Some(name) = &n.instance {
        info = info.with_name(intern(name));
    }
    let scripts =
        n.conditions.iter().map(|c| NodeScript { hook: hook(c.when), code: intern(&c.script.text) });
    info.with_bindings(intern::bindings(n.ports.iter().map(binding).collect()))
        .with_scripts(intern::scripts(scripts.collect()))
}

/// The hook of a pre- or post-condition.
fn hook(when: When) -> ScriptHook {
    match when {
        When::FailureIf => ScriptHook::FailureIf,
        When::SuccessIf => ScriptHook::SuccessIf,
        When::SkipIf => ScriptHook::SkipIf,
        When::While => ScriptHook::While,
        When::OnSuccess => ScriptHook::OnSuccess,
        When::OnFailure => ScriptHook::OnFailure,
        When::OnHalted => ScriptHook::OnHalted,
        When::Post => ScriptHook::Post,
    }
}

/// A leaf's label, as `bt_xml!` writes it: the element and its attributes (`GoTo goal="{goal}"`).
pub(super) fn leaf_label(type_name: &str, n: &bt_xml::Node) -> &'static str {
    let attrs: String = n.ports.iter().map(|p| format!(" {}=\"{}\"", p.name, binding(p).value)).collect();
    intern(&format!("{type_name}{attrs}"))
}

fn binding(p: &bt_xml::Port) -> PortBinding {
    let value = match &p.value {
        Value::Key { name, root: false } => BindingValue::Key(intern(name)),
        Value::Key { name, root: true } => BindingValue::RootKey(intern(name)),
        Value::Literal(text) => BindingValue::Literal(intern(text)),
    };
    PortBinding { port: intern(&p.name), value }
}

/// The structured arguments of keyword `keyword`: each named as `bt!` names it (a positional one
/// by its parameter), valued as a compiled tree describes it.
pub(super) fn arguments(keyword: &str, args: &[bt_xml::Arg]) -> &'static [Argument] {
    if keyword == "switch" {
        // The selector only, as `bt!` writes it: the cases are the children's patterns.
        let dsl = bt_xml::dsl(keyword, args);
        let selector = dsl.rsplit_once(';').map_or(dsl.as_str(), |(s, _)| s).trim();
        return intern::arguments(vec![Argument {
            name: "selector",
            value: ArgValue::Code(intern(selector)),
        }]);
    }
    let positional = bt_xml::positional_names(keyword);
    let mut at = 0;
    let described = args.iter().map(|a| {
        let name = a.name.unwrap_or_else(|| {
            at += 1;
            positional.get(at - 1).copied().unwrap_or("")
        });
        let value = match &a.value {
            XmlArg::Count(n) => ArgValue::Int(i128::from(*n)),
            XmlArg::Float(_, text) => ArgValue::Float(intern(text)),
            XmlArg::Duration(d, _) => ArgValue::Duration(*d),
            XmlArg::Ident(text) if text == "true" || text == "false" => ArgValue::Bool(text == "true"),
            XmlArg::Ident(text) => ArgValue::Text(intern(text)),
            // A count or duration read from an entry, as `bt!` describes `retry("{n}")`.
            XmlArg::Key(key) => ArgValue::Text(intern(&format!("{{{key}}}"))),
            XmlArg::Const(text) | XmlArg::Code(text) | XmlArg::Text(text) => ArgValue::Code(intern(text)),
            XmlArg::Script(script) => ArgValue::Code(intern(script.text.trim())),
        };
        Argument { name, value }
    });
    intern::arguments(described.collect())
}
