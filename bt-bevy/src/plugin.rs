//! The tick systems and the plugin that adds them to a schedule.

use core::marker::PhantomData;
use core::time::Duration;

use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryData, QueryItem};
use bevy_ecs::schedule::ScheduleConfigs;
use bevy_ecs::system::{ScheduleSystem, StaticSystemParam};
use bevy_ecs::utils::Parallel;

use crate::check::Ticked;
use crate::clock::{TreeClock, TreeTime};
use crate::params::{PerEntity, TreeParams};
use crate::report::{Report, StatusMessages, TreeChanged};
use crate::tree::{Brain, EntityTree, ParamsRef};

/// The system set in which [`TreePlugin`] puts its systems; order your own systems against it
/// (`update_world.before(TreeSystems)`).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TreeSystems;

/// What [`tick_trees`] asks of an entity: the tree and the data it works on.
pub type Silent<T, M> = (Entity, &'static mut Brain<T>, <T as EntityTree<M>>::Data);

/// What [`tick_trees_reporting`] asks of an entity: the tree, its status memory and the data the
/// tree works on.
pub type Reporting<T, M> =
    (Entity, &'static mut Brain<T>, &'static mut StatusMessages, <T as EntityTree<M>>::Data);

/// The system parameter of tree `T`'s leaves (marker `M`).
pub type ParamOf<T, M> = <<T as EntityTree<M>>::Params as TreeParams>::Param;

/// What [`tick_trees`] asks of the world: the entities without [`StatusMessages`] and the leaves'
/// system parameters, fetched together (one parameter, so that both have the same lifetimes).
pub type SilentTrees<'w, 's, T, M> =
    (Query<'w, 's, Silent<T, M>, Without<StatusMessages>>, StaticSystemParam<'w, 's, ParamOf<T, M>>);

/// What [`tick_trees_reporting`] asks of the world: the entities with [`StatusMessages`] and the
/// leaves' system parameters.
pub type ReportingTrees<'w, 's, T, M> =
    (Query<'w, 's, Reporting<T, M>>, StaticSystemParam<'w, 's, ParamOf<T, M>>);

/// A per-entity step that runs right before the entity's tree ticks, in the same pass over the
/// entities (see [`TreePlugin::before_tick`]): the data is read from memory once for both.
///
/// Implemented by [`NoStep`] (nothing) and by every closure
/// `Fn(&mut QueryItem<'_, '_, D>, Duration) + Clone + Send + Sync + 'static`, which gets the
/// entity's data and the clock's time.
pub trait BeforeTick<D: QueryData>: Clone + Send + Sync + 'static {
    /// Runs on one entity's data, at time `now`, before its tree ticks.
    fn before_tick(&self, item: &mut QueryItem<'_, '_, D>, now: Duration);
}

/// No step before the tick (the default of [`TreePlugin`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoStep;

impl<D: QueryData> BeforeTick<D> for NoStep {
    #[inline(always)]
    fn before_tick(&self, _: &mut QueryItem<'_, '_, D>, _: Duration) {}
}

impl<D: QueryData, F> BeforeTick<D> for F
where
    F: Fn(&mut QueryItem<'_, '_, D>, Duration) + Clone + Send + Sync + 'static,
{
    #[inline(always)]
    fn before_tick(&self, item: &mut QueryItem<'_, '_, D>, now: Duration) {
        self(item, now)
    }
}

/// The tick of one entity without status messages: the step, then the tree.
struct SilentTick<'x, T, M, S> {
    now: Duration,
    step: &'x S,
    marker: PhantomData<fn() -> (T, M)>,
}

impl<T: EntityTree<M>, M, S: BeforeTick<T::Data>> PerEntity<Silent<T, M>, T::Params>
    for SilentTick<'_, T, M, S>
{
    #[inline]
    fn visit<'a, 'w: 'a, 's: 'a>(
        &self,
        (entity, mut brain, mut data): QueryItem<'w, 's, Silent<T, M>>,
        params: ParamsRef<'a, 'w, 's, T, M>,
    ) {
        self.step.before_tick(&mut data, self.now);
        let _ = brain.0.tick_entity(data, params, entity, self.now, &mut bt::NoObserver);
    }
}

/// The tick of one entity with status messages, into its thread's buffer.
struct ReportingTick<'x, T, M, S> {
    now: Duration,
    step: &'x S,
    buffers: &'x Parallel<Vec<TreeChanged>>,
    marker: PhantomData<fn() -> (T, M)>,
}

