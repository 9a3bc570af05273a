//! The robot, its world and the leaves of the mission tree. The leaves only call [`Robot`]'s
//! methods, so that every variant (the `bt!` tree, the hand-written state machine, the `Box<dyn>`
//! tree) runs exactly the same leaf code; what differs is only how the decision is taken.
//!
//! The world is integer-valued and driven by a fixed-seed generator, so a run is reproducible to
//! the bit. Every action's enter and exit (with how it ended) and every root status is folded into
//! [`Robot::log`], so two variants end with the same [`Robot::checksum`] only if they called the
//! same leaves in the same order and halted the same actions at the same ticks.

use core::time::Duration;

use bt::{Action, Clock, Condition, Exit, ManualClock, Status};

/// The fixed time step of the simulation.
pub const DT: Duration = Duration::from_millis(100);
/// Where the dock is.
pub const DOCK: i32 = 0;
/// The mission's waypoints.
pub const WP_A: i32 = 420;
/// Second waypoint.
pub const WP_B: i32 = 980;
/// Last waypoint.
pub const WP_C: i32 = 1500;
/// Distance driven per tick on a clear path.
const SPEED: i32 = 12;
/// Battery charge (full: 20 000): below this the robot must dock.
pub const BATTERY_LOW: u32 = 4_000;
/// Charged enough to go back to work.
pub const BATTERY_FULL: u32 = 19_000;

/// Actions, as their events name them in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Act {
    /// Braking while the e-stop is pressed.
    Brake = 1,
    /// Charging at the dock.
    Charge,
    /// Driving to a position.
    Drive,
    /// The docking manoeuvre.
    Dock,
    /// Settling at a waypoint.
    Settle,
    /// Picking an item up.
    Pick,
    /// Placing it.
    Place,
    /// One scan of the sensors.
    Scan,
    /// Reporting to the operator.
    Report,
    /// Blinking the beacon.
    Blink,
    /// Waiting for the systems to come back.
    Idle,
}

/// Counters of what happened, for the tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Actions entered.
    pub entered: u32,
    /// Actions that ended halted.
    pub halted: u32,
    /// Actions that failed.
    pub failed: u32,
    /// Items placed.
    pub placed: u32,
    /// Missions completed (arrival at the last waypoint).
    pub arrivals: u32,
    /// Charges completed.
    pub charges: u32,
    /// Reports completed.
    pub reports: u32,
}

/// The robot: the trees' context.
#[derive(Clone, Debug)]
pub struct Robot {
    clock: ManualClock,
    rng: u64,
    /// Position on the line (the dock is at 0).
    pub pos: i32,
    /// Battery charge (full: 20 000).
    pub battery: u32,
    needs_charge: bool,
    estop_ticks: u32,
    blocked_ticks: u32,
    fault_ticks: u32,
    sensor_ok: bool,
    moved: bool,
    work: [u8; 12],
    /// What happened, hashed (FNV-1a over events).
    pub log: u64,
    /// Counters.
    pub stats: Stats,
}

impl Clock for Robot {
    #[inline]
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Default for Robot {
    fn default() -> Self {
        Self::new()
    }
}

impl Robot {
    /// At the dock, charged, at time 0.
    pub fn new() -> Self {
        Robot {
            clock: ManualClock::new(),
            rng: 0x9e37_79b9_7f4a_7c15,
            pos: DOCK,
            battery: 20_000,
            needs_charge: false,
            estop_ticks: 0,
            blocked_ticks: 0,
            fault_ticks: 0,
            sensor_ok: true,
            moved: false,
            work: [0; 12],
            log: 0xcbf2_9ce4_8422_2325,
            stats: Stats::default(),
        }
    }

    fn mix(&mut self, v: u64) {
        self.log = (self.log ^ v).wrapping_mul(0x0000_0100_0000_01b3);
    }

    fn random(&mut self, n: u64) -> u64 {
        // xorshift64*
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        (self.rng.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) % n
    }

