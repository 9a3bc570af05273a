//! The servers the tree's leaves talk to: the planner, the controller and the behaviors.

use super::*;

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
    /// Where the path starts (the robot's cell when `None`).
    pub start: Option<Pos>,
    /// The cells the path goes through, in order, before the goal.
    pub via: Vec<Pos>,
    /// A segment of the path, while a path through viapoints is put together.
    pub(super) segment: Vec<Pos>,
    /// When the answer is due.
    pub(super) ready_at: Duration,
    /// The last path found.
    pub path: Vec<Pos>,
    // A* buffers, kept between requests.
    pub(super) cost: Vec<u32>,
    pub(super) came_from: Vec<u32>,
    pub(super) open: BinaryHeap<Reverse<(u32, u32, u32)>>,
}

impl Planner {
    pub(super) fn new() -> Self {
        Planner {
            progress: Progress::Idle,
            planner_id: "",
            goal: Pos::default(),
            start: None,
            via: Vec::new(),
            segment: Vec::with_capacity(WIDTH * HEIGHT),
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
    pub(super) step: u32,
    /// The cell found blocked and what blocked it, when the controller failed.
    pub blocked: Option<(Pos, Blocker)>,
}

impl Controller {
    pub(super) fn new() -> Self {
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
    /// Drives forwards, the way it faces, by a distance.
    DriveOnHeading,
}

impl Behavior {
    /// The tree's name for it.
    pub const fn name(self) -> &'static str {
        match self {
            Behavior::Spin => "Spin",
            Behavior::Wait => "Wait",
            Behavior::BackUp => "BackUp",
            Behavior::DriveOnHeading => "DriveOnHeading",
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
    pub(super) ends_at: Duration,
    /// Whether it ends then because its time allowance ran out (it fails with `TIMEOUT`).
    pub(super) times_out: bool,
    /// Whether BackUp and DriveOnHeading check the local costmap before they move (otherwise
    /// only walls and real obstacles stop them).
    pub(super) collision_checks: bool,
}

/// A request to the behavior server.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BehaviorRequest {
    /// Which behavior.
    pub behavior: Behavior,
    /// How much: radians (Spin), seconds (Wait), metres (BackUp, DriveOnHeading), for the log.
    pub amount: f32,
    /// How long it takes.
    pub duration: Duration,
    /// How long it may take: past this it fails with `TIMEOUT` (Nav2's `time_allowance`).
    pub allowance: Duration,
    /// Whether to check the local costmap before moving (Nav2's `disable_collision_checks`
    /// negated).
    pub collision_checks: bool,
}
