//! The hungry agent: the world, the agent living in it, the leaves of its behavior
//! tree, and the tree itself ([`AgentBrain`]).
//!
//! # The world
//!
//! The agent has five needs — food, water, energy, mood and money — each between 0 and 100. Every
//! need decays at its own rate over game time; some activities cost extra (walking and working tire,
//! working bores, eating and having fun cost money). Five zones at fixed positions refill one need
//! each: the kitchen (food), the well (water), the bed (energy), the park (mood) and the office
//! (money). The agent walks between them at a speed that drops when it is tired.
//!
//! Time is a [`ManualClock`] inside the [`Agent`], advanced by a fixed step ([`DT`], 100 ms). Nothing
//! is random, so a simulation is a pure function of its starting state: [`World::checksum`] hashes
//! the whole state, so two implementations of the same decisions can be compared.
//!
//! # Updating and deciding are separate
//!
//! [`World::update`] is the physics: it advances the clock, moves the agent towards the zone it is
//! walking to, and applies the needs' decay and the refill of the activity in progress.
//! [`World::decide`] ticks the behavior tree once; the leaves only *start* and *stop* activities
//! (through [`Agent`]'s methods) and check whether they are done. [`World::step`] does both. Neither
//! allocates: events go to a fixed-size ring ([`Events`]) that the program drains when it wants a log.
//!
//! # The tree
//!
//! The classic hungry-agent tree, written with `bt!` in [`AgentBrain`]:
//!
//! ```text
//! repeat(parallel(1)<
//!     selector<
//!         sequence<FeelBoring, WalkTo, HaveFun>,
//!         sequence<FeelHungry, WalkTo, EatFood>,
//!         sequence<FeelThirsty, WalkTo, DrinkWater>,
//!         sequence<FeelTired, WalkTo, HaveRest>,
//!         sequence<FeelPoor, WalkTo, Work>,
//!     >,
//!     Alive,
//! >)
//! ```
//!
//! * A `Feel*` condition is true when its need is below [`LOW`]; it then leaves a note on the
//!   blackboard: the zone to go to, valid for [`TARGET_TTL`] (an expiring blackboard value).
//! * [`WalkTo`] reads that note. It walks to the zone and succeeds on arrival; it fails if the note
//!   has expired (a walk slowed down by tiredness can outlast it: the agent then decides again, from
//!   the highest priority down) or was never written.
//! * [`EatFood`], [`DrinkWater`], [`HaveRest`], [`HaveFun`] and [`Work`] run while the agent is at
//!   their zone and succeed when the need is full again.
//! * The needs selector is *not* reactive: once a need is being handled, the agent finishes it before
//!   it reconsiders (the semantics of `parallel(n)`). While nothing is needed, the selector fails on every tick and
//!   `parallel(1)` simply tries it again on the next one, while [`Alive`] keeps running. When a need
//!   has been handled, the selector succeeds, so the parallel succeeds (halting `Alive`), and
//!   `repeat` starts the next round on the following tick — `Alive` is entered again then. `Alive`'s
//!   enter/exit are bookkeeping and do not show in the log.
//!
//! # When a need runs out
//!
//! A need at 0 does not kill the agent at once: while any need is at 0 the agent loses health
//! ([`HEALTH_LOSS`] per second for each empty need); with no need empty it recovers
//! ([`HEALTH_REGEN`] per second). At 0 health the agent dies: the world stops it, every action's
//! internal condition (the agent is alive) turns false, so the activity in progress fails, the
//! `Feel*` conditions fail, `Alive` fails — both children of the parallel fail in the same tick, so
//! the parallel fails, `repeat` fails and the whole tree returns `Failure`. With the rates below a
//! well-behaved agent never gets there; the tests check both that it survives and that a dying
//! agent ends the tree cleanly.

use core::cell::Cell;
use core::time::Duration;

use bt::{Action, Clock, Condition, Exit, Expiring, ManualClock, Status, bt};

