//! Variant (b): the mission written by hand, as a state machine designed for it.
//!
//! The state is what a programmer keeps for this behaviour: which branch of the mission runs
//! (`Branch`), where the docking stands, which step of the route runs and how many times it
//! failed, one timer per branch (the route's legs, settles and the docking manoeuvre each time one
//! thing at a time), and the perception round's progress. Times and counts are constants in the
//! code. It calls the same [`Robot`] methods the tree's leaves call, in the same order, and halts
//! what the tree would halt, when it would.

use core::time::Duration;

use bt::{Clock, Exit, Status};

use super::world::{Act, DOCK, Robot, WP_A, WP_B, WP_C};

const DOCK_TIMEOUT: Duration = Duration::from_secs(20);
const LEG_TIMEOUT: Duration = Duration::from_secs(8);
const REPORT_COOLDOWN: Duration = Duration::from_secs(3);

/// The branch of the mission that ran last tick, in priority order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Branch {
    /// Nothing runs.
    None,
    /// Braking for the e-stop.
    Brake,
    /// Docking and charging.
    Dock,
    /// The route and the perception.
    Mission,
    /// Waiting for the systems.
    Idle,
}

/// Where the docking stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Docking {
    /// Not started: check whether the robot is at the dock.
    Start,
    /// Charging.
    Charging,
    /// Between two attempts to reach the dock.
    Retry,
    /// Driving to the dock (an attempt is under way).
    Driving,
    /// The docking manoeuvre (an attempt is under way).
    Manoeuvre,
}

/// The route's steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    ToA,
    SettleA,
    WorkA,
    ToB,
    SettleB,
    WorkB,
    ToC,
}

/// The hand-written mission.
#[derive(Clone, Debug)]
pub struct HandMission {
    branch: Branch,
    docking: Docking,
    dock_failures: u8,
    /// When the current docking attempt started.
    dock_since: Duration,
    step: Step,
    leg_failures: u8,
    /// When the current leg attempt or settle started; `None` between them.
    since: Option<Duration>,
    /// Pick-and-place rounds done at this waypoint.
    rounds: u8,
    picking: bool,
    /// Whether the route and the perception are under way (the tree's parallel is running them).
    route_running: bool,
    perception_running: bool,
    /// Perception round: bit 0 scan done, bit 1 report done, bit 2 blinks done.
    seen: u8,
    perception_failures: u8,
    blinks: u8,
    reporting: bool,
    /// When the last report ended.
    report_end: Option<Duration>,
}

impl Default for HandMission {
    fn default() -> Self {
        Self::new()
    }
}

impl HandMission {
    /// Nothing under way.
    pub const fn new() -> Self {
        HandMission {
            branch: Branch::None,
            docking: Docking::Start,
            dock_failures: 0,
            dock_since: Duration::ZERO,
            step: Step::ToA,
            leg_failures: 0,
            since: None,
            rounds: 0,
            picking: false,
            route_running: false,
            perception_running: false,
            seen: 0,
            perception_failures: 0,
            blinks: 0,
            reporting: false,
            report_end: None,
        }
    }

    /// One decision.
    #[inline]
    pub fn tick(&mut self, r: &mut Robot) -> Status {
        // The e-stop comes first; whatever ran is stopped once the brake is on.
        if r.estop() {
            if self.branch != Branch::Brake {
                r.enter(Act::Brake);
            }
            let status = r.brake();
            let was = core::mem::replace(&mut self.branch, Branch::Brake);
            self.stop(was, r);
            return status;
        }
        if self.branch == Branch::Brake {
            r.exit(Act::Brake, Exit::Halted);
            self.branch = Branch::None;
        }
        // Then the battery.
        if r.needs_charge() {
            let status = self.dock(r);
            if status != Status::Failure {
                if self.branch > Branch::Dock {
                    self.stop(self.branch, r);
                }
                self.branch = if status == Status::Running { Branch::Dock } else { Branch::None };
                return status;
            }
            if self.branch == Branch::Dock {
                self.branch = Branch::None;
            }
        } else if self.branch == Branch::Dock {
            self.stop_dock(r);
            self.branch = Branch::None;
        }
        // Then the mission, while the systems are fine.
        if r.systems_ok() {
            let status = self.mission(r);
            if status != Status::Failure {
                if self.branch == Branch::Idle {
                    r.exit(Act::Idle, Exit::Halted);
                }
                self.branch = if status == Status::Running { Branch::Mission } else { Branch::None };
                return status;
            }
            if self.branch == Branch::Mission {
                self.branch = Branch::None;
            }
        } else if self.branch == Branch::Mission {
            self.stop_mission(r);
            self.branch = Branch::None;
        }
        // Otherwise wait.
        if self.branch != Branch::Idle {
            r.enter(Act::Idle);
            self.branch = Branch::Idle;
        }
        r.brake()
    }

