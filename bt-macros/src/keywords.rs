//! The DSL's keyword table: every node kind, its arguments and how many children it takes.

/// What an argument must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ArgKind {
    /// A count: an integer literal (checked) or any expression (checked at run time).
    Count,
    /// A duration: a literal with a unit suffix (`2s`, `1.5s`, `200ms`, `10us`, `5ns`) or any
    /// expression of type `core::time::Duration`.
    Duration,
    /// A random seed: an integer literal or any `u64` expression.
    Seed,
    /// A condition leaf (same leaf syntax as a child).
    Condition,
    /// A rate in hertz: a positive number literal (checked) or any `f64` expression.
    Rate,
    /// Any leaf (same syntax as a child): the work of a `service`.
    Leaf,
    /// The selector of a `switch`: any expression that is a function of the context.
    Selector,
    /// An observer abort mode: `none`, `self`, `lower_priority` or `both`.
    Abort,
    /// What `precondition` returns when its condition does not hold: `failure`, `success` or
    /// `skipped`.
    Otherwise,
    /// `true` or `false`.
    Flag,
    /// A value passed to the spec as it is, written like a leaf (so that its type is known in a
    /// named tree): the conditions of `__conditions`.
    Value,
}

/// One argument a keyword accepts.
#[derive(Debug)]
pub(crate) struct Param {
    /// Its name in `name = value` form.
    pub name: &'static str,
    pub kind: ArgKind,
    pub required: bool,
    /// Whether it may be given without its name (positional parameters come first).
    pub positional: bool,
}

/// One keyword of the DSL.
#[derive(Debug)]
pub(crate) struct Keyword {
    /// The canonical name (the `kind` of its description entries).
    pub name: &'static str,
    /// Other names for the same node.
    pub aliases: &'static [&'static str],
    /// Fewest and most children.
    pub min: usize,
    pub max: usize,
    pub params: &'static [Param],
    /// How to write the arguments, for messages (`"parallel(1)<A, B>"`).
    pub example: &'static str,
}

impl Keyword {
    /// Exactly one child: a decorator.
    pub(crate) fn is_decorator(&self) -> bool {
        self.max == 1
    }

    /// No children: a leaf keyword (`sleep(500ms)`, `always_success`).
    pub(crate) fn is_leaf(&self) -> bool {
        self.max == 0
    }

    /// Whether it is a keyword only the macros write (`__conditions`), which messages do not
    /// suggest.
    pub(crate) fn is_hidden(&self) -> bool {
        self.name.starts_with("__")
    }

    /// Whether some argument must be given.
    pub(crate) fn needs_args(&self) -> bool {
        self.params.iter().any(|p| p.required)
    }
}

/// Most children a composite can have (the runtime implements `Children` for tuples up to 16).
pub(crate) const MAX_CHILDREN: usize = 16;

