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

use core::fmt;
use core::time::Duration;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use bt::{Clock, Exit, ManualClock};

/// The fixed time step of the simulation: one tick of the tree per step.
pub const DT: Duration = Duration::from_millis(50);
/// The side of a cell, in metres.
pub const CELL: f32 = 0.25;
/// Steps the robot takes to drive from one cell to the next (0.25 m in 250 ms: 1 m/s).
pub const TICKS_PER_CELL: u32 = 5;
/// How long the planner takes to answer.
pub const PLANNING_TIME: Duration = Duration::from_millis(150);
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

// ----- error codes ----------------------------------------------------------------------------

/// `ComputePathToPose`'s error codes (nav2_msgs/action/ComputePathToPose), those the recovery
/// conditions look at and those this planner reports (`GOAL_OCCUPIED`, `NO_VALID_PATH`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PlanError {
    /// No error (the last planning succeeded, or there was none).
    #[default]
    None,
    /// An error of no other kind (never reported here).
    Unknown,
    /// The goal cell is blocked in the global costmap.
    GoalOccupied,
    /// The planner ran out of time (never reported here).
    Timeout,
    /// No path from the robot to the goal in the global costmap.
    NoValidPath,
}

impl PlanError {
    /// The name Nav2 gives it: `"NO_VALID_PATH"`, ….
    pub const fn name(self) -> &'static str {
        match self {
            PlanError::None => "NONE",
            PlanError::Unknown => "UNKNOWN",
            PlanError::GoalOccupied => "GOAL_OCCUPIED",
            PlanError::Timeout => "TIMEOUT",
            PlanError::NoValidPath => "NO_VALID_PATH",
        }
    }
}

/// `FollowPath`'s error codes (nav2_msgs/action/FollowPath), those the recovery conditions look at
/// and those this controller reports (`NO_VALID_CONTROL`, `INVALID_PATH`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ControlError {
    /// No error.
    #[default]
    None,
    /// An error of no other kind (never reported here).
    Unknown,
    /// Every command would collide: the next cell of the path is blocked in the local costmap.
    NoValidControl,
    /// The progress checker saw no progress (never reported here).
    FailedToMakeProgress,
    /// The controller gave up waiting (never reported here).
    PatienceExceeded,
    /// The path to follow is empty.
    InvalidPath,
}

impl ControlError {
    /// The name Nav2 gives it.
    pub const fn name(self) -> &'static str {
        match self {
            ControlError::None => "NONE",
            ControlError::Unknown => "UNKNOWN",
            ControlError::NoValidControl => "NO_VALID_CONTROL",
            ControlError::FailedToMakeProgress => "FAILED_TO_MAKE_PROGRESS",
            ControlError::PatienceExceeded => "PATIENCE_EXCEEDED",
            ControlError::InvalidPath => "INVALID_PATH",
        }
    }
}

/// The behaviors' error codes (Spin, Wait, BackUp), the ones this server can report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BehaviorError {
    /// No error.
    #[default]
    None,
    /// BackUp: the cell behind the robot is blocked.
    CollisionAhead,
}

impl BehaviorError {
    /// The name Nav2 gives it.
    pub const fn name(self) -> &'static str {
        match self {
            BehaviorError::None => "NONE",
            BehaviorError::CollisionAhead => "COLLISION_AHEAD",
        }
    }
}

// ----- the world ------------------------------------------------------------------------------

/// What blocks a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blocker {
    /// A wall.
    Wall,
    /// A real obstacle.
    Real(Real),
    /// A phantom mark in the costmap.
    Phantom,
}

/// A real obstacle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Real {
    /// A person, who leaves after a while.
    Person,
    /// A box, which stays.
    Box,
}

/// A real obstacle on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Obstacle {
    /// Where it stands.
    pub at: Pos,
    /// What it is.
    pub kind: Real,
    /// When it leaves (a person), or `None` (a box).
    pub leaves_at: Option<Duration>,
}

/// A costmap's phantom marks (walls and real obstacles are seen by both costmaps and are not
/// stored here).
#[derive(Clone, Debug)]
pub struct Costmap {
    marks: Vec<bool>,
    count: u16,
}

impl Costmap {
    fn new() -> Self {
        Costmap { marks: vec![false; WIDTH * HEIGHT], count: 0 }
    }

