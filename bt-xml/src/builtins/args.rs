//! The arguments of a built-in, read from its element's attributes as structured values: what
//! the run-time loader builds the node from, and what `bt_xml!` writes as `bt!` arguments
//! ([`dsl`]).

use std::time::Duration;

use super::Builtin;
use super::switch::switch_args;
use super::values::{
    bt_count, bt_duration, bt_seed, count, e, int, is_bt_condition, is_const_path, millis_arg, threshold,
};

/// One argument of a built-in node, read from its attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    /// The argument's name in `bt!` (`success`, `seed`, `abort`), or `None` for a positional one.
    pub name: Option<&'static str>,
    /// Its value.
    pub value: ArgValue,
}

/// The names of the positional parameters of `bt!` keyword `keyword`, in order (`["n"]` for
/// `repeat`): the names a description gives the positional [`Arg`]s (whose `name` is `None`).
pub fn positional_names(keyword: &str) -> &'static [&'static str] {
    match keyword {
        "parallel" | "repeat" | "retry" => &["n"],
        "parallel_all" => &["max_failures"],
        "random" => &["seed"],
        "recovery" => &["retries"],
        "switch" => &["selector"],
        "timeout" | "delay" | "cooldown" | "sleep" => &["duration"],
        "rate_controller" => &["hz"],
        "service" => &["interval", "leaf"],
        "precondition" | "guard" => &["condition"],
        "__conditions" => &["conditions"],
        _ => &[],
    }
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
    /// A blackboard entry, after subtree remapping: a switch's `variable="{key}"`, or a count
    /// or duration read from the entry when the node needs it (`num_attempts="{n}"`,
    /// `msec="{t}"`, which `bt!` writes `retry("{n}")`).
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
            // A count or duration read from an entry, as `bt!` writes it: `"{key}"`.
            ArgValue::Key(k) => format!("{:?}", format!("{{{k}}}")),
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

pub(super) fn positional(value: ArgValue) -> Arg {
    Arg { name: None, value }
}

pub(super) fn named(name: &'static str, value: ArgValue) -> Arg {
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
            if let Some(k) = entry(&v) {
                return Ok((b.keyword, vec![positional(ArgValue::Key(k))]));
            }
            match int("num_cycles", &v).map_err(e("num_cycles"))? {
                -1 => Vec::new(),
                _ => vec![positional(ArgValue::Count(u64::from(
                    count("num_cycles", &v).map_err(e("num_cycles"))?,
                )))],
            }
        }
        "RetryUntilSuccessful" | "RetryUntilSuccesful" => {
            let v = need("num_attempts", "a count, or -1 to retry forever")?;
            if let Some(k) = entry(&v) {
                return Ok((b.keyword, vec![positional(ArgValue::Key(k))]));
            }
            match int("num_attempts", &v).map_err(e("num_attempts"))? {
                -1 => return Ok(("until_success", Vec::new())),
                _ => vec![positional(ArgValue::Count(u64::from(
                    count("num_attempts", &v).map_err(e("num_attempts"))?,
                )))],
            }
        }
        "Timeout" | "Sleep" => {
            let v = need("msec", "a duration in milliseconds")?;
            match entry(&v) {
                Some(k) => vec![positional(ArgValue::Key(k))],
                None => vec![positional(millis_arg(b.element, "msec", &v).map_err(e("msec"))?)],
            }
        }
        "Delay" => {
            let v = need("delay_msec", "a duration in milliseconds")?;
            match entry(&v) {
                Some(k) => vec![positional(ArgValue::Key(k))],
                None => vec![positional(millis_arg(b.element, "delay_msec", &v).map_err(e("delay_msec"))?)],
            }
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
        "TryCatch" => match attr("catch_on_halt").as_deref().map(str::trim) {
            None | Some("false") => Vec::new(),
            Some("true") => vec![named("catch_on_halt", ArgValue::Ident("true".into()))],
            Some(v) => {
                return Err((
                    "catch_on_halt".into(),
                    format!(
                        "`catch_on_halt=\"{v}\"` must be `true` or `false` (bt reads it when the tree is built, not from the blackboard)"
                    ),
                ));
            }
        },
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
        "repeat" => match attr("n") {
            Some(v) => vec![positional(bt_count("n", &v).map_err(e("n"))?)],
            None => Vec::new(),
        },
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

/// The entry of an attribute written `{key}` (already remapped, as the element reads it).
fn entry(text: &str) -> Option<String> {
    let k = text.trim().strip_prefix('{')?.strip_suffix('}')?.trim().trim_start_matches('@').trim();
    (!k.is_empty()).then(|| k.to_string())
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
