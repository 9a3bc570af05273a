//! Scripted leaves and conditions: nodes that play a script and check how they are driven.

use std::fmt;
use std::format;
use std::vec::Vec;

use super::{Context, Event, Rng};
use crate::{Condition, Exit, Node, NodeId, Observer, Status};

/// What a [`Scripted`] leaf returns, tick by tick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Script {
    /// Activation `i` follows `plan[i % plan.len()] = (k, end)`: it returns `Running` for `k`
    /// ticks, then `end` (an `end` of `Running` runs until halted).
    PerActivation(Vec<(u32, Status)>),
    /// The leaf's `n`-th tick (counting every tick since it was built or reset) returns
    /// `statuses[n % statuses.len()]`, whatever the activation.
    PerTick(Vec<Status>),
}

impl Script {
    /// A random script: per activation (3 times in 5) or per tick, 1 to 4 entries long, short
    /// runs more likely than long ones, and every status possible.
    pub fn random(rng: &mut Rng) -> Script {
        let len = rng.range(1, 4) as usize;
        if rng.chance(3, 5) {
            let plan = (0..len)
                .map(|_| {
                    let k = rng.pick(&[0, 0, 1, 1, 2, 3]);
                    let end = rng.pick(&[Status::Success, Status::Success, Status::Failure, Status::Failure]);
                    (k, end)
                })
                .collect();
            Script::PerActivation(plan)
        } else {
            let statuses = (0..len)
                .map(|_| {
                    rng.pick(&[
                        Status::Running,
                        Status::Running,
                        Status::Running,
                        Status::Success,
                        Status::Success,
                        Status::Failure,
                        Status::Failure,
                    ])
                })
                .collect();
            Script::PerTick(statuses)
        }
    }

    /// The status of a tick: the `in_activation`-th of activation `activation`, the `tick`-th of
    /// the leaf.
    fn status(&self, activation: usize, in_activation: u32, tick: usize) -> Status {
        match self {
            Script::PerActivation(plan) if !plan.is_empty() => {
                let (k, end) = plan[activation % plan.len()];
                if in_activation < k { Status::Running } else { end }
            }
            Script::PerTick(statuses) if !statuses.is_empty() => statuses[tick % statuses.len()],
            _ => Status::Failure,
        }
    }
}

fn letter(s: Status) -> char {
    match s {
        Status::Success => 'S',
        Status::Failure => 'F',
        Status::Running => 'R',
    }
}

impl fmt::Display for Script {
    /// `per activation [RS, F]` (one `R` per running tick, then the end) or
    /// `per tick [R S F]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Script::PerActivation(plan) => {
                f.write_str("per activation [")?;
                for (i, (k, end)) in plan.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    for _ in 0..*k {
                        f.write_str("R")?;
                    }
                    write!(f, "{}", letter(*end))?;
                }
                f.write_str("]")
            }
            Script::PerTick(statuses) => {
                f.write_str("per tick [")?;
                for (i, s) in statuses.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{}", letter(*s))?;
                }
                f.write_str("]")
            }
        }
    }
}

/// A scripted leaf that checks how its parent drives it.
///
/// It returns what its [`Script`] says, logs [`Event::Enter`], [`Event::Run`] and [`Event::Exit`]
/// into the [`Context`], and records a violation when
///
/// * it is ticked twice in one root tick;
/// * it is halted while idle: never started, already halted, or completed (even in this tick);
/// * it is ticked while the tree is being halted ([`Context::halting`]);
/// * it is given another id than the one its position implies (when the [`Kit`](super::Kit)
///   drew it, which knows that id), or than the one it was given before.
///
/// [`reset`](Node::reset) rewinds the script, so a reset leaf plays it again from the start, as a
/// freshly built one would.
///
/// `SIZE` is the number of ids the leaf occupies (1 by default). A leaf with `SIZE` > 1 stands for
/// a subtree of that many nodes, a chain of `SIZE - 1` pass-through nodes above the scripted leaf:
/// it reports the ids below its own to the observer as their parents would. Use one among the
/// children you give a composite, `(Scripted, Scripted<3>, Scripted)`, and a composite that
/// numbers its children by index (`id + 1 + i`) instead of by their sizes
/// ([`Children`](crate::Children) does it right) is caught.
///
/// Leaves are numbered from 0 (the kit numbers them in the order of the children tuple); events
/// and violations name them by number. Two leaves on one context must not share a number.
#[derive(Clone, Debug)]
pub struct Scripted<const SIZE: usize = 1> {
    leaf: usize,
    script: Script,
    expected_id: Option<NodeId>,
    activation: usize,
    in_activation: u32,
    ticks: usize,
}

