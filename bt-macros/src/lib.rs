//! The `bt!` macro of the `bt` behavior-tree library. Use it through the `bt` crate, whose
//! documentation of `bt::bt!` describes the language.
//!
//! The macro is a pipeline: [`parse`] turns the tokens into a small syntax tree with spans,
//! [`validate`] checks it (collecting every error, each on its own span) and [`expand`] writes the
//! code. On any error the output is the errors plus a placeholder, so one mistake gives one error.
#![forbid(unsafe_code)]

mod expand;
mod keywords;
mod parse;
mod text;
mod validate;

#[cfg(test)]
mod tests;

/// Builds a behavior tree at compile time. See `bt::bt!` in the `bt` crate for the language.
#[proc_macro]
pub fn bt(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand::expand(input.into()).into()
}
