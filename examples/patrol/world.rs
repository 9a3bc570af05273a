//! The patrolling enemy: the world, the enemy, the leaves of its behavior tree, and
//! the tree itself ([`EnemyBrain`]).
//!
//! An enemy walks back and forth between two waypoints, A and B. A scripted player moves along a
//! fixed path ([`SCRIPT`]): it keeps away, approaches, lingers, leaves and comes back. When the player
//! is within [`SIGHT`] of the enemy, the enemy turns red and stands still; when the player leaves,
//! the enemy turns back to its normal colour and resumes patrolling towards the waypoint it was
//! heading for.
//!
//! As in the hungry agent, [`World::update`] is the physics (the clock, the player following its
//! script, the enemy moving towards its heading) and [`World::decide`] ticks the tree, whose leaves
//! only set the enemy's heading and colour. Time is a [`ManualClock`] stepped by [`DT`]; nothing is
//! random.
//!
//! # The tree
//!
//! ```text
//! reactive_selector<
//!     reactive_sequence<PlayerInSight, TurnRed>,
//!     Patrol::between(a, b),
//! >
//! ```
//!
//! The classic version writes `selector<sequence<FindObject, TurnRed>, Patrol>` with leaves that finish at once:
//! its `Patrol` moves one step and succeeds, so the whole tree starts from the top on every frame
//! and the player check runs every frame. Here `Patrol` and `TurnRed` are real long-running actions
//! with enter/exit hooks, so the tree must re-check the player itself:
//!
//! * `reactive_selector` ticks its first branch on every tick, even while `Patrol` runs. When the
//!   player comes into sight, that branch starts running and the selector halts `Patrol` (its exit
//!   stops the enemy).
//! * `reactive_sequence` re-checks `PlayerInSight` on every tick while `TurnRed` runs. When the
//!   player leaves, the check fails, `TurnRed` is halted (its exit restores the colour), the branch
//!   fails, and the selector moves on to `Patrol` in the same tick (its enter sets off again).
//!
//! With plain `selector`/`sequence` the running action would be resumed without the check, and the
//! enemy would never notice the player (or never notice that it left).

use core::time::Duration;

use bt::{Action, Clock, Condition, Exit, ManualClock, Status, bt};

/// The fixed time step of the simulation.
pub const DT: Duration = Duration::from_millis(100);
/// Patrol waypoint A.
pub const A: Vec2 = Vec2::new(0.0, 0.0);
/// Patrol waypoint B.
pub const B: Vec2 = Vec2::new(12.0, 0.0);
/// The enemy notices the player within this distance, in metres.
pub const SIGHT: f32 = 4.0;
/// The enemy's walking speed, in metres per second.
pub const SPEED: f32 = 2.0;

/// The player's path: at `time` (seconds) the player is at `pos`; in between it moves in a straight
/// line at constant speed, and after the last key it stays put.
pub const SCRIPT: &[Key] = &[
    // Keeps away while the enemy patrols A → B → A.
    Key { time: 0.0, pos: Vec2::new(6.0, 12.0) },
    Key { time: 6.0, pos: Vec2::new(6.0, 12.0) },
    // Comes down towards the patrol line and stands there; the enemy, walking back from A,
    // spots it.
    Key { time: 12.0, pos: Vec2::new(6.0, 2.0) },
    Key { time: 18.0, pos: Vec2::new(6.0, 2.0) },
    // Walks around, staying in sight.
    Key { time: 21.0, pos: Vec2::new(4.0, 3.0) },
    Key { time: 24.0, pos: Vec2::new(4.0, 3.0) },
    // Leaves to the east.
    Key { time: 30.0, pos: Vec2::new(22.0, 8.0) },
    Key { time: 40.0, pos: Vec2::new(22.0, 8.0) },
    // Comes back and cuts across the patrol line in front of the enemy, then waits.
    Key { time: 44.0, pos: Vec2::new(9.0, 2.0) },
    Key { time: 52.0, pos: Vec2::new(9.0, 2.0) },
    // Leaves for good.
    Key { time: 58.0, pos: Vec2::new(9.0, 16.0) },
];