/// The fixed time step of the simulation.
pub const DT: Duration = Duration::from_millis(100);
/// A need below this level is felt (the agent is hungry, thirsty, …).
pub const LOW: f32 = 30.0;
/// The top of every need, and of health.
pub const FULL: f32 = 100.0;
/// How long a `Feel*` condition's note (the zone to go to) stays valid on the blackboard.
pub const TARGET_TTL: Duration = Duration::from_secs(15);
/// Walking speed in metres per second at full energy; it drops to half at zero energy.
pub const WALK_SPEED: f32 = 3.0;
/// Health lost per second for each need at 0.
pub const HEALTH_LOSS: f32 = 1.0;
/// Health regained per second while no need is at 0.
pub const HEALTH_REGEN: f32 = 1.0;
/// Distance under which the agent counts as being in a zone.
pub const ZONE_RADIUS: f32 = 0.5;

#[path = "../common/vec2.rs"]
mod vec2;
pub use vec2::Vec2;

/// One of the agent's five needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Need {
    /// Refilled by eating in the kitchen.
    Food,
    /// Refilled by drinking at the well.
    Water,
    /// Refilled by resting in bed.
    Energy,
    /// Refilled by having fun in the park.
    Mood,
    /// Refilled by working at the office.
    Money,
}

impl Need {
    /// All needs, in index order.
    pub const ALL: [Need; 5] = [Need::Food, Need::Water, Need::Energy, Need::Mood, Need::Money];

    /// Index into [`Agent::needs`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The need's name: `"food"`, `"water"`, ….
    pub const fn name(self) -> &'static str {
        match self {
            Need::Food => "food",
            Need::Water => "water",
            Need::Energy => "energy",
            Need::Mood => "mood",
            Need::Money => "money",
        }
    }

    /// One-letter label for compact logs.
    pub const fn letter(self) -> &'static str {
        match self {
            Need::Food => "F",
            Need::Water => "W",
            Need::Energy => "E",
            Need::Mood => "M",
            Need::Money => "$",
        }
    }

    /// How the agent feels when the need is low: `"hungry"`, `"thirsty"`, ….
    pub const fn feeling(self) -> &'static str {
        match self {
            Need::Food => "hungry",
            Need::Water => "thirsty",
            Need::Energy => "tired",
            Need::Mood => "bored",
            Need::Money => "poor",
        }
    }

    /// The activity that refills the need: `"eating"`, `"drinking"`, ….
    pub const fn activity(self) -> &'static str {
        match self {
            Need::Food => "eating",
            Need::Water => "drinking",
            Need::Energy => "resting",
            Need::Mood => "having fun",
            Need::Money => "working",
        }
    }

    /// The zone that refills the need.
    pub const fn zone(self) -> Zone {
        match self {
            Need::Food => Zone::Kitchen,
            Need::Water => Zone::Well,
            Need::Energy => Zone::Bed,
            Need::Mood => Zone::Park,
            Need::Money => Zone::Office,
        }
    }

    /// Loss per second, whatever the agent does.
    pub const fn decay(self) -> f32 {
        match self {
            Need::Food => 0.35,
            Need::Water => 0.45,
            Need::Energy => 0.2,
            Need::Mood => 0.25,
            Need::Money => 0.15,
        }
    }

    /// Gain per second while the agent does the need's activity in its zone.
    pub const fn refill(self) -> f32 {
        match self {
            Need::Food => 10.0,
            Need::Water => 15.0,
            Need::Energy => 5.0,
            Need::Mood => 7.0,
            Need::Money => 5.0,
        }
    }
}

/// One of the five zones; each refills one need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Zone {
    /// Food.
    Kitchen,
    /// Water.
    Well,
    /// Energy.
    Bed,
    /// Mood.
    Park,
    /// Money.
    Office,
}

impl Zone {
    /// The need the zone refills.
    pub const fn need(self) -> Need {
        match self {
            Zone::Kitchen => Need::Food,
            Zone::Well => Need::Water,
            Zone::Bed => Need::Energy,
            Zone::Park => Need::Mood,
            Zone::Office => Need::Money,
        }
    }

