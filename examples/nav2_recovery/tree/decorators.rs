//! Nav2's decorators: `DistanceController`, `SpeedController`, `GoalUpdatedController`,
//! `SingleTrigger`, `PathLongerOnApproach` (`RateController` is bt's `rate_controller`).
//!
//! Each is a spec ([`bt::Compose`]) holding its ports' values, and the node it composes over its
//! child. Nav2's decorators keep state across their own completions and start over when their
//! status is idle: when their parent reset it, or halted them. Here that state is in the node,
//! and it starts over when the node is halted, [`reset`](Node::reset), or told to forget its
//! status ([`Node::reset_status`]) — which bt's `pipeline_sequence` does, as Nav2's pipelines
//! reset their children's status; under other parents it keeps its state across the parent's
//! activations. While a node waits (its child idle) it returns `Running`, as Nav2's do.
//!
//! [`register`] adds them to a registry, reading their ports from the XML attributes.

use bt::load::{Attributes, Registry};
use bt::ports::Binding;
use bt::{Activation, Compose, Node, NodeId, Observer, halt_child, tick_child};

use super::*;

/// A decorator's active state: `None` while idle, the child's while the node runs (the child is
/// idle while the node waits).
type Active<N> = Option<<N as Activation>::Active>;

/// Ticks `child` and leaves the node idle when it completes.
fn tick_it<N: Node<Robot>, O: Observer + ?Sized>(
    child: &mut N,
    active: &mut Active<N>,
    robot: &mut Robot,
    obs: &mut O,
    id: NodeId,
) -> Status {
    let state = active.get_or_insert_with(Default::default);
    let status = tick_child(child, state, robot, obs, id + 1);
    if status != Status::Running {
        *active = None;
    }
    status
}

/// Halts `child` if it runs, and leaves the node idle.
fn halt_it<N: Node<Robot>, O: Observer + ?Sized>(
    child: &mut N,
    active: &mut Active<N>,
    robot: &mut Robot,
    obs: &mut O,
    id: NodeId,
) {
    if let Some(state) = active
        && N::is_running(state)
    {
        halt_child(child, state, robot, obs, id + 1);
    }
    *active = None;
}

/// The node types, their `Activation` and the parts of `Node` they share.
macro_rules! decorator_node {
    ($($node:ident { $($field:ident: $ty:ty),* $(,)? } forget |$s:ident| $forget:block)*) => {$(
        #[doc = concat!("The node of [`", stringify!($node), "`](", stringify!($node), "Spec)'s spec, over its child.")]
        #[derive(Clone, Debug)]
        pub struct $node<N> {
            child: N,
            $($field: $ty,)*
        }

        impl<N: Activation> Activation for $node<N> {
            type Active = Active<N>;
            fn is_running(active: &Active<N>) -> bool {
                active.is_some()
            }
        }

        impl<N> $node<N> {
            /// Forgets what the node keeps across its completions (its status goes idle).
            fn forget(&mut self) {
                let $s = self;
                $forget
            }
        }
    )*};
}

decorator_node! {
    DistanceControllerNode { distance: f32, start: Option<Pos> } forget |s| { s.start = None; }
    SpeedControllerNode {
        rates: (f64, f64),
        speeds: (f64, f64),
        goal: Input<Pos>,
        goals: Input<Vec<Pos>>,
        kept: GoalsKept,
        timer: Option<(Duration, f64)>,
        first: bool,
    } forget |s| { s.timer = None; }
    GoalUpdatedControllerNode { goal: Input<Pos>, goals: Input<Vec<Pos>>, kept: GoalsKept, armed: bool, updated: bool }
        forget |s| { s.armed = false; }
    SingleTriggerNode { armed: bool, first: bool } forget |s| { s.armed = false; }
    PathLongerOnApproachNode {
        path: Input<Vec<Pos>>,
        prox_len: f32,
        length_factor: f32,
        old: PathShape,
        first: bool,
    } forget |s| { let _ = s; }
}

/// The goal and goals a controller compares (none kept yet: `None`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GoalsKept(Option<(Option<Pos>, Vec<Pos>)>);