impl<T: EntityTree<M>, M, S: BeforeTick<T::Data>> PerEntity<Reporting<T, M>, T::Params>
    for ReportingTick<'_, T, M, S>
{
    fn visit<'a, 'w: 'a, 's: 'a>(
        &self,
        (entity, mut brain, mut watch, mut data): QueryItem<'w, 's, Reporting<T, M>>,
        params: ParamsRef<'a, 'w, 's, T, M>,
    ) {
        self.step.before_tick(&mut data, self.now);
        let nodes = brain.0.node_count();
        if watch.statuses.len() != nodes {
            watch.statuses.clear();
            watch.statuses.resize(nodes, None);
        }
        let mut out = self.buffers.borrow_local_mut();
        let mut report = Report { entity, statuses: &mut watch.statuses, out: &mut out };
        let _ = brain.0.tick_entity(data, params, entity, self.now, &mut report);
    }
}

/// Ticks every tree of `trees` once, after `step`, in parallel when asked and the parameters
/// allow it.
fn tick_silent<T: EntityTree<M>, M, S: BeforeTick<T::Data>>(
    (trees, mut params): SilentTrees<'_, '_, T, M>,
    now: Duration,
    step: &S,
    parallel: bool,
) {
    let tick = SilentTick::<T, M, S> { now, step, marker: PhantomData };
    T::Params::for_each(trees, &mut params, parallel, &tick);
}

/// Ticks every tree of `trees` once, after `step`, and writes the status changes.
fn tick_reporting<T: EntityTree<M>, M, S: BeforeTick<T::Data>>(
    (trees, mut params): ReportingTrees<'_, '_, T, M>,
    now: Duration,
    step: &S,
    buffers: &mut Parallel<Vec<TreeChanged>>,
    messages: &mut MessageWriter<TreeChanged>,
) {
    let tick = ReportingTick::<T, M, S> { now, step, buffers, marker: PhantomData };
    T::Params::for_each(trees, &mut params, true, &tick);
    for buffer in buffers.iter_mut() {
        messages.write_batch(buffer.drain(..));
    }
}

/// The system that ticks the trees of entities without [`StatusMessages`], in parallel across
/// entities (`par_iter_mut`) when the tree's parameters allow it (see [`TreeParams`]).
/// [`TreePlugin`] adds it; add it yourself for another arrangement.
pub fn tick_trees<T: EntityTree<M>, M: 'static, K: TreeClock>(
    clock: Res<K>,
    trees: SilentTrees<'_, '_, T, M>,
) {
    tick_silent(trees, clock.now(), &NoStep, true);
}

/// [`tick_trees`] on one thread (`iter_mut`): for small worlds, where spreading the work costs
/// more than it saves.
pub fn tick_trees_serial<T: EntityTree<M>, M: 'static, K: TreeClock>(
    clock: Res<K>,
    trees: SilentTrees<'_, '_, T, M>,
) {
    tick_silent(trees, clock.now(), &NoStep, false);
}

/// The system that ticks the trees of entities with [`StatusMessages`] and writes their status
/// changes as [`TreeChanged`] messages (in parallel across entities when the parameters allow it;
/// each thread collects its messages, which are written after the ticks). [`TreePlugin`] adds it.
pub fn tick_trees_reporting<T: EntityTree<M>, M: 'static, K: TreeClock>(
    clock: Res<K>,
    trees: ReportingTrees<'_, '_, T, M>,
    mut buffers: Local<Parallel<Vec<TreeChanged>>>,
    mut messages: MessageWriter<TreeChanged>,
) {
    tick_reporting(trees, clock.now(), &NoStep, &mut buffers, &mut messages);
}

/// Adds the ticking of every entity's tree `T` to a schedule: a system for the entities without
/// [`StatusMessages`] (as [`tick_trees`]) and one for the entities with it (as
/// [`tick_trees_reporting`]), in the set [`TreeSystems`], reading the time from the clock resource
/// `K` ([`TreeTime`] by default), and running the step `S` on each entity right before its tick
/// ([`NoStep`] by default; see [`before_tick`](Self::before_tick)).
///
/// ```ignore
/// let mut world = World::new();
/// let mut schedule = Schedule::default();
/// TreePlugin::<AgentBrain>::new().add_to(&mut world, &mut schedule);
/// ```
pub struct TreePlugin<T, K = TreeTime, S = NoStep> {
    pub(crate) parallel: bool,
    pub(crate) step: S,
    pub(crate) marker: PhantomData<fn() -> (T, K)>,
}

impl<T, K> Default for TreePlugin<T, K> {
    fn default() -> Self {
        TreePlugin { parallel: true, step: NoStep, marker: PhantomData }
    }
}

impl<T, K, S> core::fmt::Debug for TreePlugin<T, K, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TreePlugin").field("parallel", &self.parallel).finish_non_exhaustive()
    }
}

impl<T: Send + Sync + 'static, K: TreeClock> TreePlugin<T, K> {
    /// Ticks the trees `T` with the clock `K`, in parallel across entities.
    pub fn new() -> Self {
        Self::default()
    }
}

