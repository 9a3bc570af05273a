//! What the tree says about its entries: the ports bound to them, their declared types, and the
//! Rust type each one gets.

use std::collections::{BTreeMap, BTreeSet};

use bt_xml::bt_script::check::{Env, Inferred, KeyType};
use bt_xml::bt_script::value::Class;
use proc_macro2::TokenStream;
use quote::quote;

/// A port of a leaf bound to an entry (or a built-in's count or duration read from it).
pub(super) struct Binding {
    pub(super) leaf: TokenStream,
    pub(super) leaf_name: String,
    pub(super) port: String,
    pub(super) pos: bt_xml::Pos,
    /// The entry's type when the macro knows it (a built-in's count is an `i32`).
    pub(super) ty: Option<TokenStream>,
}

/// What the tree says about its entries.
pub(super) struct Entries<'a> {
    pub(super) declared: BTreeMap<String, &'a syn::Type>,
    pub(super) ports: BTreeMap<String, Vec<Binding>>,
    pub(super) text: BTreeSet<String>,
    pub(super) enums: BTreeSet<String>,
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

/// The Rust type of the value of the port of `b`.
pub(super) fn port_type(b: &Binding) -> TokenStream {
    if let Some(t) = &b.ty {
        return t.clone();
    }
    let (leaf, port) = (&b.leaf, &b.port);
    quote!(<#leaf as ::bt::ports::PortValue<{ ::bt::ports::port_index(<#leaf as ::bt::ports::Ports>::PORTS, #port) }>>::Value)
}

/// The Rust type of entry `k`.
pub(super) fn key_type(
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
pub(super) fn origin(k: &str, e: &Entries<'_>, at: &dyn Fn(bt_xml::Pos) -> String) -> String {
    if let Some(t) = e.declared.get(k) {
        return format!("declared `{}` in `keys(…)`", crate::text::tidy(&quote!(#t)));
    }
    match e.ports.get(k).and_then(|b| b.first()) {
        Some(b) => format!("bound to port `{}` of `{}` at {}", b.port, b.leaf_name, at(b.pos)),
        None => "written by the scripts".into(),
    }
}

/// What a script needs of an entry's type, as advice.
pub(super) fn class_advice(classes: u8) -> &'static str {
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
