//! Count and seed arguments: literals checked here, other expressions at run time.

use proc_macro2::{Ident, TokenStream};
use quote::ToTokens;

use super::{ArgOut, err, expr_span, literal_kind, strip};
use crate::keywords::Keyword;

pub(super) const INT_SUFFIXES: &[&str] =
    &["", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize"];

/// A count argument: literals are range-checked here, other expressions at run time.
pub(super) fn check_count(
    e: &syn::Expr,
    def: &Keyword,
    param: &str,
    name: &Ident,
    children: Option<usize>,
    errors: &mut Vec<syn::Error>,
) -> Option<ArgOut> {
    let what = match (def.name, param) {
        ("parallel", _) => "the number of children that must succeed",
        ("threshold_parallel", "success") => "the number of successes that make it succeed",
        ("threshold_parallel", _) => "the number of failures that make it fail",
        ("parallel_all", _) => "the number of failures that make it fail",
        ("repeat", _) => "the number of repetitions",
        ("retry", _) => "the number of attempts",
        ("recovery", _) => "the number of retries",
        _ => "a count",
    };
    let value = match strip(e) {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => {
            if !INT_SUFFIXES.contains(&i.suffix()) {
                let unit = matches!(i.suffix(), "s" | "ms" | "us" | "ns");
                let msg = if unit {
                    format!("`{name}` takes {what}, not a duration: write a plain number such as `2`")
                } else {
                    format!(
                        "`{name}` takes {what}: write a plain number such as `2` (found suffix `{}`)",
                        i.suffix()
                    )
                };
                err(errors, i.span(), msg);
                return None;
            }
            match i.base10_parse::<u64>() {
                Ok(v) => (v, i.span()),
                Err(_) => {
                    err(errors, i.span(), format!("`{name}` takes {what}: this number is too large"));
                    return None;
                }
            }
        }
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. })
            if matches!(strip(expr), syn::Expr::Lit(_)) =>
        {
            err(errors, expr_span(e), super::hints::negative_count(def.name, what));
            return None;
        }
        syn::Expr::Lit(l) => {
            err(
                errors,
                expr_span(e),
                format!(
                    "`{name}` takes {what}, a whole number such as `2`, but found {}",
                    literal_kind(&l.lit)
                ),
            );
            return None;
        }
        // Any other expression: checked by the constructor at run time.
        _ => return Some(ArgOut::Tokens(e.to_token_stream())),
    };
    let (v, span) = value;
    let max = children.unwrap_or(usize::MAX) as u64;
    let msg = match (def.name, param) {
        ("parallel" | "threshold_parallel" | "parallel_all", _) if v == 0 => Some(format!(
            "`{name}`: {what} must be at least 1 (a threshold of 0 would be reached before any child runs)"
        )),
        ("parallel_all", _) if v > max => Some(format!(
            "`{name}`: {what} is {v}, but there {} only {max} {}: it could never fail; use at most {max}, or wrap the node in `force_success` if it must never fail",
            if max == 1 { "is" } else { "are" },
            if max == 1 { "child" } else { "children" },
        )),
        ("parallel" | "threshold_parallel" | "parallel_all", _) if v > max => Some(format!(
            "`{name}`: {what} is {v}, but there {} only {max} {}: it could never be reached; use at most {max} or add children",
            if max == 1 { "is" } else { "are" },
            if max == 1 { "child" } else { "children" },
        )),
        ("repeat", _) if v == 0 => {
            Some(format!("`{name}(0)` would never run its child: remove the node, or repeat at least once"))
        }
        ("retry", _) if v == 0 => Some(format!(
            "`{name}(0)` would never run its child: give at least 1 attempt, as in `retry(3)<A>`"
        )),
        ("repeat" | "retry" | "recovery", _) if v > u64::from(u32::MAX) => {
            Some(format!("`{name}`: {what} must fit in a `u32` (at most {})", u32::MAX))
        }
        _ => None,
    };
    if let Some(msg) = msg {
        err(errors, span, msg);
        return None;
    }
    match (def.name, u32::try_from(v)) {
        ("repeat" | "retry" | "parallel" | "recovery", Ok(v)) => Some(ArgOut::Const(v, span)),
        _ => Some(ArgOut::Tokens(e.to_token_stream())),
    }
}

pub(super) fn check_seed(e: &syn::Expr, name: &Ident, errors: &mut Vec<syn::Error>) -> Option<TokenStream> {
    match strip(e) {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => {
            if i.base10_parse::<u64>().is_err() || !INT_SUFFIXES.contains(&i.suffix()) {
                err(errors, i.span(), format!("`{name}`: the seed must be a `u64` such as `42`"));
                return None;
            }
            let digits = i.base10_digits();
            let v: u64 = digits.parse().unwrap_or(0);
            let mut lit = proc_macro2::Literal::u64_suffixed(v);
            lit.set_span(i.span());
            Some(lit.into_token_stream())
        }
        syn::Expr::Lit(l) => {
            err(
                errors,
                expr_span(e),
                format!(
                    "`{name}`: the seed must be a `u64` such as `42`, but found {}",
                    literal_kind(&l.lit)
                ),
            );
            None
        }
        _ => Some(e.to_token_stream()),
    }
}