    /// Whether `p` holds a phantom mark.
    pub fn is_marked(&self, p: Pos) -> bool {
        self.marks[p.index()]
    }

    /// The number of phantom marks.
    pub fn marks(&self) -> u16 {
        self.count
    }

    fn mark(&mut self, p: Pos) {
        if !self.marks[p.index()] {
            self.marks[p.index()] = true;
            self.count += 1;
        }
    }

    fn unmark(&mut self, p: Pos) {
        if self.marks[p.index()] {
            self.marks[p.index()] = false;
            self.count -= 1;
        }
    }

    /// Removes every mark; returns how many there were.
    fn clear(&mut self) -> u16 {
        let removed = self.count;
        self.marks.fill(false);
        self.count = 0;
        removed
    }
}

/// Which costmap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layer {
    /// The local costmap, used by the controller.
    Local,
    /// The global costmap, used by the planner and by `ValidatePath`.
    Global,
}

impl Layer {
    /// `"local"` or `"global"`.
    pub const fn name(self) -> &'static str {
        match self {
            Layer::Local => "local",
            Layer::Global => "global",
        }
    }
}

// ----- the servers ----------------------------------------------------------------------------

/// Where a server's request stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Progress<E> {
    /// No request.
    #[default]
    Idle,
    /// Working on it.
    Busy,
    /// Done.
    Succeeded,
    /// Gave up, with an error code.
    Failed(E),
}

/// The planner server: A* on the global costmap, answering [`PLANNING_TIME`] after a request.
#[derive(Clone, Debug)]
pub struct Planner {
    /// Where the request stands.
    pub progress: Progress<PlanError>,
    /// The planner plugin the request named (`planner_id`).
    pub planner_id: &'static str,
    /// The goal of the request.
    pub goal: Pos,
    /// When the answer is due.
    ready_at: Duration,
    /// The last path found.
    pub path: Vec<Pos>,
    // A* buffers, kept between requests.
    cost: Vec<u32>,
    came_from: Vec<u32>,
    open: BinaryHeap<Reverse<(u32, u32, u32)>>,
}

impl Planner {
    fn new() -> Self {
        Planner {
            progress: Progress::Idle,
            planner_id: "",
            goal: Pos::default(),
            ready_at: Duration::ZERO,
            path: Vec::with_capacity(WIDTH * HEIGHT),
            cost: vec![u32::MAX; WIDTH * HEIGHT],
            came_from: vec![u32::MAX; WIDTH * HEIGHT],
            open: BinaryHeap::with_capacity(WIDTH * HEIGHT),
        }
    }
}

/// The controller server: drives the robot along a path, one cell per [`TICKS_PER_CELL`] steps.
#[derive(Clone, Debug)]
pub struct Controller {
    /// Where the request stands.
    pub progress: Progress<ControlError>,
    /// The controller plugin the request named (`controller_id`).
    pub controller_id: &'static str,
    /// The path being followed.
    pub path: Vec<Pos>,
    /// Which path of the blackboard it is ([`Robot::path_version`]).
    pub path_version: u32,
    /// Index of the robot's cell in `path`.
    pub index: usize,
    /// Steps spent driving towards the next cell.
    step: u32,
    /// The cell found blocked and what blocked it, when the controller failed.
    pub blocked: Option<(Pos, Blocker)>,
}

impl Controller {
    fn new() -> Self {
        Controller {
            progress: Progress::Idle,
            controller_id: "",
            path: Vec::with_capacity(WIDTH * HEIGHT),
            path_version: 0,
            index: 0,
            step: 0,
            blocked: None,
        }
    }

    /// Cells left to drive on the path.
    pub fn cells_to_go(&self) -> usize {
        self.path.len().saturating_sub(self.index + 1)
    }
}

/// One of the recovery behaviors of Nav2's behavior server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Behavior {
    /// Turns in place (the robot faces one of four directions: it ends a quarter turn to the
    /// left).
    Spin,
    /// Waits for a duration.
    Wait,
    /// Drives backwards by a distance.
    BackUp,
}

impl Behavior {
    /// The tree's name for it.
    pub const fn name(self) -> &'static str {
        match self {
            Behavior::Spin => "Spin",
            Behavior::Wait => "Wait",
            Behavior::BackUp => "BackUp",
        }
    }
}

