//! BehaviorTree.CPP's built-in nodes (v4 and v3 names) and Nav2's control nodes, and the `bt!`
//! keyword each one maps to.

/// A built-in node type of BehaviorTree.CPP or Nav2 that maps to a keyword of `bt!`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builtin {
    /// The element name (`"RetryUntilSuccessful"`).
    pub element: &'static str,
    /// The `bt!` keyword it becomes.
    pub keyword: &'static str,
    /// Fewest and most children.
    pub min: usize,
    /// Most children.
    pub max: usize,
    /// The attributes it reads (anything else but `name` and the editor's `_…` attributes is an
    /// error).
    pub attrs: &'static [&'static str],
}

const fn b(
    element: &'static str,
    keyword: &'static str,
    min: usize,
    max: usize,
    attrs: &'static [&'static str],
) -> Builtin {
    Builtin { element, keyword, min, max, attrs }
}

const MANY: usize = 16;

/// Every built-in, with the keyword it maps to.
const BUILTINS: &[Builtin] = &[
    b("Sequence", "sequence", 1, MANY, &[]),
    b("Fallback", "selector", 1, MANY, &[]),
    b("ReactiveSequence", "reactive_sequence", 1, MANY, &[]),
    b("ReactiveFallback", "reactive_selector", 1, MANY, &[]),
    b("SequenceWithMemory", "mem_sequence", 1, MANY, &[]),
    b("SequenceStar", "mem_sequence", 1, MANY, &[]),
    b(
        "Parallel",
        "threshold_parallel",
        1,
        MANY,
        &["success_count", "failure_count", "success_threshold", "failure_threshold"],
    ),
    b("ParallelAll", "parallel_all", 1, MANY, &["max_failures"]),
    b("IfThenElse", "if_then_else", 2, 3, &[]),
    b("WhileDoElse", "while_do_else", 2, 3, &[]),
    b("Inverter", "invert", 1, 1, &[]),
    b("ForceSuccess", "force_success", 1, 1, &[]),
    b("ForceFailure", "force_failure", 1, 1, &[]),
    b("Repeat", "repeat", 1, 1, &["num_cycles"]),
    b("RetryUntilSuccessful", "retry", 1, 1, &["num_attempts"]),
    b("RetryUntilSuccesful", "retry", 1, 1, &["num_attempts"]),
    b("KeepRunningUntilFailure", "until_failure", 1, 1, &[]),
    b("Timeout", "timeout", 1, 1, &["msec"]),
    b("Delay", "delay", 1, 1, &["delay_msec"]),
    b("RunOnce", "run_once", 1, 1, &["then_skip"]),
    b("Precondition", "precondition", 1, 1, &["if", "else"]),
    b("Sleep", "sleep", 0, 0, &["msec"]),
    b("AlwaysSuccess", "always_success", 0, 0, &[]),
    b("AlwaysFailure", "always_failure", 0, 0, &[]),
    // Nav2's control nodes.
    b("PipelineSequence", "pipeline_sequence", 1, MANY, &[]),
    b("RecoveryNode", "recovery", 2, 2, &["number_of_retries"]),
    b("RateController", "rate_controller", 1, 1, &["hz"]),
    b("RoundRobin", "round_robin", 1, MANY, &[]),
    // Switches: on a selector of the context (as `description().btcpp_xml()` writes them) or on a
    // blackboard entry (`variable="{key}"`, BehaviorTree.CPP's form).
    b("Switch2", "switch", 3, 3, &["variable", "case_1", "case_2"]),
    b("Switch3", "switch", 4, 4, &["variable", "case_1", "case_2", "case_3"]),
    b("Switch4", "switch", 5, 5, &["variable", "case_1", "case_2", "case_3", "case_4"]),
    b("Switch5", "switch", 6, 6, &["variable", "case_1", "case_2", "case_3", "case_4", "case_5"]),
    b("Switch6", "switch", 7, 7, &["variable", "case_1", "case_2", "case_3", "case_4", "case_5", "case_6"]),
];

