//! The robot, its world and the leaves of Nav2's `navigate_to_pose_w_replanning_and_recovery`
//! tree, after the example `examples/nav2_recovery`: the leaves that stand for Nav2's actions talk
//! to servers (a planner that answers after a few ticks, a controller that follows the last path,
//! the behaviors), the selectors pick plugins, and obstacles come and go. Here the world is a
//! line and its values are integers, so that the leaves cost little next to the decision (the
//! example's world runs A* on a grid), and a run is reproducible to the bit.
//!
//! Every action's enter and exit and every root status go into [`Nav::events`]; when a
//! navigation ends (the root succeeds or fails) the next goal is drawn.

use core::time::Duration;

use bt::{Clock, Condition, ManualClock, Status};

use crate::events::Events;

/// The fixed time step of the simulation.
pub const DT: Duration = Duration::from_millis(100);

/// What a server's last failure says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// No failure.
    None,
    /// The planner found no path (clearing the global costmap may help).
    NoValidPath,
    /// The planner ran out of time (nothing will help).
    Timeout,
    /// The controller could not go on (clearing the local costmap may help).
    NoValidControl,
}

/// Actions, as their events name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Act {
    /// Asking the planner for a path.
    ComputePath = 1,
    /// Following the path.
    FollowPath,
    /// Clearing the local costmap.
    ClearLocal,
    /// Clearing the global costmap.
    ClearGlobal,
    /// Spinning in place.
    Spin,
    /// Waiting.
    Wait,
    /// Backing up.
    BackUp,
}

/// The robot and its servers: the trees' context.
#[derive(Clone, Debug)]
pub struct Nav {
    clock: ManualClock,
    rng: u64,
    /// Position on the line.
    pub pos: i32,
    /// Where it is asked to go.
    pub goal: i32,
    /// Bumped whenever the goal changes.
    pub goal_gen: u32,
    goal_fresh: u8,
    /// The end of the path the controller follows.
    pub path: Option<i32>,
    /// A phantom obstacle in the local costmap ahead (ticks it stays).
    phantom: u32,
    /// A stale mark in the global costmap blocks every path.
    stale: bool,
    /// A person in the way (ticks left).
    person: u32,
    planning: u8,
    stalled: u8,
    work: u8,
    /// The planner's last error.
    pub planner_code: Code,
    /// The controller's last error.
    pub controller_code: Code,
    /// Navigations that reached their goal.
    pub reached: u32,
    /// Navigations that gave up.
    pub aborted: u32,
    /// Plugins selected (the selectors' work).
    pub selections: u32,
    /// What happened.
    pub events: Events,
}

impl Clock for Nav {
    #[inline]
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Default for Nav {
    fn default() -> Self {
        Self::new()
    }
}

impl Nav {
    /// At 0, asked to go to 150, at time 0.
    pub fn new() -> Self {
        Nav {
            clock: ManualClock::new(),
            rng: 0xda94_2042_e4dd_58b5,
            pos: 0,
            goal: 150,
            goal_gen: 1,
            goal_fresh: 0,
            path: None,
            phantom: 0,
            stale: false,
            person: 0,
            planning: 0,
            stalled: 0,
            work: 0,
            planner_code: Code::None,
            controller_code: Code::None,
            reached: 0,
            aborted: 0,
            selections: 0,
            events: Events::new(),
        }
    }

    fn random(&mut self, n: u64) -> u64 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        (self.rng.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) % n
    }

    fn new_goal(&mut self) {
        self.goal = self.random(600) as i32 - 300;
        self.goal_gen += 1;
        self.goal_fresh = 10;
    }

    /// One step of the world: time passes, obstacles come and go, and now and then the goal
    /// changes under way.
    pub fn update(&mut self) {
        self.clock.advance(DT);
        self.goal_fresh = self.goal_fresh.saturating_sub(1);
        self.phantom = self.phantom.saturating_sub(1);
        self.person = self.person.saturating_sub(1);
        if self.random(120) == 0 {
            self.phantom = 40 + self.random(200) as u32;
        }
        if self.random(250) == 0 {
            self.stale = true;
        }
        if self.random(200) == 0 {
            self.person = 10 + self.random(40) as u32;
        }
        if self.random(900) == 0 {
            self.new_goal();
        }
    }

    /// Folds a root status into the log (every variant does this after every decision); a
    /// navigation that ended makes way for the next goal.
    pub fn note(&mut self, status: Status) {
        self.events.note(status);
        match status {
            Status::Running => {}
            Status::Success => {
                self.reached += 1;
                self.new_goal();
            }
            Status::Failure => {
                self.aborted += 1;
                self.new_goal();
            }
        }
    }

