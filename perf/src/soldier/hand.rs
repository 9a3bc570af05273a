//! Variant (b): the soldier written by hand, as a game programmer would: an enum of what it is
//! doing, a `match` on the stance, edge-triggered interrupts.
//!
//! It perceives every 250 ms (and at once when it starts something new), fights while it sees an
//! enemy (how depends on its stance; a change of stance drops what it was doing), investigates
//! noises and patrols otherwise. An enemy that shows up, or a noise, interrupts the patrol when it
//! *appears* (an edge: was not there when last looked at, is there now), as the tree's observer
//! aborts do. It calls the same [`Npc`] methods the tree's leaves call, in the same order, and
//! stops what the tree would stop, when it would.

use core::time::Duration;

use bt::{Clock, Exit, Status};

use super::world::{Act, Npc, Stance};

const PERCEPTION_PERIOD: Duration = Duration::from_millis(250);

/// What the soldier is doing (the action under way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Doing {
    Nothing,
    Aiming,
    TakingCover,
    Fleeing,
    GoingToNoise,
    LookingAround,
    Patrolling,
    Pausing,
}

impl Doing {
    fn act(self) -> Option<Act> {
        Some(match self {
            Doing::Nothing => return None,
            Doing::Aiming => Act::Aim,
            Doing::TakingCover => Act::TakeCover,
            Doing::Fleeing => Act::Flee,
            Doing::GoingToNoise => Act::GoToNoise,
            Doing::LookingAround => Act::LookAround,
            Doing::Patrolling => Act::Patrol,
            Doing::Pausing => Act::Pause,
        })
    }
}

/// The hand-written soldier.
#[derive(Clone, Debug)]
pub struct HandSoldier {
    doing: Doing,
    /// When it last perceived; `None` when it starts afresh.
    perceived: Option<Duration>,
    /// No enemy was seen when last looked at (arms the interrupt).
    calm: bool,
    /// No noise was heard when last listened (arms the interrupt).
    quiet: bool,
}

impl Default for HandSoldier {
    fn default() -> Self {
        Self::new()
    }
}

/// Ends an action's activation with its status.
#[inline(always)]
fn done(n: &mut Npc, act: Act, s: Status) -> Status {
    match s {
        Status::Running => {}
        Status::Success => n.events.exit(act as u8, Exit::Success),
        Status::Failure => n.events.exit(act as u8, Exit::Failure),
    }
    s
}

impl HandSoldier {
    /// At its post, doing nothing.
    pub const fn new() -> Self {
        HandSoldier { doing: Doing::Nothing, perceived: None, calm: false, quiet: false }
    }

    /// One decision.
    #[inline]
    pub fn tick(&mut self, n: &mut Npc) -> Status {
        let now = n.now();
        if self.perceived.is_none_or(|at| now - at >= PERCEPTION_PERIOD) {
            n.events.enter(Act::Perceive as u8);
            let s = n.perceive();
            let _ = done(n, Act::Perceive, s);
            self.perceived = Some(now);
        }
        let s = self.choose(n);
        if s != Status::Running {
            self.perceived = None;
        }
        s
    }

    #[inline(always)]
    fn choose(&mut self, n: &mut Npc) -> Status {
        match self.doing {
            Doing::Nothing => self.fight_or_else(n),
            Doing::Aiming | Doing::TakingCover | Doing::Fleeing => match self.fight(n) {
                Status::Failure => self.investigate_or_else(n),
                s => s,
            },
            Doing::GoingToNoise | Doing::LookingAround => {
                if self.enemy_appeared(n) {
                    self.stop(n);
                    return self.fight_or_else(n);
                }
                match self.investigate(n) {
                    Status::Failure => self.patrol(n),
                    s => s,
                }
            }
            Doing::Patrolling | Doing::Pausing => {
                if self.enemy_appeared(n) {
                    self.stop(n);
                    return self.fight_or_else(n);
                }
                if self.noise_appeared(n) {
                    self.stop(n);
                    return self.investigate_or_else(n);
                }
                self.patrol(n)
            }
        }
    }

