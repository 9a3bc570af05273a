//! The built-in node kinds of a loaded tree: each keyword `bt_xml!` maps an element to, built from
//! its structured arguments over run-time children — the runtime's own node types, as `bt!`
//! builds them.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;
#[allow(unused_imports)]
use std::{format, vec};

use core::time::Duration;

use bt_xml::{Arg, ArgValue};

use crate::Clock;
use crate::dynamic::{DynBox, DynChild, DynChildren};

/// A child as the loader builds it: its box and the number of nodes in its subtree.
pub(crate) type Child<Ctx> = (DynBox<'static, Ctx>, usize);

/// Which context a keyword needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Needs {
    /// Any context.
    Nothing,
    /// A context with a [`Clock`].
    Clock,
    /// A context with a blackboard (`bt::ports::HasBlackboard`).
    Blackboard,
}

/// What keyword `keyword` needs of the context.
pub(crate) fn needs(keyword: &str) -> Needs {
    match keyword {
        "timeout" | "delay" | "cooldown" | "sleep" | "rate_controller" | "service" => Needs::Clock,
        "switch" => Needs::Blackboard,
        _ => Needs::Nothing,
    }
}

/// One node to build: its keyword, arguments and children, and how to build the leaves its
/// arguments name.
pub(crate) struct Call<'a, Ctx: ?Sized + 'static> {
    pub keyword: &'static str,
    pub args: &'a [Arg],
    pub children: Vec<Child<Ctx>>,
    /// A condition leaf registered under this name, as a condition (`precondition`, `guard`).
    pub condition: &'a dyn Fn(&str) -> Result<super::leaf::BoxedCondition<Ctx>, String>,
    /// A leaf registered under this name, as a node (`service`'s leaf).
    pub leaf: &'a dyn Fn(&str) -> Result<DynBox<'static, Ctx>, String>,
    /// A node that runs scripts (built by the blackboard builder).
    pub script: Option<super::script::Request>,
    /// The readers of counts and durations from entries, when the context has a blackboard.
    pub entries: Option<super::params::Entries<Ctx>>,
}

impl<Ctx: ?Sized + 'static> Call<'_, Ctx> {
    /// Argument `i` (positional) or `name`.
    fn arg(&self, name: &str, i: usize) -> Option<&ArgValue> {
        self.args
            .iter()
            .find(|a| a.name == Some(name))
            .or_else(|| self.args.iter().filter(|a| a.name.is_none()).nth(i))
            .map(|a| &a.value)
    }

    /// The entry argument `i` or `name` reads (`num_attempts="{n}"`), if it is one.
    fn entry(&self, name: &str, i: usize) -> Option<&'static str> {
        match self.arg(name, i) {
            Some(ArgValue::Key(k)) => Some(super::intern(k)),
            _ => None,
        }
    }

    /// The readers of entries, or the error when the context has no blackboard.
    fn entries(&self) -> Result<super::params::Entries<Ctx>, String> {
        self.entries.ok_or_else(|| {
            format!(
                "`{}` reads its count or duration from the blackboard, which the context `{}` does not have: implement `bt::ports::HasBlackboard` for it and call `.with_blackboard()` on the registry",
                self.keyword,
                core::any::type_name::<Ctx>()
            )
        })
    }

    /// A count argument, `default` when absent.
    fn count(&self, name: &str, i: usize, default: Option<u64>) -> Result<u64, String> {
        match self.arg(name, i) {
            Some(ArgValue::Count(n)) => Ok(*n),
            None => default.ok_or_else(|| format!("`{}` needs its `{name}`", self.keyword)),
            Some(other) => Err(self.not_here(name, other)),
        }
    }

    fn duration(&self, name: &str, i: usize) -> Result<Duration, String> {
        match self.arg(name, i) {
            Some(ArgValue::Duration(d, _)) => Ok(*d),
            None => Err(format!("`{}` needs its `{name}`", self.keyword)),
            Some(other) => Err(self.not_here(name, other)),
        }
    }

    fn code(&self, name: &str, i: usize) -> Result<&str, String> {
        match self.arg(name, i) {
            Some(ArgValue::Code(c)) => Ok(c),
            None => Err(format!("`{}` needs its `{name}`", self.keyword)),
            Some(other) => Err(self.not_here(name, other)),
        }
    }

    /// The error for an argument a loaded tree cannot take.
    fn not_here(&self, name: &str, value: &ArgValue) -> String {
        match value {
            ArgValue::Const(c) => format!(
                "the `{name}` of `{}` is the Rust constant `{c}`, which only a compiled tree can read: write its value",
                self.keyword
            ),
            other => format!("the `{name}` of `{}` cannot be {other:?}", self.keyword),
        }
    }

    /// Whether one of the children can be skipped: the node is then built over children that
    /// know about skipping (`DynChildren<_, _, true>`, `DynChild<_, _, true>`), else over plain
    /// ones, which compile no skipping path (see `with_children!`).
    fn skips(&self) -> bool {
        self.children.iter().any(|(child, _)| child.can_skip())
    }

    fn many<const SKIPS: bool>(&mut self) -> DynChildren<'static, Ctx, SKIPS> {
        DynChildren::build(core::mem::take(&mut self.children))
    }

    fn one<const SKIPS: bool>(&mut self) -> Result<DynChild<'static, Ctx, SKIPS>, String> {
        match core::mem::take(&mut self.children).pop() {
            Some((child, _)) => Ok(DynChild::build(child)),
            None => Err(format!("`{}` takes exactly one child", self.keyword)),
        }
    }
}