impl GoalsKept {
    /// Reads `goal` and `goals`; whether they differ from the ones kept (always the first time),
    /// which it then keeps (allocating only when `goals` outgrows the ones kept).
    fn changed(&mut self, goal: &mut Input<Pos>, goals: &mut Input<Vec<Pos>>, robot: &Robot) -> bool {
        let goal = goal.get(robot).copied();
        let goals = goals.get(robot).map_or(&[][..], Vec::as_slice);
        match &mut self.0 {
            Some((g, gs)) if *g == goal && gs.as_slice() == goals => false,
            Some((g, gs)) => {
                *g = goal;
                gs.clear();
                gs.extend_from_slice(goals);
                true
            }
            None => {
                self.0 = Some((goal, goals.to_vec()));
                true
            }
        }
    }
}

// ----- DistanceController ---------------------------------------------------------------------

/// `DistanceController`: ticks its child on its first tick after starting over, then again each
/// time the robot is `distance` metres (in a straight line) from where the child last succeeded
/// (or from where the node started), and on every tick while the child runs; `Running` while it
/// waits. The child's `Success` notes the robot's cell as the new start.
#[derive(Clone, Copy, Debug)]
pub struct DistanceControllerSpec {
    /// In metres.
    pub distance: f32,
}

impl Default for DistanceControllerSpec {
    fn default() -> Self {
        DistanceControllerSpec { distance: 1.0 }
    }
}

impl<N> Compose<(N,)> for DistanceControllerSpec {
    type Node = DistanceControllerNode<N>;
    fn compose(self, (child,): (N,)) -> Self::Node {
        DistanceControllerNode { child, distance: self.distance, start: None }
    }
}

impl<N: Node<Robot>> Node<Robot> for DistanceControllerNode<N> {
    const SIZE: usize = 1 + N::SIZE;

    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Active<N>,
        robot: &mut Robot,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let first = self.start.is_none();
        let start = *self.start.get_or_insert(robot.pos);
        let running = active.as_ref().is_some_and(N::is_running);
        if !(first || running || start.distance(robot.pos) >= self.distance) {
            active.get_or_insert_with(Default::default);
            return Status::Running;
        }
        let status = tick_it(&mut self.child, active, robot, obs, id);
        if status == Status::Success {
            self.start = Some(robot.pos);
        }
        status
    }
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Active<N>,
        robot: &mut Robot,
        obs: &mut O,
        id: NodeId,
    ) {
        self.forget();
        halt_it(&mut self.child, active, robot, obs, id);
    }
    fn reset(&mut self) {
        self.forget();
        self.child.reset();
    }
    fn reset_status(&mut self) {
        self.forget();
    }
}

// ----- SpeedController ------------------------------------------------------------------------

/// `SpeedController`: ticks its child at a rate that grows with the robot's speed, from
/// `min_rate` (at `min_speed` or below) to `max_rate` (at `max_speed` or above), linearly between.
/// On its first tick after starting over, and whenever `goal` or `goals` changed, the period is
/// `1 / max_rate` from now and the child is ticked at once; then the child is ticked when the
/// period has passed (the period is then recomputed from the speed and restarts), and on every
/// tick while it runs; `Running` while it waits.
#[derive(Clone, Debug)]
pub struct SpeedControllerSpec {
    /// Lowest rate, in Hz.
    pub min_rate: f64,
    /// Highest rate, in Hz.
    pub max_rate: f64,
    /// Speed at or below which the rate is lowest, in m/s.
    pub min_speed: f64,
    /// Speed at or above which the rate is highest, in m/s.
    pub max_speed: f64,
    /// The goal whose change restarts the node (`{goal}`).
    pub goal: Input<Pos>,
    /// The goals whose change restarts the node (`{goals}`).
    pub goals: Input<Vec<Pos>>,
}

impl Default for SpeedControllerSpec {
    fn default() -> Self {
        SpeedControllerSpec {
            min_rate: 0.1,
            max_rate: 1.0,
            min_speed: 0.0,
            max_speed: 0.5,
            goal: keys::GOAL.into(),
            goals: keys::GOALS.into(),
        }
    }
}

