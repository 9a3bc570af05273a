//! `#[derive(LiteralNames)]`: on an enum of unit variants, `bt::ports::LiteralNames` (the names),
//! `FromStr` (taking exactly those names) and `Display` (writing them), so that `bt_xml!` checks
//! every literal for a port of the enum at compile time.

use proc_macro2::TokenStream;
use quote::quote;

/// The derive. Never panics: what it cannot derive is a `syn::Error` at the offending token.
pub(crate) fn derive(input: TokenStream) -> TokenStream {
    let input = match syn::parse2::<syn::DeriveInput>(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    match expand(&input) {
        Ok(t) => t,
        Err(e) => e.to_compile_error(),
    }
}

fn expand(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let syn::Data::Enum(data) = &input.data else {
        return Err(syn::Error::new_spanned(
            &input.ident,
            "`LiteralNames` derives for an enum of unit variants (`enum Mode { Fast, Careful }`); for another type, implement `bt::ports::LiteralNames` by hand, listing every text its `FromStr` accepts",
        ));
    };
    let mut names = Vec::new();
    let mut variants = Vec::new();
    for v in &data.variants {
        if !matches!(v.fields, syn::Fields::Unit) {
            return Err(syn::Error::new_spanned(
                &v.ident,
                format!(
                    "`LiteralNames` needs unit variants, whose name is the literal: `{}` holds data. Implement `bt::ports::LiteralNames` and `FromStr` by hand for this enum",
                    v.ident
                ),
            ));
        }
        let name = literal_of(v)?.unwrap_or_else(|| v.ident.to_string());
        if names.contains(&name) {
            return Err(syn::Error::new_spanned(
                &v.ident,
                format!("two variants are named `{name}`: give each its own `#[literal = \"…\"]`"),
            ));
        }
        names.push(name);
        variants.push(&v.ident);
    }
    let ty = &input.ident;
    let (impl_g, ty_g, where_g) = input.generics.split_for_impl();
    Ok(quote! {
        impl #impl_g ::bt::ports::LiteralNames for #ty #ty_g #where_g {
            const NAMES: &'static [&'static str] = &[#(#names),*];
        }

        impl #impl_g ::core::str::FromStr for #ty #ty_g #where_g {
            type Err = ::bt::ports::UnknownName;
            fn from_str(text: &str) -> ::core::result::Result<Self, Self::Err> {
                match text {
                    #(#names => ::core::result::Result::Ok(#ty::#variants),)*
                    _ => ::core::result::Result::Err(::bt::ports::UnknownName::new(
                        text,
                        <Self as ::bt::ports::LiteralNames>::NAMES,
                    )),
                }
            }
        }

        impl #impl_g ::core::fmt::Display for #ty #ty_g #where_g {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(match self {
                    #(#ty::#variants => #names,)*
                })
            }
        }
    })
}

/// The name `#[literal = "…"]` gives the variant, if any.
fn literal_of(v: &syn::Variant) -> syn::Result<Option<String>> {
    let mut found = None;
    for a in v.attrs.iter().filter(|a| a.path().is_ident("literal")) {
        let syn::Meta::NameValue(nv) = &a.meta else {
            return Err(syn::Error::new_spanned(a, "write the variant's literal as `#[literal = \"fast\"]`"));
        };
        match &nv.value {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => found = Some(s.value()),
            other => {
                return Err(syn::Error::new_spanned(
                    other,
                    "the literal is a string: `#[literal = \"fast\"]`",
                ));
            }
        }
    }
    Ok(found)
}