    /// Where the zone is (the map is 30 m × 20 m).
    pub const fn pos(self) -> Vec2 {
        match self {
            Zone::Kitchen => Vec2::new(4.0, 4.0),
            Zone::Well => Vec2::new(26.0, 3.0),
            Zone::Bed => Vec2::new(3.0, 17.0),
            Zone::Park => Vec2::new(16.0, 18.0),
            Zone::Office => Vec2::new(27.0, 16.0),
        }
    }

    /// The zone's name, with its article: `"the kitchen"`.
    pub const fn name(self) -> &'static str {
        match self {
            Zone::Kitchen => "the kitchen",
            Zone::Well => "the well",
            Zone::Bed => "the bed",
            Zone::Park => "the park",
            Zone::Office => "the office",
        }
    }
}

/// What the agent's body is doing; [`World::update`] applies its effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Activity {
    /// Standing still.
    Idle,
    /// Walking to a zone.
    Walking(Zone),
    /// Refilling a need in its zone (eating, drinking, …).
    Refilling(Need),
}

/// The actions of the tree, as named in lifecycle events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Task {
    /// [`Alive`].
    Alive,
    /// [`WalkTo`], with the zone it walks to.
    WalkTo(Zone),
    /// [`EatFood`], [`DrinkWater`], [`HaveRest`], [`HaveFun`] or [`Work`], by the need it refills.
    Refill(Need),
}

impl Task {
    /// A small number per kind of task (the zone of a walk does not count).
    pub const fn slot(self) -> u32 {
        match self {
            Task::Alive => 0,
            Task::WalkTo(_) => 1,
            Task::Refill(need) => 2 + need as u32,
        }
    }
}

/// Something that happened, for the log and the tests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EventKind {
    /// An action's activation started (its `enter` ran).
    Enter(Task),
    /// An action's activation ended (its `exit` ran), and how.
    Exit(Task, Exit),
    /// A need reached 0: the agent starts losing health.
    Depleted(Need),
    /// Health reached 0.
    Died,
}

/// An [`EventKind`] with the game time it happened at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Event {
    /// Game time.
    pub at: Duration,
    /// What happened.
    pub kind: EventKind,
}

#[path = "../common/ring.rs"]
mod ring;

/// The events of the last steps, in a fixed-size ring: pushing never allocates; when nobody drains
/// it, the oldest events are dropped (and counted).
pub type Events = ring::Ring<Event, 32>;

/// An empty event ring.
const NO_EVENTS: Events = Events::new(Event { at: Duration::ZERO, kind: EventKind::Died });

#[cfg(feature = "serde")]
fn no_events() -> Events {
    NO_EVENTS
}

/// Counters kept by the agent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Activities completed (the need refilled to full), by need index.
    pub completed: [u32; 5],
    /// Walks started.
    pub walks: u32,
    /// Walks that failed (the blackboard note expired) or were halted.
    pub walks_abandoned: u32,
    /// Action activations entered.
    pub entered: u32,
    /// Action activations exited.
    pub exited: u32,
    /// Lifecycle errors: an `enter` while that kind of task was already active, or an `exit` while
    /// it was not. Always 0 unless the tree is broken.
    pub lifecycle_errors: u32,
    /// Which kinds of task are active, one bit per [`Task::slot`].
    pub active: u32,
}

/// The shared data of the tree's leaves (the blackboard), as plain fields.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Blackboard {
    /// The zone a `Feel*` condition chose, valid for [`TARGET_TTL`]. A `Cell`, because conditions
    /// only see the agent by shared reference and this is the one note they leave for the actions
    /// after them.
    pub target: Cell<Expiring<Zone>>,
}

