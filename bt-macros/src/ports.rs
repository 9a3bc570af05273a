//! `#[derive(Ports)]`: lists a leaf's port fields and builds it with every port unbound.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};

/// The derive: input item → `impl ::bt::ports::Ports`. Never panics.
pub(crate) fn derive(input: TokenStream) -> TokenStream {
    if let Some(span) = crate::limits::nesting(input.clone()) {
        return crate::limits::nesting_error(span, "type").to_compile_error();
    }
    match derive_inner(input) {
        Ok(t) => t,
        Err(e) => e.to_compile_error(),
    }
}

/// The port kind of a field type (`Input<T>` → ("Input", T)).
fn port_of(ty: &syn::Type) -> Option<(&'static str, &syn::Type)> {
    let syn::Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    let dir = match last.ident.to_string().as_str() {
        "Input" => "Input",
        "Output" => "Output",
        "InOut" => "InOut",
        _ => return None,
    };
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return None };
    match args.args.first()? {
        syn::GenericArgument::Type(t) => Some((dir, t)),
        _ => None,
    }
}

fn doc_of(attrs: &[syn::Attribute]) -> String {
    let mut lines = Vec::new();
    for a in attrs {
        if let syn::Meta::NameValue(nv) = &a.meta
            && nv.path.is_ident("doc")
            && let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) = &nv.value
        {
            lines.push(s.value().trim().to_string());
        }
    }
    lines.join(" ").trim().to_string()
}

/// The options of a field's `#[port(…)]` attributes.
struct PortOptions {
    /// It has a `#[port]` attribute.
    marked: bool,
    /// `default = "…"`.
    default: Option<syn::LitStr>,
    /// `instance`.
    instance: bool,
    /// `optional`: may be left unbound (it then reads as absent).
    optional: bool,
}

/// The options of the field's `#[port]` attributes.
fn options_of(attrs: &[syn::Attribute]) -> syn::Result<PortOptions> {
    let (mut out, mut instance, mut optional) = (None, false, false);
    let marked = attrs.iter().any(|a| a.path().is_ident("port"));
    for a in attrs.iter().filter(|a| a.path().is_ident("port") && !matches!(a.meta, syn::Meta::Path(_))) {
        a.parse_nested_meta(|m| {
            if m.path.is_ident("default") {
                out = Some(m.value()?.parse::<syn::LitStr>()?);
                Ok(())
            } else if m.path.is_ident("instance") {
                instance = true;
                Ok(())
            } else if m.path.is_ident("optional") {
                optional = true;
                Ok(())
            } else {
                Err(m.error(
                    "unknown `port` option: write `#[port(default = \"…\")]`, `#[port(optional)]` or `#[port(instance)]`",
                ))
            }
        })?;
    }
    Ok(PortOptions { marked, default: out, instance, optional })
}

