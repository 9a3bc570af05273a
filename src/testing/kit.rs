//! The random runner.

use std::fmt::{self, Write};
use std::format;
use std::string::String;
use std::time::Duration;
use std::vec::Vec;

use super::report::{log, short_type_name};
use super::rng::mix;
use super::{Event, Harness, Rng, Script, Scripted, ScriptedCondition};
use crate::{Clock, Node, NodeId};

/// What the kit may assume about the ids of the scripted leaves in the node it builds
/// ([`Kit::ids`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ids {
    /// The node is the direct parent of the scripted leaves, as a composite or decorator built
    /// over them is: its `SIZE` is 1 plus the leaves' sizes, and leaf `i`'s id is 1 plus the sizes
    /// of the leaves before it. Both are checked exactly. The default.
    #[default]
    Children,
    /// The node puts nodes of its own between itself and the leaves (it is built from other
    /// nodes, such as a decorator written as a sequence of two built-ins): each leaf must keep one
    /// id, the leaves' ids must follow their order without overlapping, and the `SIZE` must hold
    /// them all.
    Nested,
    /// The node ticks the leaves without telling the observer, as a `boxed(…)` node or an opaque
    /// subtree does: leaf ids are not checked.
    Hidden,
}

/// Where the kit notes the leaves and conditions it draws for one case, and the ids they get.
///
/// A [`Fixture`] of your own gets it and can ignore it.
#[derive(Clone, Debug)]
pub struct Layout {
    ids: Ids,
    next_id: NodeId,
    leaves: Vec<(usize, NodeId, Script)>,
    conditions: Vec<ScriptedCondition>,
}

impl Layout {
    fn new(ids: Ids) -> Self {
        Layout { ids, next_id: 1, leaves: Vec::new(), conditions: Vec::new() }
    }

    /// Number of ids the node needs for the leaves drawn so far (1 for itself, plus their sizes).
    pub fn size(&self) -> usize {
        self.next_id
    }

    /// Number of scripted leaves drawn so far.
    pub fn leaves(&self) -> usize {
        self.leaves.len()
    }

    /// Number of scripted conditions drawn so far.
    pub fn conditions(&self) -> usize {
        self.conditions.len()
    }
}

/// What the kit builds the node from, drawn at random for each case: the argument of the closure
/// given to [`Kit::check`].
///
/// Implemented for [`Scripted`] leaves (of any `SIZE`), [`ScriptedCondition`]s, and tuples of 1 to
/// 8 fixtures, nested or not: `(Scripted,)` for a decorator, `(Scripted, Scripted<2>, Scripted)`
/// for a composite, `(ScriptedCondition, Scripted)` for a guard-like decorator. Leaves are
/// numbered, and given ids, in the order they appear. Implement it for a type of your own to draw
/// arguments per case (a count, a threshold), from `rng`:
///
/// ```
/// use bt::Compose;
/// use bt::kind::Retry;
/// use bt::testing::{Fixture, Kit, Layout, Rng, Scripted};
///
/// /// A number of attempts from 1 to 4, drawn per case.
/// struct Attempts(u32);
///
/// impl Fixture for Attempts {
///     fn draw(rng: &mut Rng, _: &mut Layout) -> Self {
///         Attempts(rng.range(1, 4) as u32)
///     }
/// }
///
/// Kit::new().check(|(attempts, child): (Attempts, Scripted)| Retry::new(attempts.0).compose((child,)));
/// ```
pub trait Fixture: Sized {
    /// Draws one value for a case.
    fn draw(rng: &mut Rng, layout: &mut Layout) -> Self;
}

impl<const SIZE: usize> Fixture for Scripted<SIZE> {
    fn draw(rng: &mut Rng, layout: &mut Layout) -> Self {
        let script = Script::random(rng);
        let (leaf, id) = (layout.leaves.len(), layout.next_id);
        layout.next_id += SIZE;
        layout.leaves.push((SIZE, id, script.clone()));
        let scripted = Scripted::sized(leaf, script);
        if layout.ids == Ids::Children { scripted.expecting_id(id) } else { scripted }
    }
}

impl Fixture for ScriptedCondition {
    fn draw(rng: &mut Rng, layout: &mut Layout) -> Self {
        let condition = ScriptedCondition::random(layout.conditions.len(), rng);
        layout.conditions.push(condition.clone());
        condition
    }
}

