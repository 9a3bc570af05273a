//! The `bt!` macro of the `bt` behavior-tree library. Use it through the `bt` crate, whose
//! documentation of `bt::bt!` describes the language.
//!
//! The macro is a pipeline: `parse` turns the tokens into a small syntax tree with spans,
//! `validate` checks it (collecting every error, each on its own span) and `expand` writes the
//! code. On any error the output is the errors plus a placeholder, so one mistake gives one error.
//! What the parse recurses into is bounded first (`limits`: nodes nested at most 48 deep, leaves
//! and arguments at most 64 levels of syntax, 4096 nodes), so no input overflows the compiler's
//! stack or makes it hang.
#![forbid(unsafe_code)]

mod expand;
mod keywords;
mod limits;
mod names;
mod parse;
mod persist;
mod ports;
mod text;
mod validate;
mod xml;

#[cfg(test)]
mod tests;

// Documented where users see it: the `bt` crate re-exports it with `doc/bt.md` (whose examples
// need the `bt` crate, so they are doc tests of `bt`). Docs here would be appended to those.
#[allow(missing_docs)]
#[proc_macro]
pub fn bt(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand::expand(input.into()).into()
}

// Documented where users see it: the `bt` crate re-exports it (feature `serde`).
#[allow(missing_docs)]
#[proc_macro_derive(Persist)]
pub fn derive_persist(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    persist::derive(input.into()).into()
}

/// Derives `bt::ports::Ports` for a leaf whose port fields are `Input<T>`, `Output<T>` or
/// `InOut<T>`: documented on `bt::ports::Ports`, whose re-export users see.
#[allow(missing_docs)]
#[proc_macro_derive(Ports, attributes(port))]
pub fn derive_ports(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    ports::derive(input.into()).into()
}

/// Derives `bt::ports::LiteralNames`, `FromStr` and `Display` for an enum of unit variants:
/// documented on `bt::ports::LiteralNames`, whose re-export users see.
#[allow(missing_docs)]
#[proc_macro_derive(LiteralNames, attributes(literal))]
pub fn derive_literal_names(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    names::derive(input.into()).into()
}

/// Compiles a BehaviorTree.CPP / Groot2 XML file into a tree: documented on `bt::bt_xml!`, whose
/// re-export users see.
#[allow(missing_docs)]
#[proc_macro]
pub fn bt_xml(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    xml::expand(input.into()).into()
}