/// The agent: the context every leaf of [`AgentBrain`] runs on.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Agent {
    /// Game time.
    pub clock: ManualClock,
    /// Where the agent stands.
    pub pos: Vec2,
    /// The five needs, by [`Need::index`], each in `0.0..=100.0`.
    pub needs: [f32; 5],
    /// Health in `0.0..=100.0`; lost while a need is at 0; the agent dies at 0.
    pub health: f32,
    /// What the body is doing.
    pub activity: Activity,
    /// Notes shared by the leaves.
    pub blackboard: Blackboard,
    /// What happened since the ring was last drained (not saved: drained after every step).
    #[cfg_attr(feature = "serde", serde(skip, default = "no_events"))]
    pub events: Events,
    /// Counters.
    pub stats: Stats,
}

impl Clock for Agent {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Default for Agent {
    fn default() -> Self {
        Self::new()
    }
}

impl Agent {
    /// The agent of the demo: in the middle of the map, at time 0, with varied needs so that
    /// something happens soon.
    pub fn new() -> Self {
        Self::with_needs([36.0, 33.0, 48.0, 40.0, 34.0])
    }

    /// An agent in the middle of the map with the given needs (by [`Need::index`]).
    pub fn with_needs(needs: [f32; 5]) -> Self {
        Agent {
            clock: ManualClock::new(),
            pos: Vec2::new(15.0, 10.0),
            needs,
            health: FULL,
            activity: Activity::Idle,
            blackboard: Blackboard::default(),
            events: NO_EVENTS,
            stats: Stats::default(),
        }
    }

    /// The level of `need`.
    pub fn need(&self, need: Need) -> f32 {
        self.needs[need.index()]
    }

    /// Whether the agent is alive (health above 0).
    pub fn is_alive(&self) -> bool {
        self.health > 0.0
    }

    /// Whether the agent stands in `zone`.
    pub fn is_in(&self, zone: Zone) -> bool {
        self.pos.distance(zone.pos()) <= ZONE_RADIUS
    }

    /// Current walking speed: [`WALK_SPEED`] at full energy, half of it at none.
    pub fn speed(&self) -> f32 {
        WALK_SPEED * (0.5 + 0.5 * self.need(Need::Energy) / FULL)
    }

    /// The blackboard's target zone, if it is set and not expired.
    pub fn target(&self) -> Option<Zone> {
        self.blackboard.target.get().get(self.now()).copied()
    }

    /// Extra loss per second of `need` caused by the current activity.
    fn cost(&self, need: Need) -> f32 {
        match (self.activity, need) {
            (Activity::Walking(_), Need::Energy) => 0.2,
            (Activity::Refilling(Need::Money), Need::Energy) => 0.3,
            (Activity::Refilling(Need::Money), Need::Mood) => 0.4,
            (Activity::Refilling(Need::Food), Need::Money) => 0.8,
            (Activity::Refilling(Need::Mood), Need::Money) => 1.2,
            _ => 0.0,
        }
    }

    fn record(&mut self, kind: EventKind) {
        let at = self.now();
        self.events.push(Event { at, kind });
    }

    // ----- world physics ---------------------------------------------------------------------

    /// Advances the world by `dt`: the clock, the walk in progress, the needs, health.
    pub fn update(&mut self, dt: Duration) {
        self.clock.advance(dt);
        if !self.is_alive() {
            return;
        }
        let secs = dt.as_secs_f32();
        if let Activity::Walking(zone) = self.activity {
            self.pos = self.pos.step_towards(zone.pos(), self.speed() * secs);
        }
        let mut empty = 0u32;
        for need in Need::ALL {
            let mut rate = -need.decay() - self.cost(need);
            if self.activity == Activity::Refilling(need) {
                rate += need.refill();
            }
            let before = self.needs[need.index()];
            let after = (before + rate * secs).clamp(0.0, FULL);
            self.needs[need.index()] = after;
            if after == 0.0 {
                empty += 1;
                if before > 0.0 {
                    self.record(EventKind::Depleted(need));
                }
            }
        }
        if empty > 0 {
            self.health = (self.health - HEALTH_LOSS * empty as f32 * secs).max(0.0);
            if self.health == 0.0 {
                self.record(EventKind::Died);
            }
        } else {
            self.health = (self.health + HEALTH_REGEN * secs).min(FULL);
        }
    }