    /// A hash of the whole state.
    pub fn checksum(&self) -> u64 {
        let mut e = self.events;
        for v in [
            self.clock.now().as_nanos() as u64,
            self.pos as u64,
            self.goal as u64,
            self.path.map_or(0, |p| (p as u64).wrapping_add(1)),
            self.reached as u64,
            self.aborted as u64,
            self.selections as u64,
        ] {
            e.mix(v);
        }
        e.checksum()
    }

    // ----- the selectors and checks ----------------------------------------------------------

    /// A plugin selector: picks plugin `k` (its default).
    #[inline]
    pub fn select(&mut self, k: u8) -> Status {
        self.selections += 1;
        self.events.mix(0x300 + k as u64);
        Status::Success
    }

    /// The path left is short enough to keep (less than 40 from its end, which is the goal).
    #[inline]
    pub fn goal_nearby(&self) -> bool {
        self.path.is_some_and(|p| p == self.goal && (p - self.pos).abs() < 40)
    }

    /// Cuts the path at the robot (the part ahead is what is checked).
    #[inline]
    pub fn truncate(&mut self) -> Status {
        self.events.mix(self.pos as u64);
        Status::Success
    }

    /// Nothing blocks the path in the global costmap.
    #[inline]
    pub fn path_valid(&self) -> bool {
        !self.stale && self.person == 0
    }

    /// The goal changed in the last second.
    #[inline]
    pub fn goal_updated(&self) -> bool {
        self.goal_fresh > 0
    }

    /// The planner failed in a way a recovery may fix.
    #[inline]
    pub fn planner_recovery_helps(&self) -> bool {
        self.planner_code == Code::NoValidPath
    }

    /// The controller failed in a way a recovery may fix.
    #[inline]
    pub fn controller_recovery_helps(&self) -> bool {
        self.controller_code == Code::NoValidControl
    }

    // ----- the actions (requests to the servers) --------------------------------------------

    /// Asks the planner for a path to the goal (it answers on the third tick).
    #[inline]
    pub fn request_path(&mut self) {
        self.events.enter(Act::ComputePath as u8);
        self.planning = 3;
    }

    /// The planner's answer, once it has one.
    #[inline]
    pub fn compute_path(&mut self) -> Status {
        self.planning = self.planning.saturating_sub(1);
        if self.planning > 0 {
            return Status::Running;
        }
        if self.person > 30 {
            self.planner_code = Code::Timeout;
            Status::Failure
        } else if self.stale {
            self.planner_code = Code::NoValidPath;
            Status::Failure
        } else {
            self.planner_code = Code::None;
            self.path = Some(self.goal);
            Status::Success
        }
    }

    /// Asks the controller to follow the path.
    #[inline]
    pub fn request_follow(&mut self) {
        self.events.enter(Act::FollowPath as u8);
        self.stalled = 0;
    }

    /// The controller's progress: one step along the path, waiting while something is ahead;
    /// fails after 3 s stuck; succeeds at the goal.
    #[inline]
    pub fn follow_path(&mut self) -> Status {
        let Some(end) = self.path else {
            self.controller_code = Code::NoValidControl;
            return Status::Failure;
        };
        if self.phantom > 0 || self.person > 0 {
            self.stalled += 1;
            if self.stalled > 30 {
                self.controller_code = Code::NoValidControl;
                return Status::Failure;
            }
            return Status::Running;
        }
        self.stalled = 0;
        self.pos += (end - self.pos).clamp(-3, 3);
        self.controller_code = Code::None;
        if self.pos == self.goal { Status::Success } else { Status::Running }
    }

    /// Clears a costmap: the stale marks of the global one, the phantoms of the local one.
    #[inline]
    pub fn clear(&mut self, global: bool) -> Status {
        if global {
            self.stale = false;
        } else {
            self.phantom = 0;
        }
        Status::Success
    }

    /// `enter` of a behavior of `ticks` ticks.
    #[inline]
    pub fn begin(&mut self, act: Act, ticks: u8) {
        self.events.enter(act as u8);
        self.work = ticks;
    }

    /// One tick of the behavior under way; backing up moves the robot.
    #[inline]
    pub fn behave(&mut self, act: Act) -> Status {
        if act == Act::BackUp {
            self.pos -= (self.goal - self.pos).signum();
        }
        self.work = self.work.saturating_sub(1);
        if self.work == 0 { Status::Success } else { Status::Running }
    }
}

// ----- the leaves, as node kinds of `bt` and `dynbt` -----------------------------------------

