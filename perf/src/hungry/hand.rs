//! Variant (b): the hungry agent's decisions written by hand — the same decisions as the tree
//! `repeat(parallel(1)<selector<sequence<Feel*, WalkTo, refill> ×5>, Alive>)`, as plain code with
//! explicit state: which need is being handled and at which step, and whether `Alive` is running.
//! It calls the same [`Agent`] methods the example's leaves call, in the same order.

use bt::{Exit, Status};

use super::world::{Agent, Need, Task};

/// The needs in the selector's priority order (bored, hungry, thirsty, tired, poor).
const ORDER: [Need; 5] = [Need::Mood, Need::Food, Need::Water, Need::Energy, Need::Money];

/// Where the need being handled stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// No need is being handled: the next tick checks them all, by priority.
    Choose,
    /// Walking to the need's zone.
    Walking,
    /// Refilling the need in its zone.
    Refilling,
}

/// The hand-written brain: three small fields.
#[derive(Clone, Debug)]
pub struct HandBrain {
    /// Index into [`ORDER`] of the need being handled (meaningful when `step` is not `Choose`).
    need: u8,
    step: Step,
    /// Whether `Alive` is running.
    alive: bool,
}

impl Default for HandBrain {
    fn default() -> Self {
        Self::new()
    }
}

impl HandBrain {
    /// Nothing in progress.
    pub const fn new() -> Self {
        HandBrain { need: 0, step: Step::Choose, alive: false }
    }

    /// One decision. `Failure` only when the agent has died (the tree's root status).
    #[inline]
    pub fn tick(&mut self, a: &mut Agent) -> Status {
        let needs = self.needs(a);
        if needs == Status::Success {
            // A need was handled: the round is over, `Alive` stops; the next round starts next tick.
            if self.alive {
                self.alive = false;
                a.exited(Task::Alive, Exit::Halted);
            }
            return Status::Running;
        }
        // Nothing needed, or a need in progress: `Alive` runs alongside.
        let alive = self.alive(a);
        if needs == Status::Failure && alive == Status::Failure {
            return Status::Failure;
        }
        Status::Running
    }

    /// The needs, by priority; resumes the one in progress.
    #[inline]
    fn needs(&mut self, a: &mut Agent) -> Status {
        let (mut i, mut from) =
            if self.step == Step::Choose { (0, Step::Choose) } else { (self.need as usize, self.step) };
        while i < ORDER.len() {
            match self.handle(ORDER[i], from, a) {
                Status::Failure => {
                    i += 1;
                    from = Step::Choose;
                }
                Status::Running => {
                    self.need = i as u8;
                    return Status::Running;
                }
                Status::Success => return Status::Success,
            }
        }
        Status::Failure
    }

    /// Feel the need, walk to its zone, refill it; starting at `from`.
    #[inline]
    fn handle(&mut self, need: Need, from: Step, a: &mut Agent) -> Status {
        if from == Step::Choose && !a.feel(need) {
            return Status::Failure;
        }
        if from != Step::Refilling {
            let walking = from == Step::Walking;
            if !a.can_walk() {
                if walking {
                    a.end_walk(Exit::Failure);
                }
                self.step = Step::Choose;
                return Status::Failure;
            }
            if !walking {
                a.start_walk();
            }
            match a.walk() {
                Status::Running => {
                    self.step = Step::Walking;
                    return Status::Running;
                }
                Status::Failure => {
                    a.end_walk(Exit::Failure);
                    self.step = Step::Choose;
                    return Status::Failure;
                }
                Status::Success => a.end_walk(Exit::Success),
            }
        }
        let refilling = from == Step::Refilling;
        if !a.can_refill(need) {
            if refilling {
                a.end_refill(need, Exit::Failure);
            }
            self.step = Step::Choose;
            return Status::Failure;
        }
        if !refilling {
            a.start_refill(need);
        }
        match a.refill(need) {
            Status::Running => {
                self.step = Step::Refilling;
                Status::Running
            }
            Status::Success => {
                a.end_refill(need, Exit::Success);
                self.step = Step::Choose;
                Status::Success
            }
            Status::Failure => {
                a.end_refill(need, Exit::Failure);
                self.step = Step::Choose;
                Status::Failure
            }
        }
    }

    /// `Alive`: runs while the agent lives.
    #[inline]
    fn alive(&mut self, a: &mut Agent) -> Status {
        if !a.is_alive() {
            if self.alive {
                self.alive = false;
                a.exited(Task::Alive, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.alive {
            self.alive = true;
            a.entered(Task::Alive);
        }
        Status::Running
    }
}
