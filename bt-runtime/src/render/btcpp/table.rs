//! The mapping table: how each keyword is written, as which element, with which attributes.

use crate::{ArgValue, NodeInfo};

/// Where an element comes from: what a file that uses it needs besides the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Origin {
    /// One of BehaviorTree.CPP's built-ins: no model.
    BtCpp,
    /// One of Nav2's nodes: a model, so that the file loads without Nav2's plugins.
    Nav2,
    /// A node of bt's own: a model.
    Bt,
}

/// The model category of an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Category {
    Action,
    Condition,
    Control,
    Decorator,
}

impl Category {
    pub(super) const fn element(self) -> &'static str {
        match self {
            Category::Action => "Action",
            Category::Condition => "Condition",
            Category::Control => "Control",
            Category::Decorator => "Decorator",
        }
    }
}

/// How an argument's value becomes an attribute's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Conv {
    /// As `bt!` writes it (a count, a rate, a condition, a duration with its unit).
    Plain,
    /// A parallel threshold: `-1` ("all children") when it is at least the number of children.
    Threshold,
    /// A duration in whole milliseconds (with its unit when it is not a whole number of them).
    Millis,
    /// An outcome, as BehaviorTree.CPP's status (`SUCCESS`).
    Status,
}

/// One parameter of a keyword: its argument's name in the description, its attribute, and what
/// the model says of it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Param {
    pub(super) arg: &'static str,
    pub(super) attr: &'static str,
    pub(super) conv: Conv,
    /// Written when the argument is absent (the element's own default differs from bt's).
    pub(super) absent: Option<&'static str>,
    pub(super) type_name: &'static str,
    pub(super) doc: &'static str,
}

/// When a row is the form of a node written in Rust (a node read from XML is written as the
/// element it was read from, whichever row that is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pick {
    Always,
    /// Only when the argument is given.
    With(&'static str),
    /// Only when the argument is absent.
    Without(&'static str),
    /// Never: only the form of a node read from this element.
    Read,
}

/// How one bt kind is written as one element.
#[derive(Clone, Copy, Debug)]
pub(super) struct Row {
    /// The bt kinds (a keyword, and the aliases a description made by hand may use).
    pub(super) kinds: &'static [&'static str],
    pub(super) element: &'static str,
    /// Other elements the import reads as this row (`SequenceStar`).
    pub(super) aliases: &'static [&'static str],
    pub(super) origin: Origin,
    pub(super) category: Category,
    pub(super) pick: Pick,
    pub(super) params: &'static [Param],
    /// Attributes written whatever the arguments.
    pub(super) fixed: &'static [(&'static str, &'static str)],
}

const fn row(kinds: &'static [&'static str], element: &'static str, category: Category) -> Row {
    Row {
        kinds,
        element,
        aliases: &[],
        origin: Origin::BtCpp,
        category,
        pick: Pick::Always,
        params: &[],
        fixed: &[],
    }
}

const fn p(
    arg: &'static str,
    attr: &'static str,
    conv: Conv,
    type_name: &'static str,
    doc: &'static str,
) -> Param {
    Param { arg, attr, conv, absent: None, type_name, doc }
}

use Category::{Action, Control, Decorator};

const DURATION: &str = "Duration";
const MILLIS: &str = "unsigned int";