/// How long [`SCRIPT`] lasts, plus time to see the enemy patrol again.
pub const SCRIPT_LENGTH: Duration = Duration::from_secs(75);

/// One key of the player's path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Key {
    /// Seconds since the start.
    pub time: f32,
    /// Where the player is then.
    pub pos: Vec2,
}

/// Where a player following `script` is at time `t`.
pub fn script_pos(script: &[Key], t: Duration) -> Vec2 {
    let t = t.as_secs_f32();
    let Some(first) = script.first() else { return Vec2::new(0.0, 0.0) };
    if t <= first.time {
        return first.pos;
    }
    for w in script.windows(2) {
        let (k0, k1) = (w[0], w[1]);
        if t <= k1.time {
            let f = (t - k0.time) / (k1.time - k0.time);
            return Vec2::new(k0.pos.x + (k1.pos.x - k0.pos.x) * f, k0.pos.y + (k1.pos.y - k0.pos.y) * f);
        }
    }
    script[script.len() - 1].pos
}

#[path = "../common/vec2.rs"]
mod vec2;
pub use vec2::Vec2;

/// The enemy's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Patrolling, or idle.
    Normal,
    /// The player is in sight.
    Red,
}

/// The actions of the tree, as named in lifecycle events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Task {
    /// [`TurnRed`].
    TurnRed,
    /// [`Patrol`].
    Patrol,
}

/// Something that happened, for the log and the tests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EventKind {
    /// An action's activation started (its `enter` ran).
    Enter(Task),
    /// An action's activation ended (its `exit` ran), and how.
    Exit(Task, Exit),
    /// The patrol reached a waypoint (0 for the first, 1 for the second) and turned around.
    Reached(usize),
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
pub type Events = ring::Ring<Event, 8>;

/// An empty event ring.
const NO_EVENTS: Events = Events::new(Event { at: Duration::ZERO, kind: EventKind::Reached(0) });

/// The enemy: the context every leaf of [`EnemyBrain`] runs on.
#[derive(Clone, Debug)]
pub struct Enemy {
    /// Game time.
    pub clock: ManualClock,
    /// Where the enemy stands.
    pub pos: Vec2,
    /// Where it is walking to; `None` when it stands still.
    pub heading: Option<Vec2>,
    /// Its colour.
    pub colour: Colour,
    /// Where it sees the player (the world updates it every step).
    pub player: Vec2,
    /// What happened since the ring was last drained.
    pub events: Events,
}

impl Clock for Enemy {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Enemy {
    /// An enemy standing at `pos`, normal colour, at time 0, seeing the player at `player`.
    pub fn new(pos: Vec2, player: Vec2) -> Self {
        Enemy {
            clock: ManualClock::new(),
            pos,
            heading: None,
            colour: Colour::Normal,
            player,
            events: NO_EVENTS,
        }
    }

    /// Distance to the player.
    pub fn player_distance(&self) -> f32 {
        self.pos.distance(self.player)
    }

    /// Whether the player is within [`SIGHT`].
    pub fn sees_player(&self) -> bool {
        self.player_distance() <= SIGHT
    }

