//! More node kinds in the [`dynbt`](crate::dynbt) style (`Box<dyn Node>`, children in a `Vec`,
//! a virtual call per child), for the benchmark trees that use them. As there, the semantics are
//! `bt`'s, so that every variant of a tree simulates the same world.

use core::time::Duration;

use bt::{Clock, Condition, Status};

use crate::dynbt::{BoxNode, Node};

/// Ticks its child at most once per period; `Running` while it waits (Nav2's `RateController`).
pub struct RateController<Ctx> {
    child: BoxNode<Ctx>,
    period: Duration,
    /// When the throttle was last (re)started; `None` while it is not armed.
    start: Option<Duration>,
    child_running: bool,
}

impl<Ctx> RateController<Ctx> {
    /// At most `hz` ticks of `child` per second.
    pub fn new(hz: f64, child: BoxNode<Ctx>) -> Self {
        RateController { child, period: Duration::from_secs_f64(1.0 / hz), start: None, child_running: false }
    }
}

impl<Ctx: Clock> Node<Ctx> for RateController<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        let now = ctx.now();
        match self.start {
            None => self.start = Some(now),
            Some(start) => {
                if !self.child_running && now.saturating_sub(start) < self.period {
                    return Status::Running;
                }
            }
        }
        let status = self.child.update(ctx);
        self.child_running = status == Status::Running;
        if status == Status::Success {
            self.start = Some(ctx.now());
        }
        status
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        self.start = None;
        if self.child_running {
            self.child_running = false;
            self.child.reset(ctx);
        }
    }
    fn reset_status(&mut self) {
        self.start = None;
    }
}

/// A guard with observer aborts: `abort_self` re-checks the condition while the child runs,
/// `lower_priority` lets a parent [`PreemptSelector`] ask it to take over when its condition
/// turns true.
pub struct AbortGuard<Ctx> {
    condition: Box<dyn Condition<Ctx>>,
    child: BoxNode<Ctx>,
    abort_self: bool,
    lower_priority: bool,
    was_false: bool,
    child_running: bool,
}

impl<Ctx> AbortGuard<Ctx> {
    /// Runs `child` while `condition` holds, with the given abort modes.
    pub fn new(
        condition: Box<dyn Condition<Ctx>>,
        abort_self: bool,
        lower_priority: bool,
        child: BoxNode<Ctx>,
    ) -> Self {
        AbortGuard { condition, child, abort_self, lower_priority, was_false: false, child_running: false }
    }

    fn check(&mut self, ctx: &Ctx) -> bool {
        let holds = self.condition.check(ctx);
        if self.lower_priority {
            self.was_false = !holds;
        }
        holds
    }
}

impl<Ctx> Node<Ctx> for AbortGuard<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        if (self.abort_self || !self.child_running) && !self.check(ctx) {
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

    fn preempts(&mut self, ctx: &Ctx) -> bool {
        if !self.lower_priority {
            return false;
        }
        let was_false = self.was_false;
        self.check(ctx) && was_false
    }
}

/// A selector that, while a child runs, first asks the earlier children whether one takes over
/// (observer aborts); the first that does starts over from there, the running child halted.
pub struct PreemptSelector<Ctx> {
    children: Vec<BoxNode<Ctx>>,
    current: usize,
}

impl<Ctx> PreemptSelector<Ctx> {
    /// A selector over `children`.
    pub fn new(children: Vec<BoxNode<Ctx>>) -> Self {
        PreemptSelector { children, current: 0 }
    }
}

impl<Ctx> Node<Ctx> for PreemptSelector<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        for i in 0..self.current {
            if self.children[i].preempts(ctx) {
                self.children[self.current].reset(ctx);
                self.current = i;
                break;
            }
        }
        while self.current < self.children.len() {
            match self.children[self.current].update(ctx) {
                Status::Failure => self.current += 1,
                Status::Running => return Status::Running,
                Status::Success => {
                    self.current = 0;
                    return Status::Success;
                }
            }
        }
        self.current = 0;
        Status::Failure
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        self.children[self.current].reset(ctx);
        self.current = 0;
    }
}

/// Runs the child a function of the context picks, halting the one that ran when the pick
/// changes (BehaviorTree.CPP's `Switch`).
pub struct Switch<Ctx> {
    pick: Box<dyn Fn(&Ctx) -> usize>,
    children: Vec<BoxNode<Ctx>>,
    running: Option<usize>,
}

impl<Ctx> Switch<Ctx> {
    /// Picks among `children` with `pick`.
    pub fn new(pick: Box<dyn Fn(&Ctx) -> usize>, children: Vec<BoxNode<Ctx>>) -> Self {
        Switch { pick, children, running: None }
    }
}

impl<Ctx> Node<Ctx> for Switch<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        let i = (self.pick)(ctx);
        if let Some(r) = self.running
            && r != i
        {
            self.children[r].reset(ctx);
        }
        let status = self.children[i].update(ctx);
        self.running = (status == Status::Running).then_some(i);
        status
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        if let Some(r) = self.running.take() {
            self.children[r].reset(ctx);
        }
    }
}

/// Periodic side work while the child's branch is active (Unreal Engine's service): the service
/// node runs on the activation's first tick and again whenever `interval` has passed since it
/// last started (or while it still runs); it is stopped when the child completes.
pub struct Service<Ctx> {
    service: BoxNode<Ctx>,
    child: BoxNode<Ctx>,
    interval: Duration,
    started: Option<Duration>,
    service_running: bool,
}

