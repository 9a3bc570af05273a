//! Variant (b): the drone's sortie written by hand, as a state machine designed for it.
//!
//! What a flight-controller programmer keeps: which job the drone is on (`Job`, in priority
//! order), where the sortie and the trip home stand, one deadline per job (the timeouts and the
//! waits are stored as the instant they end, compared with the clock), how many attempts failed,
//! when stabilizing is allowed again, and when the next telemetry frame is due. It calls the same
//! [`Drone`] methods the tree's leaves call, in the same order, and stops what the tree would
//! stop, when it would.

use core::time::Duration;

use bt::{Clock, Exit, Status};

use super::world::{Act, Drone};

const RECONNECT_TIMEOUT: Duration = Duration::from_secs(3);
const STABILIZE_TIMEOUT: Duration = Duration::from_secs(2);
const STABILIZE_COOLDOWN: Duration = Duration::from_secs(4);
const HOME_TIMEOUT: Duration = Duration::from_secs(30);
const SORTIE_HOME_TIMEOUT: Duration = Duration::from_secs(40);
const TAKE_OFF_TIMEOUT: Duration = Duration::from_secs(6);
const LEG_TIMEOUT: Duration = Duration::from_secs(10);
const ARM_WAIT: Duration = Duration::from_millis(500);
const PHOTO_WAIT: Duration = Duration::from_millis(300);
const LAND_WAIT: Duration = Duration::from_secs(1);
const TELEMETRY_PERIOD: Duration = Duration::from_millis(500);

/// The job under way, in priority order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Job {
    None,
    Link,
    Gust,
    Home,
    Sortie,
}

/// Where the link recovery stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Link {
    Idle,
    Reconnecting,
    Hovering,
}

/// The trip home to charge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Home {
    Idle,
    Flying,
    /// Between two attempts to fly home.
    Retry,
    Waiting,
    Landing,
    Charging,
}

/// The sortie's steps; `Some(deadline)` when its timeout or wait has started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sortie {
    TakeOff,
    Arm,
    Leg,
    Photo,
    Home,
    Wait,
    Land,
}

/// The hand-written drone.
#[derive(Clone, Debug)]
pub struct HandDrone {
    job: Job,
    link: Link,
    link_deadline: Duration,
    stabilizing: bool,
    stabilize_deadline: Duration,
    stabilize_ready: Option<Duration>,
    home: Home,
    home_failures: u8,
    home_deadline: Duration,
    sortie: Sortie,
    /// An action of the sortie is under way (or its wait has started).
    sortie_busy: bool,
    sortie_deadline: Duration,
    take_off_failures: u8,
    legs: u8,
    /// When the last telemetry frame went out (`None`: send at once).
    telemetry_sent: Option<Duration>,
    telemetry_waiting: bool,
}

impl Default for HandDrone {
    fn default() -> Self {
        Self::new()
    }
}

impl HandDrone {
    /// On the ground, nothing under way.
    pub const fn new() -> Self {
        HandDrone {
            job: Job::None,
            link: Link::Idle,
            link_deadline: Duration::ZERO,
            stabilizing: false,
            stabilize_deadline: Duration::ZERO,
            stabilize_ready: None,
            home: Home::Idle,
            home_failures: 0,
            home_deadline: Duration::ZERO,
            sortie: Sortie::TakeOff,
            sortie_busy: false,
            sortie_deadline: Duration::ZERO,
            take_off_failures: 0,
            legs: 0,
            telemetry_sent: None,
            telemetry_waiting: false,
        }
    }

    /// One decision.
    #[inline]
    pub fn tick(&mut self, d: &mut Drone) -> Status {
        let now = d.now();
        let (job, status) = self.decide(d, now);
        // A job of lower priority than the one that answered stops after it answered.
        if self.job > job {
            self.stop(self.job, d, now);
        }
        self.job = if status == Status::Running { job } else { Job::None };
        status
    }

