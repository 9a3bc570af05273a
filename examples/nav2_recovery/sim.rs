//! The simulated robot of the Nav2 example: a grid world with walls and obstacles that come and
//! go, the robot's two costmaps, and the servers the tree's leaves talk to (planner, controller,
//! behaviors), as in Nav2, where the behavior tree only sends goals to action servers and reads
//! their results.
//!
//! # The world
//!
//! The map ([`MAP`]) is a grid of [`CELL`]-sized cells: rooms joined by doors to a corridor, with a
//! few pieces of furniture. The robot occupies one cell and drives from cell to cell, one cell per
//! [`TICKS_PER_CELL`] steps of [`DT`] (1 m/s). Time is a [`ManualClock`] inside the [`Robot`],
//! advanced by [`DT`] per step: every leaf reads it through [`Clock`].
//!
//! While the robot drives, now and then (every [`SPAWN_GAP`] cells driven, the exact gap drawn
//! from a seeded generator) something appears on its path, a few cells ahead:
//!
//! * **noise**: a phantom obstacle in the *local* costmap, one or two cells ahead. Nothing is
//!   there: clearing the local costmap removes it.
//! * **a stale mark**: a phantom bar across the path in the *global* costmap, at the narrowest
//!   place 1 to 3 m ahead (a door, the corridor). The planner cannot get through it until the
//!   global costmap is cleared.
//! * **a person** who steps onto the path one or two cells ahead and stays for a few seconds, or
//!   **a box** that stays.
//!   They are real: both costmaps see them for as long as they are there, clearing a costmap does
//!   not remove them (the sensors mark them again at once), and the robot has to wait or drive
//!   around them. A box is never put where it would cut the map in two.
//!
//! Everything is drawn from a [`Rng`] with the run's seed, so a run is a pure function of its
//! seed: [`Robot::checksum`] hashes the state so two runs can be compared.
//!
//! # Costmaps and servers
//!
//! A cell is blocked in a costmap when it is a wall, holds a real obstacle, or holds a phantom mark
//! of that costmap. Marks under the robot are cleared as it drives (Nav2's footprint clearing).
//!
//! * The [`Planner`] runs A* on the global costmap, [`PLANNING_TIME`] after it was asked (its
//!   answer is a path, or an error code such as `NO_VALID_PATH`).
//! * The [`Controller`] follows a path cell by cell and fails with `NO_VALID_CONTROL` when the next
//!   cell is blocked in the local costmap; it takes a new path when the tree gives it one.
//! * The [`Behaviors`] server runs Spin, Wait and BackUp, one at a time.
//!
//! [`Robot::update`] is the physics of one step: the clock, the people, the servers' progress,
//! and new obstacles. The leaves (in `tree.rs`) only send requests and read results.

// Shared with the tests, which use some of these and not others.
#![allow(unused_imports)]

use core::fmt;
use core::time::Duration;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use bt::{Clock, Exit, ManualClock};

#[path = "../common/ring.rs"]
mod ring;

#[path = "sim/board.rs"]
mod board;
#[path = "sim/codes.rs"]
mod codes;
#[path = "sim/costmap.rs"]
mod costmap;
#[path = "sim/events.rs"]
mod events;
#[path = "sim/physics.rs"]
mod physics;
#[path = "sim/requests.rs"]
mod requests;
#[path = "sim/robot.rs"]
mod robot;
#[path = "sim/scenario.rs"]
mod scenario;
#[path = "sim/servers.rs"]
mod servers;

pub use board::*;
pub use codes::*;
pub use costmap::*;
pub use events::*;
pub use robot::*;
pub use scenario::*;
pub use servers::*;

/// The fixed time step of the simulation: one tick of the tree per step.
pub const DT: Duration = Duration::from_millis(50);
/// The side of a cell, in metres.
pub const CELL: f32 = 0.25;
/// Steps the robot takes to drive from one cell to the next (0.25 m in 250 ms: 1 m/s).
pub const TICKS_PER_CELL: u32 = 5;
/// How long the planner takes to answer.
pub const PLANNING_TIME: Duration = Duration::from_millis(150);
/// The deceleration beyond which Nav2's `IsStuck` takes a stop for a bump, in m/s² (its
/// `brake_accel_limit`).
pub const BRAKE_ACCEL_LIMIT: f32 = -10.0;
/// Turning speed of Spin, in radians per second.
pub const SPIN_SPEED: f32 = 1.0;
/// Cells driven between two obstacles appearing on the path: at least the first, at most the
/// second (drawn from the seed).
pub const SPAWN_GAP: (u32, u32) = (14, 30);
/// How long a person stays on the path: between these, in tenths of a second (drawn from the seed).
pub const PERSON_STAYS: (u32, u32) = (30, 110);