    // ----- what the leaves do (usable by any other implementation of the same decisions) -------

    /// The `Feel*` conditions: whether `need` is low; if it is, notes its zone on the blackboard
    /// for [`TARGET_TTL`]. A dead agent feels nothing.
    pub fn feel(&self, need: Need) -> bool {
        if !self.is_alive() || self.need(need) >= LOW {
            return false;
        }
        let mut target = self.blackboard.target.get();
        target.set_for(need.zone(), self.now(), TARGET_TTL);
        self.blackboard.target.set(target);
        true
    }

    /// Lifecycle bookkeeping and event for an action's `enter`.
    pub fn entered(&mut self, task: Task) {
        let bit = 1 << task.slot();
        if self.stats.active & bit != 0 {
            self.stats.lifecycle_errors += 1;
        }
        self.stats.active |= bit;
        self.stats.entered += 1;
        self.record(EventKind::Enter(task));
    }

    /// Lifecycle bookkeeping and event for an action's `exit`.
    pub fn exited(&mut self, task: Task, how: Exit) {
        let bit = 1 << task.slot();
        if self.stats.active & bit == 0 {
            self.stats.lifecycle_errors += 1;
        }
        self.stats.active &= !bit;
        self.stats.exited += 1;
        self.record(EventKind::Exit(task, how));
    }

    /// [`WalkTo`]'s internal condition: alive, with a valid target on the blackboard.
    pub fn can_walk(&self) -> bool {
        self.is_alive() && self.target().is_some()
    }

    /// [`WalkTo`]'s `enter`: starts walking to the blackboard's target.
    pub fn start_walk(&mut self) {
        if let Some(zone) = self.target() {
            self.activity = Activity::Walking(zone);
            self.stats.walks += 1;
            self.entered(Task::WalkTo(zone));
        }
    }

    /// [`WalkTo`]'s `execute`: `Success` once in the target zone, else `Running` (the walking
    /// itself happens in [`Agent::update`]).
    pub fn walk(&mut self) -> Status {
        match self.target() {
            Some(zone) if self.is_in(zone) => Status::Success,
            Some(zone) => {
                self.activity = Activity::Walking(zone);
                Status::Running
            }
            None => Status::Failure,
        }
    }

    /// [`WalkTo`]'s `exit`: stops, and wipes the note it acted on.
    pub fn end_walk(&mut self, how: Exit) {
        let zone = match self.activity {
            Activity::Walking(zone) => zone,
            // No walk in progress: an exit without an enter, which `exited` counts as an error.
            _ => self.target().unwrap_or(Zone::Kitchen),
        };
        self.activity = Activity::Idle;
        self.blackboard.target.set(Expiring::empty());
        if how != Exit::Success {
            self.stats.walks_abandoned += 1;
        }
        self.exited(Task::WalkTo(zone), how);
    }

    /// Internal condition of the activity refilling `need`: alive and in the need's zone.
    pub fn can_refill(&self, need: Need) -> bool {
        self.is_alive() && self.is_in(need.zone())
    }

    /// `enter` of the activity refilling `need`.
    pub fn start_refill(&mut self, need: Need) {
        self.activity = Activity::Refilling(need);
        self.entered(Task::Refill(need));
    }

    /// `execute` of the activity refilling `need`: `Success` once it is full.
    pub fn refill(&mut self, need: Need) -> Status {
        if self.need(need) >= FULL { Status::Success } else { Status::Running }
    }