    #[inline(always)]
    fn decide(&mut self, d: &mut Drone, now: Duration) -> (Job, Status) {
        if d.link_lost() {
            return (Job::Link, self.link(d, now));
        }
        if self.job == Job::Link {
            self.stop_link(d);
            self.job = Job::None;
        }
        if d.gusty() {
            let s = self.gust(d, now);
            if s != Status::Failure {
                return (Job::Gust, s);
            }
        } else if self.stabilizing {
            self.stop_gust(d, now);
        }
        if self.job == Job::Gust {
            self.job = Job::None;
        }
        if d.low_battery() {
            let s = self.home(d, now);
            if s != Status::Failure {
                return (Job::Home, s);
            }
        } else if self.home != Home::Idle {
            self.stop_home(d);
        }
        if self.job == Job::Home {
            self.job = Job::None;
        }
        (Job::Sortie, self.sortie(d, now))
    }

    fn stop(&mut self, job: Job, d: &mut Drone, now: Duration) {
        match job {
            Job::None => {}
            Job::Link => self.stop_link(d),
            Job::Gust => self.stop_gust(d, now),
            Job::Home => self.stop_home(d),
            Job::Sortie => self.stop_sortie(d),
        }
    }

    // ----- the link: reconnect for 3 s, then hover until it comes back -------------------

    fn link(&mut self, d: &mut Drone, now: Duration) -> Status {
        if self.link == Link::Idle {
            self.link = Link::Reconnecting;
            self.link_deadline = now + RECONNECT_TIMEOUT;
            d.events.enter(Act::Reconnect as u8);
        } else if self.link == Link::Reconnecting && now >= self.link_deadline {
            d.events.exit(Act::Reconnect as u8, Exit::Halted);
            self.link = Link::Hovering;
            d.events.enter(Act::Hover as u8);
        }
        if self.link == Link::Hovering {
            return d.hover();
        }
        match d.reconnect() {
            Status::Running => Status::Running,
            Status::Success => {
                d.events.exit(Act::Reconnect as u8, Exit::Success);
                self.link = Link::Idle;
                Status::Success
            }
            Status::Failure => {
                d.events.exit(Act::Reconnect as u8, Exit::Failure);
                self.link = Link::Hovering;
                d.events.enter(Act::Hover as u8);
                d.hover()
            }
        }
    }

    fn stop_link(&mut self, d: &mut Drone) {
        match self.link {
            Link::Idle => {}
            Link::Reconnecting => d.events.exit(Act::Reconnect as u8, Exit::Halted),
            Link::Hovering => d.events.exit(Act::Hover as u8, Exit::Halted),
        }
        self.link = Link::Idle;
    }

    // ----- gusts: stabilize for at most 2 s, then not again for 4 s ----------------------

    fn gust(&mut self, d: &mut Drone, now: Duration) -> Status {
        if !self.stabilizing {
            if self.stabilize_ready.is_some_and(|ready| now < ready) {
                return Status::Failure;
            }
            self.stabilizing = true;
            self.stabilize_deadline = now + STABILIZE_TIMEOUT;
            d.events.enter(Act::Stabilize as u8);
        } else if now >= self.stabilize_deadline {
            d.events.exit(Act::Stabilize as u8, Exit::Halted);
            self.stabilizing = false;
            self.stabilize_ready = Some(now + STABILIZE_COOLDOWN);
            return Status::Failure;
        }
        let s = d.stabilize();
        if s != Status::Running {
            d.events
                .exit(Act::Stabilize as u8, if s == Status::Success { Exit::Success } else { Exit::Failure });
            self.stabilizing = false;
            self.stabilize_ready = Some(now + STABILIZE_COOLDOWN);
        }
        s
    }

    fn stop_gust(&mut self, d: &mut Drone, now: Duration) {
        if self.stabilizing {
            d.events.exit(Act::Stabilize as u8, Exit::Halted);
            self.stabilizing = false;
            self.stabilize_ready = Some(now + STABILIZE_COOLDOWN);
        }
    }

    // ----- low battery: home (two tries of 30 s), wait 1 s, land, charge ------------------

