//! Checks that only the compiler can make, written so that its errors name the XML's positions:
//! each check has a trait of its own, whose `#[diagnostic::on_unimplemented]` message says where
//! in the file the mistake is (the compiler fills in the types).

use proc_macro2::TokenStream;
use quote::quote;

/// A constant that compiles when `a` and `b` are the same type; otherwise the error is
/// `message` (where `{Self}` is `a` and `{B}` is `b`), with `note`.
pub(super) fn same_type(message: &str, note: &str, a: &TokenStream, b: &TokenStream) -> TokenStream {
    quote! {
        const _: () = {
            #[diagnostic::on_unimplemented(message = #message, note = #note)]
            trait __BtSameType<B> {}
            impl<A> __BtSameType<A> for A {}
            const fn __bt_same<A: __BtSameType<B>, B>() {}
            __bt_same::<#a, #b>()
        };
    }
}