/// The keywords of `bt!` that have no BehaviorTree.CPP element: `description().btcpp_xml()` writes
/// them in the generic form, `<Control ID="mem_selector">`, `<Decorator ID="cooldown">`, and they
/// are read back from that form only.
const GENERIC: &[Builtin] = &[
    b("mem_selector", "mem_selector", 1, MANY, &[]),
    b("parallel", "parallel", 1, MANY, &["n"]),
    b("random", "random", 1, MANY, &["seed"]),
    b("cooldown", "cooldown", 1, 1, &["duration"]),
    b("guard", "guard", 1, 1, &["condition", "abort"]),
    b("service", "service", 1, 1, &["interval", "leaf"]),
    b("switch", "switch", 1, MANY, SWITCH_CASES),
];

/// The attributes of `<Control ID="switch">`: the selector and up to 16 cases.
const SWITCH_CASES: &[&str] = &[
    "variable", "case_1", "case_2", "case_3", "case_4", "case_5", "case_6", "case_7", "case_8", "case_9",
    "case_10", "case_11", "case_12", "case_13", "case_14", "case_15", "case_16",
];

/// The built-in named `element`, if it is one.
pub fn builtin(element: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.element == element)
}

/// The keyword written in the generic form `<Control ID="id">` or `<Decorator ID="id">`, if `id`
/// is one of those `description().btcpp_xml()` writes that way.
pub fn generic_keyword(id: &str) -> Option<&'static Builtin> {
    GENERIC.iter().find(|b| b.element == id)
}

/// BehaviorTree.CPP's scripting attributes (pre- and post-conditions), which are not compiled.
const SCRIPT_ATTRIBUTES: &[&str] =
    &["_skipIf", "_successIf", "_failureIf", "_while", "_onSuccess", "_onFailure", "_onHalted", "_post"];

/// Whether `attr` is one of BehaviorTree.CPP's scripting attributes.
pub fn script_attribute(attr: &str) -> bool {
    SCRIPT_ATTRIBUTES.contains(&attr)
}

/// Element names that run BehaviorTree.CPP scripts.
pub(crate) const SCRIPT_NODES: &[&str] = &["Script", "ScriptCondition", "SetBlackboard", "UnsetBlackboard"];

/// Element names of BehaviorTree.CPP built-ins that have no counterpart in `bt` yet, with why.
pub(crate) fn unsupported(element: &str) -> Option<&'static str> {
    Some(match element {
        "ManualSelector" => "ManualSelector needs an operator's terminal; it has no counterpart in bt",
        "LoopDouble" | "LoopString" | "LoopInt" | "LoopBool" => {
            "the Loop decorators pop a queue of the blackboard; write that loop as a leaf of your own"
        }
        "EntryUpdated" | "SkipUnlessUpdated" | "WaitValueUpdate" => {
            "the blackboard-update decorators need entry sequence numbers, which bt's blackboard does not keep; write the check as a condition leaf"
        }
        _ => return None,
    })
}

