//! Variant (c): the classic object-oriented design of behavior-tree frameworks for games (written
//! in C#, with a virtual `Update` per node), ported to Rust.
//!
//! Every node is a `Box<dyn Node>`, composites keep their children in a `Vec`, and every call from a
//! parent to a child is a virtual call, as in the C# `NodeBase` / `List<NodeBase> mChildren`
//! framework. The parallel node keeps a `Vec` of child statuses like the C#
//! `mChildrenStatusList`.
//!
//! The *semantics* are those of `bt`, not the C# code's, so that the simulation is
//! identical: the C# action does not run `OnExit` when its internal condition fails mid-activation
//! and resets every child of a parallel rather than halting only the running ones; here the action
//! lifecycle and halting follow `bt` exactly. Leaves are the same `bt::Action` / `bt::Condition`
//! values the other variants use, each wrapped in a generic node, which is the most favourable
//! port (the leaf's own methods are statically dispatched inside its node).

use bt::{Action, Condition, Exit, Status};

mod decorators;
pub use decorators::*;

/// The C# `NodeBase`: `Update` (a tick) and `Reset` (here: halt, only called on a running node).
pub trait Node<Ctx> {
    /// Ticks the node.
    fn update(&mut self, ctx: &mut Ctx) -> Status;
    /// Interrupts the running node.
    fn reset(&mut self, ctx: &mut Ctx);
    /// Asked by a selector while a later child of it runs: whether this idle node takes over
    /// (an observer abort). No, unless the node says otherwise.
    fn preempts(&mut self, _ctx: &Ctx) -> bool {
        false
    }
    /// Told by a pipeline whose activation ended to forget its status (a rate controller
    /// disarms); nothing, unless the node says otherwise.
    fn reset_status(&mut self) {}
}

/// A node behind a pointer: what composites hold.
pub type BoxNode<Ctx> = Box<dyn Node<Ctx>>;

/// An action with its lifecycle (the C# `ActionNode` with `mCurrentState`).
pub struct ActionNode<A> {
    action: A,
    active: bool,
}

impl<A> ActionNode<A> {
    /// Wraps `action`.
    pub fn new(action: A) -> Self {
        ActionNode { action, active: false }
    }
}

impl<Ctx, A: Action<Ctx>> Node<Ctx> for ActionNode<A> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        if !self.action.condition(ctx) {
            if self.active {
                self.active = false;
                self.action.exit(ctx, Exit::Failure);
            }
            return Status::Failure;
        }
        if !self.active {
            self.active = true;
            self.action.enter(ctx);
        }
        let status = self.action.execute(ctx);
        match status {
            Status::Running => {}
            Status::Success => {
                self.active = false;
                self.action.exit(ctx, Exit::Success);
            }
            Status::Failure => {
                self.active = false;
                self.action.exit(ctx, Exit::Failure);
            }
        }
        status
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        if self.active {
            self.active = false;
            self.action.exit(ctx, Exit::Halted);
        }
    }
}

/// A condition as a leaf: `true` is `Success`.
pub struct ConditionNode<C>(pub C);

impl<Ctx, C: Condition<Ctx>> Node<Ctx> for ConditionNode<C> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        Status::from_bool(self.0.check(ctx))
    }
    fn reset(&mut self, _ctx: &mut Ctx) {}
}

/// Children in order while they succeed; resumes at the running child.
pub struct Sequence<Ctx> {
    children: Vec<BoxNode<Ctx>>,
    current: usize,
}

impl<Ctx> Sequence<Ctx> {
    /// A sequence over `children`.
    pub fn new(children: Vec<BoxNode<Ctx>>) -> Self {
        Sequence { children, current: 0 }
    }
}

impl<Ctx> Node<Ctx> for Sequence<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        while self.current < self.children.len() {
            match self.children[self.current].update(ctx) {
                Status::Success => self.current += 1,
                Status::Running => return Status::Running,
                Status::Failure => {
                    self.current = 0;
                    return Status::Failure;
                }
            }
        }
        self.current = 0;
        Status::Success
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        self.children[self.current].reset(ctx);
        self.current = 0;
    }
}

/// Children in order while they fail; resumes at the running child.
pub struct Selector<Ctx> {
    children: Vec<BoxNode<Ctx>>,
    current: usize,
}

impl<Ctx> Selector<Ctx> {
    /// A selector over `children`.
    pub fn new(children: Vec<BoxNode<Ctx>>) -> Self {
        Selector { children, current: 0 }
    }
}

impl<Ctx> Node<Ctx> for Selector<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
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

/// The C# `ParallelNode(n)`: a status per child (`mChildrenStatusList`), successes latched,
/// failures retried next tick; done at `n` successes or when too many children failed this tick.
pub struct Parallel<Ctx> {
    children: Vec<BoxNode<Ctx>>,
    need: usize,
    /// The last status of each child in this activation (`Failure` also stands for "idle").
    status: Vec<Status>,
}

