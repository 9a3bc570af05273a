//! What the description entry of an XML node adds to the keyword's entry.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

/// What the description entry of `n` adds: `.with_id(element)`, and `.with_name(instance)`,
/// `.with_bindings(&[…])` and `.with_scripts(&[…])` where there is something to add.
pub(super) fn annotation(n: &bt_xml::Node) -> TokenStream {
    let mut out = TokenStream::new();
    let id = &n.element;
    out.extend(quote!(.with_id(#id)));
    if matches!(n.kind, bt_xml::Kind::Script { condition: true, .. }) {
        out.extend(quote!(.with_condition(true)));
    }
    if matches!(n.kind, bt_xml::Kind::Custom { .. }) {
        // Its attributes are its bindings: the `bt!` arguments written for them say no more.
        out.extend(quote!(.with_args("").with_arguments(&[])));
    }
    if let Some(name) = &n.instance {
        out.extend(quote!(.with_name(#name)));
    }
    if !n.ports.is_empty() {
        let bindings = n.ports.iter().map(|p| {
            let port = &p.name;
            let value = match &p.value {
                bt_xml::Value::Key { name, root: false } => quote!(::bt::BindingValue::Key(#name)),
                bt_xml::Value::Key { name, root: true } => quote!(::bt::BindingValue::RootKey(#name)),
                bt_xml::Value::Literal(text) => quote!(::bt::BindingValue::Literal(#text)),
            };
            quote!(::bt::PortBinding { port: #port, value: #value })
        });
        out.extend(quote!(.with_bindings(&[#(#bindings),*])));
    }
    if !n.conditions.is_empty() {
        let scripts = n.conditions.iter().map(|c| {
            let hook = Ident::new(hook_name(c.when), Span::call_site());
            let code = &c.script.text;
            quote!(::bt::NodeScript { hook: ::bt::ScriptHook::#hook, code: #code })
        });
        out.extend(quote!(.with_scripts(&[#(#scripts),*])));
    }
    out
}

/// The name of the `bt::ScriptHook` variant of a condition.
fn hook_name(when: bt_xml::When) -> &'static str {
    match when {
        bt_xml::When::FailureIf => "FailureIf",
        bt_xml::When::SuccessIf => "SuccessIf",
        bt_xml::When::SkipIf => "SkipIf",
        bt_xml::When::While => "While",
        bt_xml::When::OnSuccess => "OnSuccess",
        bt_xml::When::OnFailure => "OnFailure",
        bt_xml::When::OnHalted => "OnHalted",
        bt_xml::When::Post => "Post",
    }
}
