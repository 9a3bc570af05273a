//! Variant (b): Nav2's navigation written by hand, as a state machine designed for it.
//!
//! What a navigation programmer keeps: whether a recovery round is under way and how many ran,
//! whether the robot has started following (before that, planning comes first), when the path
//! was last replanned (replanning at 1 Hz), whether the planner and the controller are busy and
//! whether their one context recovery is used up, the goal the planner last saw, and which
//! recovery behavior is next (they take turns). It calls the same [`Nav`] methods the tree's
//! leaves call, in the same order, and cancels what the tree would halt, when it would.

use core::time::Duration;

use bt::{Clock, Exit, Status};

use super::world::{Act, Nav};

const REPLAN_PERIOD: Duration = Duration::from_secs(1);
const RECOVERY_ROUNDS: u8 = 6;
/// The recovery behaviors after the clearing, in turn, with their ticks.
const BEHAVIORS: [(Act, u8); 3] = [(Act::Spin, 15), (Act::Wait, 50), (Act::BackUp, 8)];

/// The hand-written navigator.
#[derive(Clone, Debug)]
pub struct HandNav {
    recovering: bool,
    rounds: u8,
    /// Following has started in this attempt (planning no longer holds it up).
    following_started: bool,
    /// When the replanning throttle last started; `None` when it is not armed.
    replanned: Option<Duration>,
    /// The throttle is waiting or replanning (it answered `Running`).
    replan_busy: bool,
    /// Replanning is under way (planning, or about to plan again after a recovery).
    replanning: bool,
    planning: bool,
    plan_recovered: bool,
    seen_goal: Option<u32>,
    following: bool,
    /// The follower's recovery answered `Running` (following, or about to follow again).
    follow_busy: bool,
    follow_recovered: bool,
    /// The recovery round got past its check.
    round_started: bool,
    behaving: bool,
    next_recovery: u8,
}

impl Default for HandNav {
    fn default() -> Self {
        Self::new()
    }
}

/// Ends an action's activation with its status.
#[inline(always)]
fn done(r: &mut Nav, act: Act, s: Status) -> Status {
    match s {
        Status::Running => {}
        Status::Success => r.events.exit(act as u8, Exit::Success),
        Status::Failure => r.events.exit(act as u8, Exit::Failure),
    }
    s
}

/// An action done in one tick.
#[inline(always)]
fn clear(r: &mut Nav, act: Act, global: bool) {
    r.events.enter(act as u8);
    let s = r.clear(global);
    let _ = done(r, act, s);
}

impl HandNav {
    /// Nothing under way.
    pub const fn new() -> Self {
        HandNav {
            recovering: false,
            rounds: 0,
            following_started: false,
            replanned: None,
            replan_busy: false,
            replanning: false,
            planning: false,
            plan_recovered: false,
            seen_goal: None,
            following: false,
            follow_busy: false,
            follow_recovered: false,
            round_started: false,
            behaving: false,
            next_recovery: 0,
        }
    }

    /// One decision.
    #[inline]
    pub fn tick(&mut self, r: &mut Nav) -> Status {
        if !self.recovering {
            let now = r.now();
            match self.navigate(r, now) {
                Status::Success => {
                    self.rounds = 0;
                    return Status::Success;
                }
                Status::Running => return Status::Running,
                Status::Failure => {
                    if self.rounds >= RECOVERY_ROUNDS {
                        self.rounds = 0;
                        return Status::Failure;
                    }
                    self.recovering = true;
                }
            }
        }
        match self.recover(r) {
            Status::Running => Status::Running,
            Status::Success => {
                self.rounds += 1;
                self.recovering = false;
                Status::Running
            }
            Status::Failure => {
                self.rounds = 0;
                self.recovering = false;
                Status::Failure
            }
        }
    }

    /// Plugins, replanning at 1 Hz, following.
    #[inline(always)]
    fn navigate(&mut self, r: &mut Nav, now: Duration) -> Status {
        for k in 0..5 {
            let _ = r.select(k);
        }
        match self.replan(r, now) {
            Status::Failure => {
                self.end_attempt(r);
                return Status::Failure;
            }
            Status::Running if !self.following_started => return Status::Running,
            _ => {}
        }
        let s = self.follow(r);
        if s == Status::Running {
            self.following_started = true;
        } else {
            self.end_attempt(r);
        }
        s
    }