    fn enemy_appeared(&mut self, n: &Npc) -> bool {
        let was_calm = self.calm;
        let seen = n.threatened();
        self.calm = !seen;
        seen && was_calm
    }

    fn noise_appeared(&mut self, n: &Npc) -> bool {
        let was_quiet = self.quiet;
        let heard = n.heard_noise();
        self.quiet = !heard;
        heard && was_quiet
    }

    /// Halts the action under way.
    fn stop(&mut self, n: &mut Npc) {
        if let Some(act) = self.doing.act() {
            n.events.exit(act as u8, Exit::Halted);
        }
        self.doing = Doing::Nothing;
    }

    /// Starts (or goes on with) `doing`: its action's status.
    #[inline(always)]
    fn run(&mut self, n: &mut Npc, doing: Doing) -> Status {
        let Some(act) = doing.act() else { return Status::Failure };
        if self.doing != doing {
            match act {
                Act::Aim => n.begin(act, 3),
                Act::TakeCover => n.begin(act, 5),
                Act::LookAround => n.begin(act, 10),
                Act::Pause => n.begin(act, 15),
                _ => n.events.enter(act as u8),
            }
        }
        let s = match act {
            Act::Aim | Act::Pause => n.work(),
            Act::TakeCover => n.take_cover(),
            Act::Flee => n.flee(),
            Act::GoToNoise => n.go_to_noise(),
            Act::LookAround => n.look_around(),
            _ => n.patrol(),
        };
        self.doing = if s == Status::Running { doing } else { Doing::Nothing };
        done(n, act, s)
    }

    fn shoot(n: &mut Npc) -> Status {
        n.events.enter(Act::Shoot as u8);
        let s = n.shoot();
        done(n, Act::Shoot, s)
    }

    fn fight_or_else(&mut self, n: &mut Npc) -> Status {
        match self.fight(n) {
            Status::Failure => self.investigate_or_else(n),
            s => s,
        }
    }

    fn investigate_or_else(&mut self, n: &mut Npc) -> Status {
        match self.investigate(n) {
            Status::Failure => self.patrol(n),
            s => s,
        }
    }

    /// While an enemy is in sight: by the stance. A change of stance drops what was under way.
    fn fight(&mut self, n: &mut Npc) -> Status {
        let seen = n.threatened();
        self.calm = !seen;
        if !seen {
            self.stop(n);
            return Status::Failure;
        }
        let stance = n.stance;
        let current = match self.doing {
            Doing::Aiming => Some(Stance::Aggressive),
            Doing::TakingCover => Some(Stance::Defensive),
            Doing::Fleeing => Some(Stance::Fleeing),
            _ => None,
        };
        if current.is_some_and(|c| c != stance) {
            self.stop(n);
        }
        match stance {
            Stance::Aggressive => match self.run(n, Doing::Aiming) {
                Status::Success => Self::shoot(n),
                s => s,
            },
            Stance::Defensive => {
                if self.doing != Doing::TakingCover && n.in_cover() && Self::shoot(n) == Status::Success {
                    return Status::Success;
                }
                self.run(n, Doing::TakingCover)
            }
            Stance::Fleeing => self.run(n, Doing::Fleeing),
        }
    }

    /// Goes to the noise and looks around.
    fn investigate(&mut self, n: &mut Npc) -> Status {
        match self.doing {
            Doing::GoingToNoise => {}
            Doing::LookingAround => return self.run(n, Doing::LookingAround),
            _ => {
                let heard = n.heard_noise();
                self.quiet = !heard;
                if !heard {
                    return Status::Failure;
                }
            }
        }
        match self.run(n, Doing::GoingToNoise) {
            Status::Success => self.run(n, Doing::LookingAround),
            s => s,
        }
    }

    /// Walks to the next patrol point and stands there.
    fn patrol(&mut self, n: &mut Npc) -> Status {
        if self.doing == Doing::Pausing {
            return self.run(n, Doing::Pausing);
        }
        match self.run(n, Doing::Patrolling) {
            Status::Success => self.run(n, Doing::Pausing),
            s => s,
        }
    }
}
