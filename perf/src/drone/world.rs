//! The drone, its world and the leaves of the sortie tree. The leaves only call [`Drone`]'s
//! methods, so every variant runs the same leaf code; what differs is how the decision is taken.
//!
//! The world is integer-valued and driven by a fixed-seed generator, so a run is reproducible to
//! the bit; every action's enter and exit and every root status go into [`Drone::events`].

use core::time::Duration;

use bt::{Clock, ManualClock, Status};

use crate::events::Events;

/// The fixed time step of the simulation.
pub const DT: Duration = Duration::from_millis(100);
/// Below this charge the drone goes home (full: 10 000).
pub const BATTERY_LOW: u32 = 2_500;
/// Charged enough to fly again.
pub const BATTERY_FULL: u32 = 9_500;
/// Cruise altitude.
pub const CRUISE: u32 = 30;

/// Actions, as their events name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Act {
    /// Re-establishing the radio link.
    Reconnect = 1,
    /// Holding position.
    Hover,
    /// Riding out a gust.
    Stabilize,
    /// Flying back to the pad.
    FlyHome,
    /// Landing.
    Land,
    /// Charging on the pad.
    Charge,
    /// Taking off.
    TakeOff,
    /// Arming the camera.
    Arm,
    /// Flying one leg of the survey.
    FlyLeg,
    /// Taking a photo.
    Photo,
    /// Sending telemetry.
    Telemetry,
}

/// The drone: the trees' context.
#[derive(Clone, Debug)]
pub struct Drone {
    clock: ManualClock,
    rng: u64,
    /// Distance from the pad.
    pub pos: u32,
    /// Height above the pad.
    pub alt: u32,
    /// Battery charge.
    pub battery: u32,
    needs_charge: bool,
    link_down: u32,
    link_hard: bool,
    gust: u32,
    motor_fault: u32,
    reconnect: u8,
    stabilize: u8,
    leg: u32,
    /// Photos taken.
    pub photos: u32,
    /// Telemetry frames sent.
    pub frames: u32,
    /// Sorties completed (landed after the survey).
    pub sorties: u32,
    /// Charges completed.
    pub charges: u32,
    /// What happened.
    pub events: Events,
}

impl Clock for Drone {
    #[inline]
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Default for Drone {
    fn default() -> Self {
        Self::new()
    }
}

impl Drone {
    /// On the pad, charged, at time 0.
    pub fn new() -> Self {
        Drone {
            clock: ManualClock::new(),
            rng: 0x2545_f491_4f6c_dd1d,
            pos: 0,
            alt: 0,
            battery: 10_000,
            needs_charge: false,
            link_down: 0,
            link_hard: false,
            gust: 0,
            motor_fault: 0,
            reconnect: 0,
            stabilize: 0,
            leg: 0,
            photos: 0,
            frames: 0,
            sorties: 0,
            charges: 0,
            events: Events::new(),
        }
    }

    fn random(&mut self, n: u64) -> u64 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        (self.rng.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) % n
    }

    /// One step of the world: time passes, the battery drains in the air, and the link, the wind
    /// and the motors change at random.
    pub fn update(&mut self) {
        self.clock.advance(DT);
        if self.alt > 0 {
            self.battery = self.battery.saturating_sub(3);
        }
        if self.battery < BATTERY_LOW {
            self.needs_charge = true;
        }
        self.link_down = self.link_down.saturating_sub(1);
        if self.random(900) == 0 {
            self.link_down = 20 + self.random(60) as u32;
            self.link_hard = self.random(3) == 0;
        }
        self.gust = self.gust.saturating_sub(1);
        if self.random(400) == 0 {
            self.gust = 5 + self.random(50) as u32;
        }
        self.motor_fault = self.motor_fault.saturating_sub(1);
        if self.random(300) == 0 {
            self.motor_fault = 10 + self.random(30) as u32;
        }
    }

    /// Folds a root status into the log (every variant does this after every decision).
    pub fn note(&mut self, status: Status) {
        self.events.note(status);
    }

    /// A hash of the whole state.
    pub fn checksum(&self) -> u64 {
        let mut e = self.events;
        for v in [
            self.clock.now().as_nanos() as u64,
            self.pos as u64,
            self.alt as u64,
            self.battery as u64,
            self.photos as u64,
            self.frames as u64,
            self.sorties as u64,
        ] {
            e.mix(v);
        }
        e.checksum()
    }

    // ----- conditions ----------------------------------------------------------------------

    /// The radio link is down.
    #[inline]
    pub fn link_lost(&self) -> bool {
        self.link_down > 0
    }

    /// A gust shakes the drone.
    #[inline]
    pub fn gusty(&self) -> bool {
        self.gust > 0
    }

    /// The battery went low and has not been charged since.
    #[inline]
    pub fn low_battery(&self) -> bool {
        self.needs_charge
    }

