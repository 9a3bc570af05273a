//! Reading the value of one attribute: integers, counts, thresholds, durations, seeds.

use std::time::Duration;

use super::args::ArgValue;

/// Reads an integer attribute.
pub(super) fn int(attr: &str, text: &str) -> Result<i64, String> {
    let t = text.trim();
    if t.starts_with('{') {
        return Err(format!(
            "`{attr}=\"{text}\"` reads a blackboard entry, but bt fixes this `{attr}` when the tree is built (it reads `num_attempts`, `num_cycles`, `msec` and `delay_msec` from the blackboard, no other count): write a number"
        ));
    }
    t.parse::<i64>().map_err(|_| {
        format!("`{attr}=\"{text}\"` is not an integer: write a whole number such as `{attr}=\"3\"`")
    })
}

/// Reads a non-negative integer that fits in `u32`.
pub(super) fn count(attr: &str, text: &str) -> Result<u32, String> {
    let v = int(attr, text)?;
    u32::try_from(v)
        .map_err(|_| format!("`{attr}=\"{text}\"` is out of range: write a number from 0 to {}", u32::MAX))
}

/// A parallel threshold as BehaviorTree.CPP reads it: negative counts from the number of children
/// (`-1` = all of them).
pub(super) fn threshold(attr: &str, text: &str, children: usize) -> Result<u64, String> {
    let v = int(attr, text)?;
    let n = i64::try_from(children).unwrap_or(i64::MAX);
    let t = if v < 0 { n.saturating_add(v).saturating_add(1) } else { v };
    if t < 0 || t > n {
        return Err(format!(
            "`{attr}=\"{text}\"` asks for {t} of {n} children: write a number from 1 to {n}, or -1 for all of them"
        ));
    }
    Ok(u64::try_from(t).unwrap_or(0))
}

/// Tags an error message with its attribute.
pub(super) fn e(a: &str) -> impl Fn(String) -> (String, String) + '_ {
    move |m| (a.to_string(), m)
}

/// Whether `text` is a Rust constant as `bt!` writes one in an argument: an upper-case name
/// (`TIMEOUT`) or a path ending in one (`cfg::TIMEOUT`).
pub(super) fn is_const_path(text: &str) -> bool {
    let segments = text.trim().split("::");
    let mut last = "";
    for s in segments {
        let ident = s.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ident {
            return false;
        }
        last = s;
    }
    last.starts_with(|c: char| c.is_ascii_uppercase())
        && last.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// A duration literal as `bt!` writes one (`2s`, `1.5s`, `250ms`, `10us`, `5ns`), read.
pub(super) fn duration_literal(text: &str) -> Option<Duration> {
    let t = text.trim();
    let (number, nanos_per_unit) = [("ms", 1e6), ("us", 1e3), ("ns", 1.0), ("s", 1e9)]
        .iter()
        .find_map(|(u, k)| t.strip_suffix(u).map(|n| (n, *k)))?;
    let clean: String = number.chars().filter(|&c| c != '_').collect();
    if !number.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    if let Ok(whole) = clean.parse::<u64>() {
        return Some(Duration::from_nanos(whole.saturating_mul(nanos_per_unit as u64)));
    }
    let v: f64 = clean.parse().ok()?;
    let nanos = v * nanos_per_unit;
    (nanos.is_finite() && nanos >= 0.0 && nanos < u64::MAX as f64)
        .then(|| Duration::from_nanos(nanos.round() as u64))
}

/// Whether `text` is a condition as `bt!` writes one: a closure (`|r: &Robot| r.ok`, `{ |r| … }`),
/// or a leaf type or constructor (`IsReady`, `nav::IsReady`, `Near::new(2.0)`, `Near { d: 1.0 }`).
/// Anything else (`battery > 0.5`, `ok == true`) is taken for a BehaviorTree.CPP script.
pub(crate) fn is_bt_condition(text: &str) -> bool {
    let t = text.trim();
    if t.starts_with('|') || t.starts_with("move |") || t.starts_with('{') {
        return true;
    }
    let end = t.find(['(', '{', '<']).unwrap_or(t.len());
    let (path, rest) = (t[..end].trim_end(), &t[end..]);
    let path_ok = !path.is_empty()
        && path.split("::").all(|s| {
            s.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
        && path.split("::").any(|s| s.starts_with(|c: char| c.is_ascii_uppercase()));
    let rest_ok = rest.is_empty()
        || (rest.starts_with('(') && rest.ends_with(')'))
        || (rest.starts_with('{') && rest.ends_with('}'))
        || (rest.starts_with('<') && rest.ends_with('>'));
    path_ok && rest_ok
}

/// A duration attribute in milliseconds (`msec`, `delay_msec`): written `Ns` when it is a whole
/// number of seconds, `Nms` otherwise. A constant or a duration literal with its unit (as
/// `description().btcpp_xml()` writes durations it cannot give in milliseconds) is kept as
/// written.
pub(super) fn millis_arg(element: &str, attr: &str, text: &str) -> Result<ArgValue, String> {
    let t = text.trim();
    if is_const_path(t) {
        return Ok(ArgValue::Const(t.to_string()));
    }
    if let Some(d) = duration_literal(t) {
        return Ok(ArgValue::Duration(d, t.to_string()));
    }
    let ms = count(attr, text).map_err(|m| {
        if t.starts_with('{') {
            m
        } else {
            format!(
                "`{attr}=\"{text}\"` is not an integer: write a whole number of milliseconds such as `{attr}=\"500\"` (or a constant, `{attr}=\"TIMEOUT\"`, for `<{element}>`)"
            )
        }
    })?;
    let written = if ms != 0 && ms % 1000 == 0 { format!("{}s", ms / 1000) } else { format!("{ms}ms") };
    Ok(ArgValue::Duration(Duration::from_millis(u64::from(ms)), written))
}

/// A duration written in bt's form (`cooldown`'s `duration`, `service`'s `interval`): a duration
/// literal with its unit or a constant, kept as written.
pub(super) fn bt_duration(attr: &str, text: &str) -> Result<ArgValue, String> {
    let t = text.trim();
    if is_const_path(t) {
        return Ok(ArgValue::Const(t.to_string()));
    }
    match duration_literal(t) {
        Some(d) => Ok(ArgValue::Duration(d, t.to_string())),
        None => Err(format!(
            "`{attr}=\"{text}\"` is not a duration: write a literal with its unit (`500ms`, `2s`) or a constant"
        )),
    }
}

/// A count in bt's form: an integer literal or a constant.
pub(super) fn bt_count(attr: &str, text: &str) -> Result<ArgValue, String> {
    let t = text.trim();
    if is_const_path(t) {
        return Ok(ArgValue::Const(t.to_string()));
    }
    count(attr, text).map(|n| ArgValue::Count(u64::from(n)))
}

/// A seed in bt's form: an integer or a constant.
pub(super) fn bt_seed(text: &str) -> Result<ArgValue, String> {
    let t = text.trim();
    if is_const_path(t) {
        return Ok(ArgValue::Const(t.to_string()));
    }
    let digits: String = t.chars().filter(|&c| c != '_').collect();
    match digits.parse::<u64>() {
        Ok(n) if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || c == '_') => Ok(ArgValue::Count(n)),
        _ => Err(format!("`seed=\"{text}\"` is not a seed: write an integer such as `seed=\"7\"`")),
    }
}
