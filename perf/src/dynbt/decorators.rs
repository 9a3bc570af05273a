//! The decorators of the `Box<dyn>` design: repeat, the status maps, preconditions, guards,
//! retries and the timed decorators.

use super::{BoxNode, Node};
use bt::{Condition, Status};

/// The C# `RepeatNode`: repeats the child on success, forever (`None`) or `n` times; at most one
/// completed iteration per tick.
pub struct Repeat<Ctx> {
    child: BoxNode<Ctx>,
    times: Option<u32>,
    done: u32,
    child_running: bool,
}

impl<Ctx> Repeat<Ctx> {
    /// Repeats `child` forever (`None`) or `times` times.
    pub fn new(times: Option<u32>, child: BoxNode<Ctx>) -> Self {
        Repeat { child, times, done: 0, child_running: false }
    }
}

impl<Ctx> Node<Ctx> for Repeat<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        if self.times == Some(0) {
            return Status::Success;
        }
        match self.child.update(ctx) {
            Status::Running => {
                self.child_running = true;
                Status::Running
            }
            Status::Failure => {
                self.child_running = false;
                self.done = 0;
                Status::Failure
            }
            Status::Success => {
                self.child_running = false;
                self.done += 1;
                match self.times {
                    Some(n) if self.done >= n => {
                        self.done = 0;
                        Status::Success
                    }
                    _ => Status::Running,
                }
            }
        }
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        if self.child_running {
            self.child_running = false;
            self.child.reset(ctx);
        }
        self.done = 0;
    }
}

/// How a [`Map`] decorator changes its child's completed status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapKind {
    /// Swap `Success` and `Failure`.
    Invert,
    /// Always `Success`.
    ForceSuccess,
    /// Always `Failure`.
    ForceFailure,
}

/// The status-mapping decorators (inverter, succeeder, failer); `Running` passes through.
pub struct Map<Ctx> {
    child: BoxNode<Ctx>,
    kind: MapKind,
}

impl<Ctx> Map<Ctx> {
    /// Decorates `child`.
    pub fn new(kind: MapKind, child: BoxNode<Ctx>) -> Self {
        Map { child, kind }
    }
}

impl<Ctx> Node<Ctx> for Map<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        match self.child.update(ctx) {
            Status::Running => Status::Running,
            s => match self.kind {
                MapKind::Invert => s.invert(),
                MapKind::ForceSuccess => Status::Success,
                MapKind::ForceFailure => Status::Failure,
            },
        }
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        self.child.reset(ctx);
    }
}

/// The C# `IPrecondition`, checked before an idle child starts.
pub struct Precondition<Ctx> {
    condition: Box<dyn Condition<Ctx>>,
    child: BoxNode<Ctx>,
    child_running: bool,
}

impl<Ctx> Precondition<Ctx> {
    /// Runs `child` only when `condition` holds at its start.
    pub fn new(condition: Box<dyn Condition<Ctx>>, child: BoxNode<Ctx>) -> Self {
        Precondition { condition, child, child_running: false }
    }
}

impl<Ctx> Node<Ctx> for Precondition<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        if !self.child_running && !self.condition.check(ctx) {
            return Status::Failure;
        }
        let status = self.child.update(ctx);
        self.child_running = status == Status::Running;
        status
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        if self.child_running {
            self.child_running = false;
            self.child.reset(ctx);
        }
    }
}

/// Re-checks its condition on every tick; halts the running child when it turns false.
pub struct Guard<Ctx> {
    condition: Box<dyn Condition<Ctx>>,
    child: BoxNode<Ctx>,
    child_running: bool,
}

impl<Ctx> Guard<Ctx> {
    /// Runs `child` while `condition` holds.
    pub fn new(condition: Box<dyn Condition<Ctx>>, child: BoxNode<Ctx>) -> Self {
        Guard { condition, child, child_running: false }
    }
}

impl<Ctx> Node<Ctx> for Guard<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        if !self.condition.check(ctx) {
            self.reset(ctx);
            return Status::Failure;
        }
        let status = self.child.update(ctx);
        self.child_running = status == Status::Running;
        status
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        if self.child_running {
            self.child_running = false;
            self.child.reset(ctx);
        }
    }
}

/// Retries the child after a failure, `attempts` attempts in all, one per tick.
pub struct Retry<Ctx> {
    child: BoxNode<Ctx>,
    attempts: u32,
    failed: u32,
    child_running: bool,
}

impl<Ctx> Retry<Ctx> {
    /// Up to `attempts` attempts.
    pub fn new(attempts: u32, child: BoxNode<Ctx>) -> Self {
        Retry { child, attempts, failed: 0, child_running: false }
    }
}

impl<Ctx> Node<Ctx> for Retry<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        let status = self.child.update(ctx);
        self.child_running = status == Status::Running;
        match status {
            Status::Failure => {
                self.failed += 1;
                if self.failed >= self.attempts {
                    self.failed = 0;
                    Status::Failure
                } else {
                    Status::Running
                }
            }
            Status::Success => {
                self.failed = 0;
                Status::Success
            }
            Status::Running => Status::Running,
        }
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        if self.child_running {
            self.child_running = false;
            self.child.reset(ctx);
        }
        self.failed = 0;
    }
}

/// The time-based decorators: what a [`Timed`] node does with its duration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimedKind {
    /// Fails and halts the child once it ran for the duration.
    Timeout,
    /// Waits the duration, then runs the child.
    Delay,
    /// Refuses to run the child again until the duration has passed since it last ended.
    Cooldown,
}

/// A timeout, delay or cooldown, reading the time from the context.
pub struct Timed<Ctx> {
    child: BoxNode<Ctx>,
    kind: TimedKind,
    duration: core::time::Duration,
    /// Timeout and delay: the activation's start; cooldown: the last end.
    mark: Option<core::time::Duration>,
    child_running: bool,
}

impl<Ctx> Timed<Ctx> {
    /// A time-based decorator of `kind` over `child`.
    pub fn new(kind: TimedKind, duration: core::time::Duration, child: BoxNode<Ctx>) -> Self {
        Timed { child, kind, duration, mark: None, child_running: false }
    }
}

impl<Ctx: bt::Clock> Node<Ctx> for Timed<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        let now = ctx.now();
        match self.kind {
            TimedKind::Timeout => match self.mark {
                None => self.mark = Some(now),
                Some(start) if now.saturating_sub(start) >= self.duration => {
                    self.mark = None;
                    self.child_running = false;
                    self.child.reset(ctx);
                    return Status::Failure;
                }
                Some(_) => {}
            },
            TimedKind::Delay => {
                if !self.child_running {
                    let start = *self.mark.get_or_insert(now);
                    if now.saturating_sub(start) < self.duration {
                        return Status::Running;
                    }
                }
            }
            TimedKind::Cooldown => {
                if !self.child_running
                    && let Some(end) = self.mark
                    && now.saturating_sub(end) < self.duration
                {
                    return Status::Failure;
                }
            }
        }
        let status = self.child.update(ctx);
        self.child_running = status == Status::Running;
        if status != Status::Running {
            self.mark = if self.kind == TimedKind::Cooldown { Some(now) } else { None };
        }
        status
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        if self.kind != TimedKind::Cooldown {
            self.mark = None;
        }
        if self.child_running {
            self.child_running = false;
            self.child.reset(ctx);
            if self.kind == TimedKind::Cooldown {
                self.mark = Some(ctx.now());
            }
        }
    }
}