/// The map: `#` is a wall, `.` free floor. 56 × 19 cells of 0.25 m (14 m × 4.75 m).
pub const MAP: [&str; 19] = [
    "########################################################",
    "#...........#..................#.......................#",
    "#...........#..................#.......................#",
    "#...........#...###.....###....#......##...............#",
    "#...........#..................#........#..............#",
    "#...........#..................#.......................#",
    "#...........#..................#.......................#",
    "#...........########..##########.......................#",
    "#####..#############..######################..##########",
    "#......................................................#",
    "#......................................................#",
    "##########..###############..##################..#######",
    "#......................#.........#.....................#",
    "#......................#.........#.....................#",
    "#.............###......#.........#.....................#",
    "#......................#.........#........###..........#",
    "#......................#.........#.....................#",
    "#......................#.........#.....................#",
    "########################################################",
];

/// Width of the map, in cells.
pub const WIDTH: usize = MAP[0].len();
/// Height of the map, in cells.
pub const HEIGHT: usize = MAP.len();

/// A cell of the map: column `x` (west to east) and row `y` (north to south).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
}

impl Pos {
    /// The cell at column `x`, row `y`.
    pub const fn new(x: i16, y: i16) -> Self {
        Pos { x, y }
    }

    /// Manhattan distance to `other`, in cells.
    pub fn manhattan(self, other: Pos) -> u32 {
        u32::from(self.x.abs_diff(other.x)) + u32::from(self.y.abs_diff(other.y))
    }

    /// Straight-line distance to `other`, in metres.
    pub fn distance(self, other: Pos) -> f32 {
        let (dx, dy) = (f32::from(other.x - self.x), f32::from(other.y - self.y));
        dx.hypot(dy) * CELL
    }

    /// The cell one step away in direction `d`.
    pub fn step(self, d: Dir) -> Pos {
        let (dx, dy) = d.delta();
        Pos::new(self.x + dx, self.y + dy)
    }

    fn in_map(self) -> bool {
        (0..WIDTH as i16).contains(&self.x) && (0..HEIGHT as i16).contains(&self.y)
    }

    fn index(self) -> usize {
        self.y as usize * WIDTH + self.x as usize
    }

    fn from_index(i: usize) -> Pos {
        Pos::new((i % WIDTH) as i16, (i / WIDTH) as i16)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// One of the four directions the robot can drive or face.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Up the map.
    North,
    /// Right.
    #[default]
    East,
    /// Down the map.
    South,
    /// Left.
    West,
}

impl Dir {
    /// All four, clockwise from north (the order A* tries its neighbours in).
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// The step `(dx, dy)` one cell in this direction.
    pub const fn delta(self) -> (i16, i16) {
        match self {
            Dir::North => (0, -1),
            Dir::East => (1, 0),
            Dir::South => (0, 1),
            Dir::West => (-1, 0),
        }
    }

    /// The direction from `a` to the neighbouring cell `b`.
    pub fn between(a: Pos, b: Pos) -> Dir {
        match (b.x - a.x, b.y - a.y) {
            (0, dy) if dy < 0 => Dir::North,
            (0, _) => Dir::South,
            (dx, _) if dx < 0 => Dir::West,
            _ => Dir::East,
        }
    }

    /// The opposite direction.
    pub const fn back(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::East => Dir::West,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
        }
    }

    /// A quarter turn to the left.
    pub const fn left(self) -> Dir {
        match self {
            Dir::North => Dir::West,
            Dir::East => Dir::North,
            Dir::South => Dir::East,
            Dir::West => Dir::South,
        }
    }
}

/// A small deterministic random generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next_u64() % u64::from(hi - lo + 1)) as u32
    }
}

/// Whether `p` lies on the straight segment from `a` to `b` (a row or a column).
fn on_segment(a: Pos, b: Pos, p: Pos) -> bool {
    (a.x == b.x && p.x == a.x && (a.y.min(b.y)..=a.y.max(b.y)).contains(&p.y))
        || (a.y == b.y && p.y == a.y && (a.x.min(b.x)..=a.x.max(b.x)).contains(&p.x))
}

/// Index of the cell of `path` closest to `robot`: the first local minimum of the distance,
/// searching on until the path has gone `max_search` metres past it (so that a later part of the
/// path that comes back near the robot is not taken for it). `None` for an empty path.
pub fn closest(path: &[Pos], robot: Pos, max_search: f32) -> Option<usize> {
    let mut best = (0, f32::INFINITY);
    for (i, &p) in path.iter().enumerate() {
        let d = p.distance(robot);
        if d < best.1 {
            best = (i, d);
        } else if (i - best.0) as f32 * CELL > max_search {
            break;
        }
    }
    (!path.is_empty()).then_some(best.0)
}

/// The length of `path` from index `from` to its end, in metres.
pub fn length_from(path: &[Pos], from: usize) -> f32 {
    path.len().saturating_sub(from + 1) as f32 * CELL
}