/// The behavior server: runs one behavior at a time.
#[derive(Clone, Copy, Debug, Default)]
pub struct Behaviors {
    /// Where the request stands.
    pub progress: Progress<BehaviorError>,
    /// The behavior requested.
    pub running: Option<Behavior>,
    /// When it ends.
    ends_at: Duration,
}

// ----- events ---------------------------------------------------------------------------------

/// Something that happened, for the log and the tests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EventKind {
    /// A navigation to goal `goal` of the scenario started.
    NavigationStarted {
        /// Index of the goal in the scenario.
        goal: usize,
    },
    /// The goal of the navigation in progress moved.
    GoalUpdated {
        /// Index of the goal in the scenario.
        goal: usize,
        /// Where it is now.
        to: Pos,
    },
    /// The tree succeeded: the robot is at the goal.
    GoalReached {
        /// Index of the goal in the scenario.
        goal: usize,
    },
    /// The tree failed (the recoveries ran out, or no recovery applied).
    NavigationFailed {
        /// Index of the goal in the scenario.
        goal: usize,
    },
    /// Sensor noise: a phantom mark in the local costmap.
    Noise {
        /// The marked cell.
        at: Pos,
    },
    /// A phantom bar across the path in the global costmap.
    StaleMarks {
        /// One end of the bar.
        from: Pos,
        /// The other end.
        to: Pos,
    },
    /// A real obstacle appeared.
    Appeared(Obstacle),
    /// A person left.
    Left {
        /// Where the person stood.
        at: Pos,
    },
    /// `ComputePathToPose` sent a request to the planner.
    PlanningStarted {
        /// The planner plugin (`planner_id`).
        planner: &'static str,
        /// The goal.
        goal: Pos,
    },
    /// The planner found a path.
    PlanningSucceeded {
        /// The path's length in cells (moves).
        cells: usize,
        /// Whether it is the route the controller was already following.
        same_route: bool,
    },
    /// The planner found no path.
    PlanningFailed(PlanError),
    /// `ComputePathToPose` was halted while the planner was busy.
    PlanningCancelled,
    /// `FollowPath` sent a path to the controller.
    FollowStarted {
        /// The controller plugin (`controller_id`).
        controller: &'static str,
        /// Cells to drive.
        cells: usize,
    },
    /// The robot drove [`PROGRESS_EVERY`] more cells.
    Progress {
        /// Cells left on the path.
        to_go: usize,
    },
    /// The controller stopped: the next cell is blocked (or the path was empty).
    FollowFailed {
        /// The error code.
        code: ControlError,
        /// The blocked cell and what blocked it.
        blocked: Option<(Pos, Blocker)>,
    },
    /// The robot reached the end of the path.
    FollowSucceeded,
    /// `FollowPath` was halted.
    FollowHalted,
    /// `ClearEntireCostmap` cleared a costmap.
    Cleared {
        /// The node's name in the tree (`ClearLocalCostmap-Context`, …).
        name: &'static str,
        /// Which costmap.
        layer: Layer,
        /// Phantom marks removed.
        removed: u16,
    },
    /// A behavior started.
    BehaviorStarted(Behavior),
    /// A behavior ended, and how.
    BehaviorEnded(Behavior, Exit, BehaviorError),
}

/// An [`EventKind`] with the simulated time it happened at and where the robot was.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Event {
    /// Simulated time.
    pub at: Duration,
    /// The robot's cell.
    pub robot: Pos,
    /// What happened.
    pub kind: EventKind,
}

/// Every how many cells driven the controller reports its progress.
pub const PROGRESS_EVERY: u32 = 16;

#[path = "../common/ring.rs"]
mod ring;

/// The events of the last steps, in a fixed-size ring.
pub type Events = ring::Ring<Event, 64>;

const NO_EVENTS: Events =
    Events::new(Event { at: Duration::ZERO, robot: Pos::new(0, 0), kind: EventKind::FollowHalted });

// ----- the robot ------------------------------------------------------------------------------

/// The keys of the entries of Nav2's blackboard that the tree's leaves read and write through
/// their ports (their names are the XML's `{…}` keys).
pub mod keys {
    use bt::blackboard::Key;

