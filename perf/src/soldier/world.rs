//! The soldier, its enemy and the leaves of its tree. The leaves only call [`Npc`]'s methods, so
//! every variant runs the same leaf code; what differs is how the decision is taken.
//!
//! The soldier decides on what it *perceives* ([`Npc::perceive`], the tree's service, copies the
//! world into its senses every 250 ms), the world moves on its own every step. A fixed-seed
//! generator drives the world, so a run is reproducible to the bit; every action's enter and exit
//! and every root status go into [`Npc::events`].

use core::time::Duration;

use bt::{Clock, ManualClock, Status};

use crate::events::Events;

/// The fixed time step of the simulation.
pub const DT: Duration = Duration::from_millis(100);

/// How the soldier fights, chosen from its health and ammunition when it perceives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stance {
    /// Healthy and armed: aim and shoot.
    Aggressive,
    /// Hurt or short of ammunition: shoot from cover, or get into cover.
    Defensive,
    /// Badly hurt: run.
    Fleeing,
}

/// Actions, as their events name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Act {
    /// Looking and listening (the service).
    Perceive = 1,
    /// Aiming at the enemy.
    Aim,
    /// One shot.
    Shoot,
    /// Moving into cover.
    TakeCover,
    /// Running away.
    Flee,
    /// Walking to where a noise came from.
    GoToNoise,
    /// Looking around there.
    LookAround,
    /// Walking to the next patrol point.
    Patrol,
    /// Standing at a patrol point.
    Pause,
}

/// The soldier and its surroundings: the trees' context.
#[derive(Clone, Debug)]
pub struct Npc {
    clock: ManualClock,
    rng: u64,
    /// Position on the line.
    pub pos: i32,
    /// Health (at most 100).
    pub health: u32,
    /// Rounds left (at most 12).
    pub ammo: u32,
    in_cover: bool,
    enemy: Option<i32>,
    enemy_health: u32,
    noise: Option<i32>,
    work: u8,
    patrol_leg: u32,
    // What the soldier perceived last.
    seen: bool,
    heard: Option<i32>,
    /// The stance it perceived last.
    pub stance: Stance,
    /// Enemies it drove off.
    pub kills: u32,
    /// Noises it checked.
    pub checked: u32,
    /// What happened.
    pub events: Events,
}

impl Clock for Npc {
    #[inline]
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Default for Npc {
    fn default() -> Self {
        Self::new()
    }
}

impl Npc {
    /// At its post, healthy, at time 0.
    pub fn new() -> Self {
        Npc {
            clock: ManualClock::new(),
            rng: 0x853c_49e6_748f_ea9b,
            pos: 0,
            health: 100,
            ammo: 12,
            in_cover: false,
            enemy: None,
            enemy_health: 0,
            noise: None,
            work: 0,
            patrol_leg: 0,
            seen: false,
            heard: None,
            stance: Stance::Aggressive,
            kills: 0,
            checked: 0,
            events: Events::new(),
        }
    }

    fn random(&mut self, n: u64) -> u64 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        (self.rng.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) % n
    }

    /// One step of the world: the enemy comes and goes and shoots, noises happen, the soldier
    /// heals and reloads in cover.
    pub fn update(&mut self) {
        self.clock.advance(DT);
        match self.enemy {
            None => {
                if self.random(300) == 0 {
                    let side = if self.random(2) == 0 { -1 } else { 1 };
                    self.enemy = Some(self.pos + side * (60 + self.random(60) as i32));
                    self.enemy_health = 3 + self.random(4) as u32;
                }
            }
            Some(e) => {
                let d = self.pos - e;
                if d.abs() > 200 {
                    self.enemy = None;
                } else {
                    if d.abs() > 30 {
                        self.enemy = Some(e + d.signum() * 2);
                    }
                    if d.abs() < 90 && !self.in_cover && self.random(6) == 0 {
                        self.health = self.health.saturating_sub(4 + self.random(6) as u32);
                    }
                }
            }
        }
        if self.random(150) == 0 {
            self.noise = Some(self.pos + self.random(160) as i32 - 80);
        }
        if self.health == 0 {
            // Respawn at the post.
            self.health = 100;
            self.ammo = 12;
            self.pos = 0;
        } else if self.health < 100 && self.random(5) == 0 {
            self.health += 1;
        }
        if self.in_cover && self.ammo < 12 && self.random(4) == 0 {
            self.ammo += 1;
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
            self.health as u64,
            self.ammo as u64,
            self.enemy.map_or(0, |e| (e as u64).wrapping_add(1)),
            self.kills as u64,
            self.checked as u64,
        ] {
            e.mix(v);
        }
        e.checksum()
    }

    // ----- perception (the service) --------------------------------------------------------

    /// Looks and listens: what the conditions and the stance see until the next time.
    #[inline]
    pub fn perceive(&mut self) -> Status {
        self.seen = self.enemy.is_some_and(|e| (e - self.pos).abs() < 100);
        if let Some(n) = self.noise.take() {
            self.heard = Some(n);
        }
        self.stance = if self.health < 30 {
            Stance::Fleeing
        } else if self.health < 60 || self.ammo < 4 {
            Stance::Defensive
        } else {
            Stance::Aggressive
        };
        Status::Success
    }