const fn composite(name: &'static str, aliases: &'static [&'static str], example: &'static str) -> Keyword {
    Keyword { name, aliases, min: 1, max: MAX_CHILDREN, params: &[], example }
}

const fn decorator(name: &'static str, example: &'static str) -> Keyword {
    Keyword { name, aliases: &[], min: 1, max: 1, params: &[], example }
}

const fn leaf(name: &'static str, params: &'static [Param], example: &'static str) -> Keyword {
    Keyword { name, aliases: &[], min: 0, max: 0, params, example }
}

const COUNT_N: &[Param] = &[Param { name: "n", kind: ArgKind::Count, required: true, positional: true }];
const OPT_COUNT_N: &[Param] = &[Param { name: "n", kind: ArgKind::Count, required: false, positional: true }];
const DURATION: &[Param] =
    &[Param { name: "duration", kind: ArgKind::Duration, required: true, positional: true }];
const PRECONDITION: &[Param] = &[
    Param { name: "condition", kind: ArgKind::Condition, required: true, positional: true },
    Param { name: "otherwise", kind: ArgKind::Otherwise, required: false, positional: false },
];
const GUARD: &[Param] = &[
    Param { name: "condition", kind: ArgKind::Condition, required: true, positional: true },
    Param { name: "abort", kind: ArgKind::Abort, required: false, positional: false },
];

/// Every keyword, in the order of the documentation.
pub(crate) const KEYWORDS: &[Keyword] = &[
    composite("sequence", &[], "sequence<A, B>"),
    composite("selector", &["fallback"], "selector<A, B>"),
    composite("reactive_sequence", &[], "reactive_sequence<A, B>"),
    composite("reactive_selector", &["reactive_fallback"], "reactive_selector<A, B>"),
    composite("mem_sequence", &[], "mem_sequence<A, B>"),
    composite("mem_selector", &[], "mem_selector<A, B>"),
    composite("async_sequence", &[], "async_sequence<A, B>"),
    Keyword {
        name: "try_catch",
        aliases: &[],
        min: 2,
        max: MAX_CHILDREN,
        params: &[Param { name: "catch_on_halt", kind: ArgKind::Flag, required: false, positional: false }],
        example: "try_catch(catch_on_halt = true)<A, B, Cleanup>",
    },
    Keyword {
        name: "parallel",
        aliases: &[],
        min: 1,
        max: MAX_CHILDREN,
        params: COUNT_N,
        example: "parallel(1)<A, B>",
    },
    Keyword {
        name: "threshold_parallel",
        aliases: &[],
        min: 1,
        max: MAX_CHILDREN,
        params: &[
            Param { name: "success", kind: ArgKind::Count, required: false, positional: false },
            Param { name: "failure", kind: ArgKind::Count, required: false, positional: false },
        ],
        example: "threshold_parallel(success = 2, failure = 1)<A, B, C>",
    },
    Keyword {
        name: "parallel_all",
        aliases: &[],
        min: 1,
        max: MAX_CHILDREN,
        params: &[Param { name: "max_failures", kind: ArgKind::Count, required: false, positional: true }],
        example: "parallel_all(max_failures = 1)<A, B>",
    },
    Keyword {
        name: "random",
        aliases: &[],
        min: 1,
        max: MAX_CHILDREN,
        params: &[Param { name: "seed", kind: ArgKind::Seed, required: false, positional: true }],
        example: "random(seed = 7)<A, B>",
    },
    Keyword {
        name: "if_then_else",
        aliases: &[],
        min: 2,
        max: 3,
        params: &[],
        example: "if_then_else<Condition, Then, Else>",
    },
    Keyword {
        name: "while_do_else",
        aliases: &[],
        min: 2,
        max: 3,
        params: &[],
        example: "while_do_else<Condition, Do, Else>",
    },
    composite("pipeline_sequence", &[], "pipeline_sequence<A, B>"),
    composite("round_robin", &[], "round_robin<A, B>"),
    Keyword {
        name: "recovery",
        aliases: &[],
        min: 2,
        max: 2,
        params: &[Param { name: "retries", kind: ArgKind::Count, required: true, positional: true }],
        example: "recovery(1)<Action, Recovery>",
    },
    Keyword {
        name: "switch",
        aliases: &[],
        min: 1,
        max: MAX_CHILDREN,
        params: &[Param { name: "selector", kind: ArgKind::Selector, required: true, positional: true }],
        example: "switch(|r: &Robot| r.mode)<Mode::Dock => Dock, _ => Explore>",
    },
    Keyword { name: "repeat", aliases: &[], min: 1, max: 1, params: OPT_COUNT_N, example: "repeat(3)<A>" },
    decorator("invert", "invert(A)"),
    decorator("force_success", "force_success(A)"),
    decorator("force_failure", "force_failure(A)"),
    Keyword { name: "retry", aliases: &[], min: 1, max: 1, params: COUNT_N, example: "retry(3)<A>" },
    Keyword {
        name: "until_failure",
        aliases: &["keep_running_until_failure"],
        min: 1,
        max: 1,
        params: &[],
        example: "until_failure(A)",
    },
    decorator("until_success", "until_success(A)"),
    Keyword { name: "timeout", aliases: &[], min: 1, max: 1, params: DURATION, example: "timeout(2s)<A>" },
    Keyword { name: "delay", aliases: &[], min: 1, max: 1, params: DURATION, example: "delay(500ms)<A>" },
    Keyword { name: "cooldown", aliases: &[], min: 1, max: 1, params: DURATION, example: "cooldown(1s)<A>" },
    Keyword {
        name: "rate_controller",
        aliases: &[],
        min: 1,
        max: 1,
        params: &[Param { name: "hz", kind: ArgKind::Rate, required: true, positional: true }],
        example: "rate_controller(10.0)<A>",
    },
    Keyword {
        name: "run_once",
        aliases: &[],
        min: 1,
        max: 1,
        params: &[Param { name: "then_skip", kind: ArgKind::Flag, required: false, positional: false }],
        example: "run_once(A)",
    },
    Keyword {
        name: "service",
        aliases: &[],
        min: 1,
        max: 1,
        params: &[
            Param { name: "interval", kind: ArgKind::Duration, required: true, positional: true },
            Param { name: "leaf", kind: ArgKind::Leaf, required: true, positional: true },
        ],
        example: "service(250ms, UpdateTarget)<A>",
    },
    Keyword {
        name: "precondition",
        aliases: &[],
        min: 1,
        max: 1,
        params: PRECONDITION,
        example: "precondition(IsReady)<A>",
    },
    // Hidden (`bt_xml!` writes it): a node's pre- and post-conditions, a `bt::Conditions` value.
    // Not a node of the description: the node it holds keeps its place there.
    Keyword {
        name: "__conditions",
        aliases: &[],
        min: 1,
        max: 1,
        params: &[Param { name: "conditions", kind: ArgKind::Value, required: true, positional: true }],
        example: "__conditions(Conditions::new())<A>",
    },
    Keyword { name: "guard", aliases: &[], min: 1, max: 1, params: GUARD, example: "guard(IsReady)<A>" },
    decorator("boxed", "boxed(A)"),
    leaf("sleep", DURATION, "sleep(500ms)"),
    leaf("always_success", &[], "always_success"),
    leaf("always_failure", &[], "always_failure"),
];

/// Names people coming from other behavior-tree libraries reach for, and the keyword they mean.
const SYNONYMS: &[(&str, &str)] = &[
    ("inverter", "invert"),
    ("not", "invert"),
    ("negate", "invert"),
    ("succeeder", "force_success"),
    ("always_succeed", "force_success"),
    ("failer", "force_failure"),
    ("always_fail", "force_failure"),
    ("priority", "selector"),
    ("loop", "repeat"),
    ("repeater", "repeat"),
    ("wait", "delay"),
    ("once", "run_once"),
    ("repeat_until_fail", "until_failure"),
    ("repeat_until_failure", "until_failure"),
    ("repeat_until_success", "until_success"),
    ("retry_until_successful", "retry"),
    ("sequence_with_memory", "mem_sequence"),
    ("selector_with_memory", "mem_selector"),
    ("fallback_with_memory", "mem_selector"),
    ("mem_fallback", "mem_selector"),
    ("reactive_fallback", "reactive_selector"),
    ("if", "if_then_else"),
    ("while", "while_do_else"),
    ("pipeline", "pipeline_sequence"),
    ("recovery_node", "recovery"),
    ("throttle", "rate_controller"),
    ("rate", "rate_controller"),
    ("keep_running", "until_failure"),
    ("match", "switch"),
    ("case", "switch"),
    ("switch_case", "switch"),
    ("periodic", "service"),
    ("observer_abort", "guard"),
];

/// The keyword named `name` (canonical name or alias).
pub(crate) fn lookup(name: &str) -> Option<&'static Keyword> {
    KEYWORDS.iter().find(|k| k.name == name || k.aliases.contains(&name))
}