    use super::{BehaviorError, ControlError, Name, PlanError, Pos};

    /// `{goal}`: where to go (set by the scenario).
    pub const GOAL: Key<Pos> = Key::new("goal");
    /// `{path}`: the last path computed (empty after a failed planning, as in Nav2).
    pub const PATH: Key<Vec<Pos>> = Key::new("path");
    /// `{remaining_path}`: the part of `path` ahead of the robot (`TruncatePathLocal`'s output).
    pub const REMAINING_PATH: Key<Vec<Pos>> = Key::new("remaining_path");
    /// `{selected_progress_checker}`.
    pub const SELECTED_PROGRESS_CHECKER: Key<Name> = Key::new("selected_progress_checker");
    /// `{selected_goal_checker}`.
    pub const SELECTED_GOAL_CHECKER: Key<Name> = Key::new("selected_goal_checker");
    /// `{selected_path_handler}`.
    pub const SELECTED_PATH_HANDLER: Key<Name> = Key::new("selected_path_handler");
    /// `{selected_controller}`.
    pub const SELECTED_CONTROLLER: Key<Name> = Key::new("selected_controller");
    /// `{selected_planner}`.
    pub const SELECTED_PLANNER: Key<Name> = Key::new("selected_planner");
    /// `{compute_path_error_code}`.
    pub const COMPUTE_PATH_ERROR_CODE: Key<PlanError> = Key::new("compute_path_error_code");
    /// `{compute_path_error_msg}`.
    pub const COMPUTE_PATH_ERROR_MSG: Key<&'static str> = Key::new("compute_path_error_msg");
    /// `{follow_path_error_code}`.
    pub const FOLLOW_PATH_ERROR_CODE: Key<ControlError> = Key::new("follow_path_error_code");
    /// `{follow_path_error_msg}`.
    pub const FOLLOW_PATH_ERROR_MSG: Key<&'static str> = Key::new("follow_path_error_msg");
    /// `{tracking_feedback}`: cells left to drive.
    pub const TRACKING_FEEDBACK: Key<usize> = Key::new("tracking_feedback");
    /// `{spin_error_code}`.
    pub const SPIN_ERROR_CODE: Key<BehaviorError> = Key::new("spin_error_code");
    /// `{spin_error_msg}`.
    pub const SPIN_ERROR_MSG: Key<&'static str> = Key::new("spin_error_msg");
    /// `{wait_error_code}`.
    pub const WAIT_ERROR_CODE: Key<BehaviorError> = Key::new("wait_error_code");
    /// `{wait_error_msg}`.
    pub const WAIT_ERROR_MSG: Key<&'static str> = Key::new("wait_error_msg");
    /// `{backup_error_code}`.
    pub const BACKUP_ERROR_CODE: Key<BehaviorError> = Key::new("backup_error_code");
    /// `{backup_error_msg}`.
    pub const BACKUP_ERROR_MSG: Key<&'static str> = Key::new("backup_error_msg");
}

/// The names the robot knows: its plugins and the topics that select them.
pub const NAMES: [&str; 10] = [
    "progress_checker",
    "general_goal_checker",
    "PathHandler",
    "FollowPath",
    "GridBased",
    "progress_checker_selector",
    "goal_checker_selector",
    "path_handler_selector",
    "controller_selector",
    "planner_selector",
];

/// A plugin or topic name, one of [`NAMES`]: a port literal (`default_planner="GridBased"`)
/// parses into one when the tree is built, and an unknown name fails there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Name(pub &'static str);

impl core::str::FromStr for Name {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        NAMES.iter().find(|n| **n == s).map(|n| Name(n)).ok_or_else(|| format!("the robot has no `{s}`"))
    }
}

/// The robot's blackboard (Nav2's entries, under [`keys`]), which the leaves' ports reach.
#[derive(Debug, Default)]
pub struct Board(pub bt::blackboard::Blackboard);

impl bt::ports::HasBlackboard for Board {
    fn blackboard(&self) -> &bt::blackboard::Blackboard {
        &self.0
    }
    fn blackboard_mut(&mut self) -> &mut bt::blackboard::Blackboard {
        &mut self.0
    }
}