macro_rules! tuple_fixture {
    ($($T:ident),+) => {
        impl<$($T: Fixture),+> Fixture for ($($T,)+) {
            fn draw(rng: &mut Rng, layout: &mut Layout) -> Self {
                ($($T::draw(rng, layout),)+)
            }
        }
    };
}

tuple_fixture!(A);
tuple_fixture!(A, B);
tuple_fixture!(A, B, C);
tuple_fixture!(A, B, C, D);
tuple_fixture!(A, B, C, D, E);
tuple_fixture!(A, B, C, D, E, F);
tuple_fixture!(A, B, C, D, E, F, G);
tuple_fixture!(A, B, C, D, E, F, G, H);

/// What the kit found over a run of cases: enough to see that it exercised the node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Cases run.
    pub cases: u32,
    /// Root ticks, in all cases (the replays of reset cases included).
    pub ticks: u64,
    /// Root ticks that returned `Success`.
    pub successes: u64,
    /// Root ticks that returned `Failure`.
    pub failures: u64,
    /// `tree.halt()` calls that halted a running root.
    pub halts: u64,
    /// Cases in which a reset node was compared with a fresh one.
    pub reset_comparisons: u32,
}

/// A case that broke the contract: where, and the whole report ([`Display`](fmt::Display)).
#[derive(Clone, Debug)]
pub struct Failure {
    /// The case's seed: with [`ticks`](Failure::ticks), what [`Kit::replay`] needs to run this
    /// case alone: `kit.ticks(failure.ticks).replay(failure.seed)`.
    pub seed: u64,
    /// The case's tick limit (the kit runs its first cases shorter than [`Kit::ticks`] says).
    pub ticks: u32,
    /// The root tick in which the violation was found (counted over the whole case, resets
    /// included); `None` when it was found before the first tick (a wrong `SIZE`).
    pub tick: Option<u64>,
    /// What went wrong.
    pub violation: String,
    report: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.report)
    }
}

impl std::error::Error for Failure {}

/// One tick of a case's plan: after the tick, maybe halt or reset the tree, then move the clock.
#[derive(Clone, Copy, Debug)]
struct Step {
    halt: bool,
    reset: bool,
    dt: Duration,
}

/// Checks a composite or decorator of your own against the node contract, on many random cases.
///
/// [`check`](Kit::check) is given a closure that builds the node from [`Fixture`]s — scripted
/// leaves as its children, scripted conditions — and runs cases. Each case draws, from its own
/// seed, a script for every leaf and an answer list for every condition, builds the node and ticks
/// it as the root of a [`Harness`] for 1 to [`ticks`](Kit::ticks) root ticks. After each tick the
/// case may halt the tree (1 tick in 10) or reset it (1 in 25), and moves the clock by a random
/// step up to [`clock_step`](Kit::clock_step). It checks, all along:
///
/// * no node and no leaf is ticked twice in one root tick;
/// * `halt` reaches only running nodes, once per interrupted activation: never an idle node, a
///   node that completed (even in this tick), or one already halted;
/// * every leaf activation exits exactly once, halts included, and halting ticks nothing;
/// * when the root completes, and after `tree.halt()`, nothing is running;
/// * after every tick and halt, the node's [`Activation::is_running`](crate::Activation::is_running)
///   agrees with it: true exactly after a tick that returned `Running`;
/// * every id the observer hears of is within `0..SIZE`, and each leaf gets the id its position
///   implies (see [`Ids`]), so a wrong `SIZE` or wrong id arithmetic is caught;
/// * after the first reset of a case, the node behaves exactly like a freshly built one given the
///   same scripts: the kit builds one, replays the rest of the case on it, and compares the
///   two event logs.
///
/// The first case that breaks a rule stops the run with a report: the violation, the case's seed,
/// the tick, the node's type and leaves with their scripts, the case's plan, and the event log
/// up to the violation. [`replay`](Kit::replay) runs that case alone. Runs are deterministic: the
/// same kit settings draw the same cases.
///
/// ```
/// use bt::testing::{Kit, Scripted};
/// use bt::kind::Selector;
/// use bt::Compose;
///
/// let summary = Kit::new().cases(200).check(|children: (Scripted, Scripted<2>, Scripted)| {
///     Selector.compose(children)
/// });
/// assert_eq!(summary.cases, 200);
/// ```
#[derive(Clone, Debug)]
pub struct Kit {
    cases: u32,
    seed: u64,
    ticks: u32,
    clock_step: Duration,
    ids: Ids,
    replay: Option<u64>,
}

