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

// Shared with the tests, the benchmarks and other examples, which use some of these.
#![allow(unused_imports)]

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

#[path = "../common/ring.rs"]
mod ring;

#[path = "world/agent.rs"]
mod agent;
#[path = "world/leaves.rs"]
mod leaves;
#[path = "world/needs.rs"]
mod needs;
#[path = "world/stepping.rs"]
mod stepping;

pub use agent::*;
pub use leaves::*;
pub use needs::*;
pub use stepping::*;