impl bt::ports::HasBlackboard for Robot {
    fn blackboard(&self) -> &bt::blackboard::Blackboard {
        &self.bb.0
    }
    fn blackboard_mut(&mut self) -> &mut bt::blackboard::Blackboard {
        &mut self.bb.0
    }
}

impl Robot {
    /// `{goal}` (the dock's cell before the first goal).
    pub fn goal(&self) -> Pos {
        self.bb.0.get(keys::GOAL, Duration::ZERO).copied().unwrap_or_default()
    }

    /// `{path}` (empty before the first planning).
    pub fn path(&self) -> &[Pos] {
        self.bb.0.get(keys::PATH, Duration::ZERO).map_or(&[], Vec::as_slice)
    }
}

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
    walls: Vec<bool>,
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
    /// The last plugin name published on each selector topic (`(topic, name)`); the scenario
    /// publishes none, so the selectors pick their defaults.
    pub topics: Vec<(&'static str, &'static str)>,
    /// Draws the obstacles.
    rng: Rng,
    /// Whether obstacles appear at all.
    spawning: bool,
    /// Cells driven when the next obstacle appears.
    next_spawn: u32,
    /// Cells driven since the controller last reported progress.
    since_progress: u32,
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
    fn costmap(&mut self, layer: Layer) -> &mut Costmap {
        match layer {
            Layer::Local => &mut self.local,
            Layer::Global => &mut self.global,
        }
    }

    // ----- physics ----------------------------------------------------------------------------

    /// One step of `dt`: the clock, people leaving, the servers' progress (the robot drives,
    /// turns, backs up, the planner answers), footprint clearing, new obstacles.
    pub fn update(&mut self, dt: Duration) {
        self.clock.advance(dt);
        self.steps += 1;
        let now = self.now();
        while let Some(i) = self.obstacles.iter().position(|o| o.leaves_at.is_some_and(|t| t <= now)) {
            let gone = self.obstacles.remove(i);
            self.record(EventKind::Left { at: gone.at });
        }
        self.run_behavior();
        self.drive();
        // Footprint clearing: the robot's own cell is never marked.
        let here = self.pos;
        self.local.unmark(here);
        self.global.unmark(here);
        self.spawn();
        self.plan();
    }

    /// The controller's step: drives towards the next cell of its path (back onto the path first
    /// if the robot is beside it), or fails if that cell is blocked in the local costmap, or
    /// succeeds at the end of the path.
    fn drive(&mut self) {
        if self.controller.progress != Progress::Busy {
            return;
        }
        let c = &self.controller;
        let target = if c.path.get(c.index) == Some(&self.pos) { c.index + 1 } else { c.index };
        let Some(&next) = c.path.get(target) else {
            self.controller.progress = Progress::Succeeded;
            return;
        };
        if let Some(blocker) = self.blocker(Layer::Local, next) {
            self.controller.progress = Progress::Failed(ControlError::NoValidControl);
            self.controller.blocked = Some((next, blocker));
            self.controller.step = 0;
            return;
        }
        self.heading = Dir::between(self.pos, next);
        self.controller.step += 1;
        if self.controller.step < TICKS_PER_CELL {
            return;
        }
        self.controller.step = 0;
        self.controller.index = target;
        self.pos = next;
        self.stats.driven += 1;
        self.since_progress += 1;
        if self.controller.cells_to_go() == 0 {
            self.controller.progress = Progress::Succeeded;
        } else if self.since_progress >= PROGRESS_EVERY {
            self.since_progress = 0;
            let to_go = self.controller.cells_to_go();
            self.record(EventKind::Progress { to_go });
        }
    }

    /// The behavior server's step: ends the running behavior when its time is up.
    fn run_behavior(&mut self) {
        let Some(behavior) = self.behaviors.running else { return };
        if self.behaviors.progress != Progress::Busy || self.now() < self.behaviors.ends_at {
            return;
        }
        match behavior {
            Behavior::Spin => self.heading = self.heading.left(),
            Behavior::Wait => {}
            Behavior::BackUp => {
                let behind = self.pos.step(self.heading.back());
                if self.is_blocked(Layer::Local, behind) {
                    self.behaviors.progress = Progress::Failed(BehaviorError::CollisionAhead);
                    return;
                }
                self.pos = behind;
                self.stats.driven += 1;
            }
        }
        self.behaviors.progress = Progress::Succeeded;
    }

    /// The planner's step: answers the request once [`PLANNING_TIME`] has passed.
    fn plan(&mut self) {
        if self.planner.progress != Progress::Busy || self.now() < self.planner.ready_at {
            return;
        }
        let goal = self.planner.goal;
        self.planner.progress = if self.is_blocked(Layer::Global, goal) {
            Progress::Failed(PlanError::GoalOccupied)
        } else if self.astar(self.pos, goal) {
            Progress::Succeeded
        } else {
            Progress::Failed(PlanError::NoValidPath)
        };
    }

    /// A* from `start` to `goal` on the global costmap, 4-connected; the path goes to
    /// `self.planner.path`. The start cell is never blocked (the robot stands on it).
    fn astar(&mut self, start: Pos, goal: Pos) -> bool {
        let mut cost = std::mem::take(&mut self.planner.cost);
        let mut came_from = std::mem::take(&mut self.planner.came_from);
        let mut open = std::mem::take(&mut self.planner.open);
        cost.fill(u32::MAX);
        came_from.fill(u32::MAX);
        open.clear();
        cost[start.index()] = 0;
        open.push(Reverse((start.manhattan(goal), 0, start.index() as u32)));
        let mut found = false;
        while let Some(Reverse((_, g, i))) = open.pop() {
            let here = Pos::from_index(i as usize);
            if here == goal {
                found = true;
                break;
            }
            if g > cost[i as usize] {
                continue;
            }
            for d in Dir::ALL {
                let next = here.step(d);
                if self.is_blocked(Layer::Global, next) {
                    continue;
                }
                let n = next.index();
                if g + 1 < cost[n] {
                    cost[n] = g + 1;
                    came_from[n] = i;
                    open.push(Reverse((g + 1 + next.manhattan(goal), g + 1, n as u32)));
                }
            }
        }
        let path = &mut self.planner.path;
        path.clear();
        if found {
            let mut i = goal.index();
            while i != start.index() {
                path.push(Pos::from_index(i));
                i = came_from[i] as usize;
            }
            path.push(start);
            path.reverse();
        }
        self.planner.cost = cost;
        self.planner.came_from = came_from;
        self.planner.open = open;
        found
    }

    /// Whether a box at `at` would leave every free cell reachable from every other, counting
    /// walls and boxes only (people leave). A flood fill; a box is never put where it would cut
    /// the map in two.
    fn box_fits(&self, at: Pos) -> bool {
        let blocked =
            |p: Pos| p == at || self.is_wall(p) || self.obstacle_at(p).is_some_and(|o| o.kind == Real::Box);
        let free = (0..WIDTH * HEIGHT).filter(|&i| !blocked(Pos::from_index(i))).count();
        let mut seen = vec![false; WIDTH * HEIGHT];
        let mut stack = vec![self.pos];
        seen[self.pos.index()] = true;
        let mut reached = 0;
        while let Some(p) = stack.pop() {
            reached += 1;
            for d in Dir::ALL {
                let n = p.step(d);
                if !blocked(n) && !seen[n.index()] {
                    seen[n.index()] = true;
                    stack.push(n);
                }
            }
        }
        reached == free
    }

    /// Now and then, while the robot drives, something appears on its path (see the module docs).
    fn spawn(&mut self) {
        if !self.spawning || self.controller.progress != Progress::Busy || self.stats.driven < self.next_spawn
        {
            return;
        }
        self.next_spawn = self.stats.driven + self.rng.range(SPAWN_GAP.0, SPAWN_GAP.1);
        let roll = self.rng.range(0, 99);
        let ahead = self.rng.range(1, 2) as usize;
        let goal = self.goal();
        let (path, index) = (&self.controller.path, self.controller.index);
        // Only on the path, never on the goal, never where something already is.
        let Some(&at) = path.get(index + ahead).filter(|&&p| p != goal) else { return };
        if self.is_blocked(Layer::Local, at) || self.is_blocked(Layer::Global, at) {
            return;
        }
        if roll < 40 {
            self.local.mark(at);
            self.stats.spawned += 1;
            self.record(EventKind::Noise { at });
        } else if roll < 65 {
            if let Some((from, to)) = self.stale_bar() {
                self.stats.spawned += 1;
                self.record(EventKind::StaleMarks { from, to });
            }
        } else {
            let person = self.rng.range(0, 1) == 0 || !self.box_fits(at);
            let stays =
                Duration::from_millis(100 * u64::from(self.rng.range(PERSON_STAYS.0, PERSON_STAYS.1)));
            let obstacle = Obstacle {
                at,
                kind: if person { Real::Person } else { Real::Box },
                leaves_at: person.then(|| self.now() + stays),
            };
            self.obstacles.push(obstacle);
            self.stats.spawned += 1;
            self.record(EventKind::Appeared(obstacle));
        }
    }

    /// Marks a bar across the controller's path in the global costmap, at its narrowest place
    /// between 5 and 12 cells ahead; returns its ends (`None` if the path is too short there).
    fn stale_bar(&mut self) -> Option<(Pos, Pos)> {
        let (path, index) = (&self.controller.path, self.controller.index);
        let mut best: Option<(usize, Pos, Pos)> = None;
        for k in index + 5..=index + 12 {
            let (Some(&p), Some(&q)) = (path.get(k), path.get(k + 1)) else { break };
            let side = Dir::between(p, q).left();
            let reach = |d: Dir| {
                let mut end = p;
                for _ in 0..3 {
                    let n = end.step(d);
                    if self.is_wall(n) {
                        break;
                    }
                    end = n;
                }
                end
            };
            let (a, b) = (reach(side), reach(side.back()));
            let width = a.manhattan(b) as usize;
            let goal = self.goal();
            let touches_goal = [a, b, p].contains(&goal) || on_segment(a, b, goal);
            if !touches_goal && best.is_none_or(|(w, ..)| width < w) {
                best = Some((width, a, b));
            }
        }
        let (_, a, b) = best?;
        let (a, b) = (a.min(b), a.max(b));
        let d = Dir::between(a, b);
        let mut p = a;
        loop {
            if p != self.pos && self.obstacle_at(p).is_none() {
                self.global.mark(p);
            }
            if p == b {
                break;
            }
            p = p.step(d);
        }
        Some((a, b))
    }

    // ----- what the leaves do -----------------------------------------------------------------

    /// `ComputePathToPose`'s request: plan to `goal` with planner `planner_id`.
    pub fn request_plan(&mut self, goal: Pos, planner_id: &'static str) {
        self.planner.progress = Progress::Busy;
        self.planner.goal = goal;
        self.planner.planner_id = planner_id;
        self.planner.ready_at = self.now() + PLANNING_TIME;
        self.record(EventKind::PlanningStarted { planner: planner_id, goal });
    }

    /// Cancels the planner's request.
    pub fn cancel_plan(&mut self) {
        if self.planner.progress == Progress::Busy {
            self.record(EventKind::PlanningCancelled);
        }
        self.planner.progress = Progress::Idle;
    }

    /// Takes the planner's answer, if it has one: `Ok(())` with the path in `self.planner.path`,
    /// or the error code. `None` while it is still working.
    pub fn take_plan(&mut self) -> Option<Result<(), PlanError>> {
        let answer = match self.planner.progress {
            Progress::Succeeded => Ok(()),
            Progress::Failed(code) => Err(code),
            Progress::Idle | Progress::Busy => return None,
        };
        self.planner.progress = Progress::Idle;
        match answer {
            Ok(()) => {
                self.stats.plans += 1;
                let cells = self.planner.path.len() - 1;
                let c = &self.controller;
                let same_route =
                    c.progress == Progress::Busy && c.path.get(c.index..) == Some(&self.planner.path[..]);
                self.record(EventKind::PlanningSucceeded { cells, same_route });
            }
            Err(code) => {
                self.stats.plans_failed += 1;
                self.record(EventKind::PlanningFailed(code));
            }
        }
        Some(answer)
    }

    /// `FollowPath`'s request: follow `path` with controller `controller_id`. An empty path fails
    /// at once (`INVALID_PATH`).
    pub fn request_follow(&mut self, controller_id: &'static str, path: &[Pos]) {
        let c = &mut self.controller;
        c.controller_id = controller_id;
        c.blocked = None;
        c.step = 0;
        if path.is_empty() {
            c.progress = Progress::Failed(ControlError::InvalidPath);
            return;
        }
        c.progress = Progress::Busy;
        self.since_progress = 0;
        self.take_path(path);
        let cells = self.controller.cells_to_go();
        self.record(EventKind::FollowStarted { controller: controller_id, cells });
    }

    /// Gives the controller `path` if it is a new one (`path_version` changed since it took
    /// one), as Nav2's `FollowPath` does while it runs (an empty path is ignored).
    pub fn update_follow(&mut self, path: &[Pos]) {
        if self.path_version != self.controller.path_version && !path.is_empty() {
            let next = self.controller.path.get(self.controller.index + 1).copied();
            self.take_path(path);
            // Still driving towards the same cell: keep going; otherwise start the move again.
            if self.controller.path.get(self.controller.index + 1).copied() != next {
                self.controller.step = 0;
            }
        }
    }

    /// Copies `path` into the controller and finds the robot on it.
    fn take_path(&mut self, path: &[Pos]) {
        let c = &mut self.controller;
        c.path.clear();
        c.path.extend_from_slice(path);
        c.path_version = self.path_version;
        c.index = closest(&c.path, self.pos, f32::INFINITY).unwrap_or(0);
    }

    /// Cancels the controller's request (the robot stops).
    pub fn cancel_follow(&mut self) {
        self.controller.progress = Progress::Idle;
        self.controller.step = 0;
    }

    /// `ClearEntireCostmap`: removes every phantom mark of `layer` (real obstacles stay: the
    /// sensors see them again at once).
    pub fn clear_costmap(&mut self, name: &'static str, layer: Layer) {
        let removed = self.costmap(layer).clear();
        self.stats.clears += 1;
        self.record(EventKind::Cleared { name, layer, removed });
    }

    /// Starts `behavior`, which takes `duration`.
    pub fn request_behavior(&mut self, behavior: Behavior, duration: Duration) {
        self.behaviors =
            Behaviors { progress: Progress::Busy, running: Some(behavior), ends_at: self.now() + duration };
        self.stats.behaviors += 1;
        self.record(EventKind::BehaviorStarted(behavior));
    }

    /// Ends the behavior in progress: records how it ended and returns its error code.
    pub fn end_behavior(&mut self, how: Exit) -> BehaviorError {
        let code = match self.behaviors.progress {
            Progress::Failed(code) => code,
            _ => BehaviorError::None,
        };
        if let Some(behavior) = self.behaviors.running.take() {
            self.record(EventKind::BehaviorEnded(behavior, how, code));
        }
        self.behaviors.progress = Progress::Idle;
        code
    }

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