impl Default for Kit {
    fn default() -> Self {
        Kit::new()
    }
}

impl Kit {
    /// 1000 cases of up to 40 ticks, clock steps up to 100 ms, [`Ids::Children`], a fixed seed.
    ///
    /// Two environment variables change the defaults (not what a test sets explicitly), for
    /// longer or other runs without editing tests: `BT_KIT_CASES` (a number of cases) and
    /// `BT_KIT_SEED` (a seed), as in `BT_KIT_CASES=100000 cargo test --release`.
    pub fn new() -> Self {
        let env = |name: &str| std::env::var(name).ok().and_then(|v| parse_u64(v.trim()));
        Kit {
            cases: env("BT_KIT_CASES").map_or(1000, |n| n.min(u64::from(u32::MAX)) as u32),
            seed: env("BT_KIT_SEED").unwrap_or(0x5EED_0FB7),
            ticks: 40,
            clock_step: Duration::from_millis(100),
            ids: Ids::Children,
            replay: None,
        }
    }

    /// Runs `cases` cases.
    pub fn cases(mut self, cases: u32) -> Self {
        self.cases = cases;
        self
    }

    /// Draws the cases from `seed` (every seed gives other cases; the default is fixed, so runs
    /// are repeatable).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Gives each case 1 to `ticks` root ticks (at least 1).
    pub fn ticks(mut self, ticks: u32) -> Self {
        self.ticks = ticks.max(1);
        self
    }

    /// Moves the clock after each tick by a random step from 0 to `max`, in tenths of `max` (a
    /// third of the steps are 0). Choose `max` near the durations your node works with.
    pub fn clock_step(mut self, max: Duration) -> Self {
        self.clock_step = max;
        self
    }

    /// What to check of the leaves' ids (see [`Ids`]).
    pub fn ids(mut self, ids: Ids) -> Self {
        self.ids = ids;
        self
    }

    /// Runs only the case of seed `seed` (from a report), with this kit's other settings; set
    /// [`ticks`](Kit::ticks) as the report says (its [`Failure::ticks`]) to get the same case.
    pub fn replay(mut self, seed: u64) -> Self {
        self.replay = Some(seed);
        self
    }

    /// Runs the cases on nodes made by `build`, and panics with a report at the first violation.
    /// Returns what the cases exercised.
    #[track_caller]
    pub fn check<C: Fixture, N: Node<crate::testing::Context>>(&self, build: impl FnMut(C) -> N) -> Summary {
        match self.try_check(build) {
            Ok(summary) => summary,
            Err(failure) => panic!("{failure}"),
        }
    }

    /// [`check`](Kit::check), returning the first failure instead of panicking.
    pub fn try_check<C: Fixture, N: Node<crate::testing::Context>>(
        &self,
        mut build: impl FnMut(C) -> N,
    ) -> Result<Summary, Failure> {
        let mut summary = Summary::default();
        match self.replay {
            Some(seed) => self.case(&mut build, seed, 0, self.ticks, &mut summary)?,
            None => {
                for i in 0..self.cases {
                    let seed = mix(self.seed ^ mix(u64::from(i).wrapping_add(0x9E37_79B9_7F4A_7C15)));
                    // Short cases first: a bug shows in the shortest case that has it.
                    let ticks = self.ticks.min(3 + i / 4);
                    self.case(&mut build, seed, i, ticks, &mut summary)?;
                }
            }
        }
        Ok(summary)
    }

    fn draw<C: Fixture>(&self, seed: u64) -> (C, Layout) {
        let mut rng = Rng::new(seed);
        let mut layout = Layout::new(self.ids);
        let fixtures = C::draw(&mut rng, &mut layout);
        (fixtures, layout)
    }

    fn plan(&self, seed: u64, ticks: u32) -> Vec<Step> {
        let mut rng = Rng::new(mix(seed ^ 0x00C0_FFEE));
        let ticks = rng.range(1, u64::from(ticks));
        (0..ticks)
            .map(|_| {
                let halt = rng.chance(1, 10);
                let reset = rng.chance(1, 25);
                let dt = if rng.chance(1, 3) {
                    Duration::ZERO
                } else {
                    self.clock_step * rng.range(1, 10) as u32 / 10
                };
                Step { halt, reset, dt }
            })
            .collect()
    }