    /// The attempt is over: cancel what still runs, disarm the throttle.
    fn end_attempt(&mut self, r: &mut Nav) {
        if self.replan_busy {
            self.replan_busy = false;
            if self.planning {
                self.planning = false;
                r.events.exit(Act::ComputePath as u8, Exit::Halted);
            }
            self.replanning = false;
            self.plan_recovered = false;
        }
        if self.follow_busy {
            self.follow_busy = false;
            if self.following {
                self.following = false;
                r.events.exit(Act::FollowPath as u8, Exit::Halted);
            }
            self.follow_recovered = false;
        }
        self.replanned = None;
        self.following_started = false;
    }

    /// Replans when a second has passed since the last path (or while replanning).
    fn replan(&mut self, r: &mut Nav, now: Duration) -> Status {
        match self.replanned {
            None => self.replanned = Some(now),
            Some(at) => {
                if !self.replanning && now - at < REPLAN_PERIOD {
                    self.replan_busy = true;
                    return Status::Running;
                }
            }
        }
        let s = self.plan(r);
        self.replanning = s == Status::Running;
        self.replan_busy = self.replanning;
        if s == Status::Success {
            self.replanned = Some(now);
        }
        s
    }

    /// A path: the one the robot has if the goal is the same, near and the way is free; else
    /// the planner's. One recovery (clearing the global costmap) when the planner says it helps.
    fn plan(&mut self, r: &mut Nav) -> Status {
        match self.compute(r) {
            Status::Success => {
                self.plan_recovered = false;
                Status::Success
            }
            Status::Running => Status::Running,
            Status::Failure => {
                if self.plan_recovered || !r.planner_recovery_helps() {
                    self.plan_recovered = false;
                    return Status::Failure;
                }
                clear(r, Act::ClearGlobal, true);
                self.plan_recovered = true;
                Status::Running
            }
        }
    }

    fn compute(&mut self, r: &mut Nav) -> Status {
        if !self.planning {
            let updated = self.seen_goal != Some(r.goal_gen);
            self.seen_goal = Some(r.goal_gen);
            if !updated && r.goal_nearby() {
                let _ = r.truncate();
                if r.path_valid() {
                    return Status::Success;
                }
            }
            r.request_path();
            self.planning = true;
        }
        let s = r.compute_path();
        if s != Status::Running {
            self.planning = false;
        }
        done(r, Act::ComputePath, s)
    }

    /// Follows the path; one recovery (clearing the local costmap) when the controller says it
    /// helps.
    fn follow(&mut self, r: &mut Nav) -> Status {
        if !self.following {
            r.request_follow();
            self.following = true;
        }
        let s = r.follow_path();
        let s = done(r, Act::FollowPath, s);
        self.follow_busy = true;
        match s {
            Status::Running => return Status::Running,
            Status::Success => self.follow_recovered = false,
            Status::Failure => {
                self.following = false;
                if self.follow_recovered || !r.controller_recovery_helps() {
                    self.follow_recovered = false;
                    self.follow_busy = false;
                    return Status::Failure;
                }
                clear(r, Act::ClearLocal, false);
                self.follow_recovered = true;
                return Status::Running;
            }
        }
        self.following = false;
        self.follow_busy = false;
        Status::Success
    }

    /// A recovery round: if a recovery may help, the next recovery behavior in turn, unless the
    /// goal changes.
    fn recover(&mut self, r: &mut Nav) -> Status {
        if !self.round_started {
            if !r.controller_recovery_helps() && !r.planner_recovery_helps() {
                return Status::Failure;
            }
            self.round_started = true;
        }
        if r.goal_updated() {
            if self.behaving {
                self.behaving = false;
                let (act, _) = BEHAVIORS[self.next_recovery as usize - 1];
                r.events.exit(act as u8, Exit::Halted);
                self.next_recovery = 0;
            }
            self.round_started = false;
            return Status::Success;
        }
        if self.next_recovery == 0 {
            clear(r, Act::ClearLocal, false);
            clear(r, Act::ClearGlobal, true);
        } else {
            let (act, ticks) = BEHAVIORS[self.next_recovery as usize - 1];
            if !self.behaving {
                r.begin(act, ticks);
                self.behaving = true;
            }
            let s = r.behave(act);
            if done(r, act, s) == Status::Running {
                return Status::Running;
            }
            self.behaving = false;
        }
        self.next_recovery = (self.next_recovery + 1) % 4;
        self.round_started = false;
        Status::Success
    }
}