    fn home(&mut self, d: &mut Drone, now: Duration) -> Status {
        loop {
            match self.home {
                Home::Idle | Home::Retry => {
                    self.home = Home::Flying;
                    self.home_deadline = now + HOME_TIMEOUT;
                    d.events.enter(Act::FlyHome as u8);
                }
                Home::Flying => {
                    let s = if now >= self.home_deadline {
                        d.events.exit(Act::FlyHome as u8, Exit::Halted);
                        Status::Failure
                    } else {
                        let s = d.fly_home();
                        match s {
                            Status::Running => return Status::Running,
                            Status::Success => d.events.exit(Act::FlyHome as u8, Exit::Success),
                            Status::Failure => d.events.exit(Act::FlyHome as u8, Exit::Failure),
                        }
                        s
                    };
                    if s == Status::Failure {
                        self.home_failures += 1;
                        if self.home_failures >= 2 {
                            self.home_failures = 0;
                            self.home = Home::Idle;
                            return Status::Failure;
                        }
                        self.home = Home::Retry;
                        return Status::Running;
                    }
                    self.home_failures = 0;
                    self.home = Home::Waiting;
                    self.home_deadline = now + LAND_WAIT;
                }
                Home::Waiting => {
                    if now < self.home_deadline {
                        return Status::Running;
                    }
                    self.home = Home::Landing;
                    d.events.enter(Act::Land as u8);
                }
                Home::Landing => match d.land() {
                    Status::Running => return Status::Running,
                    Status::Success => {
                        d.events.exit(Act::Land as u8, Exit::Success);
                        self.home = Home::Charging;
                        d.events.enter(Act::Charge as u8);
                    }
                    Status::Failure => {
                        d.events.exit(Act::Land as u8, Exit::Failure);
                        self.home = Home::Idle;
                        return Status::Failure;
                    }
                },
                Home::Charging => {
                    let s = d.charge();
                    match s {
                        Status::Running => return Status::Running,
                        Status::Success => d.events.exit(Act::Charge as u8, Exit::Success),
                        Status::Failure => d.events.exit(Act::Charge as u8, Exit::Failure),
                    }
                    self.home = Home::Idle;
                    return s;
                }
            }
        }
    }

    fn stop_home(&mut self, d: &mut Drone) {
        match self.home {
            Home::Flying => d.events.exit(Act::FlyHome as u8, Exit::Halted),
            Home::Landing => d.events.exit(Act::Land as u8, Exit::Halted),
            Home::Charging => d.events.exit(Act::Charge as u8, Exit::Halted),
            Home::Idle | Home::Retry | Home::Waiting => {}
        }
        self.home = Home::Idle;
        self.home_failures = 0;
    }

    // ----- the sortie, with telemetry at 2 Hz alongside ----------------------------------

    fn sortie(&mut self, d: &mut Drone, now: Duration) -> Status {
        if self.flight(d, now) == Status::Success {
            // The survey is done: telemetry stops with it.
            self.stop_telemetry();
            return Status::Success;
        }
        match self.telemetry_sent {
            Some(sent) if now - sent < TELEMETRY_PERIOD => self.telemetry_waiting = true,
            _ => {
                d.events.enter(Act::Telemetry as u8);
                let _ = d.telemetry();
                d.events.exit(Act::Telemetry as u8, Exit::Success);
                self.telemetry_sent = Some(now);
                self.telemetry_waiting = false;
            }
        }
        Status::Running
    }

    fn stop_telemetry(&mut self) {
        if self.telemetry_waiting {
            self.telemetry_sent = None;
            self.telemetry_waiting = false;
        }
    }

    fn stop_sortie(&mut self, d: &mut Drone) {
        if self.sortie_busy {
            let act = match self.sortie {
                Sortie::TakeOff => Some(Act::TakeOff),
                Sortie::Leg => Some(Act::FlyLeg),
                Sortie::Home => Some(Act::FlyHome),
                Sortie::Land => Some(Act::Land),
                Sortie::Arm | Sortie::Photo | Sortie::Wait => None,
            };
            if let Some(act) = act {
                d.events.exit(act as u8, Exit::Halted);
            }
        }
        self.restart_flight();
        self.stop_telemetry();
    }

    fn restart_flight(&mut self) {
        self.sortie = Sortie::TakeOff;
        self.sortie_busy = false;
        self.take_off_failures = 0;
        self.legs = 0;
    }