    /// One step of the world: time passes, the battery drains, and the e-stop, obstacles, faults
    /// and the sensor change at random.
    pub fn update(&mut self) {
        self.clock.advance(DT);
        let drain = if self.moved { 3 } else { 1 };
        self.moved = false;
        self.battery = self.battery.saturating_sub(drain);
        if self.battery < BATTERY_LOW {
            self.needs_charge = true;
        }
        self.estop_ticks = self.estop_ticks.saturating_sub(1);
        if self.random(1500) == 0 {
            self.estop_ticks = 20 + self.random(30) as u32;
        }
        self.blocked_ticks = self.blocked_ticks.saturating_sub(1);
        if self.random(250) == 0 {
            self.blocked_ticks = 10 + self.random(110) as u32;
        }
        self.fault_ticks = self.fault_ticks.saturating_sub(1);
        if self.random(2500) == 0 {
            self.fault_ticks = 30 + self.random(60) as u32;
        }
        if self.random(40) == 0 {
            self.sensor_ok = !self.sensor_ok;
        }
    }

    /// Folds a root status into the log (every variant does this after every decision).
    pub fn note(&mut self, status: Status) {
        self.mix(0x100 | status as u64);
    }

    /// A hash of the whole state.
    pub fn checksum(&self) -> u64 {
        let mut h = self.log;
        for v in [
            self.clock.now().as_nanos() as u64,
            self.pos as u64,
            self.battery as u64,
            self.needs_charge as u64,
            self.work.iter().fold(0, |h, &w| h << 4 ^ w as u64),
            self.stats.entered as u64,
            self.stats.halted as u64,
            self.stats.placed as u64,
        ] {
            h = (h ^ v).wrapping_mul(0x0000_0100_0000_01b3);
        }
        h
    }

    // ----- conditions ----------------------------------------------------------------------

    /// The emergency stop is pressed.
    #[inline]
    pub fn estop(&self) -> bool {
        self.estop_ticks > 0
    }

    /// The battery went low and has not been charged since.
    #[inline]
    pub fn needs_charge(&self) -> bool {
        self.needs_charge
    }

    /// At the dock.
    #[inline]
    pub fn at_dock(&self) -> bool {
        self.pos == DOCK
    }

    /// No fault.
    #[inline]
    pub fn systems_ok(&self) -> bool {
        self.fault_ticks == 0
    }

    /// No obstacle in front.
    #[inline]
    pub fn path_clear(&self) -> bool {
        self.blocked_ticks == 0
    }

    /// The sensor answers.
    #[inline]
    pub fn sensor_ready(&self) -> bool {
        self.sensor_ok
    }

    // ----- actions -------------------------------------------------------------------------

    /// `enter` of every action.
    #[inline(never)]
    pub fn enter(&mut self, act: Act) {
        self.stats.entered += 1;
        self.mix(act as u64);
    }

    /// `exit` of every action.
    #[inline(never)]
    pub fn exit(&mut self, act: Act, how: Exit) {
        match how {
            Exit::Halted => self.stats.halted += 1,
            Exit::Failure => self.stats.failed += 1,
            Exit::Success => {}
        }
        self.mix(0x10 * act as u64 + how as u64);
    }

    /// Brakes: runs for as long as it is not halted.
    #[inline]
    pub fn brake(&mut self) -> Status {
        Status::Running
    }

    /// Charges; succeeds when full.
    #[inline]
    pub fn charge(&mut self) -> Status {
        self.battery = (self.battery + 40).min(20_000);
        if self.battery >= BATTERY_FULL {
            self.needs_charge = false;
            self.stats.charges += 1;
            Status::Success
        } else {
            Status::Running
        }
    }

    /// Drives towards `to`; waits while the path is blocked; fails on an empty battery or when the
    /// path will stay blocked for more than 10 s.
    #[inline]
    pub fn drive(&mut self, to: i32) -> Status {
        if self.battery == 0 || self.blocked_ticks > 100 {
            return Status::Failure;
        }
        if self.blocked_ticks == 0 {
            let d = (to - self.pos).clamp(-SPEED, SPEED);
            self.pos += d;
            self.moved = d != 0;
        }
        if self.pos == to {
            if to == WP_C {
                self.stats.arrivals += 1;
            }
            Status::Success
        } else {
            Status::Running
        }
    }