    /// Stops a branch that a higher one pre-empted.
    fn stop(&mut self, branch: Branch, r: &mut Robot) {
        match branch {
            Branch::None | Branch::Brake => {}
            Branch::Dock => self.stop_dock(r),
            Branch::Mission => self.stop_mission(r),
            Branch::Idle => r.exit(Act::Idle, Exit::Halted),
        }
    }

    // ----- docking -------------------------------------------------------------------------

    fn dock(&mut self, r: &mut Robot) -> Status {
        if self.docking == Docking::Start {
            if r.at_dock() {
                r.enter(Act::Charge);
                self.docking = Docking::Charging;
            } else {
                self.docking = Docking::Retry;
            }
        }
        if self.docking == Docking::Charging {
            let status = r.charge();
            if status == Status::Success {
                r.exit(Act::Charge, Exit::Success);
                self.docking = Docking::Start;
            }
            return status;
        }
        let now = r.now();
        if self.docking == Docking::Retry {
            self.dock_since = now;
            r.enter(Act::Drive);
            self.docking = Docking::Driving;
        } else if now.saturating_sub(self.dock_since) >= DOCK_TIMEOUT {
            let act = if self.docking == Docking::Driving { Act::Drive } else { Act::Dock };
            r.exit(act, Exit::Halted);
            return self.dock_failed();
        }
        if self.docking == Docking::Driving {
            match r.drive(DOCK) {
                Status::Running => return Status::Running,
                Status::Failure => {
                    r.exit(Act::Drive, Exit::Failure);
                    return self.dock_failed();
                }
                Status::Success => {
                    r.exit(Act::Drive, Exit::Success);
                    r.begin_work(Act::Dock, 3);
                    self.docking = Docking::Manoeuvre;
                }
            }
        }
        let status = r.work(Act::Dock);
        if status == Status::Success {
            r.exit(Act::Dock, Exit::Success);
            self.docking = Docking::Start;
            self.dock_failures = 0;
        }
        status
    }

    fn dock_failed(&mut self) -> Status {
        self.dock_failures += 1;
        if self.dock_failures == 3 {
            self.dock_failures = 0;
            self.docking = Docking::Start;
            Status::Failure
        } else {
            self.docking = Docking::Retry;
            Status::Running
        }
    }

    fn stop_dock(&mut self, r: &mut Robot) {
        match self.docking {
            Docking::Charging => r.exit(Act::Charge, Exit::Halted),
            Docking::Driving => r.exit(Act::Drive, Exit::Halted),
            Docking::Manoeuvre => r.exit(Act::Dock, Exit::Halted),
            Docking::Start | Docking::Retry => {}
        }
        self.docking = Docking::Start;
        self.dock_failures = 0;
    }

    // ----- the mission: the route, with the perception alongside -----------------------------

    fn mission(&mut self, r: &mut Robot) -> Status {
        let route = self.route(r);
        self.route_running = route == Status::Running;
        if route == Status::Success {
            if self.perception_running {
                self.stop_perception(r);
            }
            return Status::Success;
        }
        let perception = self.perception(r);
        self.perception_running = perception == Status::Running;
        if route == Status::Failure && perception == Status::Failure {
            return Status::Failure;
        }
        Status::Running
    }

    fn stop_mission(&mut self, r: &mut Robot) {
        if self.route_running {
            self.stop_route(r);
        }
        if self.perception_running {
            self.stop_perception(r);
        }
    }

    fn route(&mut self, r: &mut Robot) -> Status {
        loop {
            let status = match self.step {
                Step::ToA => self.leg(r, WP_A),
                Step::SettleA => self.settle(r, Duration::from_secs(1)),
                Step::WorkA | Step::WorkB => self.work(r),
                Step::ToB => self.leg(r, WP_B),
                Step::SettleB => self.settle(r, Duration::from_millis(500)),
                Step::ToC => self.leg(r, WP_C),
            };
            match status {
                Status::Running => return Status::Running,
                Status::Failure => {
                    self.step = Step::ToA;
                    return Status::Failure;
                }
                Status::Success => {
                    self.step = match self.step {
                        Step::ToA => Step::SettleA,
                        Step::SettleA => Step::WorkA,
                        Step::WorkA => Step::ToB,
                        Step::ToB => Step::SettleB,
                        Step::SettleB => Step::WorkB,
                        Step::WorkB => Step::ToC,
                        Step::ToC => {
                            self.step = Step::ToA;
                            return Status::Success;
                        }
                    };
                }
            }
        }
    }

