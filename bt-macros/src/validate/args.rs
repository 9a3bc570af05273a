//! Matching the written arguments to a keyword's parameters; `guard`'s abort modes.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{ToTokens, quote_spanned};

use super::count::{check_count, check_seed};
use super::keyword::leaf_children_message;
use super::leaf::check_leaf;
use super::time::{check_duration, check_rate};
use super::{ArgOut, Mode, err, err_range, expr_span, strip, usize_literal};
use crate::keywords::{ArgKind, Keyword};
use crate::parse::{Arg, ArgValue, KeywordNode};

/// Matches the written arguments to the keyword's parameters and checks their values.
pub(super) fn check_args(
    k: &KeywordNode,
    def: &'static Keyword,
    children: Option<usize>,
    mode: Mode<'_>,
    errors: &mut Vec<syn::Error>,
) -> (Vec<ArgOut>, Vec<TokenStream>) {
    let name = &k.name;
    let written: &[Arg] = k.args.as_ref().map_or(&[], |a| &a.args);
    let before = errors.len();
    let mut values: Vec<Option<&Arg>> = vec![None; def.params.len()];
    // Positional arguments past the last positional parameter: one mistake, one error.
    let mut surplus: Vec<&Arg> = Vec::new();
    for (i, arg) in written.iter().enumerate() {
        if def.params.is_empty() {
            let msg = if def.is_leaf() {
                leaf_children_message(k, def, "arguments or children")
            } else {
                format!("`{name}` takes no arguments: write `{}`", def.example)
            };
            err(errors, arg.span(), msg);
            break;
        }
        let slot = match &arg.name {
            Some(arg_name) => {
                let Some(pos) = def.params.iter().position(|p| arg_name == p.name) else {
                    let accepted =
                        def.params.iter().map(|p| format!("`{}`", p.name)).collect::<Vec<_>>().join(", ");
                    let value = match &arg.value {
                        ArgValue::Expr(e) => super::hints::btcpp_argument(def.name, &arg_name.to_string(), e),
                        ArgValue::Leaf(_) => None,
                    };
                    let msg = value.unwrap_or_else(|| match def.params {
                        _ if def.name == "precondition" && arg_name == "abort" => {
                            PRECONDITION_ABORT.to_string()
                        }
                        [only] => format!(
                            "unknown argument `{arg_name}` for `{name}`: did you mean `{}`? As in `{}`",
                            only.name, def.example
                        ),
                        _ => format!(
                            "unknown argument `{arg_name}` for `{name}`: it accepts {accepted}, as in `{}`",
                            def.example
                        ),
                    });
                    err(errors, arg_name.span(), msg);
                    continue;
                };
                pos
            }
            None if def.params.get(i).is_some_and(|p| p.positional) => i,
            None => {
                surplus.push(arg);
                continue;
            }
        };
        if values[slot].is_some() {
            let param = def.params[slot].name;
            err(errors, arg.span(), format!("`{param}` is given twice for `{name}`: keep one `{param} = …`"));
            continue;
        }
        values[slot] = Some(arg);
    }
    if let (Some(first), Some(last)) = (surplus.first(), surplus.last()) {
        let extra = surplus.iter().map(|a| arg_text(a)).collect::<Vec<_>>().join(", ");
        let msg = if def.params.len() == 1 {
            format!("`{name}` takes a single argument: remove `{extra}`, as in `{}`", def.example)
        } else if def.params.iter().all(|p| p.positional) {
            format!(
                "`{name}` takes {} arguments: remove `{extra}`, as in `{}`",
                def.params.len(),
                def.example
            )
        } else {
            format!("name the argument `{extra}`, as in `{}`", def.example)
        };
        err_range(errors, first.span(), arg_end(last), msg);
    }
    let mut out = Vec::new();
    // The arguments as written, for the description: `::bt::Argument { name, value }`.
    let mut described = Vec::new();
    // A misnamed or misplaced argument is probably the missing one: do not report it twice.
    let misplaced = errors.len() > before
        || k.args.as_ref().is_some_and(|a| a.broken || a.args.is_empty() && !a.group.stream().is_empty());
    for (param, value) in def.params.iter().zip(values) {
        let Some(arg) = value else {
            if param.required && !misplaced {
                let what = match (def.name, param.kind) {
                    ("parallel", _) => "the number of children that must succeed",
                    ("retry", _) => "the number of attempts",
                    ("recovery", _) => "the number of retries (how many times the recovery may run)",
                    (_, ArgKind::Rate) => "a rate in hertz",
                    (_, ArgKind::Duration) => "a duration",
                    (_, ArgKind::Condition) => "a condition",
                    ("service", _) => "an interval and a leaf, the service to run every interval",
                    (_, ArgKind::Selector) => "a selector, a function of the context",
                    _ => "an argument",
                };
                err(errors, name.span(), format!("`{name}` needs {what}: write `{}`", def.example));
                continue;
            }
            // Defaults.
            match (def.name, param.name) {
                ("repeat", _) => {}
                ("threshold_parallel", "success") => {
                    out.push(ArgOut::Tokens(usize_literal(children.unwrap_or(1), name.span())))
                }
                ("random", _) => out.push(ArgOut::Tokens(quote_spanned!(name.span()=> 0u64))),
                (_, "abort") => out.push(ArgOut::Tokens(abort_mode("self", name.span()))),
                (_, "otherwise") => out.push(ArgOut::Tokens(otherwise_outcome("failure", name.span()))),
                (_, "then_skip" | "catch_on_halt") => {
                    out.push(ArgOut::Tokens(quote_spanned!(name.span()=> false)))
                }
                _ => out.push(ArgOut::Tokens(usize_literal(1, name.span()))),
            }
            continue;
        };
        let before = out.len();
        match (&arg.value, param.kind) {
            (ArgValue::Leaf(leaf), ArgKind::Condition) => {
                if let Some(span) = super::closure::takes_mut(leaf) {
                    err(
                        errors,
                        span,
                        format!(
                            "the condition of `{name}` is a condition closure, which takes the context by `&`, not `&mut`: write `{{ |ctx: &Ctx| … }}` returning `bool` (a closure taking `&mut` is an action)"
                        ),
                    );
                } else if let Some(c) = check_leaf((**leaf).clone(), mode, errors) {
                    out.push(ArgOut::Condition(c));
                }
            }
            (ArgValue::Leaf(leaf), ArgKind::Leaf) => {
                if let Some(c) = check_leaf((**leaf).clone(), mode, errors) {
                    out.push(ArgOut::Leaf(c));
                }
            }
            (ArgValue::Leaf(leaf), ArgKind::Value) => {
                if let Some(c) = check_leaf((**leaf).clone(), mode, errors) {
                    out.push(ArgOut::Value(c));
                }
            }
            (ArgValue::Expr(e), ArgKind::Flag) => {
                let e = strip(e);
                match e {
                    syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Bool(b), .. }) => {
                        let v = b.value;
                        out.push(ArgOut::Tokens(quote_spanned!(b.span=> #v)));
                    }
                    _ => {
                        let found = crate::text::tidy(&e.to_token_stream());
                        err(
                            errors,
                            expr_span(e),
                            format!("`{name}`: `{}` is `true` or `false`, not `{found}`", param.name),
                        );
                    }
                }
            }
            (ArgValue::Expr(e), ArgKind::Otherwise) => {
                if let Some(t) = check_otherwise(e, name, errors) {
                    out.push(ArgOut::Tokens(t));
                }
            }
            (ArgValue::Expr(e), ArgKind::Selector) => out.push(ArgOut::Tokens(e.to_token_stream())),
            (ArgValue::Expr(e), ArgKind::Abort) => {
                if let Some(t) = check_abort(e, name, errors) {
                    out.push(ArgOut::Tokens(t));
                }
            }
            (ArgValue::Expr(e), ArgKind::Count | ArgKind::Duration) if entry_key(e).is_some() => {
                let (key, span) = entry_key(e).unwrap_or_else(|| (String::new(), expr_span(e)));
                if matches!(def.name, "repeat" | "retry" | "timeout" | "delay" | "sleep") {
                    out.push(ArgOut::Entry(key, span));
                } else {
                    err(
                        errors,
                        span,
                        format!(
                            "`{name}` does not read its `{}` from the blackboard (`repeat`, `retry`, `timeout`, `delay` and `sleep` do): write a value",
                            param.name
                        ),
                    );
                }
            }
            (ArgValue::Expr(e), ArgKind::Count) => {
                if let Some(a) = check_count(e, def, param.name, name, children, errors) {
                    out.push(a);
                }
            }
            (ArgValue::Expr(e), ArgKind::Duration) => {
                if let Some(t) = check_duration(e, name, errors) {
                    out.push(ArgOut::Tokens(t));
                }
            }
            (ArgValue::Expr(e), ArgKind::Seed) => {
                if let Some(t) = check_seed(e, name, errors) {
                    out.push(ArgOut::Tokens(t));
                }
            }
            (ArgValue::Expr(e), ArgKind::Rate) => {
                if let Some(t) = check_rate(e, name, def, errors) {
                    out.push(ArgOut::Tokens(t));
                }
            }
            (_, _) => err(errors, arg.span(), format!("unexpected argument for `{name}`: `{}`", def.example)),
        }
        if let Some(value) =
            out.get(before).and_then(|o| crate::expand::describe::arg_value(param.kind, arg, o))
        {
            let pname = param.name;
            described.push(quote_spanned!(name.span()=> ::bt::Argument { name: #pname, value: #value }));
        }
    }
    (out, described)
}

/// The key of a count or a duration written `"{key}"` (read from the blackboard), and the
/// literal's span.
fn entry_key(e: &syn::Expr) -> Option<(String, Span)> {
    let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) = strip(e) else { return None };
    let text = s.value();
    let key = text.trim().strip_prefix('{')?.strip_suffix('}')?.trim().trim_start_matches('@').trim();
    let ok = !key.is_empty() && !key.contains(['{', '}', '"']);
    ok.then(|| (key.to_string(), s.span()))
}

/// What `precondition` returns when its condition does not hold, as written, and the types of
/// `bt::otherwise`.
const OTHERWISE: &[(&str, &str)] = &[("failure", "Fail"), ("success", "Succeed"), ("skipped", "Skip")];

/// `::bt::otherwise::Outcome` for the outcome written `written` (one of [`OTHERWISE`]).
fn otherwise_outcome(written: &str, span: Span) -> TokenStream {
    let ty = OTHERWISE.iter().find(|(w, _)| *w == written).map_or("Fail", |(_, t)| t);
    let ty = Ident::new(ty, span);
    quote_spanned!(span=> ::bt::otherwise::#ty)
}

/// The `otherwise` argument of `precondition`: `failure`, `success` or `skipped`.
fn check_otherwise(e: &syn::Expr, name: &Ident, errors: &mut Vec<syn::Error>) -> Option<TokenStream> {
    let e = strip(e);
    let written = match e {
        syn::Expr::Path(p) if p.qself.is_none() => p.path.get_ident().map(ToString::to_string),
        _ => None,
    };
    if let Some(w) = written.as_deref().filter(|w| OTHERWISE.iter().any(|(o, _)| o == w)) {
        return Some(otherwise_outcome(w, expr_span(e)));
    }
    let found = crate::text::tidy(&e.to_token_stream());
    err(
        errors,
        expr_span(e),
        format!(
            "`{name}`: `otherwise` is what the precondition returns when its condition does not hold, one of `failure`, `success` or `skipped`, not `{found}`; as in `precondition(IsReady, otherwise = skipped)<A>`"
        ),
    );
    None
}

/// The error for `precondition(…, abort = …)`.
pub(super) const PRECONDITION_ABORT: &str = "`precondition` has no observer abort: it is `guard(…, abort = none)`; for other aborts write `guard(IsReady, abort = self | lower_priority | both)<A>`";

/// The observer abort modes of `guard`, as written, and their types in `bt::abort`.
pub(super) const ABORT_MODES: &[(&str, &str)] =
    &[("none", "Neither"), ("self", "SelfOnly"), ("lower_priority", "LowerPriority"), ("both", "Both")];

/// `::bt::abort::Mode` for the mode written `written` (one of [`ABORT_MODES`]).
pub(super) fn abort_mode(written: &str, span: Span) -> TokenStream {
    let ty = ABORT_MODES.iter().find(|(w, _)| *w == written).map_or("SelfOnly", |(_, t)| t);
    let ty = Ident::new(ty, span);
    quote_spanned!(span=> ::bt::abort::#ty)
}

/// The `abort` argument of `guard`: `none`, `self`, `lower_priority` or `both`.
pub(super) fn check_abort(e: &syn::Expr, name: &Ident, errors: &mut Vec<syn::Error>) -> Option<TokenStream> {
    let written = match strip(e) {
        syn::Expr::Path(p) if p.qself.is_none() => p.path.get_ident().map(|i| (i.to_string(), i.span())),
        _ => None,
    };
    let span = written.as_ref().map_or_else(|| expr_span(e), |(_, s)| *s);
    if let Some((w, span)) = &written
        && ABORT_MODES.iter().any(|(m, _)| m == w)
    {
        return Some(abort_mode(w, *span));
    }
    let found = crate::text::tidy(&e.to_token_stream());
    let squashed = found.to_lowercase().replace('_', "");
    let hint = ABORT_MODES
        .iter()
        .find(|(m, _)| m.replace('_', "") == squashed)
        .map(|(m, _)| format!(" (did you mean `{m}`?)"))
        .unwrap_or_default();
    err(
        errors,
        span,
        format!(
            "`{name}`: `abort` is one of `none`, `self`, `lower_priority` or `both` (Unreal Engine's observer aborts), not `{found}`{hint}; as in `guard(IsReady, abort = lower_priority)<A>`"
        ),
    );
    None
}

/// An argument as written.
fn arg_text(arg: &Arg) -> String {
    match &arg.value {
        ArgValue::Expr(e) => {
            let value = crate::text::tidy(&e.to_token_stream());
            arg.name.as_ref().map_or(value.clone(), |n| format!("{n} = {value}"))
        }
        ArgValue::Leaf(l) => crate::text::tidy(&l.tokens),
    }
}

/// Span of an argument's last token.
fn arg_end(arg: &Arg) -> Span {
    let tokens = match &arg.value {
        ArgValue::Expr(e) => e.to_token_stream(),
        ArgValue::Leaf(l) => l.tokens.clone(),
    };
    tokens.into_iter().last().map_or_else(|| arg.span(), |t| t.span())
}