impl Scripted {
    /// Leaf number `leaf`, playing `script`, occupying one id.
    pub fn new(leaf: usize, script: Script) -> Self {
        Scripted::sized(leaf, script)
    }
}

impl<const SIZE: usize> Scripted<SIZE> {
    /// Leaf number `leaf`, playing `script`, occupying `SIZE` ids: `Scripted::<3>::sized(0, script)`.
    pub fn sized(leaf: usize, script: Script) -> Self {
        Scripted { leaf, script, expected_id: None, activation: 0, in_activation: 0, ticks: 0 }
    }

    /// The same leaf, which must always be ticked and halted with id `id`.
    pub fn expecting_id(mut self, id: NodeId) -> Self {
        self.expected_id = Some(id);
        self
    }

    /// The leaf's number.
    pub fn leaf(&self) -> usize {
        self.leaf
    }

    /// Its script.
    pub fn script(&self) -> &Script {
        &self.script
    }

    /// The id it must be given, if it was set.
    pub fn expected_id(&self) -> Option<NodeId> {
        self.expected_id
    }

    /// Checks the id the leaf was given, recording a violation if it is not the expected one.
    fn check_id(&self, journal: &mut super::context::Journal, id: NodeId, what: &str) {
        let leaf = self.leaf;
        let state = journal.leaf(leaf);
        let first = *state.id.get_or_insert(id);
        if let Some(expected) = self.expected_id {
            if id != expected {
                journal.violate(format!(
                    "leaf {leaf} was {what} as node {id}, but its position makes it node {expected}: a parent \
                     gives its first child its own id + 1 and each next child the previous child's id + its \
                     SIZE (use the `Children` methods, which do it)"
                ));
            }
        } else if id != first {
            journal.violate(format!(
                "leaf {leaf} was {what} as node {id}, but it was node {first} before: a node's id never changes"
            ));
        }
    }
}

/// Whether the leaf runs.
impl<const SIZE: usize> crate::Activation for Scripted<SIZE> {
    type Active = bool;
    fn is_running(active: &bool) -> bool {
        *active
    }
}

impl<const SIZE: usize> Node<Context> for Scripted<SIZE> {
    const SIZE: usize = {
        assert!(SIZE >= 1, "a Scripted leaf occupies at least one id");
        SIZE
    };

    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut bool,
        ctx: &mut Context,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let leaf = self.leaf;
        let mut journal = ctx.journal.borrow_mut();
        self.check_id(&mut journal, id, "ticked");
        journal.tick_while_halting(&format!("leaf {leaf}"));
        let tick = journal.current();
        let state = journal.leaf(leaf);
        let twice = state.last_tick == Some(tick) && journal.ticks > 0;
        let state = journal.leaf(leaf);
        state.last_tick = Some(tick);
        let entering = !state.active;
        if entering {
            state.active = true;
            self.in_activation = 0;
        }
        if twice {
            journal.violate(format!(
                "leaf {leaf} was ticked twice in one root tick: a node ticks each child at most once per tick"
            ));
        }
        if entering {
            journal.events.push(Event::Enter { leaf });
        }
        let status = self.script.status(self.activation, self.in_activation, self.ticks);
        self.ticks = self.ticks.wrapping_add(1);
        self.in_activation = self.in_activation.saturating_add(1);
        journal.events.push(Event::Run { leaf, status });
        if status.is_done() {
            let state = journal.leaf(leaf);
            state.active = false;
            state.completed = Some((tick, status));
            self.activation = self.activation.wrapping_add(1);
            let how = if status == Status::Success { Exit::Success } else { Exit::Failure };
            journal.events.push(Event::Exit { leaf, how });
        }
        drop(journal);
        // The pass-through nodes this leaf stands for, deepest first, as their parents report them.
        for below in (1..SIZE).rev() {
            obs.ticked(id + below, status);
        }
        *active = status == Status::Running;
        status
    }

    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut bool,
        ctx: &mut Context,
        obs: &mut O,
        id: NodeId,
    ) {
        *active = false;
        let leaf = self.leaf;
        let mut journal = ctx.journal.borrow_mut();
        self.check_id(&mut journal, id, "halted");
        let tick = journal.current();
        let state = journal.leaf(leaf);
        if !state.active {
            let why = match state.completed {
                Some((t, status)) if t == tick && state.last_tick == Some(tick) => {
                    format!("it returned {status} in this tick (a completed node is idle)")
                }
                Some((_, status)) => format!("it is idle: it returned {status} on its last tick"),
                None if state.last_tick.is_none() => "it was never ticked".into(),
                None => "it is idle: it was already halted".into(),
            };
            journal.violate(format!("leaf {leaf} was halted, but {why}: halt only a running child"));
            return;
        }
        state.active = false;
        state.completed = None;
        self.activation = self.activation.wrapping_add(1);
        journal.events.push(Event::Exit { leaf, how: Exit::Halted });
        drop(journal);
        for below in (1..SIZE).rev() {
            obs.halted(id + below);
        }
    }

    fn reset(&mut self) {
        self.activation = 0;
        self.in_activation = 0;
        self.ticks = 0;
    }
}