    fn stop_route(&mut self, r: &mut Robot) {
        match self.step {
            Step::ToA | Step::ToB | Step::ToC if self.since.is_some() => r.exit(Act::Drive, Exit::Halted),
            Step::WorkA | Step::WorkB if self.picking => r.exit(Act::Pick, Exit::Halted),
            _ => {}
        }
        self.step = Step::ToA;
        self.since = None;
        self.leg_failures = 0;
        self.rounds = 0;
        self.picking = false;
    }

    /// A leg: up to two attempts of 8 s each to drive to `to`.
    fn leg(&mut self, r: &mut Robot, to: i32) -> Status {
        let now = r.now();
        match self.since {
            None => {
                self.since = Some(now);
                r.enter(Act::Drive);
            }
            Some(since) => {
                if now.saturating_sub(since) >= LEG_TIMEOUT {
                    self.since = None;
                    r.exit(Act::Drive, Exit::Halted);
                    return self.leg_failed();
                }
            }
        }
        match r.drive(to) {
            Status::Running => Status::Running,
            Status::Success => {
                r.exit(Act::Drive, Exit::Success);
                self.since = None;
                self.leg_failures = 0;
                Status::Success
            }
            Status::Failure => {
                r.exit(Act::Drive, Exit::Failure);
                self.since = None;
                self.leg_failed()
            }
        }
    }

    fn leg_failed(&mut self) -> Status {
        self.leg_failures += 1;
        if self.leg_failures == 2 {
            self.leg_failures = 0;
            Status::Failure
        } else {
            Status::Running
        }
    }

    /// Waits `wait` on a clear path, then settles.
    fn settle(&mut self, r: &mut Robot, wait: Duration) -> Status {
        if !r.path_clear() {
            self.since = None;
            return Status::Failure;
        }
        let now = r.now();
        let since = *self.since.get_or_insert(now);
        if now.saturating_sub(since) < wait {
            return Status::Running;
        }
        self.since = None;
        r.enter(Act::Settle);
        let status = r.instant(Act::Settle);
        r.exit(Act::Settle, Exit::Success);
        status
    }

    /// Two rounds of pick and place.
    fn work(&mut self, r: &mut Robot) -> Status {
        if !self.picking {
            r.begin_work(Act::Pick, 2);
        }
        if r.work(Act::Pick) == Status::Running {
            self.picking = true;
            return Status::Running;
        }
        self.picking = false;
        r.exit(Act::Pick, Exit::Success);
        r.enter(Act::Place);
        let _ = r.instant(Act::Place);
        r.exit(Act::Place, Exit::Success);
        self.rounds += 1;
        if self.rounds == 2 {
            self.rounds = 0;
            Status::Success
        } else {
            Status::Running
        }
    }

    /// One tick of the perception round (scan, report unless it is cooling down, three blinks);
    /// `Failure` when the round ended with two of them failed.
    fn perception(&mut self, r: &mut Robot) -> Status {
        if self.seen & 1 == 0 {
            self.seen |= 1;
            if r.sensor_ready() {
                r.enter(Act::Scan);
                let _ = r.instant(Act::Scan);
                r.exit(Act::Scan, Exit::Success);
            } else {
                self.perception_failures += 1;
            }
        }
        if self.seen & 2 == 0 {
            let now = r.now();
            if !self.reporting && self.report_end.is_some_and(|end| now.saturating_sub(end) < REPORT_COOLDOWN)
            {
                self.seen |= 2;
                self.perception_failures += 1;
            } else {
                if !self.reporting {
                    r.begin_work(Act::Report, 2);
                }
                self.reporting = r.report() == Status::Running;
                if !self.reporting {
                    r.exit(Act::Report, Exit::Success);
                    self.report_end = Some(now);
                    self.seen |= 2;
                }
            }
        }
        if self.seen & 4 == 0 {
            r.enter(Act::Blink);
            let _ = r.instant(Act::Blink);
            r.exit(Act::Blink, Exit::Success);
            self.blinks += 1;
            if self.blinks == 3 {
                self.blinks = 0;
                self.seen |= 4;
            }
        }
        if self.seen != 7 {
            return Status::Running;
        }
        let failed = self.perception_failures >= 2;
        self.seen = 0;
        self.perception_failures = 0;
        if failed { Status::Failure } else { Status::Running }
    }

    fn stop_perception(&mut self, r: &mut Robot) {
        if self.reporting {
            self.reporting = false;
            r.exit(Act::Report, Exit::Halted);
            self.report_end = Some(r.now());
        }
        self.seen = 0;
        self.perception_failures = 0;
        self.blinks = 0;
    }
}
