//! The mapping table: how each bt kind is written as a BehaviorTree.CPP element.

/// How an argument's text becomes an attribute value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Conv {
    /// As written.
    Text,
    /// An integer literal as a plain integer.
    Count,
    /// A threshold: an integer, `-1` when above the number of children.
    Threshold,
    /// A duration literal in whole milliseconds.
    Millis,
}

/// One parameter of a keyword: its name in `bt!`, its attribute, how its value is written, and
/// what its model says about it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Param {
    pub(super) name: &'static str,
    pub(super) attr: &'static str,
    pub(super) conv: Conv,
    pub(super) type_name: &'static str,
    pub(super) doc: &'static str,
}

const fn p(
    name: &'static str,
    attr: &'static str,
    conv: Conv,
    type_name: &'static str,
    doc: &'static str,
) -> Param {
    Param { name, attr, conv, type_name, doc }
}

/// How one bt kind is written.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mapping {
    /// The bt kinds (a keyword and the aliases a hand-built description may use).
    pub(super) kinds: &'static [&'static str],
    /// The element: a BehaviorTree.CPP or Nav2 built-in, or `""` for a custom node whose ID is the
    /// keyword.
    pub(super) element: &'static str,
    /// Whether the element is a Nav2 node (not built into BehaviorTree.CPP: it gets a model).
    pub(super) nav2: bool,
    pub(super) params: &'static [Param],
    /// Attributes written whatever the arguments.
    pub(super) fixed: &'static [(&'static str, &'static str)],
    /// Attributes written when the argument of the first parameter is left out.
    pub(super) absent: &'static [(&'static str, &'static str)],
}

const fn m(kinds: &'static [&'static str], element: &'static str) -> Mapping {
    Mapping { kinds, element, nav2: false, params: &[], fixed: &[], absent: &[] }
}

const N_COUNT: &str = "how many children must succeed";
const DURATION: &str = "Duration";

const MAPPINGS: &[Mapping] = &[
    m(&["sequence"], "Sequence"),
    m(&["selector", "fallback"], "Fallback"),
    m(&["reactive_sequence"], "ReactiveSequence"),
    m(&["reactive_selector", "reactive_fallback"], "ReactiveFallback"),
    m(&["mem_sequence"], "SequenceWithMemory"),
    m(&["mem_selector"], ""),
    Mapping { params: &[p("n", "n", Conv::Text, "usize", N_COUNT)], ..m(&["parallel"], "") },
    Mapping {
        params: &[
            p("success", "success_count", Conv::Threshold, "int", "successes that make it succeed"),
            p("failure", "failure_count", Conv::Threshold, "int", "failures that make it fail"),
        ],
        ..m(&["threshold_parallel"], "Parallel")
    },
    Mapping {
        params: &[p("max_failures", "max_failures", Conv::Count, "int", "failures that make it fail")],
        ..m(&["parallel_all"], "ParallelAll")
    },
    Mapping {
        params: &[p("seed", "seed", Conv::Text, "u64", "seed of the random order")],
        ..m(&["random"], "")
    },
    m(&["if_then_else"], "IfThenElse"),
    m(&["while_do_else"], "WhileDoElse"),
    Mapping { nav2: true, ..m(&["pipeline_sequence"], "PipelineSequence") },
    Mapping { nav2: true, ..m(&["round_robin"], "RoundRobin") },
    Mapping {
        nav2: true,
        params: &[p(
            "retries",
            "number_of_retries",
            Conv::Count,
            "int",
            "how many times the recovery may run",
        )],
        ..m(&["recovery"], "RecoveryNode")
    },
    Mapping {
        params: &[p("n", "num_cycles", Conv::Count, "int", "repetitions, -1 for forever")],
        absent: &[("num_cycles", "-1")],
        ..m(&["repeat"], "Repeat")
    },
    m(&["invert"], "Inverter"),
    m(&["force_success"], "ForceSuccess"),
    m(&["force_failure"], "ForceFailure"),
    Mapping {
        params: &[p("n", "num_attempts", Conv::Count, "int", "attempts, -1 for unlimited")],
        ..m(&["retry"], "RetryUntilSuccessful")
    },
    Mapping { fixed: &[("num_attempts", "-1")], ..m(&["until_success"], "RetryUntilSuccessful") },
    m(&["until_failure", "keep_running_until_failure"], "KeepRunningUntilFailure"),
    Mapping {
        params: &[p("duration", "msec", Conv::Millis, "unsigned int", "the deadline, in milliseconds")],
        ..m(&["timeout"], "Timeout")
    },
    Mapping {
        params: &[p("duration", "delay_msec", Conv::Millis, "unsigned int", "the wait, in milliseconds")],
        ..m(&["delay"], "Delay")
    },
    Mapping {
        params: &[p(
            "duration",
            "duration",
            Conv::Text,
            DURATION,
            "how long the child is refused after a run",
        )],
        ..m(&["cooldown"], "")
    },
    Mapping {
        nav2: true,
        params: &[p("hz", "hz", Conv::Text, "double", "ticks per second")],
        ..m(&["rate_controller"], "RateController")
    },
    Mapping { fixed: &[("then_skip", "false")], ..m(&["run_once"], "RunOnce") },
    Mapping {
        params: &[p("condition", "if", Conv::Text, "condition", "checked before the child starts")],
        fixed: &[("else", "FAILURE")],
        ..m(&["precondition"], "Precondition")
    },
    Mapping {
        params: &[
            p("condition", "condition", Conv::Text, "condition", "whether the child may run"),
            p("abort", "abort", Conv::Text, "abort mode", "when the condition is checked again"),
        ],
        ..m(&["guard"], "")
    },
    Mapping {
        params: &[
            p("interval", "interval", Conv::Text, DURATION, "how often the service runs"),
            p("leaf", "leaf", Conv::Text, "leaf", "the service"),
        ],
        ..m(&["service"], "")
    },
    Mapping {
        params: &[p("duration", "msec", Conv::Millis, "unsigned int", "how long, in milliseconds")],
        ..m(&["sleep"], "Sleep")
    },
    m(&["always_success"], "AlwaysSuccess"),
    m(&["always_failure"], "AlwaysFailure"),
];

pub(super) fn mapping(kind: &str) -> Option<&'static Mapping> {
    MAPPINGS.iter().find(|m| m.kinds.contains(&kind))
}