/// Every row. For a node written in Rust, the first row of its kind that [`Pick`]s it.
pub(super) const ROWS: &[Row] = &[
    row(&["sequence"], "Sequence", Control),
    row(&["selector", "fallback"], "Fallback", Control),
    row(&["reactive_sequence"], "ReactiveSequence", Control),
    row(&["reactive_selector", "reactive_fallback"], "ReactiveFallback", Control),
    Row { aliases: &["SequenceStar"], ..row(&["mem_sequence"], "SequenceWithMemory", Control) },
    row(&["async_sequence"], "AsyncSequence", Control),
    Row { origin: Origin::Bt, ..row(&["mem_selector"], "mem_selector", Control) },
    Row {
        origin: Origin::Bt,
        params: &[p("n", "n", Conv::Plain, "usize", "how many children must succeed")],
        ..row(&["parallel"], "parallel", Control)
    },
    Row {
        params: &[
            p(
                "success",
                "success_count",
                Conv::Threshold,
                "int",
                "successes that make it succeed, -1 for all",
            ),
            p("failure", "failure_count", Conv::Threshold, "int", "failures that make it fail, -1 for all"),
        ],
        ..row(&["threshold_parallel"], "Parallel", Control)
    },
    Row {
        params: &[p("max_failures", "max_failures", Conv::Plain, "int", "failures that make it fail")],
        ..row(&["parallel_all"], "ParallelAll", Control)
    },
    Row {
        origin: Origin::Bt,
        params: &[p("seed", "seed", Conv::Plain, "u64", "the seed of the random order")],
        ..row(&["random"], "random", Control)
    },
    row(&["if_then_else"], "IfThenElse", Control),
    row(&["while_do_else"], "WhileDoElse", Control),
    Row {
        params: &[p(
            "catch_on_halt",
            "catch_on_halt",
            Conv::Plain,
            "bool",
            "a halt during the try block runs the catch block",
        )],
        ..row(&["try_catch"], "TryCatch", Control)
    },
    Row { origin: Origin::Nav2, ..row(&["pipeline_sequence"], "PipelineSequence", Control) },
    Row { origin: Origin::Nav2, ..row(&["round_robin"], "RoundRobin", Control) },
    Row {
        origin: Origin::Nav2,
        params: &[p(
            "retries",
            "number_of_retries",
            Conv::Plain,
            "int",
            "how many times the recovery may run",
        )],
        ..row(&["recovery"], "RecoveryNode", Control)
    },
    Row {
        pick: Pick::With("n"),
        params: &[Param {
            absent: Some("-1"),
            ..p("n", "num_cycles", Conv::Plain, "int", "repetitions, -1 for forever")
        }],
        ..row(&["repeat"], "Repeat", Decorator)
    },
    Row {
        origin: Origin::Bt,
        pick: Pick::Without("n"),
        params: &[p("n", "n", Conv::Plain, "u32", "repetitions (forever when absent)")],
        ..row(&["repeat"], "repeat", Decorator)
    },
    row(&["invert", "inverter"], "Inverter", Decorator),
    row(&["force_success"], "ForceSuccess", Decorator),
    row(&["force_failure"], "ForceFailure", Decorator),
    Row {
        aliases: &["RetryUntilSuccesful"],
        params: &[p("n", "num_attempts", Conv::Plain, "int", "attempts, -1 for unlimited")],
        ..row(&["retry"], "RetryUntilSuccessful", Decorator)
    },
    Row {
        aliases: &["RetryUntilSuccesful"],
        pick: Pick::Read,
        fixed: &[("num_attempts", "-1")],
        ..row(&["until_success"], "RetryUntilSuccessful", Decorator)
    },
    Row { origin: Origin::Bt, ..row(&["until_success"], "until_success", Decorator) },
    row(&["until_failure", "keep_running_until_failure"], "KeepRunningUntilFailure", Decorator),
    Row {
        params: &[p("duration", "msec", Conv::Millis, MILLIS, "the deadline, in milliseconds")],
        ..row(&["timeout"], "Timeout", Decorator)
    },
    Row {
        params: &[p("duration", "delay_msec", Conv::Millis, MILLIS, "the wait, in milliseconds")],
        ..row(&["delay"], "Delay", Decorator)
    },
    Row {
        origin: Origin::Bt,
        params: &[p(
            "duration",
            "duration",
            Conv::Plain,
            DURATION,
            "how long the child is refused after a run",
        )],
        ..row(&["cooldown"], "cooldown", Decorator)
    },
    Row {
        origin: Origin::Nav2,
        params: &[p("hz", "hz", Conv::Plain, "double", "ticks per second")],
        ..row(&["rate_controller"], "RateController", Decorator)
    },
    Row {
        params: &[Param {
            absent: Some("false"),
            ..p("then_skip", "then_skip", Conv::Plain, "bool", "skipped once its child has completed")
        }],
        ..row(&["run_once"], "RunOnce", Decorator)
    },
    Row {
        params: &[
            p("condition", "if", Conv::Plain, "std::string", "checked before the child starts"),
            Param {
                absent: Some("FAILURE"),
                ..p(
                    "otherwise",
                    "else",
                    Conv::Status,
                    "NodeStatus",
                    "what it returns when the condition is false",
                )
            },
        ],
        ..row(&["precondition"], "Precondition", Decorator)
    },
    Row {
        origin: Origin::Bt,
        params: &[
            p("condition", "condition", Conv::Plain, "condition", "whether the child may run"),
            p("abort", "abort", Conv::Plain, "abort mode", "when the condition is checked again"),
        ],
        ..row(&["guard"], "guard", Decorator)
    },
    Row {
        origin: Origin::Bt,
        params: &[
            p("interval", "interval", Conv::Plain, DURATION, "how often the service runs"),
            p("leaf", "leaf", Conv::Plain, "leaf", "the service"),
        ],
        ..row(&["service"], "service", Decorator)
    },
    Row {
        params: &[p("duration", "msec", Conv::Millis, MILLIS, "how long, in milliseconds")],
        ..row(&["sleep"], "Sleep", Action)
    },
    row(&["always_success"], "AlwaysSuccess", Action),
    row(&["always_failure"], "AlwaysFailure", Action),
    Row { origin: Origin::Bt, ..row(&["boxed"], "boxed", Action) },
];

/// The elements of BehaviorTree.CPP's `SwitchN`, by number of cases.
pub(super) const SWITCHES: [&str; 7] = ["", "", "Switch2", "Switch3", "Switch4", "Switch5", "Switch6"];

/// BehaviorTree.CPP's script leaves (built-ins: no model).
pub(super) const SCRIPT_LEAVES: &[&str] = &["Script", "ScriptCondition", "SetBlackboard"];

/// The row a node is written with: the one of the element it was read from, if it has one for its
/// kind; else the first that picks it.
pub(super) fn row_of(info: &NodeInfo) -> Option<&'static Row> {
    let of_kind = |r: &&Row| r.kinds.contains(&info.kind);
    if !info.id.is_empty()
        && let Some(r) =
            ROWS.iter().filter(of_kind).find(|r| r.element == info.id || r.aliases.contains(&info.id))
    {
        return Some(r);
    }
    ROWS.iter().filter(of_kind).find(|r| match r.pick {
        Pick::Always => true,
        Pick::With(a) => info.argument(a).is_some(),
        Pick::Without(a) => info.argument(a).is_none(),
        Pick::Read => false,
    })
}

/// The element of a row for a node: the alias it was read as, else the row's element.
pub(super) fn element_of(row: &'static Row, info: &NodeInfo) -> &'static str {
    row.aliases.iter().copied().find(|a| *a == info.id).unwrap_or(row.element)
}

/// Whether `value` is one BehaviorTree.CPP reads as the outcome `SUCCESS`, `FAILURE`, `SKIPPED`.
pub(super) fn status_text(value: &ArgValue) -> Option<&'static str> {
    let text = match *value {
        ArgValue::Text(t) | ArgValue::Code(t) => t,
        _ => return None,
    };
    Some(match text {
        "success" => "SUCCESS",
        "failure" => "FAILURE",
        "skipped" => "SKIPPED",
        _ => return None,
    })
}