impl<Ctx> Service<Ctx> {
    /// `service` every `interval` while `child` runs.
    pub fn new(interval: Duration, service: BoxNode<Ctx>, child: BoxNode<Ctx>) -> Self {
        Service { service, child, interval, started: None, service_running: false }
    }

    fn stop_service(&mut self, ctx: &mut Ctx) {
        if self.service_running {
            self.service_running = false;
            self.service.reset(ctx);
        }
    }
}

impl<Ctx: Clock> Node<Ctx> for Service<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        let now = ctx.now();
        let due = self.started.is_none_or(|start| now.saturating_sub(start) >= self.interval);
        if self.service_running || due {
            if !self.service_running {
                self.started = Some(now);
            }
            self.service_running = self.service.update(ctx) == Status::Running;
        }
        let status = self.child.update(ctx);
        if status != Status::Running {
            self.started = None;
            self.stop_service(ctx);
        }
        status
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        if self.started.take().is_some() {
            self.child.reset(ctx);
            self.stop_service(ctx);
        }
    }
}

/// Runs the action; when it fails, runs the recovery and then the action again (on the next
/// tick), up to `n` times (Nav2's `RecoveryNode`).
pub struct Recovery<Ctx> {
    action: BoxNode<Ctx>,
    recovery: BoxNode<Ctx>,
    n: u32,
    done: u32,
    in_recovery: bool,
    child_running: bool,
}

impl<Ctx> Recovery<Ctx> {
    /// `action`, with up to `n` runs of `recovery`.
    pub fn new(n: u32, action: BoxNode<Ctx>, recovery: BoxNode<Ctx>) -> Self {
        Recovery { action, recovery, n, done: 0, in_recovery: false, child_running: false }
    }

    fn end(&mut self, status: Status) -> Status {
        self.done = 0;
        self.in_recovery = false;
        self.child_running = false;
        status
    }
}

impl<Ctx> Node<Ctx> for Recovery<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        if !self.in_recovery {
            match self.action.update(ctx) {
                Status::Running => {
                    self.child_running = true;
                    return Status::Running;
                }
                Status::Success => return self.end(Status::Success),
                Status::Failure => {
                    self.child_running = false;
                    if self.done >= self.n {
                        return self.end(Status::Failure);
                    }
                    self.in_recovery = true;
                }
            }
        }
        match self.recovery.update(ctx) {
            Status::Running => {
                self.child_running = true;
                Status::Running
            }
            Status::Success => {
                self.child_running = false;
                self.done += 1;
                self.in_recovery = false;
                Status::Running
            }
            Status::Failure => self.end(Status::Failure),
        }
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        if self.child_running {
            if self.in_recovery {
                self.recovery.reset(ctx);
            } else {
                self.action.reset(ctx);
            }
        }
        let _ = self.end(Status::Failure);
    }
}

/// A sequence that re-ticks its earlier children every tick while a later one runs, without
/// halting them (Nav2's `PipelineSequence`); when its activation ends it halts the children
/// still running and tells every child to forget its status.
pub struct PipelineSequence<Ctx> {
    children: Vec<BoxNode<Ctx>>,
    last: usize,
    running: Vec<bool>,
}

impl<Ctx> PipelineSequence<Ctx> {
    /// A pipeline over `children`.
    pub fn new(children: Vec<BoxNode<Ctx>>) -> Self {
        let running = vec![false; children.len()];
        PipelineSequence { children, last: 0, running }
    }

    fn end(&mut self, ctx: &mut Ctx) {
        for (child, running) in self.children.iter_mut().zip(self.running.iter_mut()) {
            if *running {
                *running = false;
                child.reset(ctx);
            }
        }
        for child in &mut self.children {
            child.reset_status();
        }
        self.last = 0;
    }
}

impl<Ctx> Node<Ctx> for PipelineSequence<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        for i in 0..self.children.len() {
            let status = self.children[i].update(ctx);
            self.running[i] = status == Status::Running;
            match status {
                Status::Success => {}
                Status::Running => {
                    if i >= self.last {
                        self.last = i;
                        return Status::Running;
                    }
                }
                Status::Failure => {
                    self.end(ctx);
                    return Status::Failure;
                }
            }
        }
        self.end(ctx);
        Status::Success
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        self.end(ctx);
    }
}

/// A selector that starts each activation at the child after the one that completed last
/// (Nav2's `RoundRobin`); halting it starts over at the first child.
pub struct RoundRobin<Ctx> {
    children: Vec<BoxNode<Ctx>>,
    current: usize,
    failures: usize,
    child_running: bool,
}

impl<Ctx> RoundRobin<Ctx> {
    /// Over `children`.
    pub fn new(children: Vec<BoxNode<Ctx>>) -> Self {
        RoundRobin { children, current: 0, failures: 0, child_running: false }
    }
}

impl<Ctx> Node<Ctx> for RoundRobin<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        loop {
            let status = self.children[self.current].update(ctx);
            self.child_running = status == Status::Running;
            match status {
                Status::Running => return Status::Running,
                Status::Success => {
                    self.current = (self.current + 1) % self.children.len();
                    self.failures = 0;
                    return Status::Success;
                }
                Status::Failure => {
                    self.current = (self.current + 1) % self.children.len();
                    self.failures += 1;
                    if self.failures >= self.children.len() {
                        self.current = 0;
                        self.failures = 0;
                        return Status::Failure;
                    }
                }
            }
        }
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        if self.child_running {
            self.child_running = false;
            self.children[self.current].reset(ctx);
        }
        self.current = 0;
        self.failures = 0;
    }
}
