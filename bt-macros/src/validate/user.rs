//! Node kinds of the user's: `Path(positional…, name = value…)<…>`.

use proc_macro2::{Ident, TokenStream};
use quote::ToTokens;

use super::leaf::path_tokens;
use super::time::check_duration;
use super::{CheckedKeyword, Mode, USER, UserSpec, check, err};
use crate::keywords::MAX_CHILDREN;
use crate::parse::{Arg, ArgValue, KeywordNode, Node, Path};

/// A node kind of the user's: the rules the macro can check (children present, at most 16,
/// positional arguments before named ones, no name twice); the compiler checks the rest against
/// the spec type.
pub(super) fn check_user(
    k: KeywordNode,
    mode: Mode<'_>,
    errors: &mut Vec<syn::Error>,
) -> Option<CheckedKeyword> {
    let before = errors.len();
    let path = k.user?;
    let label = path_text(&path);
    let n = k.children.len();
    if k.broken {
        // The parser reported this node already.
    } else if n == 0 {
        err(
            errors,
            k.open,
            format!(
                "`{label}<>` has no children: a composite or decorator needs at least one, as in `{label}<A, B>`"
            ),
        );
    } else if n > MAX_CHILDREN {
        let extra = k.children.get(MAX_CHILDREN).map_or(k.name.span(), Node::span);
        err(
            errors,
            extra,
            format!(
                "`{label}` has {n} children, but a node can have at most {MAX_CHILDREN}: split it by nesting, as in `{label}<sequence<…first children…>, …>`"
            ),
        );
    }
    let mut positional = Vec::new();
    let mut named: Vec<(Ident, TokenStream)> = Vec::new();
    let mut arguments = Vec::new();
    let written: &[Arg] = k.args.as_ref().map_or(&[], |a| &a.args);
    for (i, arg) in written.iter().enumerate() {
        let ArgValue::Expr(e) = &arg.value else { continue };
        let value = user_arg_value(e, &k.name, errors);
        // Positional arguments are named by their place (`arg1`, `arg2`…), as BehaviorTree.CPP's
        // attributes of them are.
        let shown = arg.name.as_ref().map_or_else(|| format!("arg{}", i + 1), ToString::to_string);
        let v = crate::expand::describe::user_arg_value(e);
        arguments.push(quote::quote_spanned!(k.name.span()=> ::bt::Argument { name: #shown, value: #v }));
        match &arg.name {
            None if !named.is_empty() => {
                let first_named = named.first().map(|(n, _)| n.to_string()).unwrap_or_default();
                err(
                    errors,
                    arg.span(),
                    format!(
                        "a positional argument after a named one: positional arguments come first, as in `{label}(a, b, name = c)`; move this one before `{first_named} = …`, or name it"
                    ),
                )
            }
            None => positional.extend(value),
            Some(arg_name) => {
                if named.iter().any(|(n, _)| n == arg_name) {
                    err(
                        errors,
                        arg_name.span(),
                        format!("`{arg_name}` is given twice for `{label}`: keep one `{arg_name} = …`"),
                    );
                } else if let Some(value) = value {
                    named.push((arg_name.clone(), value));
                }
            }
        }
    }
    let args_text = k.args.as_ref().map(|a| crate::text::tidy(&a.group.stream())).unwrap_or_default();
    let aborting = k.children.iter().filter_map(super::abort::aborting_guard).map(|(span, _)| span).collect();
    let mut children = Vec::new();
    for child in k.children {
        if let Some(c) = check(child, mode, errors) {
            children.push(c);
        }
    }
    if errors.len() > before {
        return None;
    }
    Some(CheckedKeyword {
        def: &USER,
        name: k.name,
        user: Some(UserSpec { path, label, positional, named }),
        args: Vec::new(),
        arguments,
        children,
        args_text,
        source: k.source,
        cases: Vec::new(),
        aborting,
    })
}

/// An argument of a node kind of the user's: every duration literal in it (`2s`, `150ms`, also
/// inside an expression such as `Some(2s)` or `[1s, 2s]`) becomes a `Duration`; the rest is passed
/// as written.
pub(super) fn user_arg_value(
    e: &syn::Expr,
    name: &Ident,
    errors: &mut Vec<syn::Error>,
) -> Option<TokenStream> {
    struct Durations<'a> {
        name: &'a Ident,
        errors: &'a mut Vec<syn::Error>,
        failed: bool,
    }
    impl syn::visit_mut::VisitMut for Durations<'_> {
        fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
            let unit = match e {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => i.suffix().to_string(),
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Float(f), .. }) => f.suffix().to_string(),
                _ => String::new(),
            };
            if !matches!(unit.as_str(), "s" | "ms" | "us" | "ns") {
                return syn::visit_mut::visit_expr_mut(self, e);
            }
            match check_duration(e, self.name, self.errors) {
                Some(tokens) => *e = syn::Expr::Verbatim(tokens),
                None => self.failed = true,
            }
        }
    }
    let mut e = e.clone();
    let mut visit = Durations { name, errors, failed: false };
    syn::visit_mut::VisitMut::visit_expr_mut(&mut visit, &mut e);
    (!visit.failed).then(|| e.to_token_stream())
}

/// A path as text, with its turbofishes.
pub(super) fn path_text(p: &Path) -> String {
    crate::text::tidy(&path_tokens(p, p.segments.len()))
}
