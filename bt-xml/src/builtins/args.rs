//! The arguments of a built-in, read from its element's attributes as structured values: what
//! the run-time loader builds the node from, and what `bt_xml!` writes as `bt!` arguments
//! ([`dsl`]).

use std::time::Duration;

use super::{Builtin, SWITCH_CASES};

/// One argument of a built-in node, read from its attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    /// The argument's name in `bt!` (`success`, `seed`, `abort`), or `None` for a positional one.
    pub name: Option<&'static str>,
    /// Its value.
    pub value: ArgValue,
}

/// The value of an [`Arg`].
#[derive(Clone, Debug, PartialEq)]
pub enum ArgValue {
    /// A count, a threshold or a seed.
    Count(u64),
    /// A number with a fraction (`hz`), and its text as `bt!` writes it.
    Float(f64, String),
    /// A duration, and its text as `bt!` writes it (`500ms`, `2s`, `1.5s`).
    Duration(Duration, String),
    /// A Rust constant (`TIMEOUT`, `cfg::TIMEOUT`): compiled trees only.
    Const(String),
    /// Rust code: a condition leaf or closure (`if`, `condition`), a leaf (`leaf`), a selector of
    /// the context or a pattern (a switch's). Compiled trees take any; a tree loaded at run time
    /// takes a registered leaf's name.
    Code(String),
    /// A name from a fixed set (`abort = lower_priority`).
    Ident(String),
    /// A switch's case, compared with a blackboard entry's text.
    Text(String),
    /// A blackboard entry (a switch's `variable="{key}"`, after subtree remapping).
    Key(String),
    /// A BehaviorTree.CPP script (`Precondition`'s `if`).
    Script(crate::Script),
}

impl ArgValue {
    /// The value as `bt!` writes it.
    fn dsl(&self) -> String {
        match self {
            ArgValue::Count(n) => n.to_string(),
            ArgValue::Float(_, t) | ArgValue::Duration(_, t) => t.clone(),
            ArgValue::Const(t) | ArgValue::Code(t) | ArgValue::Ident(t) => t.clone(),
            ArgValue::Text(t) => format!("{t:?}"),
            ArgValue::Key(k) => format!("{k:?}"),
            ArgValue::Script(s) => format!("{:?}", s.text),
        }
    }
}