impl<N> Compose<(N,)> for SpeedControllerSpec {
    type Node = SpeedControllerNode<N>;
    fn compose(self, (child,): (N,)) -> Self::Node {
        SpeedControllerNode {
            child,
            rates: (self.min_rate, self.max_rate),
            speeds: (self.min_speed, self.max_speed),
            goal: self.goal,
            goals: self.goals,
            kept: GoalsKept::default(),
            timer: None,
            first: false,
        }
    }
}

impl<N> SpeedControllerNode<N> {
    /// The rate at `speed`, between the lowest and the highest.
    fn rate(&self, speed: f64) -> f64 {
        let ((lo, hi), (slow, fast)) = (self.rates, self.speeds);
        ((speed - slow) / (fast - slow) * (hi - lo) + lo).min(hi).max(lo)
    }
}

impl<N: Node<Robot>> Node<Robot> for SpeedControllerNode<N> {
    const SIZE: usize = 1 + N::SIZE;

    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Active<N>,
        robot: &mut Robot,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let now = robot.now();
        let changed = self.kept.changed(&mut self.goal, &mut self.goals, robot);
        if self.timer.is_none() || changed {
            self.timer = Some((now, 1.0 / self.rates.1));
            self.first = true;
        }
        let Some((start, period)) = self.timer else { return Status::Failure };
        let elapsed = (now - start).as_secs_f64();
        let running = active.as_ref().is_some_and(N::is_running);
        if !(self.first || running || elapsed >= period) {
            active.get_or_insert_with(Default::default);
            return Status::Running;
        }
        self.first = false;
        if elapsed >= period {
            self.timer = Some((now, 1.0 / self.rate(f64::from(robot.speed))));
        }
        tick_it(&mut self.child, active, robot, obs, id)
    }
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Active<N>,
        robot: &mut Robot,
        obs: &mut O,
        id: NodeId,
    ) {
        self.forget();
        halt_it(&mut self.child, active, robot, obs, id);
    }
    fn reset(&mut self) {
        self.forget();
        self.kept = GoalsKept::default();
        self.child.reset();
    }
    fn reset_status(&mut self) {
        self.forget();
    }
}

// ----- GoalUpdatedController ------------------------------------------------------------------

/// `GoalUpdatedController`: ticks its child on its first tick after starting over, whenever
/// `goal` or `goals` changed since its last tick, and on every tick while the child runs;
/// `Running` otherwise.
#[derive(Clone, Debug)]
pub struct GoalUpdatedControllerSpec {
    /// The goal to watch (`{goal}`).
    pub goal: Input<Pos>,
    /// The goals to watch (`{goals}`).
    pub goals: Input<Vec<Pos>>,
}

impl Default for GoalUpdatedControllerSpec {
    fn default() -> Self {
        GoalUpdatedControllerSpec { goal: keys::GOAL.into(), goals: keys::GOALS.into() }
    }
}

impl<N> Compose<(N,)> for GoalUpdatedControllerSpec {
    type Node = GoalUpdatedControllerNode<N>;
    fn compose(self, (child,): (N,)) -> Self::Node {
        GoalUpdatedControllerNode {
            child,
            goal: self.goal,
            goals: self.goals,
            kept: GoalsKept::default(),
            armed: false,
            updated: false,
        }
    }
}

impl<N: Node<Robot>> Node<Robot> for GoalUpdatedControllerNode<N> {
    const SIZE: usize = 1 + N::SIZE;

    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Active<N>,
        robot: &mut Robot,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let changed = self.kept.changed(&mut self.goal, &mut self.goals, robot);
        if !std::mem::replace(&mut self.armed, true) || changed {
            self.updated = true;
        }
        let running = active.as_ref().is_some_and(N::is_running);
        if !(running || std::mem::take(&mut self.updated)) {
            active.get_or_insert_with(Default::default);
            return Status::Running;
        }
        tick_it(&mut self.child, active, robot, obs, id)
    }
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Active<N>,
        robot: &mut Robot,
        obs: &mut O,
        id: NodeId,
    ) {
        self.forget();
        halt_it(&mut self.child, active, robot, obs, id);
    }
    fn reset(&mut self) {
        self.forget();
        self.kept = GoalsKept::default();
        self.child.reset();
    }
    fn reset_status(&mut self) {
        self.forget();
    }
}