    fn case<C: Fixture, N: Node<crate::testing::Context>>(
        &self,
        build: &mut impl FnMut(C) -> N,
        seed: u64,
        index: u32,
        ticks: u32,
        summary: &mut Summary,
    ) -> Result<(), Failure> {
        summary.cases += 1;
        let (fixtures, layout) = self.draw::<C>(seed);
        let plan = self.plan(seed, ticks);
        let ctx = Report {
            kit: self,
            seed,
            index,
            ticks,
            layout: &layout,
            plan: &plan,
            node: std::any::type_name::<N>(),
        };
        let needed = layout.size();
        let size_ok = match self.ids {
            Ids::Children => N::SIZE == needed,
            Ids::Nested => N::SIZE >= needed,
            Ids::Hidden => N::SIZE >= 1,
        };
        if !size_ok {
            let sizes: Vec<String> = layout.leaves.iter().map(|(s, _, _)| format!("{s}")).collect();
            let violation = format!(
                "the node's SIZE is {}, but it is built over children of sizes [{}], so it must be {}{}: a \
                 composite's SIZE is 1 + C::SIZE (the children's sizes, not their number), a decorator's \
                 1 + N::SIZE",
                N::SIZE,
                sizes.join(", "),
                if self.ids == Ids::Nested { "at least " } else { "" },
                needed,
            );
            return Err(ctx.failure(None, violation, String::new()));
        }

        let mut h = Harness::new(build(fixtures));
        let mut reset: Option<(u64, usize, Duration)> = None;
        // Fails with the first violation `h` found; `fresh` is the tick of the case at which the
        // fresh node of a reset comparison started (its ticks are counted from there).
        let check = |h: &Harness<N>, fresh: Option<u64>| -> Result<(), Failure> {
            let Some(v) = h.violations().into_iter().next() else { return Ok(()) };
            let events = h.events();
            let from = v.tick.saturating_sub(14);
            let shown = log(&events, from, v.tick as usize);
            match fresh {
                None => {
                    let text = format!("\nlog, up to the violation:\n{shown}");
                    Err(ctx.failure(Some(v.tick), v.message, text))
                }
                Some(start) => {
                    let violation = format!(
                        "in the node built afresh to compare with the one reset in tick {}: {}",
                        start - 1,
                        v.message
                    );
                    let text = format!("\nlog of the fresh node (ticks counted from the reset):\n{shown}");
                    Err(ctx.failure(Some(start + v.tick), violation, text))
                }
            }
        };
        for (i, step) in plan.iter().enumerate() {
            let status = h.tick();
            summary.ticks += 1;
            match status {
                crate::Status::Success => summary.successes += 1,
                crate::Status::Failure => summary.failures += 1,
                crate::Status::Running => {}
            }
            check(&h, None)?;
            if step.halt {
                if h.tree().is_running() {
                    summary.halts += 1;
                }
                h.halt();
                check(&h, None)?;
            }
            if step.reset {
                h.reset();
                check(&h, None)?;
                if reset.is_none() {
                    reset = Some((i as u64, h.context().event_count(), h.context().clock.now()));
                }
            }
            h.advance(step.dt);
        }
        h.halt();
        check(&h, None)?;

        if self.ids == Ids::Nested {
            let ids = h.context().leaf_ids();
            let mut previous: Option<(usize, NodeId)> = None;
            for (leaf, id) in ids.iter().enumerate() {
                let Some(id) = *id else { continue };
                let size = layout.leaves.get(leaf).map_or(1, |l| l.0);
                let bad =
                    id == 0 || id + size > N::SIZE || previous.is_some_and(|(p, end)| p < leaf && id < end);
                if bad {
                    let violation = format!(
                        "leaf {leaf} got id {id}: leaves must get ids in their order, below SIZE ({}) and after \
                         the ids of the leaves before them (leaf ids seen: {ids:?})",
                        N::SIZE
                    );
                    return Err(ctx.failure(Some(plan.len() as u64), violation, String::new()));
                }
                previous = Some((leaf, id + size));
            }
        }

        let Some((reset_tick, start, now)) = reset else { return Ok(()) };
        summary.reset_comparisons += 1;
        let (fixtures, _) = self.draw::<C>(seed);
        let mut fresh = Harness::new(build(fixtures));
        fresh.advance(now);
        let rest = &plan[reset_tick as usize..];
        fresh.advance(rest[0].dt);
        for step in &rest[1..] {
            let _ = fresh.tick();
            summary.ticks += 1;
            if step.halt {
                fresh.halt();
            }
            if step.reset {
                fresh.reset();
            }
            fresh.advance(step.dt);
        }
        fresh.halt();
        check(&fresh, Some(reset_tick + 1))?;
        let after = &h.events()[start..];
        let expected = fresh.events();
        if after == expected.as_slice() {
            return Ok(());
        }
        let at =
            after.iter().zip(&expected).position(|(a, b)| a != b).unwrap_or(after.len().min(expected.len()));
        let tick = after[..at].iter().filter(|e| matches!(e, Event::Tick { .. })).count().saturating_sub(1);
        let show = |e: Option<&Event>| e.map_or("(nothing: the log ends)".into(), |e| format!("{e}"));
        let violation = format!(
            "after tree.reset() in tick {reset_tick}, the node does not behave like a freshly built one given the \
             same scripts: in the {} tick after the reset, the reset node's log has `{}` where the fresh node's has \
             `{}`. Node::reset must return the node and all its children to the state they were built in \
             (positions, counters, latches, timers), and a composite resets every child",
            ordinal(tick + 1),
            show(after.get(at)),
            show(expected.get(at)),
        );
        let absolute = reset_tick + 1 + tick as u64;
        let mut text = String::new();
        let _ = write!(
            text,
            "\nlog of the reset node since the reset (ticks counted from the reset):\n{}",
            log(after, 0, tick)
        );
        let _ = write!(text, "\nlog of the fresh node:\n{}", log(&expected, 0, tick));
        Err(ctx.failure(Some(absolute), violation, text))
    }
}