/// A scripted condition, for decorators that take one (`guard`, `precondition`, yours): in root
/// tick `t` (counted since the node was built or reset, [`Context::tick`]) it answers
/// `answers[t % answers.len()]`, and logs [`Event::Check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptedCondition {
    condition: usize,
    answers: Vec<bool>,
}

impl ScriptedCondition {
    /// Condition number `condition`, answering `answers` tick after tick (an empty list answers
    /// `false`).
    pub fn new(condition: usize, answers: Vec<bool>) -> Self {
        ScriptedCondition { condition, answers }
    }

    /// Condition number `condition` with random answers: 1 to 6 of them, sometimes all equal.
    pub fn random(condition: usize, rng: &mut Rng) -> Self {
        let len = rng.range(1, 6) as usize;
        let answers = match rng.below(4) {
            0 => std::vec![true; len],
            1 => std::vec![false; len],
            _ => (0..len).map(|_| rng.chance(1, 2)).collect(),
        };
        ScriptedCondition { condition, answers }
    }

    /// The condition's number.
    pub fn condition(&self) -> usize {
        self.condition
    }

    /// Its answers, tick after tick.
    pub fn answers(&self) -> &[bool] {
        &self.answers
    }
}

impl Condition<Context> for ScriptedCondition {
    fn check(&mut self, ctx: &Context) -> bool {
        let answer = if self.answers.is_empty() {
            false
        } else {
            self.answers[(ctx.tick() % self.answers.len() as u64) as usize]
        };
        ctx.record(Event::Check { condition: self.condition, answer });
        answer
    }
}

impl fmt::Display for ScriptedCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("per tick [")?;
        for (i, a) in self.answers.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(if *a { "T" } else { "F" })?;
        }
        f.write_str("]")
    }
}

/// Saved: whether the leaf runs and where it is in its script (activations, ticks in the
/// activation, ticks), then an empty entry for each pass-through node it stands for. The leaf's
/// lifecycle as the [`Context`] sees it stays in the context.
#[cfg(feature = "serde")]
impl<const SIZE: usize> crate::PersistNode<Context> for Scripted<SIZE> {
    type Loaded = (u64, u32, u64);

    fn save_nodes<W: crate::persist::NodeWriter>(
        &self,
        active: &bool,
        _: &Context,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        let state = (self.activation as u64, self.in_activation, self.ticks as u64);
        w.entry(id, *active, &(*active, state))?;
        for below in 1..SIZE {
            w.entry(id + below, *active, &())?;
        }
        Ok(())
    }

    fn load_nodes<R: crate::persist::NodeReader>(
        &self,
        _: &Context,
        id: NodeId,
        r: &mut R,
    ) -> Result<(Self::Loaded, bool), R::Error> {
        let (running, state) = r.entry::<(bool, (u64, u32, u64))>(id)?;
        for below in 1..SIZE {
            r.entry::<()>(id + below)?;
        }
        Ok((state, running))
    }

    fn apply(&mut self, (activation, in_activation, ticks): Self::Loaded, _: &Context) {
        self.activation = activation as usize;
        self.in_activation = in_activation;
        self.ticks = ticks as usize;
    }
}

/// Nothing to save: the answers depend on the context's tick only.
#[cfg(feature = "serde")]
impl crate::Persist<Context> for ScriptedCondition {
    type State = ();

    fn save(&self, _: &Context) {}

    fn restore(&mut self, _: (), _: &Context) {}
}