// ----- the scenario ---------------------------------------------------------------------------

/// A named place of the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Its name, with its article: `"the lab"`.
    pub name: &'static str,
    /// Its cell.
    pub at: Pos,
}

/// A goal of the scenario, and the update it receives while the robot is on its way, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// Where to go.
    pub place: Place,
    /// After this long, the goal moves to the place given.
    pub update: Option<(Duration, Place)>,
}

/// Where the robot starts.
pub const DOCK: Place = Place { name: "the dock", at: Pos::new(4, 3) };
/// The lab, north.
pub const LAB: Place = Place { name: "the lab", at: Pos::new(28, 2) };
/// The lounge, south-east.
pub const LOUNGE: Place = Place { name: "the lounge", at: Pos::new(51, 16) };
/// The kitchen, south-west.
pub const KITCHEN: Place = Place { name: "the kitchen", at: Pos::new(3, 15) };
/// The store room, south.
pub const STORE: Place = Place { name: "the store room", at: Pos::new(30, 15) };
/// The office, north-east.
pub const OFFICE: Place = Place { name: "the office", at: Pos::new(50, 3) };

/// The scenario: five goals from the dock and back; the third is moved from the kitchen to the
/// store room six seconds after the robot set off.
pub const SCENARIO: [Goal; 5] = [
    Goal { place: LAB, update: None },
    Goal { place: LOUNGE, update: None },
    Goal { place: KITCHEN, update: Some((Duration::from_secs(6), STORE)) },
    Goal { place: OFFICE, update: None },
    Goal { place: DOCK, update: None },
];

/// The seed of the demo run.
pub const SEED: u64 = 11;

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
    fn pos(&mut self, p: Pos) {
        self.u64((p.x as u64) << 16 | p.y as u64);
    }
}