    /// The flight itself: take off (three tries of 6 s), arm after 0.5 s, three legs with a
    /// photo 0.3 s after each, home within 40 s, land after 1 s.
    fn flight(&mut self, d: &mut Drone, now: Duration) -> Status {
        loop {
            match self.sortie {
                Sortie::TakeOff => {
                    if !self.sortie_busy {
                        self.sortie_busy = true;
                        self.sortie_deadline = now + TAKE_OFF_TIMEOUT;
                        d.events.enter(Act::TakeOff as u8);
                    } else if now >= self.sortie_deadline {
                        d.events.exit(Act::TakeOff as u8, Exit::Halted);
                        return self.take_off_failed();
                    }
                    match d.take_off() {
                        Status::Running => return Status::Running,
                        Status::Success => {
                            d.events.exit(Act::TakeOff as u8, Exit::Success);
                            self.take_off_failures = 0;
                            self.sortie = Sortie::Arm;
                            self.sortie_busy = true;
                            self.sortie_deadline = now + ARM_WAIT;
                        }
                        Status::Failure => {
                            d.events.exit(Act::TakeOff as u8, Exit::Failure);
                            return self.take_off_failed();
                        }
                    }
                }
                Sortie::Arm => {
                    if now < self.sortie_deadline {
                        return Status::Running;
                    }
                    d.events.enter(Act::Arm as u8);
                    let _ = d.arm();
                    d.events.exit(Act::Arm as u8, Exit::Success);
                    self.sortie = Sortie::Leg;
                    self.sortie_busy = false;
                }
                Sortie::Leg => {
                    if !self.sortie_busy {
                        self.sortie_busy = true;
                        self.sortie_deadline = now + LEG_TIMEOUT;
                        d.events.enter(Act::FlyLeg as u8);
                    } else if now >= self.sortie_deadline {
                        d.events.exit(Act::FlyLeg as u8, Exit::Halted);
                        self.restart_flight();
                        return Status::Failure;
                    }
                    match d.fly_leg() {
                        Status::Running => return Status::Running,
                        Status::Success => {
                            d.events.exit(Act::FlyLeg as u8, Exit::Success);
                            self.sortie = Sortie::Photo;
                            self.sortie_deadline = now + PHOTO_WAIT;
                        }
                        Status::Failure => {
                            d.events.exit(Act::FlyLeg as u8, Exit::Failure);
                            self.restart_flight();
                            return Status::Failure;
                        }
                    }
                }
                Sortie::Photo => {
                    if now < self.sortie_deadline {
                        return Status::Running;
                    }
                    d.events.enter(Act::Photo as u8);
                    let _ = d.photo();
                    d.events.exit(Act::Photo as u8, Exit::Success);
                    self.legs += 1;
                    self.sortie_busy = false;
                    if self.legs < 3 {
                        self.sortie = Sortie::Leg;
                        return Status::Running;
                    }
                    self.legs = 0;
                    self.sortie = Sortie::Home;
                }
                Sortie::Home => {
                    if !self.sortie_busy {
                        self.sortie_busy = true;
                        self.sortie_deadline = now + SORTIE_HOME_TIMEOUT;
                        d.events.enter(Act::FlyHome as u8);
                    } else if now >= self.sortie_deadline {
                        d.events.exit(Act::FlyHome as u8, Exit::Halted);
                        self.restart_flight();
                        return Status::Failure;
                    }
                    match d.fly_home() {
                        Status::Running => return Status::Running,
                        Status::Success => {
                            d.events.exit(Act::FlyHome as u8, Exit::Success);
                            self.sortie = Sortie::Wait;
                            self.sortie_deadline = now + LAND_WAIT;
                        }
                        Status::Failure => {
                            d.events.exit(Act::FlyHome as u8, Exit::Failure);
                            self.restart_flight();
                            return Status::Failure;
                        }
                    }
                }
                Sortie::Wait => {
                    if now < self.sortie_deadline {
                        return Status::Running;
                    }
                    self.sortie = Sortie::Land;
                    d.events.enter(Act::Land as u8);
                }
                Sortie::Land => {
                    let s = d.land();
                    match s {
                        Status::Running => return Status::Running,
                        Status::Success => d.events.exit(Act::Land as u8, Exit::Success),
                        Status::Failure => d.events.exit(Act::Land as u8, Exit::Failure),
                    }
                    self.restart_flight();
                    return s;
                }
            }
        }
    }

    fn take_off_failed(&mut self) -> Status {
        self.sortie_busy = false;
        self.take_off_failures += 1;
        if self.take_off_failures >= 3 {
            self.take_off_failures = 0;
            return Status::Failure;
        }
        // The next attempt starts on the next tick.
        Status::Running
    }
}
