//! The invocation of `bt_xml!`: the file (or inline XML) and its options, `tree = …`, `ctx = …`,
//! `nodes(…)`, `keys(…)`, `enums(…)` and `files(…)`.

use proc_macro2::Ident;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;

/// One entry of `nodes(…)`: an element name and the Rust path it stands for (a type, or, with
/// `()`, a constructor called for each attribute-less element: `GoalUpdated = GoalUpdated::new()`).
pub(super) struct Mapping {
    pub(super) element: String,
    pub(super) path: syn::Path,
    pub(super) call: bool,
}

impl Parse for Mapping {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let element = if input.peek(syn::LitStr) {
            input.parse::<syn::LitStr>()?.value()
        } else {
            input.parse::<Ident>()?.to_string()
        };
        input.parse::<syn::Token![=]>()?;
        let path = input.parse()?;
        let call = input.peek(syn::token::Paren);
        if call {
            let args;
            syn::parenthesized!(args in input);
            if !args.is_empty() {
                return Err(args.error(
                    "a constructor in `nodes(…)` takes no arguments (`Element = Type::new()`); attributes bind ports",
                ));
            }
        }
        Ok(Mapping { element, path, call })
    }
}

/// The header of the named form: `#[attrs] pub struct Name for Ctx =`.
pub(super) struct NamedHead {
    pub(super) attrs: Vec<syn::Attribute>,
    pub(super) vis: syn::Visibility,
    pub(super) name: Ident,
    pub(super) ctx: syn::Type,
}

/// One entry of `keys(…)`: an entry and its type.
pub(super) struct KeyDecl {
    pub(super) name: String,
    pub(super) ty: syn::Type,
}

impl Parse for KeyDecl {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let name = if input.peek(syn::LitStr) {
            input.parse::<syn::LitStr>()?.value()
        } else {
            input.parse::<Ident>()?.to_string()
        };
        input.parse::<syn::Token![:]>().map_err(|e| {
            syn::Error::new(e.span(), "expected `:` and the entry's type: `keys(battery: f64, mode: String)`")
        })?;
        Ok(KeyDecl { name, ty: input.parse()? })
    }
}

/// One entry of `enums(…)`: a constant of the scripts and its value.
pub(super) struct EnumDecl {
    pub(super) name: Ident,
    pub(super) value: syn::Expr,
}

impl Parse for EnumDecl {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let name: Ident = input.parse()?;
        input.parse::<syn::Token![=]>().map_err(|e| {
            syn::Error::new(
                e.span(),
                "expected `=` and the constant's value: `enums(RED = Color::Red as i64, LIMIT = 30)`",
            )
        })?;
        Ok(EnumDecl { name, value: input.parse()? })
    }
}

/// A whole invocation.
pub(super) struct Invocation {
    pub(super) named: Option<NamedHead>,
    pub(super) file: syn::LitStr,
    pub(super) tree: Option<syn::LitStr>,
    pub(super) ctx: Option<syn::Type>,
    pub(super) nodes: Vec<Mapping>,
    pub(super) keys: Vec<KeyDecl>,
    pub(super) enums: Vec<EnumDecl>,
    /// `files("dir", "other.xml", …)`: sibling files and directories.
    pub(super) files: Vec<syn::LitStr>,
}

impl Parse for Invocation {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let named = if input.peek(syn::LitStr) {
            None
        } else {
            let attrs = input.call(syn::Attribute::parse_outer)?;
            let vis: syn::Visibility = input.parse()?;
            input.parse::<syn::Token![struct]>()?;
            let name: Ident = input.parse()?;
            input.parse::<syn::Token![for]>()?;
            let ctx: syn::Type = input.parse()?;
            input.parse::<syn::Token![=]>().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "expected `=` and the file: `bt_xml! { pub struct Nav for Robot = \"trees/nav.xml\" }`",
                )
            })?;
            Some(NamedHead { attrs, vis, name, ctx })
        };
        let file: syn::LitStr = input.parse().map_err(|e| {
            syn::Error::new(e.span(), "expected the XML file's path as a string literal, relative to Cargo.toml (`bt_xml!(\"trees/nav.xml\")`), or the XML itself (`bt_xml!(r#\"<root>…</root>\"#)`)")
        })?;
        let mut inv = Invocation {
            named,
            file,
            tree: None,
            ctx: None,
            nodes: Vec::new(),
            keys: Vec::new(),
            enums: Vec::new(),
            files: Vec::new(),
        };
        while !input.is_empty() {
            input.parse::<syn::Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let key: Ident = input.parse()?;
            match key.to_string().as_str() {
                "tree" => {
                    input.parse::<syn::Token![=]>()?;
                    inv.tree = Some(input.parse()?);
                }
                "ctx" if inv.named.is_none() => {
                    input.parse::<syn::Token![=]>()?;
                    inv.ctx = Some(input.parse()?);
                }
                "nodes" => {
                    let content;
                    syn::parenthesized!(content in input);
                    let list = Punctuated::<Mapping, syn::Token![,]>::parse_terminated(&content)?;
                    inv.nodes.extend(list);
                }
                "keys" => {
                    let content;
                    syn::parenthesized!(content in input);
                    let list = Punctuated::<KeyDecl, syn::Token![,]>::parse_terminated(&content)?;
                    inv.keys.extend(list);
                }
                "enums" => {
                    let content;
                    syn::parenthesized!(content in input);
                    let list = Punctuated::<EnumDecl, syn::Token![,]>::parse_terminated(&content)?;
                    inv.enums.extend(list);
                }
                "files" => {
                    let content;
                    syn::parenthesized!(content in input);
                    let list = Punctuated::<syn::LitStr, syn::Token![,]>::parse_terminated(&content)
                        .map_err(|e| {
                            syn::Error::new(
                                e.span(),
                                "expected paths as string literals, relative to Cargo.toml: `files(\"trees/\", \"common.xml\")`",
                            )
                        })?;
                    inv.files.extend(list);
                }
                other => {
                    let ctx = if inv.named.is_none() { "`ctx = Type`, " } else { "" };
                    return Err(syn::Error::new(
                        key.span(),
                        format!(
                            "unknown option `{other}`: the options are `tree = \"Name\"`, {ctx}`nodes(Element = path::Type, …)`, `keys(entry: Type, …)`, `enums(NAME = value, …)` and `files(\"dir/\", \"other.xml\", …)`"
                        ),
                    ));
                }
            }
        }
        Ok(inv)
    }
}
