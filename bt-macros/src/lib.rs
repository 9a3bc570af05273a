//! The `bt!` macro. Use it through the `bt` crate.
use proc_macro::TokenStream;

/// Placeholder until the DSL lands.
#[proc_macro]
pub fn bt(input: TokenStream) -> TokenStream {
    let _ = input;
    "::core::compile_error!(\"bt! is not implemented yet\")".parse().unwrap()
}