/// Reads an integer attribute.
fn int(attr: &str, text: &str) -> Result<i64, String> {
    let t = text.trim();
    if t.starts_with('{') {
        return Err(format!(
            "`{attr}=\"{text}\"` reads a blackboard entry, but bt fixes a built-in's `{attr}` when the tree is compiled: write a number"
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
fn threshold(attr: &str, text: &str, children: usize) -> Result<usize, String> {
    let v = int(attr, text)?;
    let n = i64::try_from(children).unwrap_or(i64::MAX);
    let t = if v < 0 { n.saturating_add(v).saturating_add(1) } else { v };
    if t < 0 || t > n {
        return Err(format!(
            "`{attr}=\"{text}\"` asks for {t} of {n} children: write a number from 1 to {n}, or -1 for all of them"
        ));
    }
    Ok(usize::try_from(t).unwrap_or(0))
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

/// Whether `text` is a duration literal as `bt!` writes one (`2s`, `1.5s`, `250ms`, `10us`, `5ns`).
fn is_duration_literal(text: &str) -> bool {
    let t = text.trim();
    let number = ["ms", "us", "ns", "s"].iter().find_map(|u| t.strip_suffix(u));
    number.is_some_and(|n| {
        n.starts_with(|c: char| c.is_ascii_digit())
            && n.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | '_' | 'e' | 'E' | '-' | '+'))
    })
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

/// A duration attribute in milliseconds (`msec`, `delay_msec`) as `bt!` writes it: `Ns` when it is
/// a whole number of seconds, `Nms` otherwise. A constant or a duration literal with its unit (as
/// `description().btcpp_xml()` writes durations it cannot give in milliseconds) is kept as written.
fn millis_arg(element: &str, attr: &str, text: &str) -> Result<String, String> {
    let t = text.trim();
    if is_const_path(t) || is_duration_literal(t) {
        return Ok(t.to_string());
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
    Ok(if ms != 0 && ms % 1000 == 0 { format!("{}s", ms / 1000) } else { format!("{ms}ms") })
}

/// A duration written in bt's form (`cooldown`'s `duration`, `service`'s `interval`): a duration
/// literal with its unit or a constant, kept as written.
fn bt_duration(attr: &str, text: &str) -> Result<String, String> {
    let t = text.trim();
    if is_const_path(t) || is_duration_literal(t) {
        Ok(t.to_string())
    } else {
        Err(format!(
            "`{attr}=\"{text}\"` is not a duration: write a literal with its unit (`500ms`, `2s`) or a constant"
        ))
    }
}

/// A count in bt's form: an integer literal or a constant, kept as written.
fn bt_count(attr: &str, text: &str) -> Result<String, String> {
    let t = text.trim();
    if is_const_path(t) {
        return Ok(t.to_string());
    }
    count(attr, text).map(|n| n.to_string())
}

/// The `bt!` keyword and arguments of built-in `b` from its attributes (`attr(name)` reads one),
/// or an error naming the attribute.
pub(crate) fn args(
    b: &Builtin,
    attr: &dyn Fn(&str) -> Option<String>,
    children: usize,
) -> Result<(&'static str, String), (String, String)> {
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
                parts.push(format!("success = {}", threshold(a, &v, children).map_err(e(a))?));
            }
            if let Some((a, v)) = f {
                parts.push(format!("failure = {}", threshold(a, &v, children).map_err(e(a))?));
            }
            parts.join(", ")
        }
        "ParallelAll" => match attr("max_failures") {
            Some(v) => format!("max_failures = {}", count("max_failures", &v).map_err(e("max_failures"))?),
            None => String::new(),
        },
        "Repeat" => {
            let v = need("num_cycles", "a count, or -1 to repeat forever")?;
            match int("num_cycles", &v).map_err(e("num_cycles"))? {
                -1 => String::new(),
                _ => count("num_cycles", &v).map_err(e("num_cycles"))?.to_string(),
            }
        }
        "RetryUntilSuccessful" | "RetryUntilSuccesful" => {
            let v = need("num_attempts", "a count, or -1 to retry forever")?;
            match int("num_attempts", &v).map_err(e("num_attempts"))? {
                -1 => return Ok(("until_success", String::new())),
                _ => count("num_attempts", &v).map_err(e("num_attempts"))?.to_string(),
            }
        }
        "Timeout" | "Sleep" => {
            let v = need("msec", "a duration in milliseconds")?;
            millis_arg(b.element, "msec", &v).map_err(e("msec"))?
        }
        "Delay" => {
            let v = need("delay_msec", "a duration in milliseconds")?;
            millis_arg(b.element, "delay_msec", &v).map_err(e("delay_msec"))?
        }
        "RecoveryNode" => match attr("number_of_retries") {
            Some(v) => count("number_of_retries", &v).map_err(e("number_of_retries"))?.to_string(),
            None => "1".to_string(),
        },
        "RateController" => {
            let v = attr("hz").unwrap_or_else(|| "10.0".to_string());
            let t = v.trim();
            if is_const_path(t) {
                return Ok((b.keyword, t.to_string()));
            }
            let hz = if t.starts_with('{') {
                return Err((
                    "hz".into(),
                    format!(
                        "`hz=\"{v}\"` reads a blackboard entry, but bt fixes the rate when the tree is compiled: write a number"
                    ),
                ));
            } else {
                t.parse::<f64>().map_err(|_| {
                    (
                        "hz".to_string(),
                        format!("`hz=\"{v}\"` is not a number: write a rate in hertz such as `hz=\"1.0\"`"),
                    )
                })?
            };
            if !(hz.is_finite() && hz > 0.0) {
                return Err(("hz".into(), format!("`hz=\"{v}\"` must be a positive rate in hertz")));
            }
            // A float literal as `bt!` writes one.
            if t.contains('.') || t.contains('e') || t.contains('E') {
                t.to_string()
            } else {
                format!("{t}.0")
            }
        }
        "RunOnce" => {
            if let Some(v) = attr("then_skip")
                && v.trim() != "true"
                && v.trim() != "false"
            {
                return Err(("then_skip".into(), format!("`then_skip=\"{v}\"` must be `true` or `false`")));
            }
            String::new()
        }
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
            if let Some(v) = attr("else")
                && v.trim() != "FAILURE"
            {
                return Err((
                    "else".into(),
                    format!(
                        "`else=\"{v}\"`: bt's `precondition` fails when its condition is false; write `else=\"FAILURE\"` or wrap it (`<ForceSuccess>` for SUCCESS)"
                    ),
                ));
            }
            c.trim().to_string()
        }
        "parallel" => bt_count("n", &need("n", "how many children must succeed")?).map_err(e("n"))?,
        "random" => match attr("seed") {
            Some(v) => format!("seed = {}", bt_seed(&v).map_err(e("seed"))?),
            None => String::new(),
        },
        "cooldown" => {
            bt_duration("duration", &need("duration", "a duration such as `1s`")?).map_err(e("duration"))?
        }
        "guard" => {
            let c = need("condition", "a condition leaf such as `condition=\"IsReady\"`")?;
            match attr("abort") {
                Some(a) => format!("{}, abort = {}", c.trim(), a.trim()),
                None => c.trim().to_string(),
            }
        }
        "service" => {
            let i = need("interval", "a duration such as `250ms`")?;
            let i = bt_duration("interval", &i).map_err(e("interval"))?;
            let l = need("leaf", "the leaf it runs, such as `leaf=\"UpdateTarget\"`")?;
            format!("{i}, {}", l.trim())
        }
        "switch" | "Switch2" | "Switch3" | "Switch4" | "Switch5" | "Switch6" => {
            return switch_args(b, attr, children);
        }
        _ => String::new(),
    };
    Ok((b.keyword, args))
}

/// A seed in bt's form: an integer or a constant, kept as written.
fn bt_seed(text: &str) -> Result<String, String> {
    let t = text.trim();
    if is_const_path(t) || (!t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || c == '_')) {
        Ok(t.to_string())
    } else {
        Err(format!("`seed=\"{text}\"` is not a seed: write an integer such as `seed=\"7\"`"))
    }
}

