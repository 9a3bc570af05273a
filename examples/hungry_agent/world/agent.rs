//! The agent: its state, its physics, and what its leaves start, run and stop.

use super::*;

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