/// A plugin selector (`ProgressCheckerSelector`, …, `PlannerSelector`: `K` is 0 to 4).
#[derive(Clone, Copy, Debug, Default)]
pub struct Select<const K: u8>;

impl<const K: u8> bt::Action<Nav> for Select<K> {
    #[inline]
    fn execute(&mut self, r: &mut Nav) -> Status {
        r.select(K)
    }
}

/// `GlobalUpdatedGoal`: true when the goal changed since its previous check (and on its first).
#[derive(Clone, Copy, Debug, Default)]
pub struct GlobalUpdatedGoal {
    seen: Option<u32>,
}

impl Condition<Nav> for GlobalUpdatedGoal {
    #[inline]
    fn check(&mut self, r: &Nav) -> bool {
        let updated = self.seen != Some(r.goal_gen);
        self.seen = Some(r.goal_gen);
        updated
    }
}

crate::conditions_of! { Nav;
    /// `IsGoalNearby`.
    IsGoalNearby => goal_nearby;
    /// `ValidatePath`.
    ValidatePath => path_valid;
    /// `GoalUpdated`.
    GoalUpdated => goal_updated;
    /// `WouldAPlannerRecoveryHelp`.
    WouldAPlannerRecoveryHelp => planner_recovery_helps;
    /// `WouldAControllerRecoveryHelp`.
    WouldAControllerRecoveryHelp => controller_recovery_helps;
}

/// `TruncatePathLocal`.
#[derive(Clone, Copy, Debug, Default)]
pub struct TruncatePathLocal;

impl bt::Action<Nav> for TruncatePathLocal {
    #[inline]
    fn execute(&mut self, r: &mut Nav) -> Status {
        r.truncate()
    }
}

/// Declares the two `ClearEntireCostmap` leaves (instant actions).
macro_rules! clear_costmap {
    ($($(#[$doc:meta])* $name:ident: $act:expr, $global:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl bt::Action<Nav> for $name {
            #[inline]
            fn enter(&mut self, r: &mut Nav) {
                r.events.enter($act as u8);
            }
            #[inline]
            fn execute(&mut self, r: &mut Nav) -> Status {
                r.clear($global)
            }
            #[inline]
            fn exit(&mut self, r: &mut Nav, how: bt::Exit) {
                r.events.exit($act as u8, how);
            }
        }
    )*};
}

clear_costmap! {
    /// `ClearEntireCostmap` of the global costmap.
    ClearGlobal: Act::ClearGlobal, true;
    /// `ClearEntireCostmap` of the local costmap.
    ClearLocal: Act::ClearLocal, false;
}

/// `ComputePathToPose`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ComputePathToPose;

impl bt::Action<Nav> for ComputePathToPose {
    #[inline]
    fn enter(&mut self, r: &mut Nav) {
        r.request_path();
    }
    #[inline]
    fn execute(&mut self, r: &mut Nav) -> Status {
        r.compute_path()
    }
    #[inline]
    fn exit(&mut self, r: &mut Nav, how: bt::Exit) {
        r.events.exit(Act::ComputePath as u8, how);
    }
}

/// `FollowPath`.
#[derive(Clone, Copy, Debug, Default)]
pub struct FollowPath;

impl bt::Action<Nav> for FollowPath {
    #[inline]
    fn enter(&mut self, r: &mut Nav) {
        r.request_follow();
    }
    #[inline]
    fn execute(&mut self, r: &mut Nav) -> Status {
        r.follow_path()
    }
    #[inline]
    fn exit(&mut self, r: &mut Nav, how: bt::Exit) {
        r.events.exit(Act::FollowPath as u8, how);
    }
}

/// Declares the behaviors (Spin, Wait, BackUp) of a fixed number of ticks.
macro_rules! behaviors {
    ($($(#[$doc:meta])* $name:ident: $act:expr, $ticks:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl bt::Action<Nav> for $name {
            #[inline]
            fn enter(&mut self, r: &mut Nav) {
                r.begin($act, $ticks);
            }
            #[inline]
            fn execute(&mut self, r: &mut Nav) -> Status {
                r.behave($act)
            }
            #[inline]
            fn exit(&mut self, r: &mut Nav, how: bt::Exit) {
                r.events.exit($act as u8, how);
            }
        }
    )*};
}

behaviors! {
    /// `Spin` (1.5 s).
    Spin: Act::Spin, 15;
    /// `Wait` (5 s).
    Wait: Act::Wait, 50;
    /// `BackUp` (0.8 s).
    BackUp: Act::BackUp, 8;
}