/// A decimal or `0x` hexadecimal number.
fn parse_u64(text: &str) -> Option<u64> {
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16).ok(),
        None => text.replace('_', "").parse().ok(),
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// What a failure report needs to know of its case.
struct Report<'a> {
    kit: &'a Kit,
    seed: u64,
    index: u32,
    ticks: u32,
    layout: &'a Layout,
    plan: &'a [Step],
    node: &'static str,
}

impl Report<'_> {
    fn failure(&self, tick: Option<u64>, violation: String, log: String) -> Failure {
        let mut r = String::new();
        let kit = self.kit;
        let case = match kit.replay {
            Some(_) => "the replayed case".into(),
            None => format!("case {} of {}", self.index + 1, kit.cases),
        };
        let when = tick.map_or("before the first tick".into(), |t| format!("tick {t}"));
        let _ = writeln!(r, "bt::testing: the node broke the node contract");
        let _ = writeln!(r, "\n  {when} ({case}, seed {:#x}): {violation}", self.seed);
        let _ = writeln!(r, "\nnode: {}", short_type_name(self.node));
        let _ = writeln!(r, "  node 0: the node under test");
        for (leaf, (size, id, script)) in self.layout.leaves.iter().enumerate() {
            let width = if *size > 1 { format!(" (SIZE {size})") } else { String::new() };
            match kit.ids {
                Ids::Children => {
                    let _ = writeln!(r, "  node {id}: leaf {leaf}{width}, {script}");
                }
                _ => {
                    let _ = writeln!(r, "  leaf {leaf}{width}: {script}");
                }
            }
        }
        for c in &self.layout.conditions {
            let _ = writeln!(r, "  condition {}: {c}", c.condition());
        }
        let halts: Vec<String> =
            self.plan.iter().enumerate().filter(|(_, s)| s.halt).map(|(i, _)| format!("{i}")).collect();
        let resets: Vec<String> =
            self.plan.iter().enumerate().filter(|(_, s)| s.reset).map(|(i, _)| format!("{i}")).collect();
        let n = self.plan.len();
        let _ = write!(
            r,
            "plan: {n} tick{}, clock steps of 0 to {:?}",
            if n == 1 { "" } else { "s" },
            kit.clock_step
        );
        let ticks = |list: &[String]| if list.len() == 1 { "tick" } else { "ticks" };
        if !halts.is_empty() {
            let _ = write!(r, ", tree.halt() after {} {}", ticks(&halts), halts.join(", "));
        }
        if !resets.is_empty() {
            let _ = write!(r, ", tree.reset() after {} {}", ticks(&resets), resets.join(", "));
        }
        let _ = writeln!(r, ", a final tree.halt()");
        r.push_str(&log);
        let _ = writeln!(
            r,
            "\nreplay this case alone: add `.ticks({}).replay({:#x})` to the Kit's settings",
            self.ticks, self.seed
        );
        Failure { seed: self.seed, ticks: self.ticks, tick, violation, report: r }
    }
}