/// The arguments of keyword `keyword` as `bt!` writes them, without parentheses (`"500ms"`,
/// `"success = 2, failure = 1"`, a switch's `"selector; 0, 1, _"`).
pub fn dsl(keyword: &str, args: &[Arg]) -> String {
    if keyword == "switch" {
        let Some((selector, cases)) = args.split_first() else { return String::new() };
        let selector = match &selector.value {
            ArgValue::Key(key) => {
                let texts: Vec<String> = cases
                    .iter()
                    .filter_map(|c| match &c.value {
                        ArgValue::Text(t) => Some(format!("{t:?}")),
                        _ => None,
                    })
                    .collect();
                format!("::bt::ports::switch_case({key:?}, [{}])", texts.join(", "))
            }
            other => other.dsl(),
        };
        let patterns: Vec<String> = cases
            .iter()
            .enumerate()
            .map(|(i, c)| match &c.value {
                ArgValue::Text(_) => i.to_string(),
                other => other.dsl(),
            })
            .collect();
        return format!("{selector}; {}", patterns.join(", "));
    }
    args.iter()
        .map(|a| match a.name {
            Some(name) => format!("{name} = {}", a.value.dsl()),
            None => a.value.dsl(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads an integer attribute.
fn int(attr: &str, text: &str) -> Result<i64, String> {
    let t = text.trim();
    if t.starts_with('{') {
        return Err(format!(
            "`{attr}=\"{text}\"` reads a blackboard entry, but bt fixes a built-in's `{attr}` when the tree is built: write a number"
        ));
    }
    t.parse::<i64>().map_err(|_| {
        format!("`{attr}=\"{text}\"` is not an integer: write a whole number such as `{attr}=\"3\"`")
    })
}

/// Reads a non-negative integer that fits in `u32`.
fn count(attr: &str, text: &str) -> Result<u32, String> {
    let v = int(attr, text)?;
    u32::try_from(v)
        .map_err(|_| format!("`{attr}=\"{text}\"` is out of range: write a number from 0 to {}", u32::MAX))
}

/// A parallel threshold as BehaviorTree.CPP reads it: negative counts from the number of children
/// (`-1` = all of them).
fn threshold(attr: &str, text: &str, children: usize) -> Result<u64, String> {
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
fn e(a: &str) -> impl Fn(String) -> (String, String) + '_ {
    move |m| (a.to_string(), m)
}

/// Whether `text` is a Rust constant as `bt!` writes one in an argument: an upper-case name
/// (`TIMEOUT`) or a path ending in one (`cfg::TIMEOUT`).
fn is_const_path(text: &str) -> bool {
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
fn duration_literal(text: &str) -> Option<Duration> {
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
fn millis_arg(element: &str, attr: &str, text: &str) -> Result<ArgValue, String> {
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
fn bt_duration(attr: &str, text: &str) -> Result<ArgValue, String> {
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
fn bt_count(attr: &str, text: &str) -> Result<ArgValue, String> {
    let t = text.trim();
    if is_const_path(t) {
        return Ok(ArgValue::Const(t.to_string()));
    }
    count(attr, text).map(|n| ArgValue::Count(u64::from(n)))
}

/// A seed in bt's form: an integer or a constant.
fn bt_seed(text: &str) -> Result<ArgValue, String> {
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

fn positional(value: ArgValue) -> Arg {
    Arg { name: None, value }
}

fn named(name: &'static str, value: ArgValue) -> Arg {
    Arg { name: Some(name), value }
}

/// The `bt!` keyword and arguments of built-in `b` from its attributes (`attr(name)` reads one),
/// or an error naming the attribute.
pub fn arguments(
    b: &Builtin,
    attr: &dyn Fn(&str) -> Option<String>,
    children: usize,
) -> Result<(&'static str, Vec<Arg>), (String, String)> {
    let need = |name: &str, what: &str| {
        attr(name).ok_or_else(|| (name.to_string(), format!("`{}` needs `{name}`: {what}", b.element)))
    };
    let args = match b.element {
        "Parallel" => {
            let s = attr("success_count")
                .map(|v| ("success_count", v))
                .or_else(|| attr("success_threshold").map(|v| ("success_threshold", v)));
            let f = attr("failure_count")
                .map(|v| ("failure_count", v))
                .or_else(|| attr("failure_threshold").map(|v| ("failure_threshold", v)));
            let mut parts = Vec::new();
            if let Some((a, v)) = s {
                parts.push(named("success", ArgValue::Count(threshold(a, &v, children).map_err(e(a))?)));
            }
            if let Some((a, v)) = f {
                parts.push(named("failure", ArgValue::Count(threshold(a, &v, children).map_err(e(a))?)));
            }
            parts
        }
        "ParallelAll" => match attr("max_failures") {
            Some(v) => {
                let n = count("max_failures", &v).map_err(e("max_failures"))?;
                vec![named("max_failures", ArgValue::Count(u64::from(n)))]
            }
            None => Vec::new(),
        },
        "Repeat" => {
            let v = need("num_cycles", "a count, or -1 to repeat forever")?;
            match int("num_cycles", &v).map_err(e("num_cycles"))? {
                -1 => Vec::new(),
                _ => vec![positional(ArgValue::Count(u64::from(
                    count("num_cycles", &v).map_err(e("num_cycles"))?,
                )))],
            }
        }
        "RetryUntilSuccessful" | "RetryUntilSuccesful" => {
            let v = need("num_attempts", "a count, or -1 to retry forever")?;
            match int("num_attempts", &v).map_err(e("num_attempts"))? {
                -1 => return Ok(("until_success", Vec::new())),
                _ => vec![positional(ArgValue::Count(u64::from(
                    count("num_attempts", &v).map_err(e("num_attempts"))?,
                )))],
            }
        }
        "Timeout" | "Sleep" => {
            let v = need("msec", "a duration in milliseconds")?;
            vec![positional(millis_arg(b.element, "msec", &v).map_err(e("msec"))?)]
        }
        "Delay" => {
            let v = need("delay_msec", "a duration in milliseconds")?;
            vec![positional(millis_arg(b.element, "delay_msec", &v).map_err(e("delay_msec"))?)]
        }
        "RecoveryNode" => match attr("number_of_retries") {
            Some(v) => vec![positional(ArgValue::Count(u64::from(
                count("number_of_retries", &v).map_err(e("number_of_retries"))?,
            )))],
            None => vec![positional(ArgValue::Count(1))],
        },
        "RateController" => {
            let v = attr("hz").unwrap_or_else(|| "10.0".to_string());
            let t = v.trim();
            if is_const_path(t) {
                return Ok((b.keyword, vec![positional(ArgValue::Const(t.to_string()))]));
            }
            if t.starts_with('{') {
                return Err((
                    "hz".into(),
                    format!(
                        "`hz=\"{v}\"` reads a blackboard entry, but bt fixes the rate when the tree is built: write a number"
                    ),
                ));
            }
            let hz = t.parse::<f64>().map_err(|_| {
                (
                    "hz".to_string(),
                    format!("`hz=\"{v}\"` is not a number: write a rate in hertz such as `hz=\"1.0\"`"),
                )
            })?;
            if !(hz.is_finite() && hz > 0.0) {
                return Err(("hz".into(), format!("`hz=\"{v}\"` must be a positive rate in hertz")));
            }
            // A float literal as `bt!` writes one.
            let text = if t.contains('.') || t.contains('e') || t.contains('E') {
                t.to_string()
            } else {
                format!("{t}.0")
            };
            vec![positional(ArgValue::Float(hz, text))]
        }
        "RunOnce" => match attr("then_skip").as_deref().map(str::trim) {
            // BehaviorTree.CPP's default is to skip once the child has completed.
            None | Some("true") => vec![named("then_skip", ArgValue::Ident("true".into()))],
            Some("false") => Vec::new(),
            Some(v) => {
                return Err(("then_skip".into(), format!("`then_skip=\"{v}\"` must be `true` or `false`")));
            }
        },
        "Precondition" => {
            let c = need("if", "the condition, a condition leaf such as `if=\"IsReady\"`")?;
            if !is_bt_condition(&c) {
                return Err((
                    "if".into(),
                    format!(
                        "`Precondition` runs a BehaviorTree.CPP script (`if=\"{c}\"`), which bt does not compile: write the condition as a condition leaf of your own and name its type, `if=\"IsReady\"`"
                    ),
                ));
            }
            let mut args = vec![positional(ArgValue::Code(c.trim().to_string()))];
            args.extend(otherwise(attr)?);
            args
        }
        "parallel" => {
            vec![positional(bt_count("n", &need("n", "how many children must succeed")?).map_err(e("n"))?)]
        }
        "random" => match attr("seed") {
            Some(v) => vec![named("seed", bt_seed(&v).map_err(e("seed"))?)],
            None => Vec::new(),
        },
        "cooldown" => vec![positional(
            bt_duration("duration", &need("duration", "a duration such as `1s`")?).map_err(e("duration"))?,
        )],
        "guard" => {
            let c = need("condition", "a condition leaf such as `condition=\"IsReady\"`")?;
            let mut v = vec![positional(ArgValue::Code(c.trim().to_string()))];
            if let Some(a) = attr("abort") {
                v.push(named("abort", ArgValue::Ident(a.trim().to_string())));
            }
            v
        }
        "service" => {
            let i = need("interval", "a duration such as `250ms`")?;
            let i = bt_duration("interval", &i).map_err(e("interval"))?;
            let l = need("leaf", "the leaf it runs, such as `leaf=\"UpdateTarget\"`")?;
            vec![positional(i), positional(ArgValue::Code(l.trim().to_string()))]
        }
        "switch" | "Switch2" | "Switch3" | "Switch4" | "Switch5" | "Switch6" => {
            return switch_args(b, attr, children);
        }
        _ => Vec::new(),
    };
    Ok((b.keyword, args))
}

/// The `otherwise` argument of `precondition` from `Precondition`'s `else`: `None` for
/// `FAILURE` (the default), `success` for `SUCCESS`, `skipped` for `SKIPPED`.
pub(crate) fn otherwise(attr: &dyn Fn(&str) -> Option<String>) -> Result<Option<Arg>, (String, String)> {
    let Some(v) = attr("else") else { return Ok(None) };
    let outcome = match v.trim() {
        "FAILURE" => return Ok(None),
        "SUCCESS" => "success",
        "SKIPPED" => "skipped",
        "RUNNING" => {
            return Err((
                "else".into(),
                "`else=\"RUNNING\"` would make `Precondition` run without running its child, which bt's `precondition` does not do: write `FAILURE`, `SUCCESS` or `SKIPPED`, or put the wait in a leaf".into(),
            ));
        }
        other => {
            return Err((
                "else".into(),
                format!("`else=\"{other}\"` is not a status: write `FAILURE`, `SUCCESS` or `SKIPPED`"),
            ));
        }
    };
    Ok(Some(named("otherwise", ArgValue::Ident(outcome.into()))))
}

/// The arguments of a switch: the selector (`variable`), then one per case. With a selector of the
/// context (bt's form, Rust code), `SwitchN` has `N` cases and a default (`_`) and `<Control
/// ID="switch">` has one case per child, each a pattern. `SwitchN variable="{key}"`
/// (BehaviorTree.CPP's form) compares the entry's text with each `case_N` in order, else takes
/// the last child: its cases are texts (`bt!` reads the entry through `bt::ports::switch_case`,
/// with the patterns `0`, …, `N - 1`, `_`).
fn switch_args(
    b: &Builtin,
    attr: &dyn Fn(&str) -> Option<String>,
    children: usize,
) -> Result<(&'static str, Vec<Arg>), (String, String)> {
    let variable = attr("variable").ok_or_else(|| {
        ("variable".to_string(), format!("`{}` needs `variable`: what it switches on", b.element))
    })?;
    let v = variable.trim();
    let key = v.strip_prefix('{').map(|k| k.strip_suffix('}').unwrap_or(k).trim().trim_start_matches('@'));
    let (cases, default) = match b.element.strip_prefix("Switch") {
        Some(n) => (n.parse::<usize>().unwrap_or(0), true),
        None => (children, false),
    };
    if !default {
        if key.is_some() {
            return Err((
                "variable".into(),
                format!(
                    "`<Control ID=\"switch\">` switches on a selector of the context (`variable=\"|r: &Robot| r.mode\"`), not on a blackboard entry (`{variable}`): write `Switch{}` with `case_1`…`case_{}` and a default child last",
                    children.saturating_sub(1).clamp(2, 6),
                    children.saturating_sub(1).clamp(2, 6),
                ),
            ));
        }
        if let Some(extra) =
            (children + 1..=SWITCH_CASES.len()).find(|i| attr(&format!("case_{i}")).is_some())
        {
            return Err((
                format!("case_{extra}"),
                format!(
                    "`<Control ID=\"switch\">` has `case_{extra}` but {children} {}: one `case_N` per child, in order",
                    if children == 1 { "child" } else { "children" }
                ),
            ));
        }
    }
    let mut args = vec![named(
        "variable",
        match key {
            Some(k) => ArgValue::Key(k.to_string()),
            None => ArgValue::Code(v.to_string()),
        },
    )];
    for i in 1..=cases {
        let name = format!("case_{i}");
        let p = attr(&name).ok_or_else(|| {
            (name.clone(), format!("`{}` needs `{name}`: one case per child before the default", b.element))
        })?;
        let case = SWITCH_CASES.get(i).copied();
        args.push(Arg {
            name: case,
            // BehaviorTree.CPP compares the entry's text with the case's text as written.
            value: if key.is_some() { ArgValue::Text(p) } else { ArgValue::Code(p.trim().to_string()) },
        });
    }
    if default {
        args.push(positional(ArgValue::Code("_".into())));
    }
    Ok(("switch", args))
}