    /// `exit` of the activity refilling `need`.
    pub fn end_refill(&mut self, need: Need, how: Exit) {
        self.activity = Activity::Idle;
        if how == Exit::Success {
            self.stats.completed[need.index()] += 1;
        }
        self.exited(Task::Refill(need), how);
    }
}

// ----- the leaves ---------------------------------------------------------------------------

macro_rules! feel {
    ($($(#[$doc:meta])* $name:ident => $need:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize, bt::Persist))]
        pub struct $name;

        impl Condition<Agent> for $name {
            fn check(&mut self, agent: &Agent) -> bool {
                agent.feel($need)
            }
        }
    )*};
}

feel! {
    /// True when mood is below [`LOW`]; notes the park on the blackboard.
    FeelBoring => Need::Mood;
    /// True when food is below [`LOW`]; notes the kitchen on the blackboard.
    FeelHungry => Need::Food;
    /// True when water is below [`LOW`]; notes the well on the blackboard.
    FeelThirsty => Need::Water;
    /// True when energy is below [`LOW`]; notes the bed on the blackboard.
    FeelTired => Need::Energy;
    /// True when money is below [`LOW`]; notes the office on the blackboard.
    FeelPoor => Need::Money;
}

/// Walks to the zone noted on the blackboard; succeeds on arrival, fails if the note is missing or
/// has expired on the way. Its exit stops the agent and wipes the note.
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize, bt::Persist))]
pub struct WalkTo;

impl Action<Agent> for WalkTo {
    fn condition(&mut self, agent: &Agent) -> bool {
        agent.can_walk()
    }
    fn enter(&mut self, agent: &mut Agent) {
        agent.start_walk();
    }
    fn execute(&mut self, agent: &mut Agent) -> Status {
        agent.walk()
    }
    fn exit(&mut self, agent: &mut Agent, how: Exit) {
        agent.end_walk(how);
    }
}

macro_rules! refill {
    ($($(#[$doc:meta])* $name:ident => $need:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize, bt::Persist))]
        pub struct $name;

        impl Action<Agent> for $name {
            fn condition(&mut self, agent: &Agent) -> bool {
                agent.can_refill($need)
            }
            fn enter(&mut self, agent: &mut Agent) {
                agent.start_refill($need);
            }
            fn execute(&mut self, agent: &mut Agent) -> Status {
                agent.refill($need)
            }
            fn exit(&mut self, agent: &mut Agent, how: Exit) {
                agent.end_refill($need, how);
            }
        }
    )*};
}

refill! {
    /// Eats in the kitchen until food is full (costs money).
    EatFood => Need::Food;
    /// Drinks at the well until water is full.
    DrinkWater => Need::Water;
    /// Rests in bed until energy is full.
    HaveRest => Need::Energy;
    /// Has fun in the park until mood is full (costs money).
    HaveFun => Need::Mood;
    /// Works at the office until money is full (tiring and boring).
    Work => Need::Money;
}

/// Runs for as long as the agent lives; fails when it has died.
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize, bt::Persist))]
pub struct Alive;

impl Action<Agent> for Alive {
    fn condition(&mut self, agent: &Agent) -> bool {
        agent.is_alive()
    }
    fn enter(&mut self, agent: &mut Agent) {
        agent.entered(Task::Alive);
    }
    fn execute(&mut self, _agent: &mut Agent) -> Status {
        Status::Running
    }
    fn exit(&mut self, agent: &mut Agent, how: Exit) {
        agent.exited(Task::Alive, how);
    }
}

// ----- the tree -----------------------------------------------------------------------------

bt! {
    /// The agent's mind: the classic hungry-agent tree (see the module docs for how it plays out).
    #[derive(Clone)]
    pub struct AgentBrain for Agent {
        repeat(parallel(1)<
            selector<
                sequence<FeelBoring, WalkTo, HaveFun>,
                sequence<FeelHungry, WalkTo, EatFood>,
                sequence<FeelThirsty, WalkTo, DrinkWater>,
                sequence<FeelTired, WalkTo, HaveRest>,
                sequence<FeelPoor, WalkTo, Work>,
            >,
            Alive,
        >)
    }
}

// ----- the world ----------------------------------------------------------------------------