    fn record(&mut self, kind: EventKind) {
        let at = self.now();
        self.events.push(Event { at, kind });
    }
}

// ----- the leaves ---------------------------------------------------------------------------

/// True while the player is within [`SIGHT`] (the classic version's `FindObject`).
#[derive(Clone, Copy, Debug, Default)]
pub struct PlayerInSight;

impl Condition<Enemy> for PlayerInSight {
    fn check(&mut self, enemy: &Enemy) -> bool {
        enemy.sees_player()
    }
}

/// Turns red and stands still for as long as it runs; its exit restores the normal colour.
#[derive(Clone, Copy, Debug, Default)]
pub struct TurnRed;

impl Action<Enemy> for TurnRed {
    fn enter(&mut self, enemy: &mut Enemy) {
        enemy.colour = Colour::Red;
        enemy.heading = None;
        enemy.record(EventKind::Enter(Task::TurnRed));
    }
    fn execute(&mut self, _enemy: &mut Enemy) -> Status {
        Status::Running
    }
    fn exit(&mut self, enemy: &mut Enemy, how: Exit) {
        enemy.colour = Colour::Normal;
        enemy.record(EventKind::Exit(Task::TurnRed, how));
    }
}

/// Walks back and forth between two waypoints, forever; its exit stops the enemy. It remembers
/// which waypoint it was heading for, so an interrupted patrol resumes towards the same one.
#[derive(Clone, Copy, Debug)]
pub struct Patrol {
    waypoints: [Vec2; 2],
    next: usize,
}

impl Patrol {
    /// A patrol between `a` and `b`, heading for `a` first (for `b` when it starts at `a`).
    pub const fn between(a: Vec2, b: Vec2) -> Self {
        Patrol { waypoints: [a, b], next: 0 }
    }
}

impl Action<Enemy> for Patrol {
    fn enter(&mut self, enemy: &mut Enemy) {
        if enemy.pos == self.waypoints[self.next] {
            // Standing on the waypoint it was heading for: set off for the other one.
            self.next = 1 - self.next;
        }
        enemy.heading = Some(self.waypoints[self.next]);
        enemy.record(EventKind::Enter(Task::Patrol));
    }
    fn execute(&mut self, enemy: &mut Enemy) -> Status {
        if enemy.pos == self.waypoints[self.next] {
            enemy.record(EventKind::Reached(self.next));
            self.next = 1 - self.next;
        }
        enemy.heading = Some(self.waypoints[self.next]);
        Status::Running
    }
    fn exit(&mut self, enemy: &mut Enemy, how: Exit) {
        enemy.heading = None;
        enemy.record(EventKind::Exit(Task::Patrol, how));
    }
}

// ----- the tree -----------------------------------------------------------------------------

bt! {
    /// The enemy's mind: be red while the player is in sight, patrol between `a` and `b` otherwise
    /// (see the module docs for why both composites are reactive).
    pub struct EnemyBrain(a: Vec2, b: Vec2) for Enemy {
        reactive_selector<
            reactive_sequence<PlayerInSight, TurnRed>,
            Patrol::between(a, b),
        >
    }
}

// ----- the world ----------------------------------------------------------------------------

/// The enemy, its mind, and the scripted player.
pub struct World {
    /// The enemy (the tree's context).
    pub enemy: Enemy,
    /// Its behavior tree.
    pub brain: EnemyBrain,
    /// The player's path.
    pub script: &'static [Key],
    /// Where the player is.
    pub player: Vec2,
    /// Number of decisions (tree ticks) so far.
    pub ticks: u64,
}

impl Default for World {
    fn default() -> Self {
        Self::new()
    }
}

impl World {
    /// The demo: the enemy at A patrolling between [`A`] and [`B`], the player following [`SCRIPT`].
    pub fn new() -> Self {
        Self::with_script(SCRIPT)
    }

    /// The enemy at A patrolling between [`A`] and [`B`], the player following `script`.
    pub fn with_script(script: &'static [Key]) -> Self {
        let player = script_pos(script, Duration::ZERO);
        World { enemy: Enemy::new(A, player), brain: EnemyBrain::new(A, B), script, player, ticks: 0 }
    }

    /// Game time.
    pub fn now(&self) -> Duration {
        self.enemy.now()
    }

    /// The physics of one step of `dt`: time passes, the player follows its script, the enemy walks
    /// towards its heading.
    pub fn update(&mut self, dt: Duration) {
        self.enemy.clock.advance(dt);
        self.player = script_pos(self.script, self.enemy.now());
        self.enemy.player = self.player;
        if let Some(to) = self.enemy.heading {
            self.enemy.pos = self.enemy.pos.step_towards(to, SPEED * dt.as_secs_f32());
        }
    }

    /// One decision: ticks the tree once.
    pub fn decide(&mut self) -> Status {
        self.ticks += 1;
        self.brain.tick(&mut self.enemy)
    }

    /// One step: [`update`](Self::update) by [`DT`], then [`decide`](Self::decide).
    pub fn step(&mut self) -> Status {
        self.update(DT);
        self.decide()
    }

    /// Interrupts the tree (end of the simulation): the running actions exit with `Halted`.
    pub fn stop(&mut self) {
        self.brain.halt(&mut self.enemy);
    }
}