/// Forces a closure to take the tick system's parameters with one pair of lifetimes for the
/// trees' query and the leaves' parameters.
fn silent_system<T: EntityTree<M>, M, K: TreeClock, F>(f: F) -> F
where
    F: for<'r, 'w, 's> FnMut(Res<'r, K>, SilentTrees<'w, 's, T, M>) + Send + Sync + 'static,
{
    f
}

/// [`silent_system`] for the reporting system.
fn reporting_system<T: EntityTree<M>, M, K: TreeClock, F>(f: F) -> F
where
    F: for<'r, 'w, 's, 'l, 'm> FnMut(
            Res<'r, K>,
            ReportingTrees<'w, 's, T, M>,
            Local<'l, Parallel<Vec<TreeChanged>>>,
            MessageWriter<'m, TreeChanged>,
        ) + Send
        + Sync
        + 'static,
{
    f
}

impl<T: Send + Sync + 'static, K: TreeClock, S: Clone + Send + Sync + 'static> TreePlugin<T, K, S> {
    /// Reads the time from the resource `K2` instead.
    pub fn with_clock<K2: TreeClock>(self) -> TreePlugin<T, K2, S> {
        TreePlugin { parallel: self.parallel, step: self.step, marker: PhantomData }
    }

    /// Whether the entities without [`StatusMessages`] are ticked in parallel (`par_iter_mut`,
    /// the default, where the tree's parameters allow it: see [`TreeParams`]) or on one thread
    /// (`iter_mut`, for small worlds, where spreading the work costs more than it saves).
    pub fn parallel(mut self, parallel: bool) -> Self {
        self.parallel = parallel;
        self
    }

    /// Runs `step` on every entity's data right before its tree ticks, in the same pass: for the
    /// per-entity work of each frame that the decision depends on (sensing, physics, cooldowns).
    /// A separate system before [`TreeSystems`] does the same in a pass of its own, which reads
    /// every entity from memory a second time; with a crowd too large for the caches, that second
    /// read can cost as much as the ticks.
    ///
    /// `step` gets the query item of the tree's data (for a tree over a
    /// [`Context`](crate::Context), a `Mut<Context<C>>`) and the clock's time:
    ///
    /// ```ignore
    /// TreePlugin::<AgentBrain>::new()
    ///     .before_tick(|agent: &mut Mut<Context<Agent>>, _| agent.get_mut().update(DT))
    ///     .add_to(&mut world, &mut schedule);
    /// ```
    pub fn before_tick<M, F>(self, step: F) -> TreePlugin<T, K, F>
    where
        T: EntityTree<M>,
        F: Fn(&mut QueryItem<'_, '_, T::Data>, Duration) + Clone + Send + Sync + 'static,
    {
        TreePlugin { parallel: self.parallel, step, marker: PhantomData }
    }

    /// Adds the systems to `schedule`, in the set [`TreeSystems`]; creates the clock resource `K`
    /// if `world` has none, registers the [`TreeChanged`] message (its buffers are updated by
    /// `bevy_ecs::message::message_update_system`, which a `bevy_app` app runs, and a bare schedule
    /// has to run itself), makes sure the compute task pool that `par_iter_mut` uses exists, and
    /// inserts [`Ticked<T>`](Ticked).
    pub fn add_to<M: 'static>(self, world: &mut World, schedule: &mut Schedule)
    where
        T: EntityTree<M>,
        S: BeforeTick<T::Data>,
    {
        prepare::<T, K>(world);
        schedule.add_systems(self.systems::<M>());
    }

    /// The two systems, in the set [`TreeSystems`].
    pub(crate) fn systems<M: 'static>(self) -> ScheduleConfigs<ScheduleSystem>
    where
        T: EntityTree<M>,
        S: BeforeTick<T::Data>,
    {
        let TreePlugin { parallel, step, .. } = self;
        let reporting_step = step.clone();
        (
            silent_system::<T, M, K, _>(move |clock, trees| tick_silent(trees, clock.now(), &step, parallel)),
            reporting_system::<T, M, K, _>(move |clock, trees, mut buffers, mut messages| {
                tick_reporting(trees, clock.now(), &reporting_step, &mut buffers, &mut messages)
            }),
        )
            .in_set(TreeSystems)
    }
}

/// What the systems need in the world: the clock, the message, the task pool, the marker.
pub(crate) fn prepare<T: 'static, K: TreeClock>(world: &mut World) {
    world.init_resource::<K>();
    if !world.contains_resource::<Messages<TreeChanged>>() {
        bevy_ecs::message::MessageRegistry::register_message::<TreeChanged>(world);
    }
    bevy_tasks::ComputeTaskPool::get_or_init(bevy_tasks::TaskPool::default);
    world.insert_resource(Ticked::<T>::new());
}