/// The agent and its mind, stepped together.
pub struct World {
    /// The agent (the tree's context).
    pub agent: Agent,
    /// Its behavior tree.
    pub brain: AgentBrain,
    /// Number of decisions (tree ticks) so far.
    pub ticks: u64,
}

impl Default for World {
    fn default() -> Self {
        Self::new()
    }
}

impl World {
    /// The demo world.
    pub fn new() -> Self {
        Self::with_agent(Agent::new())
    }

    /// A world around `agent`, with a fresh tree.
    pub fn with_agent(agent: Agent) -> Self {
        World { agent, brain: AgentBrain::new(), ticks: 0 }
    }

    /// Game time.
    pub fn now(&self) -> Duration {
        self.agent.now()
    }

    /// The physics of one step of `dt` (no decision).
    pub fn update(&mut self, dt: Duration) {
        self.agent.update(dt);
    }

    /// One decision: ticks the tree once.
    pub fn decide(&mut self) -> Status {
        self.ticks += 1;
        self.brain.tick(&mut self.agent)
    }

    /// One step: [`update`](Self::update) by [`DT`], then [`decide`](Self::decide). The tree only
    /// returns `Failure` once the agent has died.
    pub fn step(&mut self) -> Status {
        self.update(DT);
        self.decide()
    }

    /// Interrupts the tree (end of the simulation): the running actions exit with `Halted`.
    pub fn stop(&mut self) {
        self.brain.halt(&mut self.agent);
    }

    /// The whole state as a JSON value (feature `serde`): the agent (its clock included), the
    /// number of decisions, and the brain's saved state (see `bt::BehaviorTree::save`). Call it
    /// between steps, when the event ring has been drained.
    #[cfg(feature = "serde")]
    pub fn save(&self) -> serde_json::Value {
        serde_json::json!({
            "agent": self.agent,
            "ticks": self.ticks,
            "brain": self.brain.save(&self.agent),
        })
    }

    /// A world saved by [`save`](Self::save), with a fresh brain restored from it: it continues
    /// exactly as the saved one would have.
    #[cfg(feature = "serde")]
    pub fn load(mut saved: serde_json::Value) -> Result<World, String> {
        let mut take = |key: &str| {
            saved.get_mut(key).map(serde_json::Value::take).ok_or(format!("no `{key}` in the saved state"))
        };
        let agent: Agent = serde_json::from_value(take("agent")?).map_err(|e| e.to_string())?;
        let ticks = serde_json::from_value(take("ticks")?).map_err(|e| e.to_string())?;
        let brain = take("brain")?;
        let mut world = World { agent, brain: AgentBrain::new(), ticks };
        world.brain.restore(brain, &world.agent).map_err(|e| e.to_string())?;
        Ok(world)
    }

    /// FNV-1a hash of the whole state: time, position, needs, health, activity, blackboard,
    /// counters and ticks. Equal for two simulations that took the same decisions.
    pub fn checksum(&self) -> u64 {
        let a = &self.agent;
        let mut h = Fnv::new();
        h.u64(a.now().as_nanos() as u64);
        h.f32(a.pos.x);
        h.f32(a.pos.y);
        for v in a.needs {
            h.f32(v);
        }
        h.f32(a.health);
        h.u64(match a.activity {
            Activity::Idle => 0,
            Activity::Walking(z) => 1 + z as u64,
            Activity::Refilling(n) => 10 + n as u64,
        });
        let target = a.blackboard.target.get();
        h.u64(target.get(a.now()).map_or(u64::MAX, |z| *z as u64));
        h.u64(target.expires_at().map_or(u64::MAX, |t| t.as_nanos() as u64));
        for c in a.stats.completed {
            h.u64(c.into());
        }
        h.u64(a.stats.walks.into());
        h.u64(a.stats.walks_abandoned.into());
        h.u64(self.ticks);
        h.0
    }
}

/// 64-bit FNV-1a.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn u64(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn f32(&mut self, v: f32) {
        self.u64(v.to_bits().into());
    }
}