// ----- SingleTrigger --------------------------------------------------------------------------

/// `SingleTrigger`: after starting over, ticks its child until it completes once, returning its
/// status; then fails without ticking it.
#[derive(Clone, Copy, Debug, Default)]
pub struct SingleTriggerSpec;

impl<N> Compose<(N,)> for SingleTriggerSpec {
    type Node = SingleTriggerNode<N>;
    fn compose(self, (child,): (N,)) -> Self::Node {
        SingleTriggerNode { child, armed: false, first: true }
    }
}

impl<N: Node<Robot>> Node<Robot> for SingleTriggerNode<N> {
    const SIZE: usize = 1 + N::SIZE;

    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Active<N>,
        robot: &mut Robot,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        if !std::mem::replace(&mut self.armed, true) {
            self.first = true;
        }
        if !self.first {
            return Status::Failure;
        }
        let status = tick_it(&mut self.child, active, robot, obs, id);
        if status != Status::Running {
            self.first = false;
        }
        status
    }
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Active<N>,
        robot: &mut Robot,
        obs: &mut O,
        id: NodeId,
    ) {
        self.forget();
        halt_it(&mut self.child, active, robot, obs, id);
    }
    fn reset(&mut self) {
        self.forget();
        self.first = true;
        self.child.reset();
    }
    fn reset_status(&mut self) {
        self.forget();
    }
}

// ----- PathLongerOnApproach -------------------------------------------------------------------

/// What `PathLongerOnApproach` remembers of a path: its number of cells, its last cell and its
/// length (no copy of the path).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PathShape {
    cells: usize,
    last: Option<Pos>,
    length: f32,
}

impl PathShape {
    fn of(path: &[Pos]) -> Self {
        PathShape { cells: path.len(), last: path.last().copied(), length: length_from(path, 0) }
    }
}

/// `PathLongerOnApproach`: ticks its child while a new `path` to the same goal, while the robot
/// is within `prox_len` metres of the goal along the previous path, is more than `length_factor`
/// times as long as the previous one (as when a person blocks a doorway near the goal and the
/// planner goes round); succeeds otherwise, taking the new path as the previous one. The first
/// path to a goal never triggers the child. When the child completes, its status is the node's.
///
/// Nav2's node returns `Success` without halting a running child when the condition stops
/// holding; here the child is halted first (a node that completes leaves nothing running).
#[derive(Clone, Debug)]
pub struct PathLongerOnApproachSpec {
    /// The planned path.
    pub path: Input<Vec<Pos>>,
    /// How near the goal, along the previous path, in metres.
    pub prox_len: f32,
    /// How much longer the new path must be.
    pub length_factor: f32,
}

impl Default for PathLongerOnApproachSpec {
    fn default() -> Self {
        PathLongerOnApproachSpec { path: keys::PATH.into(), prox_len: 3.0, length_factor: 2.0 }
    }
}

impl<N> Compose<(N,)> for PathLongerOnApproachSpec {
    type Node = PathLongerOnApproachNode<N>;
    fn compose(self, (child,): (N,)) -> Self::Node {
        PathLongerOnApproachNode {
            child,
            path: self.path,
            prox_len: self.prox_len,
            length_factor: self.length_factor,
            old: PathShape::default(),
            first: true,
        }
    }
}

impl<N: Node<Robot>> Node<Robot> for PathLongerOnApproachNode<N> {
    const SIZE: usize = 1 + N::SIZE;

    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Active<N>,
        robot: &mut Robot,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let new = PathShape::of(self.path.get(robot).map_or(&[][..], Vec::as_slice));
        let old = self.old;
        if !self.first && (old.cells == 0 || new.cells == 0 || old.last != new.last) {
            self.first = true;
        }
        let updated = old.cells != 0 && new.cells != 0 && new.cells != old.cells && old.last == new.last;
        let near = old.length < self.prox_len;
        let longer = new.length > self.length_factor * old.length;
        if updated && near && longer && !self.first {
            let status = tick_it(&mut self.child, active, robot, obs, id);
            if status != Status::Running {
                self.old = new;
            }
            return status;
        }
        halt_it(&mut self.child, active, robot, obs, id);
        self.old = new;
        self.first = false;
        Status::Success
    }
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Active<N>,
        robot: &mut Robot,
        obs: &mut O,
        id: NodeId,
    ) {
        halt_it(&mut self.child, active, robot, obs, id);
    }
    fn reset(&mut self) {
        self.old = PathShape::default();
        self.first = true;
        self.child.reset();
    }
}

