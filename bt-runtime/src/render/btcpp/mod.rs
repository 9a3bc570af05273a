//! The BehaviorTree.CPP v4 XML rendering (the format Groot2 opens), written from the structured
//! fields of a description: kinds, arguments, IDs, instance names, port bindings and scripts.

use core::fmt::{self, Write};

use crate::TreeDescription;

mod node;
mod table;
mod text;
mod writer;

/// The tree as a BehaviorTree.CPP v4 XML file (`<root BTCPP_format="4" …>`), which Groot2 opens and
/// BehaviorTree.CPP loads: one `<BehaviorTree>` element for the tree, one per distinct embedded
/// subtree, and a `<TreeNodesModel>` describing every node that is not one of BehaviorTree.CPP's
/// built-ins.
///
/// It is a [`Display`](fmt::Display) adapter like the other renderings: `write!(file, "{}",
/// desc.btcpp_xml())` streams it, [`write_to`](Self::write_to) writes it into any [`fmt::Write`],
/// and with the `alloc` feature `desc.btcpp_xml().to_string()` gives a `String`. Writing allocates
/// nothing; the output depends on the description alone (the same tree always gives the same
/// bytes).
///
/// ```
/// use bt::{bt, Clock, Status};
/// use core::time::Duration;
///
/// struct Agent { food: u32, now: Duration }
/// impl Clock for Agent {
///     fn now(&self) -> Duration { self.now }
/// }
/// let tree = bt! {
///     Agent => selector<
///         timeout(2s)<{ |a: &mut Agent| { a.food += 1; Status::Success } }>,
///         always_failure,
///     >
/// };
/// let xml = tree.description().btcpp_xml().to_string();
/// assert!(xml.contains(r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">"#));
/// assert!(xml.contains(r#"<Timeout msec="2000">"#));
/// assert!(xml.contains(r#"<Closure name="{ |a: &amp;mut Agent| {"#));
/// ```
///
/// # The form of every node
///
/// Every node is written in the compact form, its ID as the element (`<Sequence>`, `<GoTo
/// goal="{g}"/>`, `<mem_selector>`), which BehaviorTree.CPP 4.7 and later read under every
/// control (they refuse the generic `<Action ID="GoTo">` under a `ReactiveSequence`), and every
/// node that is not one of BehaviorTree.CPP's built-ins has a model in the `TreeNodesModel`
/// (its category, `Action`, `Condition`, `Control` or `Decorator`, and its ports), so that
/// BehaviorTree.CPP and Groot2 know it. `bt_xml!` and `bt::load` read every form back.
///
/// **A node read from XML** (by `bt_xml!` or `bt::load`) is written as the element it was read
/// from ([`NodeInfo::id`](crate::NodeInfo::id)): its instance name, the ports of a leaf or of a
/// node kind of one's own bound as read ([`NodeInfo::bindings`](crate::NodeInfo::bindings): the
/// key as remapped, `{@key}`, or the literal's text), a built-in's arguments under its
/// attributes (as read: a `RecoveryNode` stays a `RecoveryNode`, a `Repeat num_cycles="-1"` a
/// `Repeat`), a `SwitchN` on a blackboard entry with its `variable` and cases, a script leaf
/// with its `code`, and every node's pre- and post-condition scripts (`_skipIf`, `_onSuccess`,
/// …, [`NodeInfo::scripts`](crate::NodeInfo::scripts)). Nav2's `navigate_to_pose` tree, compiled
/// by `bt_xml!` and exported, has every element, instance name and attribute of Nav2's file
/// (`tests/btcpp_export.rs`). What is lost: the subtrees, which `bt_xml!` inlines (their keys
/// remapped), the editor's attributes (`_uid`, `_fullpath`) and comments; a script is written as
/// written, and a script of a subtree whose keys were remapped names them as the subtree did.
///
/// **A node written in Rust** is written by the table below: as BehaviorTree.CPP's (or Nav2's)
/// node where that node ticks as bt's does, up to the rule every bt node keeps and the notes
/// state (a bt node completes at most one activation of a child per tick; where BehaviorTree.CPP
/// loops, it starts the next activation in the same tick); as a node of bt's own otherwise,
/// named after its keyword, with its arguments as attributes named after its parameters and a
/// model.
///
/// | bt | BehaviorTree.CPP v4 XML | notes |
/// |---|---|---|
/// | `sequence` | `<Sequence>` | |
/// | `selector` (`fallback`) | `<Fallback>` | |
/// | `reactive_sequence` | `<ReactiveSequence>` | |
/// | `reactive_selector` (`reactive_fallback`) | `<ReactiveFallback>` | |
/// | `mem_sequence` | `<SequenceWithMemory>` | BehaviorTree.CPP returns `RUNNING` after a child that completed in the tick it started, and goes on at the next tick (ticked with `tickOnce`, in the same call) |
/// | `async_sequence` | `<AsyncSequence>` | |
/// | `mem_selector` | `<mem_selector>` | bt's own: BehaviorTree.CPP has no selector with memory |
/// | `parallel(n)` | `<parallel n="n">` | bt's own: BehaviorTree.CPP's `Parallel` latches a failed child, bt ticks it again on the next tick (the hungry agent would stop for good) |
/// | `threshold_parallel(success = s, failure = f)` | `<Parallel success_count="s" failure_count="f">` | a threshold at or above the number of children is `-1` |
/// | `parallel_all(max_failures = k)` | `<ParallelAll max_failures="k">` | |
/// | `random(seed = x)` | `<random seed="x">` | bt's own |
/// | `if_then_else`, `while_do_else` | `<IfThenElse>`, `<WhileDoElse>` | with an action as first child that completed, BehaviorTree.CPP does not reset it, so it answers its last status again on the next tick, where bt ticks it afresh |
/// | `switch(sel)<p1 => A, …, pk => K, _ => D>`, 2 ≤ k ≤ 6 | `<Switchk variable="sel" case_1="p1" … case_k="pk">` | the selector and patterns are Rust: BehaviorTree.CPP reads `variable` as an entry's name |
/// | any other `switch(sel)<p1 => A, …>` | `<switch variable="sel" case_1="p1" …>` | bt's own |
/// | `try_catch`, `try_catch(catch_on_halt = true)` | `<TryCatch>`, `<TryCatch catch_on_halt="true">` | |
/// | `pipeline_sequence`, `round_robin` | `<PipelineSequence>`, `<RoundRobin>` | Nav2's |
/// | `recovery(n)` | `<RecoveryNode number_of_retries="n">` | Nav2's; after a recovery that succeeded, Nav2 ticks the first child again in the same tick |
/// | `repeat(n)` | `<Repeat num_cycles="n">` | after a round that ran over several ticks, BehaviorTree.CPP starts the next in the same tick |
/// | `repeat` | `<repeat>` | bt's own: over a child that succeeds at once, `Repeat num_cycles="-1"` never returns from BehaviorTree.CPP's `tickOnce`, where bt runs the child once per tick (`KeepRunningUntilFailure` ticks as bt's endless `repeat` does; `bt_xml!` reads it as `until_failure`) |
/// | `invert`, `force_success`, `force_failure` | `<Inverter>`, `<ForceSuccess>`, `<ForceFailure>` | |
/// | `retry(n)` | `<RetryUntilSuccessful num_attempts="n">` | after an attempt that ran over several ticks, BehaviorTree.CPP starts the next in the same tick |
/// | `until_success` | `<until_success>` | bt's own: over a child that fails at once, `RetryUntilSuccessful num_attempts="-1"` never returns from `tickOnce` |
/// | `until_failure` | `<KeepRunningUntilFailure>` | |
/// | `timeout(d)`, `delay(d)` | `<Timeout msec="ms">`, `<Delay delay_msec="ms">` | BehaviorTree.CPP times them on the wall clock, bt on the context's clock |
/// | `cooldown(d)` | `<cooldown duration="d">` | bt's own |
/// | `rate_controller(hz)` | `<RateController hz="hz">` | Nav2's |
/// | `run_once`, `run_once(then_skip = true)` | `<RunOnce then_skip="false">`, `<RunOnce then_skip="true">` | |
/// | `precondition(c)`, `precondition(c, otherwise = o)` | `<Precondition if="c" else="FAILURE">`, `else="SUCCESS"` / `"SKIPPED"` | `c` is Rust (a condition leaf): BehaviorTree.CPP reads `if` as a script |
/// | `guard(c, abort = a)` | `<guard condition="c" abort="a">` | bt's own |
/// | `service(i, L)` | `<service interval="i" leaf="L">` | bt's own |
/// | `sleep(d)` | `<Sleep msec="ms">` | as `delay` |
/// | `always_success`, `always_failure` | `<AlwaysSuccess/>`, `<AlwaysFailure/>` | |
/// | a leaf | `<ID/>`, modelled as a `Condition` when it is one, else an `Action` | see below |
/// | an embedded tree built by `bt!` | `<SubTree ID="…" _autoremap="true"/>` and its own `<BehaviorTree>` | it runs on the context of the tree around it |
/// | `boxed(…)` | `<boxed name="what it holds"/>` | bt's own, opaque |
/// | a node kind of your own, `path::Kind(a, x = c)<…>` | `<Kind name="path::Kind" arg1="a" x="c">` | modelled as a `Decorator` when it has one child everywhere, else a `Control` |
///
/// Arguments are written from their values ([`NodeInfo::arguments`](crate::NodeInfo::arguments)):
/// an argument left out is left out where BehaviorTree.CPP's default is bt's (`success_count` all
/// children, `failure_count` 1, `max_failures` 1) and written where it is not (`num_cycles="-1"`,
/// `then_skip="false"`, `else="FAILURE"`); durations in whole milliseconds where BehaviorTree.CPP
/// takes milliseconds (`1500us`, not a whole number of them, keeps its unit), as `bt!` writes
/// them (`2s`, `250ms`) in bt's own nodes; integers in decimal; anything known only when the
/// tree is built (a constant `TIMEOUT`, a condition, a selector) as its Rust text (which
/// BehaviorTree.CPP refuses where it expects a number: `Sleep msec="TICK"`). A node kind of
/// one's own has its arguments by name: those written by name under their name, those written
/// by position as `arg1`, `arg2`, … (the macro cannot see a constructor's parameter names), which
/// `bt_xml!` passes to the constructor in order.
///
/// # What a tree written in Rust does not say
///
/// * **Ports.** A leaf written in Rust (`GoTo { goal: keys::GOAL.into() }`, `GoTo::new(g)`) is
///   built by Rust code the description does not read: which entry or literal each port holds is
///   not in it. Its ports are listed in its model (name, direction, type, default, description)
///   and no binding is written on the element: BehaviorTree.CPP and Groot2 show the port
///   unbound, and nothing claims a data flow that may not be the one that runs. A tree read from
///   XML has its bindings; compile the tree with `bt_xml!` to export them.
/// * **IDs.** A leaf's ID comes from its label: the label when it is an identifier
///   (`FeelHungry`), else the last path segment that starts with a capital (`WalkTo` for
///   `WalkTo::new(FOOD)`, `Spin` for `Spin { spin_dist: 1.57 }`), else the last segment (`go_to`
///   for `patrol::go_to(3)`), `Closure` for a closure (`ConditionClosure` for one that is a
///   condition), `Leaf` otherwise; the whole label is the node's `name`, which Groot2 shows as
///   its title. A `switch`'s patterns come from its arguments as written. These two are the only
///   texts the export reads.
/// * **Names.** A keyword written with an alias (`fallback`, `inverter`) keeps it as the node's
///   `name`. The main tree's ID is the tree's name, or `MainTree`; an embedded tree's is its
///   name, or the ID its leaf would get (`patrol` for `patrol()`), made unique with `_2`, `_3`, …
///   when two different trees would share one.
/// * **Actions and conditions.** A leaf is a `Condition` when its type says it is one
///   ([`NodeInfo::condition`](crate::NodeInfo::condition)), else an `Action`.
#[derive(Clone, Copy, Debug)]
pub struct BtcppXml<'d> {
    desc: &'d TreeDescription,
}

impl<'d> BtcppXml<'d> {
    pub(crate) const fn new(desc: &'d TreeDescription) -> Self {
        BtcppXml { desc }
    }

    /// Writes the XML into `out`.
    pub fn write_to<W: Write>(&self, mut out: W) -> fmt::Result {
        writer::Writer { desc: self.desc, out: &mut out }.document()
    }
}

impl fmt::Display for BtcppXml<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}