/// The arguments of a switch: `selector; pattern, …`, one pattern per child. With a selector of
/// the context (bt's form), `SwitchN` has `N` cases and a default (`_`) and `<Control
/// ID="switch">` has one case per child. `SwitchN variable="{key}"` (BehaviorTree.CPP's form)
/// reads the entry through `bt::ports::switch_case` (the index of the first `case_N` equal to the
/// entry's text, or `N`), with the patterns `0`, …, `N - 1`, `_`.
fn switch_args(
    b: &Builtin,
    attr: &dyn Fn(&str) -> Option<String>,
    children: usize,
) -> Result<(&'static str, String), (String, String)> {
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
    let mut patterns = Vec::new();
    let mut texts = Vec::new();
    for i in 1..=cases {
        let name = format!("case_{i}");
        let p = attr(&name).ok_or_else(|| {
            (name.clone(), format!("`{}` needs `{name}`: one case per child before the default", b.element))
        })?;
        if key.is_some() {
            // BehaviorTree.CPP compares the entry's text with the case's text as written.
            texts.push(format!("{p:?}"));
            patterns.push(format!("{}", i - 1));
        } else {
            patterns.push(p.trim().to_string());
        }
    }
    if default {
        patterns.push("_".into());
    }
    if let Some(key) = key {
        let selector = format!("::bt::ports::switch_case({key:?}, [{}])", texts.join(", "));
        return Ok(("switch", format!("{selector}; {}", patterns.join(", "))));
    }
    Ok(("switch", format!("{v}; {}", patterns.join(", "))))
}