/// `$build` written twice, with `$c` standing for `$call.many::<true>()` (or
/// `$call.one::<true>()?`) where a child can be skipped and for `…::<false>()` where none can:
/// the node's type is then the one a compiled tree has over children with that `SKIPS`, and a
/// node without children that can be skipped pays nothing for skipping, as in a compiled tree.
macro_rules! with_children {
    ($call:ident, $get:ident, |$c:ident| $build:expr) => {
        if $call.skips() {
            let $c = with_children!(@get $call, $get, true);
            $build
        } else {
            let $c = with_children!(@get $call, $get, false);
            $build
        }
    };
    (@get $call:ident, many, $s:literal) => { $call.many::<$s>() };
    (@get $call:ident, one, $s:literal) => { $call.one::<$s>()? };
}

/// A count that fits a `usize` of at most `max` (thresholds against the number of children).
fn small(n: u64, max: usize, what: &str) -> Result<usize, String> {
    usize::try_from(n)
        .ok()
        .filter(|&n| (1..=max).contains(&n))
        .ok_or_else(|| format!("{what} must be between 1 and {max}"))
}

/// The builders of the keywords, boxing each node with `$wrap` (`boxed` or `saving`).
macro_rules! builders {
    ($general:ident, $timed:ident, $keyed:ident, $wrap:path) => {
        /// Builds a keyword that needs nothing of the context; `None` for the others.
        pub(crate) fn $general<Ctx: ?Sized + 'static>(mut call: Call<'_, Ctx>) -> Result<Option<DynBox<'static, Ctx>>, String> {
            use crate::*;
            use bt_xml::ArgValue;
            let n = call.children.len();
            Ok(Some(match call.keyword {
                "sequence" => with_children!(call, many, |c| $wrap(Sequence::new(c))),
                "selector" => with_children!(call, many, |c| $wrap(Selector::new(c))),
                "reactive_sequence" => with_children!(call, many, |c| $wrap(ReactiveSequence::new(c))),
                "reactive_selector" => with_children!(call, many, |c| $wrap(ReactiveSelector::new(c))),
                "mem_sequence" => with_children!(call, many, |c| $wrap(MemSequence::new(c))),
                "mem_selector" => with_children!(call, many, |c| $wrap(MemSelector::new(c))),
                "async_sequence" => with_children!(call, many, |c| $wrap(AsyncSequence::new(c))),
                "try_catch" => {
                    let on_halt = matches!(call.arg("catch_on_halt", 99), Some(ArgValue::Ident(t)) if t == "true");
                    with_children!(call, many, |c| $wrap(TryCatch::with_catch_on_halt(on_halt, c)))
                }
                "if_then_else" => with_children!(call, many, |c| $wrap(IfThenElse::new(c))),
                "while_do_else" => with_children!(call, many, |c| $wrap(WhileDoElse::new(c))),
                "pipeline_sequence" => with_children!(call, many, |c| $wrap(PipelineSequence::new(c))),
                "round_robin" => with_children!(call, many, |c| $wrap(RoundRobin::new(c))),
                "parallel" => {
                    let k = small(call.count("n", 0, None)?, n, "`parallel`'s threshold")?;
                    with_children!(call, many, |c| $wrap(Parallel::new(k, c)))
                }
                "threshold_parallel" => {
                    let s = call.count("success", 99, Some(16))?.min(16);
                    let f = call.count("failure", 99, Some(1))?.min(16);
                    let (s, f) = (small(s, 16, "`success`")?, small(f, 16, "`failure`")?);
                    with_children!(call, many, |c| $wrap(ThresholdParallel::new(s, f, c)))
                }
                "parallel_all" => {
                    let k = small(call.count("max_failures", 99, Some(1))?.min(16), 16, "`max_failures`")?;
                    with_children!(call, many, |c| $wrap(ParallelAll::new(k, c)))
                }
                "random" => {
                    let seed = call.count("seed", 99, Some(0))?;
                    with_children!(call, many, |c| $wrap(Random::new(seed, c)))
                }
                "recovery" => {
                    let k = u32::try_from(call.count("retries", 0, Some(1))?).map_err(|_| "too many retries".to_string())?;
                    with_children!(call, many, |c| $wrap(Recovery::new(k, c)))
                }
                "invert" => with_children!(call, one, |c| $wrap(Invert::new(c))),
                "force_success" => with_children!(call, one, |c| $wrap(ForceSuccess::new(c))),
                "force_failure" => with_children!(call, one, |c| $wrap(ForceFailure::new(c))),
                "until_failure" => with_children!(call, one, |c| $wrap(UntilFailure::new(c))),
                "until_success" => with_children!(call, one, |c| $wrap(UntilSuccess::new(c))),
                "run_once" => match call.arg("then_skip", 99) {
                    Some(ArgValue::Ident(t)) if t == "true" => with_children!(call, one, |c| $wrap(RunOnce::then_skip(c))),
                    _ => with_children!(call, one, |c| $wrap(RunOnce::new(c))),
                },
                "repeat" if call.entry("n", 0).is_some() => {
                    let key = call.entry("n", 0).unwrap_or_default();
                    let count = (call.entries()?.count)(key);
                    with_children!(call, one, |c| $wrap(Repeat::times(FromContext(count), c)))
                }
                "retry" if call.entry("attempts", 0).is_some() => {
                    let key = call.entry("attempts", 0).unwrap_or_default();
                    let count = (call.entries()?.count)(key);
                    with_children!(call, one, |c| $wrap(Retry::reading(FromContext(count), c)))
                }
                "repeat" => match call.arg("n", 0) {
                    None => with_children!(call, one, |c| $wrap(Repeat::forever(c))),
                    Some(_) => {
                        let k = u32::try_from(call.count("n", 0, None)?).map_err(|_| "too many repeats".to_string())?;
                        with_children!(call, one, |c| $wrap(Repeat::times(k, c)))
                    }
                }
                "retry" => {
                    let k = u32::try_from(call.count("attempts", 0, None)?).map_err(|_| "too many attempts".to_string())?;
                    if k == 0 {
                        return Err("`retry` needs at least 1 attempt".into());
                    }
                    with_children!(call, one, |c| $wrap(Retry::new(k, c)))
                }
                "precondition" => {
                    let condition = (call.condition)(call.code("if", 0)?)?;
                    with_children!(call, one, |c| $wrap(Precondition::new(condition, c)))
                }
                "guard" => {
                    let condition = (call.condition)(call.code("condition", 0)?)?;
                    let mode = match call.arg("abort", 99) {
                        None => String::from("self"),
                        Some(ArgValue::Ident(m)) => m.clone(),
                        Some(other) => return Err(call.not_here("abort", other)),
                    };
                    match mode.as_str() {
                        "none" => with_children!(call, one, |c| $wrap(Guard::with_abort(abort::Neither, condition, c))),
                        "self" => with_children!(call, one, |c| $wrap(Guard::with_abort(abort::SelfOnly, condition, c))),
                        "lower_priority" => {
                            with_children!(call, one, |c| $wrap(Guard::with_abort(abort::LowerPriority, condition, c)))
                        }
                        "both" => with_children!(call, one, |c| $wrap(Guard::with_abort(abort::Both, condition, c))),
                        other => {
                            return Err(format!(
                                "`abort = {other}` is not an abort mode: write `none`, `self`, `lower_priority` or `both`"
                            ));
                        }
                    }
                }
                "always_success" => $wrap(AlwaysSuccess),
                "always_failure" => $wrap(AlwaysFailure),
                _ => return Ok(None),
            }))
        }

        /// Builds a keyword that needs a clock; `None` for the others.
        pub(crate) fn $timed<Ctx: Clock + ?Sized + 'static>(mut call: Call<'_, Ctx>) -> Result<Option<DynBox<'static, Ctx>>, String> {
            use crate::*;
            use bt_xml::ArgValue;
            if let Some(key) = call.entry("duration", 0) {
                let d = FromContext((call.entries()?.millis)(key));
                return Ok(Some(match call.keyword {
                    "timeout" => with_children!(call, one, |c| $wrap(Timeout::new(d, c))),
                    "delay" => with_children!(call, one, |c| $wrap(Delay::new(d, c))),
                    "sleep" => $wrap(Sleep::new(d)),
                    _ => return Err(format!("`{}` cannot read its duration from the blackboard", call.keyword)),
                }));
            }
            Ok(Some(match call.keyword {
                "timeout" => {
                    let limit = call.duration("limit", 0)?;
                    with_children!(call, one, |c| $wrap(Timeout::new(limit, c)))
                }
                "delay" => {
                    let delay = call.duration("delay", 0)?;
                    with_children!(call, one, |c| $wrap(Delay::new(delay, c)))
                }
                "cooldown" => {
                    let duration = call.duration("duration", 0)?;
                    with_children!(call, one, |c| $wrap(Cooldown::new(duration, c)))
                }
                "sleep" => $wrap(Sleep::new(call.duration("duration", 0)?)),
                "rate_controller" => {
                    let hz = match call.arg("hz", 0) {
                        Some(ArgValue::Float(hz, _)) => *hz,
                        None => 10.0,
                        Some(other) => return Err(call.not_here("hz", other)),
                    };
                    with_children!(call, one, |c| $wrap(RateController::new(hz, c)))
                }
                "service" => {
                    let interval = call.duration("interval", 0)?;
                    // The service is ticked as a leaf, never asked whether it was skipped.
                    let leaf = DynChild::new((call.leaf)(call.code("leaf", 1)?)?);
                    with_children!(call, one, |c| $wrap(Service::new(interval, leaf, c)))
                }
                _ => return Ok(None),
            }))
        }

        /// Builds a keyword that needs a blackboard (a switch on an entry); `None` for the others.
        pub(crate) fn $keyed<Ctx: crate::ports::HasBlackboard + ?Sized + 'static>(
            mut call: Call<'_, Ctx>,
        ) -> Result<Option<DynBox<'static, Ctx>>, String> {
            use crate::*;
            use bt_xml::ArgValue;
            if let Some(request) = call.script.take() {
                use super::script::Request;
                return Ok(Some(match request {
                    Request::Leaf(leaf) => $wrap(leaf),
                    Request::Precondition(condition, otherwise) => match otherwise {
                        "success" => with_children!(call, one, |c| {
                            $wrap(Precondition::with_otherwise(otherwise::Succeed, condition, c))
                        }),
                        "skipped" => with_children!(call, one, |c| {
                            $wrap(Precondition::with_otherwise(otherwise::Skip, condition, c))
                        }),
                        _ => with_children!(call, one, |c| $wrap(Precondition::with_otherwise(otherwise::Fail, condition, c))),
                    },
                    Request::Conditions(conditions) => {
                        with_children!(call, one, |c| $wrap(Conditioned::new(conditions, c)))
                    }
                }));
            }
            if call.keyword != "switch" {
                return Ok(None);
            }
            let Some((variable, cases)) = call.args.split_first() else {
                return Err("`switch` needs its `variable`".into());
            };
            let ArgValue::Key(key) = &variable.value else {
                return Err(
                    "this switch chooses with Rust code, which only a compiled tree can run: write `SwitchN variable=\"{key}\"` with `case_1`…`case_N`"
                        .into(),
                );
            };
            let texts: Vec<String> = cases
                .iter()
                .filter_map(|c| match &c.value {
                    ArgValue::Text(t) => Some(t.clone()),
                    _ => None,
                })
                .collect();
            let selector = super::leaf::switch_on(super::intern(key), texts);
            let last = call.children.len().saturating_sub(1) as u8;
            let mapping = move |i: usize| (i as u8).min(last);
            Ok(Some(with_children!(call, many, |c| $wrap(Switch::new(selector, mapping, c)))))
        }
    };
}

builders!(general_plain, timed_plain, keyed_plain, crate::dynamic::boxed);
#[cfg(feature = "serde")]
builders!(general_saving, timed_saving, keyed_saving, crate::dynamic::saving);