// ----- registering them -----------------------------------------------------------------------

/// Checks that the element has no attribute but `known` (and `name`).
fn only(attrs: &Attributes<'_>, known: &[&str]) -> Result<(), String> {
    match attrs.names().find(|n| *n != "name" && !known.contains(n)) {
        Some(n) => Err(format!(
            "no port `{n}` (it has {})",
            if known.is_empty() { "none".to_string() } else { known.join(", ") }
        )),
        None => Ok(()),
    }
}

/// A number attribute, `default` when absent.
fn number<T: core::str::FromStr>(attrs: &Attributes<'_>, name: &str, default: T) -> Result<T, String>
where
    T::Err: core::fmt::Display,
{
    Ok(attrs.parse(name)?.unwrap_or(default))
}

/// A blackboard entry attribute (`goal="{goal}"`), `default` when absent.
fn entry<T>(attrs: &Attributes<'_>, name: &str, default: Input<T>) -> Result<Input<T>, String> {
    match attrs.get(name) {
        None => Ok(default),
        Some(Binding::Key(k)) => Ok(Input::key(bt::blackboard::Key::new(bt::load::intern(k)))),
        Some(Binding::Literal(text)) => {
            Err(format!("`{name}=\"{text}\"` must name a blackboard entry: `{name}=\"{{key}}\"`"))
        }
    }
}

/// Registers Nav2's decorators, their ports read from the element's attributes with Nav2's
/// defaults (the frames of `DistanceController` are accepted: the simulated robot has one).
pub fn register(r: Registry<Robot>) -> Registry<Robot> {
    r.decorator("DistanceController", |a| {
        only(a, &["distance", "global_frame", "robot_base_frame"])?;
        Ok(DistanceControllerSpec { distance: number(a, "distance", 1.0)? })
    })
    .decorator("SpeedController", |a| {
        only(a, &["min_rate", "max_rate", "min_speed", "max_speed", "goal", "goals"])?;
        let d = SpeedControllerSpec::default();
        let spec = SpeedControllerSpec {
            min_rate: number(a, "min_rate", d.min_rate)?,
            max_rate: number(a, "max_rate", d.max_rate)?,
            min_speed: number(a, "min_speed", d.min_speed)?,
            max_speed: number(a, "max_speed", d.max_speed)?,
            goal: entry(a, "goal", d.goal)?,
            goals: entry(a, "goals", d.goals)?,
        };
        if spec.min_rate <= 0.0 || spec.max_rate <= 0.0 {
            return Err("its rates must be above 0".into());
        }
        Ok(spec)
    })
    .decorator("GoalUpdatedController", |a| {
        only(a, &["goal", "goals"])?;
        let d = GoalUpdatedControllerSpec::default();
        Ok(GoalUpdatedControllerSpec { goal: entry(a, "goal", d.goal)?, goals: entry(a, "goals", d.goals)? })
    })
    .decorator("SingleTrigger", |a| {
        only(a, &[])?;
        Ok(SingleTriggerSpec)
    })
    .decorator("PathLongerOnApproach", |a| {
        only(a, &["path", "prox_len", "length_factor"])?;
        let d = PathLongerOnApproachSpec::default();
        if a.get("path").is_none() {
            return Err("`PathLongerOnApproach` needs its port `path`: bind it (`path=\"{path}\"`)".into());
        }
        Ok(PathLongerOnApproachSpec {
            path: entry(a, "path", d.path)?,
            prox_len: number(a, "prox_len", d.prox_len)?,
            length_factor: number(a, "length_factor", d.length_factor)?,
        })
    })
}