fn derive_inner(input: TokenStream) -> syn::Result<TokenStream> {
    let item: syn::DeriveInput = syn::parse2(input)?;
    let name = &item.ident;
    let syn::Data::Struct(data) = &item.data else {
        return Err(syn::Error::new(
            name.span(),
            "`#[derive(Ports)]` goes on a struct whose port fields are `Input<T>`, `Output<T>` or `InOut<T>`",
        ));
    };
    let (impl_g, ty_g, where_g) = item.generics.split_for_impl();
    let mut infos = Vec::new();
    let mut inits = Vec::new();
    let unit = matches!(data.fields, syn::Fields::Unit);
    let mut set_instance = TokenStream::new();
    let mut binds = Vec::new();
    // Each port's value type, by its index in `PORTS` (`bt::ports::PortValue`).
    let mut values = Vec::new();
    for (i, f) in data.fields.iter().enumerate() {
        let member = match &f.ident {
            Some(id) => quote!(#id),
            None => syn::Index::from(i).into_token_stream(),
        };
        let PortOptions { marked, default, instance, optional } = options_of(&f.attrs)?;
        if let (true, Some(d)) = (optional, &default) {
            return Err(syn::Error::new(
                d.span(),
                "a port is either `optional` (left unbound, it reads as absent) or has a `default`: keep one",
            ));
        }
        if instance {
            // Not a port: the instance name (`name="…"`) of an XML element.
            if let Some(d) = &default {
                return Err(syn::Error::new(
                    d.span(),
                    "`#[port(instance)]` takes the XML element's `name`; it has no default",
                ));
            }
            if !set_instance.is_empty() {
                return Err(syn::Error::new_spanned(&f.ty, "only one field can be `#[port(instance)]`"));
            }
            set_instance = quote! {
                fn set_instance(&mut self, name: &'static str) {
                    self.#member = ::core::convert::From::from(name);
                }
            };
            inits.push(quote!(#member: ::core::default::Default::default()));
            continue;
        }
        let plain;
        let (dir, inner) = match port_of(&f.ty) {
            Some(p) => p,
            None if marked => {
                // A plain field marked `#[port]`: an input port that takes literals only.
                plain = f.ty.clone();
                ("Input", &plain)
            }
            None => {
                inits.push(quote!(#member: ::core::default::Default::default()));
                continue;
            }
        };
        let is_plain = port_of(&f.ty).is_none();
        let pname = f.ident.as_ref().map_or_else(|| i.to_string(), ToString::to_string);
        let pname = pname.strip_prefix("r#").unwrap_or(&pname).to_string();
        let type_name = crate::text::tidy(&inner.to_token_stream());
        let doc = doc_of(&f.attrs);
        let direction = syn::Ident::new(dir, Span::call_site());
        let ty = &f.ty;
        let default_tokens = match &default {
            Some(d) => quote!(::core::option::Option::Some(#d)),
            None => quote!(::core::option::Option::None),
        };
        let parse = quote! {
            |text: &str| {
                #[allow(unused_imports)]
                use ::bt::ports::{DurText as _, FromText as _, NoText as _, SeqText as _};
                (&&&::bt::ports::Lit::<#inner>(::core::marker::PhantomData)).parse_text(text)
            }
        };
        binds.push(match dir {
            _ if is_plain => quote!(#pname => ::bt::ports::bind_plain(&mut self.#member, binding, #parse),),
            "Input" => quote!(#pname => self.#member.bind_with(binding, #parse),),
            _ => quote!(#pname => self.#member.bind_with(binding),),
        });
        let index = infos.len();
        values.push(quote! {
            impl #impl_g ::bt::ports::PortValue<#index> for #name #ty_g #where_g {
                type Value = #inner;
            }
        });
        infos.push(quote! {
            ::bt::PortInfo {
                name: #pname,
                direction: ::bt::PortDirection::#direction,
                type_name: #type_name,
                default: #default_tokens,
                optional: #optional,
                description: #doc,
                accepts: {
                    #[allow(unused_imports)]
                    use ::bt::ports::NoLiteralNames as _;
                    ::bt::ports::NamesOf::<#inner>::NAMES
                },
            }
        });
        let init = match &default {
            None if is_plain => quote!(::core::default::Default::default()),
            Some(d) if is_plain => {
                let at = format!("the default of port `{pname}` of `{name}`");
                quote!({
                    #[allow(unused_imports)]
                    use ::bt::ports::{AnyText as _, PortText as _};
                    (&&::bt::ports::Lit::<#ty>(::core::marker::PhantomData)).port_text(::bt::ports::TextLit(#d, #at), ::bt::ports::TextLit(#d, #at))
                })
            }
            None => quote!(<#ty>::unbound()),
            Some(d) => {
                let text = d.value();
                let t = text.trim();
                if let Some(k) = t.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
                    let k = k.trim().trim_start_matches('@');
                    // `{=}`: the entry named after the port (BehaviorTree.CPP's form).
                    let k = if k == "=" { pname.as_str() } else { k };
                    quote!(::bt::ports::key::<#ty>(#k))
                } else if dir == "Input" {
                    let at = format!("the default of port `{pname}` of `{name}`");
                    quote!({
                        #[allow(unused_imports)]
                        use ::bt::ports::{AnyText as _, PortText as _};
                        (&&::bt::ports::Lit::<#ty>(::core::marker::PhantomData)).port_text(::bt::ports::TextLit(#d, #at), ::bt::ports::TextLit(#d, #at))
                    })
                } else {
                    return Err(syn::Error::new(
                        d.span(),
                        format!(
                            "the default of an `{dir}` port is a blackboard key: write `#[port(default = \"{{key}}\")]`"
                        ),
                    ));
                }
            }
        };
        inits.push(quote!(#member: #init));
    }
    let body = if unit { quote!(#name) } else { quote!(#name { #(#inits),* }) };
    let vis = &item.vis;
    Ok(quote! {
        impl #impl_g ::bt::ports::Ports for #name #ty_g #where_g {
            const PORTS: &'static [::bt::PortInfo] = &[#(#infos),*];
            fn unbound() -> Self {
                #body
            }
            #set_instance
            fn bind(
                &mut self,
                port: &str,
                binding: ::bt::ports::Binding<'_>,
            ) -> ::core::result::Result<::bt::ports::PortType, ::bt::ports::BindError> {
                match port {
                    #(#binds)*
                    _ => {
                        let _ = binding;
                        ::core::result::Result::Err(::bt::ports::BindError::UnknownPort)
                    }
                }
            }
        }

        #(#values)*

        impl #impl_g #name #ty_g #where_g {
            /// The leaf with every port unbound, then bound by `bind` (what `bt_xml!` writes;
            /// `label`, the XML element, is the leaf's label in the tree's description).
            #[doc(hidden)]
            #[inline]
            #vis fn __bt_ports(label: &'static str, bind: impl ::core::ops::FnOnce(&mut Self)) -> Self {
                let _ = label;
                let mut ports = <Self as ::bt::ports::Ports>::unbound();
                bind(&mut ports);
                ports
            }
        }
    })
}
