//! The `bt!` macro of the `bt` behavior-tree library. Use it through the `bt` crate, whose
//! documentation of `bt::bt!` describes the language.
//!
//! The macro is a pipeline: `parse` turns the tokens into a small syntax tree with spans,
//! `validate` checks it (collecting every error, each on its own span) and `expand` writes the
//! code. On any error the output is the errors plus a placeholder, so one mistake gives one error.
#![forbid(unsafe_code)]

mod expand;
mod keywords;
mod parse;
mod persist;
mod text;
mod validate;

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