    // ----- actions -------------------------------------------------------------------------

    /// Reconnects: 2.5 s of handshakes, unless the outage is a hard one (then it never ends).
    #[inline]
    pub fn reconnect(&mut self) -> Status {
        if self.link_hard {
            return Status::Running;
        }
        self.reconnect += 1;
        if self.reconnect >= 25 {
            self.reconnect = 0;
            self.link_down = 0;
            Status::Success
        } else {
            Status::Running
        }
    }

    /// Hovers for as long as it is not halted.
    #[inline]
    pub fn hover(&mut self) -> Status {
        Status::Running
    }

    /// Rides out a gust: 1.2 s, or for as long as a strong gust lasts.
    #[inline]
    pub fn stabilize(&mut self) -> Status {
        if self.gust > 40 {
            return Status::Running;
        }
        self.stabilize += 1;
        if self.stabilize >= 12 {
            self.stabilize = 0;
            Status::Success
        } else {
            Status::Running
        }
    }

    /// Flies towards the pad; fails with an empty battery.
    #[inline]
    pub fn fly_home(&mut self) -> Status {
        if self.battery == 0 {
            return Status::Failure;
        }
        self.pos = self.pos.saturating_sub(6);
        if self.pos == 0 { Status::Success } else { Status::Running }
    }

    /// Descends; succeeds on the ground.
    #[inline]
    pub fn land(&mut self) -> Status {
        self.alt = self.alt.saturating_sub(4);
        if self.alt == 0 {
            if self.pos == 0 && !self.needs_charge {
                self.sorties += 1;
            }
            Status::Success
        } else {
            Status::Running
        }
    }

    /// Charges on the pad (or fails away from it); succeeds when full.
    #[inline]
    pub fn charge(&mut self) -> Status {
        if self.pos != 0 || self.alt != 0 {
            return Status::Failure;
        }
        self.battery = (self.battery + 60).min(10_000);
        if self.battery >= BATTERY_FULL {
            self.needs_charge = false;
            self.charges += 1;
            Status::Success
        } else {
            Status::Running
        }
    }

    /// Climbs to cruise altitude; fails on a motor fault.
    #[inline]
    pub fn take_off(&mut self) -> Status {
        if self.motor_fault > 0 {
            return Status::Failure;
        }
        self.alt = (self.alt + 2).min(CRUISE);
        if self.alt == CRUISE { Status::Success } else { Status::Running }
    }

    /// Flies to the next waypoint of the survey (they take turns, 100, 200 and 300 out).
    #[inline]
    pub fn fly_leg(&mut self) -> Status {
        let to = 100 * (self.leg % 3 + 1);
        if self.gust > 0 {
            return Status::Running;
        }
        if self.pos < to {
            self.pos = (self.pos + 5).min(to);
        } else {
            self.pos = self.pos.saturating_sub(5).max(to);
        }
        if self.pos == to {
            self.leg += 1;
            Status::Success
        } else {
            Status::Running
        }
    }

    /// Arms the camera (one tick).
    #[inline]
    pub fn arm(&mut self) -> Status {
        Status::Success
    }

    /// Takes a photo (one tick).
    #[inline]
    pub fn photo(&mut self) -> Status {
        self.photos += 1;
        Status::Success
    }

    /// Sends a telemetry frame (one tick).
    #[inline]
    pub fn telemetry(&mut self) -> Status {
        self.frames += 1;
        self.events.mix(self.pos as u64 ^ (self.alt as u64) << 16);
        Status::Success
    }
}

// ----- the leaves, as node kinds of `bt` and `dynbt` -----------------------------------------

crate::conditions_of! { Drone;
    /// The link is down.
    LinkLost => link_lost;
    /// A gust blows.
    Gust => gusty;
    /// The battery must be charged.
    LowBattery => low_battery;
}

crate::logged_actions! { Drone;
    /// Re-establishes the link.
    Reconnect: Act::Reconnect, |r| r.reconnect();
    /// Holds position.
    Hover: Act::Hover, |r| r.hover();
    /// Rides out a gust.
    Stabilize: Act::Stabilize, |r| r.stabilize();
    /// Flies back to the pad.
    FlyHome: Act::FlyHome, |r| r.fly_home();
    /// Lands.
    Land: Act::Land, |r| r.land();
    /// Charges.
    Charge: Act::Charge, |r| r.charge();
    /// Takes off.
    TakeOff: Act::TakeOff, |r| r.take_off();
    /// Arms the camera.
    Arm: Act::Arm, |r| r.arm();
    /// Flies a leg of the survey.
    FlyLeg: Act::FlyLeg, |r| r.fly_leg();
    /// Takes a photo.
    Photo: Act::Photo, |r| r.photo();
    /// Sends telemetry.
    Telemetry: Act::Telemetry, |r| r.telemetry();
}