    // ----- conditions ----------------------------------------------------------------------

    /// An enemy was seen.
    #[inline]
    pub fn threatened(&self) -> bool {
        self.seen
    }

    /// A noise was heard and not checked yet.
    #[inline]
    pub fn heard_noise(&self) -> bool {
        self.heard.is_some()
    }

    /// In cover.
    #[inline]
    pub fn in_cover(&self) -> bool {
        self.in_cover
    }

    // ----- actions -------------------------------------------------------------------------

    /// `enter` of a manoeuvre of `ticks` ticks.
    #[inline]
    pub fn begin(&mut self, act: Act, ticks: u8) {
        self.events.enter(act as u8);
        self.work = ticks;
    }

    /// One tick of the manoeuvre under way.
    #[inline]
    pub fn work(&mut self) -> Status {
        self.work = self.work.saturating_sub(1);
        if self.work == 0 { Status::Success } else { Status::Running }
    }

    /// One shot: fails without ammunition; the third hit drives the enemy off.
    #[inline]
    pub fn shoot(&mut self) -> Status {
        if self.ammo == 0 {
            return Status::Failure;
        }
        self.ammo -= 1;
        if self.enemy.is_some() {
            self.enemy_health = self.enemy_health.saturating_sub(1);
            if self.enemy_health == 0 {
                self.enemy = None;
                self.kills += 1;
            }
        }
        Status::Success
    }

    /// Into cover (after the manoeuvre's ticks).
    #[inline]
    pub fn take_cover(&mut self) -> Status {
        let s = self.work();
        if s == Status::Success {
            self.in_cover = true;
        }
        s
    }

    fn step_towards(&mut self, to: i32, speed: i32) -> bool {
        self.in_cover = false;
        self.pos += (to - self.pos).clamp(-speed, speed);
        self.pos == to
    }

    /// Runs away from the enemy; succeeds once 150 away (or when it is gone).
    #[inline]
    pub fn flee(&mut self) -> Status {
        let Some(e) = self.enemy else { return Status::Success };
        if (self.pos - e).abs() >= 150 {
            return Status::Success;
        }
        let away = if self.pos >= e { self.pos + 4 } else { self.pos - 4 };
        self.step_towards(away, 4);
        Status::Running
    }

    /// Walks to where the noise came from.
    #[inline]
    pub fn go_to_noise(&mut self) -> Status {
        let Some(n) = self.heard else { return Status::Failure };
        if self.step_towards(n, 3) { Status::Success } else { Status::Running }
    }

    /// Looks around (after the manoeuvre's ticks the noise is checked).
    #[inline]
    pub fn look_around(&mut self) -> Status {
        let s = self.work();
        if s == Status::Success {
            self.heard = None;
            self.checked += 1;
        }
        s
    }

    /// Walks to the next patrol point (they take turns, at -40 and 40).
    #[inline]
    pub fn patrol(&mut self) -> Status {
        let to = if self.patrol_leg.is_multiple_of(2) { 40 } else { -40 };
        if self.step_towards(to, 2) {
            self.patrol_leg += 1;
            Status::Success
        } else {
            Status::Running
        }
    }
}

// ----- the leaves, as node kinds of `bt` and `dynbt` -----------------------------------------

crate::conditions_of! { Npc;
    /// An enemy was seen.
    Threatened => threatened;
    /// A noise is to be checked.
    HeardNoise => heard_noise;
    /// In cover.
    InCover => in_cover;
}

crate::logged_actions! { Npc;
    /// Looks and listens (the service).
    Perceive: Act::Perceive, |r| r.perceive();
    /// Shoots once.
    Shoot: Act::Shoot, |r| r.shoot();
    /// Runs away.
    Flee: Act::Flee, |r| r.flee();
    /// Walks to the noise.
    GoToNoise: Act::GoToNoise, |r| r.go_to_noise();
    /// Walks to the next patrol point.
    Patrol: Act::Patrol, |r| r.patrol();
}

/// Declares manoeuvres of a fixed number of ticks.
macro_rules! manoeuvres {
    ($($(#[$doc:meta])* $name:ident: $act:expr, $ticks:expr, |$r:ident| $exec:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl bt::Action<Npc> for $name {
            #[inline]
            fn enter(&mut self, r: &mut Npc) {
                r.begin($act, $ticks);
            }
            #[inline]
            fn execute(&mut self, $r: &mut Npc) -> Status {
                $exec
            }
            #[inline]
            fn exit(&mut self, r: &mut Npc, how: bt::Exit) {
                r.events.exit($act as u8, how);
            }
        }
    )*};
}

manoeuvres! {
    /// Aims (3 ticks).
    Aim: Act::Aim, 3, |r| r.work();
    /// Gets into cover (5 ticks).
    TakeCover: Act::TakeCover, 5, |r| r.take_cover();
    /// Looks around (10 ticks).
    LookAround: Act::LookAround, 10, |r| r.look_around();
    /// Stands at the patrol point (15 ticks).
    Pause: Act::Pause, 15, |r| r.work();
}
