//! Variant (d): the hungry agent's tree in `bonsai-bt` (0.14), the most used behavior-tree crate.
//!
//! # How the example's tree maps onto bonsai's combinators
//!
//! bonsai has `Sequence` and `Select` with `bt`'s (memory) semantics, so the five needs are
//! `Select([Sequence([Feel(need), WalkTo, Refill(need)]), …])` as in the example. It has no
//! `Parallel(n)` and no `Repeat`, so those two are built from what it has:
//!
//! * **`parallel(1)<needs, Alive>`** → `WhenAny([retry_each_tick(needs), Alive])`. `WhenAny`
//!   ticks its children in order and succeeds as soon as one succeeds, like `parallel(1)`; but a
//!   child that fails is dropped for good, while `bt`'s `parallel(n)` ticks a failed child again
//!   on the next tick (that is how the needs are checked again every tick). So the needs selector
//!   is wrapped in `retry_each_tick(x) = Invert(While(WaitForever, [Invert(x), NextTick]))`:
//!   `x` succeeds → the whole thing succeeds; `x` fails → it waits for the next tick (`NextTick` is
//!   an action that is `Running` once, then succeeds) and `While` starts a fresh `x`; `x` running →
//!   running, resumed next tick.
//! * **`repeat(…)`** → the caller: when the root succeeds, the tree is `reset_bt()` so the next tick
//!   starts a new round, which is what `repeat` does.
//! * **halting**: bonsai has no halt and no exit hooks; a leaf's lifecycle (internal condition,
//!   enter, execute, exit) is kept by hand in the blackboard, one flag per leaf, and when the root
//!   completes the leaves still active (`Alive`) get their exit, as `bt`'s parallel halts them.
//!
//! The simulation is the same as the other variants' (same checksum). One difference is left: when
//! the agent dies, the example's tree fails (`Alive` and the needs fail in the same tick), while
//! `WhenAny` only drops `Alive` and keeps the needs retrying; the world is the same either way.

use bonsai_bt::{
    Action, BT, Behavior, Event, Float, Invert, Select, Sequence, UpdateArgs, WaitForever, WhenAny, While,
};
use bt::{Exit, Status};

use super::world::{Agent, Need, Task};

/// bonsai's action type: which leaf, and which instance (a `WalkTo` per branch).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Leaf {
    /// `Feel*`: the need is low (and note its zone).
    Feel(Need),
    /// `WalkTo` in branch `0..5`.
    WalkTo(u8),
    /// The activity refilling the need.
    Refill(Need),
    /// `Alive`.
    Alive,
    /// `Running` on its first tick, `Success` on the next one.
    NextTick,
}

/// The blackboard: every action's lifecycle flag (bonsai has no enter/exit of its own).
#[derive(Clone, Debug, Default)]
pub struct Lifecycle {
    walking: [bool; 5],
    refilling: [bool; 5],
    alive: bool,
    next_tick: bool,
}

/// The needs in the selector's priority order.
const ORDER: [Need; 5] = [Need::Mood, Need::Food, Need::Water, Need::Energy, Need::Money];

/// The example's tree as a bonsai behavior (see the module docs).
pub fn behavior() -> Behavior<Leaf> {
    let branch = |i: usize| {
        Sequence(vec![
            Action(Leaf::Feel(ORDER[i])),
            Action(Leaf::WalkTo(i as u8)),
            Action(Leaf::Refill(ORDER[i])),
        ])
    };
    let needs = Select((0..ORDER.len()).map(branch).collect());
    let retry_each_tick =
        Invert(Box::new(While(Box::new(WaitForever), vec![Invert(Box::new(needs)), Action(Leaf::NextTick)])));
    WhenAny(vec![retry_each_tick, Action(Leaf::Alive)])
}

/// The bonsai tree and the event it is ticked with.
pub struct BonsaiBrain {
    bt: BT<Leaf, Lifecycle>,
    event: Event,
}

impl Default for BonsaiBrain {
    fn default() -> Self {
        Self::new()
    }
}

fn to_bonsai(status: Status) -> bonsai_bt::Status {
    match status {
        Status::Success => bonsai_bt::Status::Success,
        Status::Failure => bonsai_bt::Status::Failure,
        Status::Running => bonsai_bt::Status::Running,
    }
}

/// An action's lifecycle, as `bt`'s action node runs it: internal condition, enter, execute, exit.
#[inline]
fn run_action(
    active: &mut bool,
    agent: &mut Agent,
    condition: impl FnOnce(&Agent) -> bool,
    enter: impl FnOnce(&mut Agent),
    execute: impl FnOnce(&mut Agent) -> Status,
    exit: impl FnOnce(&mut Agent, Exit),
) -> Status {
    if !condition(agent) {
        if *active {
            *active = false;
            exit(agent, Exit::Failure);
        }
        return Status::Failure;
    }
    if !*active {
        *active = true;
        enter(agent);
    }
    let status = execute(agent);
    match status {
        Status::Running => {}
        Status::Success => {
            *active = false;
            exit(agent, Exit::Success);
        }
        Status::Failure => {
            *active = false;
            exit(agent, Exit::Failure);
        }
    }
    status
}

impl BonsaiBrain {
    /// The tree, idle.
    pub fn new() -> Self {
        let dt = super::world::DT.as_secs_f64() as Float;
        BonsaiBrain { bt: BT::new(behavior(), Lifecycle::default()), event: UpdateArgs { dt }.into() }
    }

    /// One decision.
    pub fn tick(&mut self, agent: &mut Agent) {
        let result = self.bt.tick(&self.event, &mut |args, lc: &mut Lifecycle| {
            let status = match *args.action {
                Leaf::Feel(need) => Status::from_bool(agent.feel(need)),
                Leaf::WalkTo(i) => run_action(
                    &mut lc.walking[i as usize],
                    agent,
                    |a| a.can_walk(),
                    |a| a.start_walk(),
                    |a| a.walk(),
                    |a, how| a.end_walk(how),
                ),
                Leaf::Refill(need) => run_action(
                    &mut lc.refilling[need.index()],
                    agent,
                    |a| a.can_refill(need),
                    |a| a.start_refill(need),
                    |a| a.refill(need),
                    |a, how| a.end_refill(need, how),
                ),
                Leaf::Alive => run_action(
                    &mut lc.alive,
                    agent,
                    |a| a.is_alive(),
                    |a| a.entered(Task::Alive),
                    |_| Status::Running,
                    |a, how| a.exited(Task::Alive, how),
                ),
                Leaf::NextTick => {
                    lc.next_tick = !lc.next_tick;
                    if lc.next_tick { Status::Running } else { Status::Success }
                }
            };
            (to_bonsai(status), if status == Status::Running { 0.0 } else { args.dt })
        });
        if matches!(result, Some((bonsai_bt::Status::Success | bonsai_bt::Status::Failure, _))) {
            // The round is over: halt what still runs (`parallel(1)` halts `Alive`), then
            // start over on the next tick, as `repeat` does.
            let lc = self.bt.blackboard_mut();
            for walking in &mut lc.walking {
                if std::mem::take(walking) {
                    agent.end_walk(Exit::Halted);
                }
            }
            for (i, refilling) in lc.refilling.iter_mut().enumerate() {
                if std::mem::take(refilling) {
                    agent.end_refill(Need::ALL[i], Exit::Halted);
                }
            }
            if std::mem::take(&mut lc.alive) {
                agent.exited(Task::Alive, Exit::Halted);
            }
            lc.next_tick = false;
            self.bt.reset_bt();
        }
    }
}