/// Levenshtein distance (small strings only).
pub(crate) fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The keyword closest to `word`, if one is close enough to be a plausible typo.
pub(crate) fn suggest(word: &str) -> Option<&'static str> {
    let lower = word.to_lowercase();
    if let Some(k) = lookup(&lower) {
        return Some(k.name);
    }
    if let Some((_, k)) = SYNONYMS.iter().find(|(s, _)| *s == lower) {
        return Some(k);
    }
    let names = KEYWORDS
        .iter()
        .filter(|k| !k.is_hidden())
        .flat_map(|k| core::iter::once(&k.name).chain(k.aliases.iter()));
    let (best, d) = names.map(|n| (*n, distance(&lower, n))).min_by_key(|(_, d)| *d)?;
    let limit = (lower.chars().count() / 3).max(1);
    (d <= limit).then(|| lookup(best).map_or(best, |k| k.name))
}

/// A keyword in CamelCase, the name of its node type: `reactive_sequence` → `ReactiveSequence`.
pub(crate) fn camel(keyword: &str) -> String {
    if keyword == "__conditions" {
        return "Conditioned".into();
    }
    keyword
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        })
        .collect()
}

/// Every canonical keyword, comma-separated in backquotes (for messages).
pub(crate) fn all_names() -> String {
    KEYWORDS.iter().filter(|k| !k.is_hidden()).map(|k| format!("`{}`", k.name)).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(suggest("seqence"), Some("sequence"));
        assert_eq!(suggest("selctor"), Some("selector"));
        assert_eq!(suggest("paralel"), Some("parallel"));
        assert_eq!(suggest("Sequence"), Some("sequence"));
        assert_eq!(suggest("inverter"), Some("invert"));
        assert_eq!(suggest("fallback"), Some("selector"));
        assert_eq!(suggest("walk_to"), None);
        assert_eq!(suggest("pipeline"), Some("pipeline_sequence"));
        assert_eq!(suggest("keep_running_until_failure"), Some("until_failure"));
        assert_eq!(suggest("always_success"), Some("always_success"));
        assert_eq!(suggest("sleep"), Some("sleep"));
        assert_eq!(suggest("round_robbin"), Some("round_robin"));
        assert_eq!(suggest("x"), None);
    }

    #[test]
    fn table_is_consistent() {
        for k in KEYWORDS {
            assert!(k.min <= k.max && k.max <= MAX_CHILDREN, "{}", k.name);
            assert!(k.min >= 1 || k.is_leaf(), "{}: only leaf keywords take no children", k.name);
            assert_eq!(lookup(k.name).map(|l| l.name), Some(k.name));
            let named = k.params.iter().position(|p| !p.positional).unwrap_or(k.params.len());
            for p in &k.params[named..] {
                assert!(!p.positional, "{}: positional parameters come first", k.name);
            }
            // A loaded tree's description names positional arguments as a compiled one's does.
            let positional: Vec<&str> = k.params[..named].iter().map(|p| p.name).collect();
            assert_eq!(bt_xml::positional_names(k.name), positional, "{}", k.name);
        }
    }
}