    /// `enter` of a multi-tick manoeuvre (docking, picking): `ticks` ticks of work.
    #[inline]
    pub fn begin_work(&mut self, act: Act, ticks: u8) {
        self.enter(act);
        self.work[act as usize] = ticks;
    }

    /// One tick of a manoeuvre: succeeds when its work is done.
    #[inline]
    pub fn work(&mut self, act: Act) -> Status {
        let w = &mut self.work[act as usize];
        *w = w.saturating_sub(1);
        if *w == 0 { Status::Success } else { Status::Running }
    }

    /// An action done in one tick (settle, place, scan, blink).
    #[inline]
    pub fn instant(&mut self, act: Act) -> Status {
        if act == Act::Place {
            self.stats.placed += 1;
        }
        Status::Success
    }

    /// Reports (two ticks).
    #[inline]
    pub fn report(&mut self) -> Status {
        let s = self.work(Act::Report);
        if s == Status::Success {
            self.stats.reports += 1;
        }
        s
    }
}

// ----- the leaves, as node kinds of `bt` and `dynbt` -----------------------------------------

macro_rules! conditions {
    ($($(#[$doc:meta])* $name:ident => $method:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl Condition<Robot> for $name {
            #[inline]
            fn check(&mut self, r: &Robot) -> bool {
                r.$method()
            }
        }
    )*};
}

conditions! {
    /// The e-stop is pressed.
    EStop => estop;
    /// The battery must be charged.
    NeedsCharge => needs_charge;
    /// At the dock.
    AtDock => at_dock;
    /// No fault.
    SystemsOk => systems_ok;
    /// The path is clear.
    PathClear => path_clear;
    /// The sensor answers.
    SensorReady => sensor_ready;
}

/// Declares an action whose `execute` is `$exec` and whose enter is plain or starts `$ticks`
/// ticks of work.
macro_rules! actions {
    ($($(#[$doc:meta])* $name:ident: $act:expr, |$r:ident| $exec:expr $(, work $ticks:expr)?;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl Action<Robot> for $name {
            #[inline]
            fn enter(&mut self, r: &mut Robot) {
                actions!(@enter r, $act $(, $ticks)?);
            }
            #[inline]
            fn execute(&mut self, $r: &mut Robot) -> Status {
                $exec
            }
            #[inline]
            fn exit(&mut self, r: &mut Robot, how: Exit) {
                r.exit($act, how);
            }
        }
    )*};
    (@enter $r:ident, $act:expr) => { $r.enter($act) };
    (@enter $r:ident, $act:expr, $ticks:expr) => { $r.begin_work($act, $ticks) };
}

actions! {
    /// Brakes while it runs.
    Brake: Act::Brake, |r| r.brake();
    /// Charges until full.
    Charge: Act::Charge, |r| r.charge();
    /// The docking manoeuvre (3 ticks).
    Dock: Act::Dock, |r| r.work(Act::Dock), work 3;
    /// Settles (one tick).
    Settle: Act::Settle, |r| r.instant(Act::Settle);
    /// Picks an item up (2 ticks).
    Pick: Act::Pick, |r| r.work(Act::Pick), work 2;
    /// Places it (one tick).
    Place: Act::Place, |r| r.instant(Act::Place);
    /// Scans (one tick).
    Scan: Act::Scan, |r| r.instant(Act::Scan);
    /// Reports (2 ticks).
    Report: Act::Report, |r| r.report(), work 2;
    /// Blinks (one tick).
    Blink: Act::Blink, |r| r.instant(Act::Blink);
    /// Waits for as long as it runs.
    Idle: Act::Idle, |r| r.brake();
}

/// Drives to the position `TO` (a constant, as the waypoints are).
#[derive(Clone, Copy, Debug, Default)]
pub struct DriveTo<const TO: i32>;

impl<const TO: i32> Action<Robot> for DriveTo<TO> {
    #[inline]
    fn enter(&mut self, r: &mut Robot) {
        r.enter(Act::Drive);
    }
    #[inline]
    fn execute(&mut self, r: &mut Robot) -> Status {
        r.drive(TO)
    }
    #[inline]
    fn exit(&mut self, r: &mut Robot, how: Exit) {
        r.exit(Act::Drive, how);
    }
}