impl<Ctx> Parallel<Ctx> {
    /// Succeeds once `need` children succeeded.
    pub fn new(need: usize, children: Vec<BoxNode<Ctx>>) -> Self {
        let status = vec![Status::Failure; children.len()];
        Parallel { need: need.clamp(1, children.len()), children, status }
    }

    fn finish(&mut self, ctx: &mut Ctx) {
        for (child, status) in self.children.iter_mut().zip(self.status.iter_mut()) {
            if *status == Status::Running {
                child.reset(ctx);
            }
            *status = Status::Failure;
        }
    }
}

impl<Ctx> Node<Ctx> for Parallel<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        let max_failures = self.children.len() - self.need;
        // Successes latched on earlier ticks count from the start (`bt` completes as soon as `n`
        // children have succeeded, without ticking later children).
        let mut finished = self.status.iter().filter(|s| **s == Status::Success).count();
        let mut failed = 0;
        for i in 0..self.children.len() {
            if self.status[i] == Status::Success {
                continue;
            }
            self.status[i] = self.children[i].update(ctx);
            match self.status[i] {
                Status::Success => {
                    finished += 1;
                    if finished >= self.need {
                        self.finish(ctx);
                        return Status::Success;
                    }
                }
                Status::Failure => {
                    failed += 1;
                    if failed > max_failures {
                        self.finish(ctx);
                        return Status::Failure;
                    }
                }
                Status::Running => {}
            }
        }
        Status::Running
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        self.finish(ctx);
    }
}

/// Boxes an action leaf.
pub fn action<Ctx: 'static, A: Action<Ctx> + 'static>(action: A) -> BoxNode<Ctx> {
    Box::new(ActionNode::new(action))
}

/// Boxes a condition leaf.
pub fn condition<Ctx: 'static, C: Condition<Ctx> + 'static>(condition: C) -> BoxNode<Ctx> {
    Box::new(ConditionNode(condition))
}

/// Re-checks every child from the first one on every tick (the reactive sequence, `go_on` =
/// `Success`, and the reactive selector, `go_on` = `Failure`); a running child that an earlier one
/// pre-empts is halted once the earlier one has answered.
pub struct Reactive<Ctx> {
    children: Vec<BoxNode<Ctx>>,
    go_on: Status,
    running: Option<usize>,
}

impl<Ctx> Reactive<Ctx> {
    /// A reactive sequence over `children`.
    pub fn sequence(children: Vec<BoxNode<Ctx>>) -> Self {
        Reactive { children, go_on: Status::Success, running: None }
    }

    /// A reactive selector over `children`.
    pub fn selector(children: Vec<BoxNode<Ctx>>) -> Self {
        Reactive { children, go_on: Status::Failure, running: None }
    }
}

impl<Ctx> Node<Ctx> for Reactive<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        for i in 0..self.children.len() {
            let status = self.children[i].update(ctx);
            if status == self.go_on {
                continue;
            }
            if let Some(r) = self.running
                && r > i
            {
                self.children[r].reset(ctx);
            }
            self.running = (status == Status::Running).then_some(i);
            return status;
        }
        self.running = None;
        self.go_on
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        if let Some(r) = self.running.take() {
            self.children[r].reset(ctx);
        }
    }
}

/// Runs every child until all have completed; fails when at least `max_failures` failed.
pub struct ParallelAll<Ctx> {
    children: Vec<BoxNode<Ctx>>,
    max_failures: usize,
    status: Vec<Option<Status>>,
}

impl<Ctx> ParallelAll<Ctx> {
    /// A parallel-all over `children`.
    pub fn new(max_failures: usize, children: Vec<BoxNode<Ctx>>) -> Self {
        let status = vec![None; children.len()];
        ParallelAll { children, max_failures, status }
    }
}

impl<Ctx> Node<Ctx> for ParallelAll<Ctx> {
    fn update(&mut self, ctx: &mut Ctx) -> Status {
        let mut running = false;
        for (child, status) in self.children.iter_mut().zip(self.status.iter_mut()) {
            if matches!(status, Some(Status::Success | Status::Failure)) {
                continue;
            }
            let s = child.update(ctx);
            running |= s == Status::Running;
            *status = Some(s);
        }
        if running {
            return Status::Running;
        }
        let failures = self.status.iter().filter(|s| **s == Some(Status::Failure)).count();
        self.status.iter_mut().for_each(|s| *s = None);
        if failures >= self.max_failures { Status::Failure } else { Status::Success }
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        for (child, status) in self.children.iter_mut().zip(self.status.iter_mut()) {
            if *status == Some(Status::Running) {
                child.reset(ctx);
            }
            *status = None;
        }
    }
}

/// Boxes a node.
pub fn boxed<Ctx, N: Node<Ctx> + 'static>(node: N) -> BoxNode<Ctx> {
    Box::new(node)
}
