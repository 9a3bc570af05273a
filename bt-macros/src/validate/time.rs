//! Duration and rate arguments: literals with a unit become exact values.

use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote_spanned};

use super::count::INT_SUFFIXES;
use super::{err, expr_span, literal_kind, strip};
use crate::keywords::Keyword;

/// A duration argument: a literal with a unit suffix becomes an exact `Duration`; any other
/// expression is used as it is (it must be a `core::time::Duration`).
pub(super) fn check_duration(
    e: &syn::Expr,
    name: &Ident,
    errors: &mut Vec<syn::Error>,
) -> Option<TokenStream> {
    let (digits, suffix, span) = match strip(e) {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => {
            (i.base10_digits().to_string(), i.suffix().to_string(), i.span())
        }
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Float(f), .. }) => {
            (f.base10_digits().to_string(), f.suffix().to_string(), f.span())
        }
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. })
            if matches!(strip(expr), syn::Expr::Lit(_)) =>
        {
            err(errors, expr_span(e), format!("`{name}` takes a duration, which cannot be negative"));
            return None;
        }
        syn::Expr::Lit(l) => {
            err(
                errors,
                expr_span(e),
                format!(
                    "`{name}` takes a duration such as `2s`, `1.5s`, `200ms`, `10us` or `5ns` (or a `core::time::Duration` expression), but found {}",
                    literal_kind(&l.lit)
                ),
            );
            return None;
        }
        _ => return Some(e.to_token_stream()),
    };
    let scale: u32 = match suffix.as_str() {
        "s" => 9,
        "ms" => 6,
        "us" => 3,
        "ns" => 0,
        s if s.is_empty() || INT_SUFFIXES.contains(&s) || s == "f32" || s == "f64" => {
            err(
                errors,
                span,
                format!(
                    "a duration needs a unit: write `{digits}s`, `{digits}ms`, `{digits}us` or `{digits}ns`"
                ),
            );
            return None;
        }
        other => {
            let hint = match other {
                "m" | "min" | "mins" => " (for minutes, write seconds: `120s`)",
                "h" => " (for hours, write seconds: `3600s`)",
                "sec" | "secs" => " (seconds are `s`)",
                "msec" | "millis" => " (milliseconds are `ms`)",
                "µs" | "micros" => " (microseconds are `us`)",
                _ => "",
            };
            err(errors, span, format!("unknown duration unit `{other}`: use `s`, `ms`, `us` or `ns`{hint}"));
            return None;
        }
    };
    let Some(nanos) = decimal_to_nanos(&digits, scale) else {
        err(
            errors,
            span,
            "this duration cannot be represented exactly: it is finer than a nanosecond or longer than `Duration::MAX`",
        );
        return None;
    };
    let secs = (nanos / 1_000_000_000) as u64;
    let sub = (nanos % 1_000_000_000) as u32;
    let secs = proc_macro2::Literal::u64_suffixed(secs);
    let sub = proc_macro2::Literal::u32_suffixed(sub);
    Some(quote_spanned!(span=> ::core::time::Duration::new(#secs, #sub)))
}

/// `digits` (as `syn` normalizes them: `1.5`, `2`, `1e3`, `2.5e-1`) times 10^`scale`, exactly, as
/// nanoseconds; `None` if not a whole number of nanoseconds or too large for a `Duration`.
pub(crate) fn decimal_to_nanos(digits: &str, scale: u32) -> Option<u128> {
    let digits = digits.replace('_', "");
    let (mantissa, exp) = match digits.find(['e', 'E']) {
        Some(i) => (&digits[..i], digits[i + 1..].parse::<i32>().ok()?),
        None => (digits.as_str(), 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() && frac.is_empty() || !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit()) {
        return None;
    }
    let all: String = format!("{int}{frac}");
    let all = all.trim_start_matches('0');
    // value = all × 10^(exp − len(frac) + scale)
    let mut shift = i64::from(exp) - frac.len() as i64 + i64::from(scale);
    let mut all = all.to_string();
    while shift < 0 {
        if all.is_empty() {
            return Some(0);
        }
        if !all.ends_with('0') {
            return None;
        }
        all.pop();
        shift += 1;
    }
    if all.is_empty() {
        return Some(0);
    }
    if all.len() as i64 + shift > 40 {
        return None;
    }
    let mut v: u128 = all.parse().ok()?;
    for _ in 0..shift {
        v = v.checked_mul(10)?;
    }
    let max = u128::from(u64::MAX) * 1_000_000_000 + 999_999_999;
    (v <= max).then_some(v)
}

/// A rate in hertz (`rate_controller`): a number literal must be above 0 and becomes a
/// `::bt::ConstRate::<secs, nanos>`, its period computed here as the runtime computes that of an
/// `f64` rate; any other expression is used as it is (it must be an `f64`).
pub(super) fn check_rate(
    e: &syn::Expr,
    name: &Ident,
    def: &Keyword,
    errors: &mut Vec<syn::Error>,
) -> Option<TokenStream> {
    let what = "a rate in hertz (ticks per second)";
    let (digits, suffix, span) = match strip(e) {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => {
            (i.base10_digits().to_string(), i.suffix().to_string(), i.span())
        }
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Float(f), .. }) => {
            (f.base10_digits().to_string(), f.suffix().to_string(), f.span())
        }
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. })
            if matches!(strip(expr), syn::Expr::Lit(_)) =>
        {
            err(
                errors,
                expr_span(e),
                format!("`{name}` takes {what}, which must be above 0: `{}`", def.example),
            );
            return None;
        }
        syn::Expr::Lit(l) => {
            err(
                errors,
                expr_span(e),
                format!(
                    "`{name}` takes {what}, a number such as `10.0` (or an `f64` expression), but found {}",
                    literal_kind(&l.lit)
                ),
            );
            return None;
        }
        // Any other expression must be an `f64`, said as such where it is written.
        _ => {
            let span = expr_span(e);
            return Some(quote_spanned!(span=> ::core::convert::identity::<f64>(#e)));
        }
    };
    let scale = match suffix.as_str() {
        "" | "f64" | "f32" => None,
        "s" => Some(9),
        "ms" => Some(6),
        "us" => Some(3),
        "ns" => Some(0),
        other => {
            err(
                errors,
                span,
                format!(
                    "`{name}` takes {what}: write a plain number such as `10.0` (found suffix `{other}`)"
                ),
            );
            return None;
        }
    };
    if let Some(scale) = scale {
        // A period where a rate was expected: say which rate that period is.
        let hint = decimal_to_nanos(&digits, scale)
            .filter(|&nanos| nanos > 0)
            .map(|nanos| {
                format!(
                    ": for one tick every `{digits}{suffix}`, write `{name}({})`",
                    short(1e9 / nanos as f64)
                )
            })
            .unwrap_or_default();
        err(errors, span, format!("`{name}` takes {what}, not a period{hint}"));
        return None;
    }
    let hz: f64 = digits.replace('_', "").parse().unwrap_or(f64::NAN);
    if !hz.is_finite() {
        err(errors, span, format!("`{name}`: this rate is too large for an `f64`"));
        return None;
    }
    if hz <= 0.0 {
        err(
            errors,
            span,
            format!(
                "`{name}`: the rate must be above 0 (a rate of 0 would never tick the child again): `{}`",
                def.example
            ),
        );
        return None;
    }
    // The period the runtime computes from an `f64` rate, computed here: the node keeps none.
    let period = std::time::Duration::try_from_secs_f64(1.0 / hz).unwrap_or(std::time::Duration::MAX);
    // Generated numbers, located at the rate for messages: not the user's literal, which lints
    // would read as written (`0.5` is not a zero-prefixed integer).
    let at = proc_macro2::Span::call_site().located_at(span);
    let mut secs = proc_macro2::Literal::u64_unsuffixed(period.as_secs());
    secs.set_span(at);
    let mut nanos = proc_macro2::Literal::u32_unsuffixed(period.subsec_nanos());
    nanos.set_span(at);
    Some(quote_spanned!(at=> ::bt::ConstRate::<#secs, #nanos>))
}

/// A number for a message: at most three decimals, without trailing zeros.
pub(super) fn short(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

#[cfg(test)]
mod tests {
    use super::decimal_to_nanos as n;

    #[test]
    fn durations_are_exact() {
        assert_eq!(n("2", 9), Some(2_000_000_000));
        assert_eq!(n("1.5", 9), Some(1_500_000_000));
        assert_eq!(n("200", 6), Some(200_000_000));
        assert_eq!(n("10", 3), Some(10_000));
        assert_eq!(n("7", 0), Some(7));
        assert_eq!(n("0.000000001", 9), Some(1));
        assert_eq!(n("0.0000000015", 9), None);
        assert_eq!(n("1e3", 6), Some(1_000_000_000));
        assert_eq!(n("2.5e-1", 9), Some(250_000_000));
        assert_eq!(n("0", 9), Some(0));
        assert_eq!(n("0.0", 6), Some(0));
        assert_eq!(n("1.50", 0), None);
        assert_eq!(n("1.0", 0), Some(1));
        assert_eq!(n("99999999999999999999999999", 9), None);
        assert_eq!(n("1e400", 0), None);
    }
}
