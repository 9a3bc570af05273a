//! The robot and the world around it: its state, what blocks a cell, and its checksum.

use super::*;

/// Counters kept by the robot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Cells driven (backing up included).
    pub driven: u32,
    /// Planning requests answered with a path.
    pub plans: u32,
    /// Planning requests answered with an error.
    pub plans_failed: u32,
    /// Costmap clearings.
    pub clears: u32,
    /// Behaviors run (Spin, Wait, BackUp).
    pub behaviors: u32,
    /// Phantom marks and real obstacles that appeared.
    pub spawned: u32,
}

/// The robot and the world around it: the context every leaf of the tree runs on.
#[derive(Debug)]
pub struct Robot {
    /// Simulated time.
    pub clock: ManualClock,
    /// Steps simulated so far; the tree is ticked once per step.
    pub steps: u64,
    /// The robot's cell.
    pub pos: Pos,
    /// Where it faces.
    pub heading: Dir,
    /// Walls, by cell index.
    pub(super) walls: Vec<bool>,
    /// Real obstacles on the map.
    pub obstacles: Vec<Obstacle>,
    /// The local costmap's phantom marks.
    pub local: Costmap,
    /// The global costmap's phantom marks.
    pub global: Costmap,
    /// The planner server.
    pub planner: Planner,
    /// The controller server.
    pub controller: Controller,
    /// The behavior server.
    pub behaviors: Behaviors,
    /// The blackboard.
    pub bb: Board,
    /// Changes whenever `{goal}` is set (a new navigation or an update), so that conditions can
    /// tell that it changed even when it moved back to an earlier cell.
    pub goal_version: u32,
    /// Changes whenever `{path}` is written.
    pub path_version: u32,
    /// What happened since the ring was last drained.
    pub events: Events,
    /// Counters.
    pub stats: Stats,
    /// The robot's speed in the last step, in m/s (1 while it drives along a path, 0 otherwise).
    pub speed: f32,
    /// The change of speed in the last step, in m/s².
    pub accel: f32,
    /// Whether the robot stopped short in the last step: it was driving and the next cell of
    /// its path is blocked (a deceleration of −20 m/s², beyond [`BRAKE_ACCEL_LIMIT`]).
    pub bumped: bool,
    /// The last plugin name published on each selector topic (`(topic, name)`); the scenario
    /// publishes none, so the selectors pick their defaults.
    pub topics: Vec<(&'static str, &'static str)>,
    /// Draws the obstacles.
    pub(super) rng: Rng,
    /// Whether obstacles appear at all.
    pub(super) spawning: bool,
    /// Cells driven when the next obstacle appears.
    pub(super) next_spawn: u32,
    /// Cells driven since the controller last reported progress.
    pub(super) since_progress: u32,
}

impl Clock for Robot {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Robot {
    /// A robot at `start`, at time 0, with obstacles drawn from `seed` (none if `obstacles` is
    /// false).
    pub fn new(start: Pos, seed: u64, obstacles: bool) -> Self {
        let mut walls = vec![false; WIDTH * HEIGHT];
        for (y, row) in MAP.iter().enumerate() {
            for (x, c) in row.bytes().enumerate() {
                walls[y * WIDTH + x] = c == b'#';
            }
        }
        let mut rng = Rng::new(seed);
        let next_spawn = rng.range(SPAWN_GAP.0, SPAWN_GAP.1);
        Robot {
            clock: ManualClock::new(),
            steps: 0,
            pos: start,
            heading: Dir::East,
            walls,
            obstacles: Vec::with_capacity(16),
            local: Costmap::new(),
            global: Costmap::new(),
            planner: Planner::new(),
            controller: Controller::new(),
            behaviors: Behaviors::default(),
            bb: Board::default(),
            goal_version: 0,
            path_version: 0,
            events: NO_EVENTS,
            stats: Stats::default(),
            speed: 0.0,
            accel: 0.0,
            bumped: false,
            topics: Vec::new(),
            rng,
            spawning: obstacles,
            next_spawn,
            since_progress: 0,
        }
    }

    /// Records an event at the current time and place.
    pub fn record(&mut self, kind: EventKind) {
        let (at, robot) = (self.now(), self.pos);
        self.events.push(Event { at, robot, kind });
    }

    /// The last plugin name published on `topic`, if any.
    pub fn published(&self, topic: &str) -> Option<&'static str> {
        self.topics.iter().rev().find(|(t, _)| *t == topic).map(|&(_, name)| name)
    }

    /// Whether `p` is a wall (cells outside the map count as walls).
    pub fn is_wall(&self, p: Pos) -> bool {
        !p.in_map() || self.walls[p.index()]
    }

    /// The real obstacle at `p`, if any.
    pub fn obstacle_at(&self, p: Pos) -> Option<Obstacle> {
        self.obstacles.iter().copied().find(|o| o.at == p)
    }

    /// Whether `p` is blocked in costmap `layer`: a wall, a real obstacle or a phantom mark.
    pub fn is_blocked(&self, layer: Layer, p: Pos) -> bool {
        self.blocker(layer, p).is_some()
    }

    /// What blocks `p` in costmap `layer`, if anything.
    pub fn blocker(&self, layer: Layer, p: Pos) -> Option<Blocker> {
        if self.is_wall(p) {
            return Some(Blocker::Wall);
        }
        if let Some(o) = self.obstacle_at(p) {
            return Some(Blocker::Real(o.kind));
        }
        let marked = match layer {
            Layer::Local => self.local.is_marked(p),
            Layer::Global => self.global.is_marked(p),
        };
        marked.then_some(Blocker::Phantom)
    }

    /// The costmap `layer`, mutably.
    pub(super) fn costmap(&mut self, layer: Layer) -> &mut Costmap {
        match layer {
            Layer::Local => &mut self.local,
            Layer::Global => &mut self.global,
        }
    }
}

impl Robot {
    /// FNV-1a hash of the state: time, pose, obstacles, costmaps, goal, path and counters. Equal
    /// for two runs that took the same decisions.
    pub fn checksum(&self) -> u64 {
        let mut h = Fnv::new();
        h.u64(Clock::now(self).as_nanos() as u64);
        h.u64(self.steps);
        h.pos(self.pos);
        h.u64(self.heading as u64);
        for o in &self.obstacles {
            h.pos(o.at);
            h.u64(o.leaves_at.map_or(u64::MAX, |t| t.as_nanos() as u64));
        }
        for i in 0..WIDTH * HEIGHT {
            h.u64(u64::from(self.local.marks[i]) | u64::from(self.global.marks[i]) << 1);
        }
        h.pos(self.goal());
        for &p in self.path() {
            h.pos(p);
        }
        let s = self.stats;
        for v in [s.driven, s.plans, s.plans_failed, s.clears, s.behaviors, s.spawned] {
            h.u64(v.into());
        }
        h.0
    }
}

/// 64-bit FNV-1a.
struct Fnv(u64);

impl Fnv {
    pub(super) fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    pub(super) fn u64(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    pub(super) fn pos(&mut self, p: Pos) {
        self.u64((p.x as u64) << 16 | p.y as u64);
    }
}
