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
    b("AsyncSequence", "async_sequence", 1, MANY, &[]),
    b("TryCatch", "try_catch", 2, MANY, &["catch_on_halt"]),
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

/// The keywords of `bt!` that `description().btcpp_xml()` writes as nodes of bt's own (no
/// BehaviorTree.CPP element ticks as they do), named after the keyword: in the compact form,
/// `<mem_selector>`, `<cooldown duration="1s">`, as the export writes them, or in the generic one,
/// `<Control ID="mem_selector">`, `<Decorator ID="cooldown">`, as earlier exports did.
const GENERIC: &[Builtin] = &[
    b("mem_selector", "mem_selector", 1, MANY, &[]),
    b("repeat", "repeat", 1, 1, &["n"]),
    b("until_success", "until_success", 1, 1, &[]),
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

/// Element names that `bt-xml` reads as something else than a leaf of yours: the built-ins above
/// and the elements read on their own (`SubTree`, the script leaves, the loops,
/// `UnsetBlackboard`), for the "did you mean" of an element nobody knows.
pub fn known_elements() -> impl Iterator<Item = &'static str> {
    const OTHERS: &[&str] = &[
        "SubTree",
        "Script",
        "ScriptCondition",
        "SetBlackboard",
        "UnsetBlackboard",
        "LoopInt",
        "LoopDouble",
        "LoopString",
        "LoopBool",
    ];
    BUILTINS.iter().map(|b| b.element).chain(OTHERS.iter().copied())
}

/// The keyword of bt's own written `<id …>` or in the generic form `<Control ID="id">` or
/// `<Decorator ID="id">`, if `id` is one of those `description().btcpp_xml()` writes that way.
pub fn generic_keyword(id: &str) -> Option<&'static Builtin> {
    GENERIC.iter().find(|b| b.element == id)
}

/// BehaviorTree.CPP's scripting attributes (pre- and post-conditions).
const SCRIPT_ATTRIBUTES: &[&str] =
    &["_skipIf", "_successIf", "_failureIf", "_while", "_onSuccess", "_onFailure", "_onHalted", "_post"];

/// Whether `attr` is one of BehaviorTree.CPP's scripting attributes.
pub fn script_attribute(attr: &str) -> bool {
    SCRIPT_ATTRIBUTES.contains(&attr)
}

/// Element names of BehaviorTree.CPP built-ins that have no counterpart in `bt` yet, with why.
pub(crate) fn unsupported(element: &str) -> Option<&'static str> {
    Some(match element {
        "ManualSelector" => "ManualSelector needs an operator's terminal; it has no counterpart in bt",
        "EntryUpdated" | "SkipUnlessUpdated" | "WaitValueUpdate" => {
            "the blackboard-update decorators need entry sequence numbers, which bt's blackboard does not keep; write the check as a condition leaf"
        }
        _ => return None,
    })
}

mod args;
mod switch;
mod values;

pub(crate) use args::otherwise;
pub use args::{Arg, ArgValue, arguments, dsl, positional_names};
pub(crate) use values::is_bt_condition;
