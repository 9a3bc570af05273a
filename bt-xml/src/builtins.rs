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
    b("Sleep", "sleep", 0, 0, &["msec"]),
    b("AlwaysSuccess", "always_success", 0, 0, &[]),
    b("AlwaysFailure", "always_failure", 0, 0, &[]),
    // Nav2's control nodes.
    b("PipelineSequence", "pipeline_sequence", 1, MANY, &[]),
    b("RecoveryNode", "recovery", 2, 2, &["number_of_retries"]),
    b("RateController", "rate_controller", 1, 1, &["hz"]),
    b("RoundRobin", "round_robin", 1, MANY, &[]),
];

/// The built-in named `element`, if it is one.
pub fn builtin(element: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.element == element)
}

/// BehaviorTree.CPP's scripting attributes (pre- and post-conditions), which are not compiled.
const SCRIPT_ATTRIBUTES: &[&str] =
    &["_skipIf", "_successIf", "_failureIf", "_while", "_onSuccess", "_onFailure", "_onHalted", "_post"];

/// Whether `attr` is one of BehaviorTree.CPP's scripting attributes.
pub fn script_attribute(attr: &str) -> bool {
    SCRIPT_ATTRIBUTES.contains(&attr)
}

/// Element names that run BehaviorTree.CPP scripts.
pub(crate) const SCRIPT_NODES: &[&str] =
    &["Script", "ScriptCondition", "Precondition", "SetBlackboard", "UnsetBlackboard"];

/// Element names of BehaviorTree.CPP built-ins that have no counterpart in `bt` yet, with why.
pub(crate) fn unsupported(element: &str) -> Option<&'static str> {
    Some(match element {
        "Switch2" | "Switch3" | "Switch4" | "Switch5" | "Switch6" => {
            "a Switch compares a blackboard string with its `case_N` texts on every tick; bt's `switch` selects on a typed value of the context: write the tree with `bt!` and `switch(…)`, or replace the Switch by a Fallback of guarded Sequences"
        }
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

/// The `bt!` arguments of built-in `b` from its attributes (`attr(name)` reads one), or an error
/// naming the attribute.
pub(crate) fn args(
    b: &Builtin,
    attr: &dyn Fn(&str) -> Option<String>,
    children: usize,
) -> Result<String, (String, String)> {
    Ok(match b.element {
        "Parallel" => {
            let s = attr("success_count")
                .map(|v| ("success_count", v))
                .or_else(|| attr("success_threshold").map(|v| ("success_threshold", v)));
            let f = attr("failure_count")
                .map(|v| ("failure_count", v))
                .or_else(|| attr("failure_threshold").map(|v| ("failure_threshold", v)));
            let success = match s {
                Some((a, v)) => threshold(a, &v, children).map_err(e(a))?,
                None => children,
            };
            let failure = match f {
                Some((a, v)) => threshold(a, &v, children).map_err(e(a))?,
                None => 1,
            };
            format!("success = {success}, failure = {failure}")
        }
        "ParallelAll" => match attr("max_failures") {
            Some(v) => format!("max_failures = {}", count("max_failures", &v).map_err(e("max_failures"))?),
            None => String::new(),
        },
        "Repeat" => {
            let v = attr("num_cycles").ok_or_else(|| {
                (
                    "num_cycles".to_string(),
                    "`Repeat` needs `num_cycles`: a count, or -1 to repeat forever".to_string(),
                )
            })?;
            match int("num_cycles", &v).map_err(e("num_cycles"))? {
                -1 => String::new(),
                _ => count("num_cycles", &v).map_err(e("num_cycles"))?.to_string(),
            }
        }
        "RetryUntilSuccessful" | "RetryUntilSuccesful" => {
            let v = attr("num_attempts").ok_or_else(|| {
                (
                    "num_attempts".to_string(),
                    "`RetryUntilSuccessful` needs `num_attempts`: a count, or -1 to retry forever"
                        .to_string(),
                )
            })?;
            match int("num_attempts", &v).map_err(e("num_attempts"))? {
                -1 => String::new(),
                _ => count("num_attempts", &v).map_err(e("num_attempts"))?.to_string(),
            }
        }
        "Timeout" | "Sleep" => {
            let v = attr("msec").ok_or_else(|| {
                ("msec".to_string(), format!("`{}` needs `msec`: a duration in milliseconds", b.element))
            })?;
            format!("{}ms", count("msec", &v).map_err(e("msec"))?)
        }
        "Delay" => {
            let v = attr("delay_msec").ok_or_else(|| {
                (
                    "delay_msec".to_string(),
                    "`Delay` needs `delay_msec`: a duration in milliseconds".to_string(),
                )
            })?;
            format!("{}ms", count("delay_msec", &v).map_err(e("delay_msec"))?)
        }
        "RecoveryNode" => match attr("number_of_retries") {
            Some(v) => count("number_of_retries", &v).map_err(e("number_of_retries"))?.to_string(),
            None => "1".to_string(),
        },
        "RateController" => {
            let v = attr("hz").unwrap_or_else(|| "10.0".to_string());
            let t = v.trim();
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
        _ => String::new(),
    })
}
