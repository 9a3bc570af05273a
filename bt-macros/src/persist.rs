//! `#[derive(Persist)]`: a leaf type whose saved state is the whole value.

use proc_macro2::TokenStream;
use quote::quote;

/// Expands the derive: `impl<Ctx: ?Sized> Persist<Ctx> for T` with `State = T`, for a type that is
/// `Clone`, `Serialize` and `Deserialize` (required in the impl's `where` clause, so that a type
/// that is not gets the error on the derive).
pub fn derive(input: TokenStream) -> TokenStream {
    let input = match syn::parse2::<syn::DeriveInput>(input) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    let name = &input.ident;
    let mut generics = input.generics.clone();
    generics.params.push(syn::parse_quote!(__BtCtx: ?Sized));
    let (impl_generics, _, _) = generics.split_for_impl();
    let (_, ty_generics, where_clause) = input.generics.split_for_impl();
    let mut predicates: Vec<TokenStream> =
        where_clause.map(|w| w.predicates.iter().map(|p| quote!(#p)).collect()).unwrap_or_default();
    predicates.push(quote! {
        Self: ::core::clone::Clone
            + ::bt::__private::serde::Serialize
            + ::bt::__private::serde::de::DeserializeOwned
    });
    quote! {
        impl #impl_generics ::bt::Persist<__BtCtx> for #name #ty_generics
        where
            #(#predicates,)*
        {
            type State = Self;

            #[inline]
            fn save(&self, _: &__BtCtx) -> Self {
                ::core::clone::Clone::clone(self)
            }

            #[inline]
            fn restore(&mut self, state: Self, _: &__BtCtx) {
                *self = state;
            }
        }
    }
}
