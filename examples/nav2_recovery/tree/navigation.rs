//! The scenario run through a tree: [`Navigation`] steps the robot and ticks the tree.

use super::*;

/// Longest a navigation may take before the scenario gives up on it (halting the tree).
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(180);

/// How one goal of the scenario ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Index of the goal in the scenario.
    pub goal: usize,
    /// `Success` (reached) or `Failure` (the tree failed, or the scenario gave up).
    pub status: Status,
    /// Where the robot ended.
    pub at: Pos,
    /// Where the goal was in the end (after its update, if any).
    pub target: Pos,
    /// When the navigation started.
    pub started: Duration,
    /// When it ended.
    pub ended: Duration,
}

/// What [`Navigation`] needs of its tree: [`NavigateToPose`] (written with `bt!`),
/// [`NavigateToPoseXml`] (compiled from the XML) and a tree loaded at run time
/// ([`DynTree`](bt::dynamic::DynTree), see [`registry`](super::registry)) all have it.
pub trait NavTree {
    /// One tick.
    fn tick_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O) -> Status;
    /// Halts the tree.
    fn halt_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O);
    /// The tree's description.
    fn describe(&self) -> &'static bt::TreeDescription;
}

macro_rules! nav_tree {
    ($($t:ty),*) => {$(
        impl Build for $t {
            fn build() -> Self {
                <$t>::new()
            }
        }

        impl NavTree for $t {
            #[inline(never)]
            fn tick_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O) -> Status {
                (**self).tick_with(robot, observer)
            }
            fn halt_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O) {
                (**self).halt_with(robot, observer)
            }
            fn describe(&self) -> &'static bt::TreeDescription {
                (**self).description()
            }
        }
    )*};
}

/// A tree that [`Navigation`] can build itself: the compiled ones.
pub trait Build: NavTree {
    /// The tree, idle.
    fn build() -> Self;
}

nav_tree!(NavigateToPose, NavigateToPoseXml);

impl NavTree for bt::dynamic::DynTree<'static, Robot> {
    fn tick_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O) -> Status {
        self.tick_with(robot, observer)
    }
    fn halt_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O) {
        self.halt_with(robot, observer)
    }
    fn describe(&self) -> &'static bt::TreeDescription {
        self.description()
    }
}

/// The scenario run through the tree: the robot, its tree, the goals, one step at a time.
pub struct Navigation<T = NavigateToPose> {
    /// The robot and its world (the tree's context).
    pub robot: Robot,
    /// The tree.
    pub tree: T,
    /// The goals, in order.
    pub goals: Vec<Goal>,
    /// How the goals done so far ended.
    pub outcomes: Vec<Outcome>,
    /// The goal being navigated to, its start time, and whether its update was sent.
    current: Option<(usize, Duration, bool)>,
}

impl Navigation {
    /// The demo: the scenario's goals from the dock, obstacles drawn from `seed`.
    pub fn new(seed: u64) -> Self {
        Self::of(seed)
    }

    /// `goals` for `robot`, with a fresh tree.
    pub fn with(goals: Vec<Goal>, robot: Robot) -> Self {
        Self::with_tree(goals, robot)
    }
}

impl<T: Build> Navigation<T> {
    /// The demo with tree `T`: the scenario's goals from the dock, obstacles drawn from `seed`.
    pub fn of(seed: u64) -> Self {
        Self::over(T::build(), seed, true)
    }

    /// `goals` for `robot`, with a fresh tree `T`.
    pub fn with_tree(goals: Vec<Goal>, robot: Robot) -> Self {
        Self::run(T::build(), goals, robot)
    }
}

impl<T: NavTree> Navigation<T> {
    /// The scenario's goals from the dock through `tree` (idle), with obstacles drawn from `seed`
    /// if `obstacles`.
    pub fn over(tree: T, seed: u64, obstacles: bool) -> Self {
        Self::run(tree, crate::sim::SCENARIO.to_vec(), Robot::new(crate::sim::DOCK.at, seed, obstacles))
    }

    /// `goals` for `robot` through `tree` (idle).
    pub fn run(tree: T, goals: Vec<Goal>, robot: Robot) -> Self {
        Navigation { robot, tree, goals, outcomes: Vec::new(), current: None }
    }

    /// Whether every goal has been dealt with.
    pub fn is_done(&self) -> bool {
        self.outcomes.len() == self.goals.len()
    }

    /// One step: the physics ([`Robot::update`] by [`DT`]), the scenario (the next goal, a goal
    /// update), then one tick of the tree. Returns the tree's status (`None` once the scenario is
    /// over).
    pub fn step(&mut self) -> Option<Status> {
        self.step_with(&mut NoObserver)
    }

    /// [`step`](Self::step), telling `observer` what every node of the tree returned.
    pub fn step_with<O: Observer>(&mut self, observer: &mut O) -> Option<Status> {
        if self.is_done() {
            return None;
        }
        self.robot.update(DT);
        let now = self.robot.clock.now();
        let (goal, started, updated) = match self.current {
            Some(c) => c,
            None => {
                let goal = self.outcomes.len();
                self.set_goal(self.goals[goal].place.at);
                self.robot.record(EventKind::NavigationStarted { goal });
                (goal, now, false)
            }
        };
        let mut updated = updated;
        if let Some((after, place)) = self.goals[goal].update
            && !updated
            && now - started >= after
        {
            self.update_goal(place.at);
            updated = true;
        }
        self.current = Some((goal, started, updated));
        let mut status = self.tree.tick_on(&mut self.robot, observer);
        if status == Status::Running && now - started >= GIVE_UP_AFTER {
            self.tree.halt_on(&mut self.robot, observer);
            status = Status::Failure;
        }
        if status != Status::Running {
            self.robot.record(match status {
                Status::Success => EventKind::GoalReached { goal },
                _ => EventKind::NavigationFailed { goal },
            });
            let (at, target) = (self.robot.pos, self.robot.goal());
            self.outcomes.push(Outcome { goal, status, at, target, started, ended: now });
            self.current = None;
        }
        Some(status)
    }

    /// Moves the goal of the navigation in progress to `at` (the scenario does it for a goal that
    /// has an update; tests may do it at any time).
    pub fn update_goal(&mut self, at: Pos) {
        if let Some((goal, ..)) = self.current {
            self.set_goal(at);
            self.robot.record(EventKind::GoalUpdated { goal, to: at });
        }
    }

    /// Sets `{goal}` (a new navigation, or an update of the current one).
    fn set_goal(&mut self, at: Pos) {
        self.robot.bb.0.set(keys::GOAL, at);
        self.robot.goal_version += 1;
    }
}
