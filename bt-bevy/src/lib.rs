//! Behavior trees built by `bt!`, one per entity, ticked by a Bevy ECS schedule.
//!
//! Built on `bevy_ecs` 0.20 alone (not the whole engine); the optional feature `app` adds a
//! `bevy_app` plugin and `bevy_time`'s `Time` as the trees' clock.
//!
//! * [`Brain<T>`] is the component that holds an entity's tree `T` (a named tree from `bt!`).
//! * The tree's context is the entity's own data, in one of two forms:
//!   [`TreeCtx<'w, 's, D>`](TreeCtx), the components named by a `QueryData` type `D` (each leaf
//!   gets typed access to them, no `World` lookup), or [`Context<C>`], one component holding the
//!   whole context `C` of an existing tree.
//! * [`TreePlugin`] adds the system that ticks every entity's tree once per schedule run, in
//!   parallel across entities (`par_iter_mut`), in the system set [`TreeSystems`]; with
//!   [`before_tick`](TreePlugin::before_tick), a step of yours runs on each entity right before
//!   its tick, in the same pass.
//! * The trees' clock is a resource: [`TreeTime`] (a `Time`-like resource that needs nothing but
//!   `bevy_ecs`), or, with the feature `app`, `bevy_time::Time` (see [`TreeClock`]).
//! * An entity with the [`StatusMessages`] component reports its tree's status changes as
//!   [`TreeChanged`] messages; entities without it are ticked by a system with no observer at
//!   all, so they pay nothing per tick for that.
//!
//! The guide, [`guide`], walks through a whole program.

use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use core::time::Duration;

use bevy_ecs::prelude::*;
use bevy_ecs::query::{IterQueryData, QueryData, QueryItem};
use bevy_ecs::schedule::ScheduleConfigs;
use bevy_ecs::system::ScheduleSystem;
use bevy_ecs::utils::Parallel;
use bevy_platform::cell::SyncCell;
use bt::{BehaviorTree, Change, Clock, Node, NodeId, Observer, Status};

pub mod guide;

/// The component that holds an entity's behavior tree `T`: a named tree declared with `bt!`
/// (`bt! { pub struct AgentBrain for … { … } }`), whose context is the entity's data (see
/// [`EntityTree`]).
///
/// `Brain` dereferences to the tree, so `brain.is_running()`, `brain.description()` and the
/// other methods of [`BehaviorTree`] are at hand.
#[derive(Component, Clone, Debug, Default)]
pub struct Brain<T: Send + Sync + 'static>(pub T);

impl<T: Send + Sync + 'static> Brain<T> {
    /// The component holding `tree`.
    pub const fn new(tree: T) -> Self {
        Brain(tree)
    }
}

impl<T: Send + Sync + 'static> Deref for Brain<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Send + Sync + 'static> DerefMut for Brain<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// The context of a tree that works on several components of its entity: the query item of the
/// `QueryData` type `D` (the components the tree reads and writes), the entity, and the time.
///
/// `TreeCtx` dereferences to the query item, so a leaf reaches a component as a field:
/// `ctx.needs.food`. With `#[derive(QueryData)] #[query_data(mutable)] struct Body { needs:
/// &'static mut Needs, pos: &'static Pos }`, the item has fields `needs: Mut<'w, Needs>` and `pos:
/// &'w Pos`. It implements [`Clock`] with the time of the schedule run (the [`TreeClock`]
/// resource's), so `timeout`, `delay`, `cooldown` and expiring values work as everywhere else.
///
/// Leaves implement their traits for every lifetime, and the named tree names the context with
/// `'static` lifetimes (a type has to be named there; the ticks use the real, shorter ones):
///
/// ```text
/// impl Action<TreeCtx<'_, '_, Body>> for Eat { … }
/// bt! { pub struct AgentBrain for TreeCtx<'static, 'static, Body> { sequence<Hungry, Eat> } }
/// ```
///
/// A `TreeCtx` only ever lives inside one tick, on the thread that ticks its entity; it is not
/// `Send` (which also tells it apart from the contexts [`Context`] holds).
pub struct TreeCtx<'w, 's, D: QueryData> {
    item: D::Item<'w, 's>,
    entity: Entity,
    now: Duration,
    not_send: PhantomData<*const ()>,
}

impl<'w, 's, D: QueryData> TreeCtx<'w, 's, D> {
    /// The context of `entity`, whose data is `item`, at time `now`. The tick systems build it;
    /// build one yourself to tick a tree by hand (in a test, say).
    pub fn new(item: D::Item<'w, 's>, entity: Entity, now: Duration) -> Self {
        TreeCtx { item, entity, now, not_send: PhantomData }
    }

    /// The entity whose tree ticks.
    pub fn entity(&self) -> Entity {
        self.entity
    }

    /// The query item: the entity's components.
    pub fn item(&self) -> &D::Item<'w, 's> {
        &self.item
    }

    /// The query item, mutably.
    pub fn item_mut(&mut self) -> &mut D::Item<'w, 's> {
        &mut self.item
    }

    /// The query item, given back.
    pub fn into_item(self) -> D::Item<'w, 's> {
        self.item
    }
}

impl<'w, 's, D: QueryData> Deref for TreeCtx<'w, 's, D> {
    type Target = D::Item<'w, 's>;
    fn deref(&self) -> &Self::Target {
        &self.item
    }
}

impl<D: QueryData> DerefMut for TreeCtx<'_, '_, D> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.item
    }
}

impl<D: QueryData> Clock for TreeCtx<'_, '_, D> {
    #[inline]
    fn now(&self) -> Duration {
        self.now
    }
}

/// A component holding the whole context `C` of a tree: the way to run an existing tree, written
/// for a plain context struct, on an entity, unchanged.
///
/// `C` only needs to be `Send` (a component has to be `Sync` too; `Context` makes it so by giving
/// out only `&mut C`, or `&C` when `C` is `Sync`). The tree's clock is then `C`'s own [`Clock`]
/// implementation: the [`TreeClock`] resource is not consulted, so update the context's clock
/// in a system of your own (from the resource, or by a fixed step as a simulation does).
#[derive(Component)]
pub struct Context<C: Send + 'static>(SyncCell<C>);

impl<C: Send + 'static> Context<C> {
    /// The component holding `context`.
    pub fn new(context: C) -> Self {
        Context(SyncCell::new(context))
    }

    /// The context, mutably.
    pub fn get_mut(&mut self) -> &mut C {
        self.0.get()
    }

    /// The context (shared access needs `C: Sync`).
    pub fn get(&self) -> &C
    where
        C: Sync,
    {
        self.0.read()
    }

    /// The context, given back.
    pub fn into_inner(self) -> C {
        SyncCell::to_inner(self.0)
    }
}

/// Where the trees' clock reads the time: a resource. The time a tick sees is the same for every
/// entity of one schedule run.
///
/// Implemented by [`TreeTime`], and with the feature `app` by `bevy_time::Time<T>` (its
/// `elapsed()`).
pub trait TreeClock: Resource + FromWorld {
    /// The current time, as a duration since the clock's origin; never goes backwards.
    fn now(&self) -> Duration;
}

/// A `Time`-like resource that needs nothing but `bevy_ecs`: the time since the start, advanced by
/// whoever drives the schedule (`world.resource_mut::<TreeTime>().advance(dt)`, or a system of
/// yours). With `bevy_app`, use `bevy_time::Time` instead (feature `app`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeTime {
    elapsed: Duration,
    delta: Duration,
}

impl TreeTime {
    /// Time zero.
    pub const fn new() -> Self {
        TreeTime { elapsed: Duration::ZERO, delta: Duration::ZERO }
    }

    /// Moves time forward by `dt`.
    pub fn advance(&mut self, dt: Duration) {
        self.elapsed += dt;
        self.delta = dt;
    }

    /// Time since the start.
    pub const fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// The last step [`advance`](Self::advance) made.
    pub const fn delta(&self) -> Duration {
        self.delta
    }
}

impl TreeClock for TreeTime {
    #[inline]
    fn now(&self) -> Duration {
        self.elapsed
    }
}

impl Clock for TreeTime {
    #[inline]
    fn now(&self) -> Duration {
        self.elapsed
    }
}

/// A tree that an entity can hold in a [`Brain`]: what it reads and writes (`Data`), and how it
/// ticks on that. Implemented for every named `bt!` tree whose context is a [`TreeCtx`] (marker
/// [`OnQuery`]) or a context held in a [`Context`] component (marker [`OnContext`]); you do not
/// implement it yourself. The marker `M` only keeps the two implementations apart; the compiler
/// infers it.
pub trait EntityTree<M>: Send + Sync + 'static {
    /// The query data of the entity's components the tree reads and writes.
    type Data: IterQueryData + 'static;

    /// Number of nodes in the tree.
    fn node_count(&self) -> usize;

    /// Ticks the tree once on `entity`'s data `item` at time `now`, telling `observer` every
    /// node's status and every halt.
    fn tick_entity<O: Observer>(
        &mut self,
        item: QueryItem<'_, '_, Self::Data>,
        entity: Entity,
        now: Duration,
        observer: &mut O,
    ) -> Status;

    /// Halts the tree if it runs (its running actions exit with `Halted`).
    fn halt_entity<O: Observer>(
        &mut self,
        item: QueryItem<'_, '_, Self::Data>,
        entity: Entity,
        now: Duration,
        observer: &mut O,
    );
}

/// Marker of [`EntityTree`] for trees whose context is a [`TreeCtx`].
#[derive(Clone, Copy, Debug)]
pub struct OnQuery;

/// Marker of [`EntityTree`] for trees whose context is held in a [`Context`] component.
#[derive(Clone, Copy, Debug)]
pub struct OnContext;

impl<T, N, D, Desc> EntityTree<OnQuery> for T
where
    T: DerefMut<Target = BehaviorTree<N, TreeCtx<'static, 'static, D>, Desc>> + Send + Sync + 'static,
    D: IterQueryData + 'static,
    N: for<'w, 's> Node<TreeCtx<'w, 's, D>>,
{
    type Data = D;

    fn node_count(&self) -> usize {
        <N as Node<TreeCtx<'static, 'static, D>>>::SIZE
    }

    #[inline]
    fn tick_entity<O: Observer>(
        &mut self,
        item: QueryItem<'_, '_, D>,
        entity: Entity,
        now: Duration,
        observer: &mut O,
    ) -> Status {
        self.deref_mut().tick_as(&mut TreeCtx::<D>::new(item, entity, now), observer)
    }

    fn halt_entity<O: Observer>(
        &mut self,
        item: QueryItem<'_, '_, D>,
        entity: Entity,
        now: Duration,
        observer: &mut O,
    ) {
        self.deref_mut().halt_as(&mut TreeCtx::<D>::new(item, entity, now), observer)
    }
}

impl<T, N, C, Desc> EntityTree<OnContext> for T
where
    T: DerefMut<Target = BehaviorTree<N, C, Desc>> + Send + Sync + 'static,
    C: Send + 'static,
    N: Node<C>,
{
    type Data = &'static mut Context<C>;

    fn node_count(&self) -> usize {
        N::SIZE
    }

    #[inline]
    fn tick_entity<O: Observer>(
        &mut self,
        mut item: Mut<'_, Context<C>>,
        _: Entity,
        _: Duration,
        observer: &mut O,
    ) -> Status {
        self.deref_mut().tick_with(item.get_mut(), observer)
    }

    fn halt_entity<O: Observer>(
        &mut self,
        mut item: Mut<'_, Context<C>>,
        _: Entity,
        _: Duration,
        observer: &mut O,
    ) {
        self.deref_mut().halt_with(item.get_mut(), observer)
    }
}

/// Add it to an entity to receive its tree's status changes as [`TreeChanged`] messages. It keeps
/// the status each node returned last (one byte per node), so that only changes are reported, as
/// [`bt::ChangeObserver`] does.
///
/// Entities without it are ticked by a system that does not observe at all, so they pay nothing
/// for the messages of others.
#[derive(Component, Clone, Debug, Default)]
pub struct StatusMessages {
    statuses: Vec<Option<Status>>,
}

impl StatusMessages {
    /// Every node starts idle.
    pub fn new() -> Self {
        Self::default()
    }

    /// The status each node returned on its last tick (`None`: idle, or not ticked yet), by node
    /// id; empty until the first tick.
    pub fn statuses(&self) -> &[Option<Status>] {
        &self.statuses
    }
}

/// A status change of one node of one entity's tree (for entities with [`StatusMessages`]).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeChanged {
    /// The entity whose tree it is.
    pub entity: Entity,
    /// What changed (node ids as in the tree's description).
    pub change: Change,
}

/// The observer of the reporting system: [`bt::ChangeObserver`]'s rules, over the statuses kept in
/// the entity's [`StatusMessages`], into a per-thread buffer.
struct Report<'a> {
    entity: Entity,
    statuses: &'a mut [Option<Status>],
    out: &'a mut Vec<TreeChanged>,
}

impl Observer for Report<'_> {
    #[inline]
    fn ticked(&mut self, node: NodeId, status: Status) {
        let previous = self.statuses.get_mut(node).and_then(|slot| slot.replace(status));
        if previous != Some(status) {
            self.out.push(TreeChanged {
                entity: self.entity,
                change: Change::Ticked { node, previous, new: status },
            });
        }
    }

    #[inline]
    fn halted(&mut self, node: NodeId) {
        if let Some(slot) = self.statuses.get_mut(node) {
            *slot = None;
        }
        self.out.push(TreeChanged { entity: self.entity, change: Change::Halted { node } });
    }
}

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

/// Ticks every tree of `trees` once, after `step`, in parallel or not.
fn tick_silent<T: EntityTree<M>, M, S: BeforeTick<T::Data>>(
    trees: &mut Query<Silent<T, M>, Without<StatusMessages>>,
    now: Duration,
    step: &S,
    parallel: bool,
) {
    let tick = |(entity, mut brain, mut data): QueryItem<'_, '_, Silent<T, M>>| {
        step.before_tick(&mut data, now);
        let _ = brain.0.tick_entity(data, entity, now, &mut bt::NoObserver);
    };
    if parallel {
        trees.par_iter_mut().for_each(tick);
    } else {
        trees.iter_mut().for_each(tick);
    }
}

/// Ticks every tree of `trees` once, after `step`, in parallel, and writes the status changes.
fn tick_reporting<T: EntityTree<M>, M, S: BeforeTick<T::Data>>(
    trees: &mut Query<Reporting<T, M>>,
    now: Duration,
    step: &S,
    buffers: &mut Parallel<Vec<TreeChanged>>,
    messages: &mut MessageWriter<TreeChanged>,
) {
    let buffers_ref = &*buffers;
    trees.par_iter_mut().for_each_init(
        || buffers_ref.borrow_local_mut(),
        |out, (entity, mut brain, mut watch, mut data)| {
            step.before_tick(&mut data, now);
            let nodes = brain.0.node_count();
            if watch.statuses.len() != nodes {
                watch.statuses.clear();
                watch.statuses.resize(nodes, None);
            }
            let mut report = Report { entity, statuses: &mut watch.statuses, out };
            let _ = brain.0.tick_entity(data, entity, now, &mut report);
        },
    );
    for buffer in buffers.iter_mut() {
        messages.write_batch(buffer.drain(..));
    }
}

/// The system that ticks the trees of entities without [`StatusMessages`], in parallel across
/// entities (`par_iter_mut`). [`TreePlugin`] adds it; add it yourself for another arrangement.
pub fn tick_trees<T: EntityTree<M>, M: 'static, K: TreeClock>(
    clock: Res<K>,
    mut trees: Query<Silent<T, M>, Without<StatusMessages>>,
) {
    tick_silent(&mut trees, clock.now(), &NoStep, true);
}

/// [`tick_trees`] on one thread (`iter_mut`): for small worlds, where spreading the work costs
/// more than it saves.
pub fn tick_trees_serial<T: EntityTree<M>, M: 'static, K: TreeClock>(
    clock: Res<K>,
    mut trees: Query<Silent<T, M>, Without<StatusMessages>>,
) {
    tick_silent(&mut trees, clock.now(), &NoStep, false);
}

/// The system that ticks the trees of entities with [`StatusMessages`] and writes their status
/// changes as [`TreeChanged`] messages (in parallel across entities; each thread collects its
/// messages, which are written after the ticks). [`TreePlugin`] adds it.
pub fn tick_trees_reporting<T: EntityTree<M>, M: 'static, K: TreeClock>(
    clock: Res<K>,
    mut trees: Query<Reporting<T, M>>,
    mut buffers: Local<Parallel<Vec<TreeChanged>>>,
    mut messages: MessageWriter<TreeChanged>,
) {
    tick_reporting(&mut trees, clock.now(), &NoStep, &mut buffers, &mut messages);
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
    parallel: bool,
    step: S,
    marker: PhantomData<fn() -> (T, K)>,
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

impl<T: Send + Sync + 'static, K: TreeClock, S: Clone + Send + Sync + 'static> TreePlugin<T, K, S> {
    /// Reads the time from the resource `K2` instead.
    pub fn with_clock<K2: TreeClock>(self) -> TreePlugin<T, K2, S> {
        TreePlugin { parallel: self.parallel, step: self.step, marker: PhantomData }
    }

    /// Whether the entities without [`StatusMessages`] are ticked in parallel (`par_iter_mut`,
    /// the default) or on one thread (`iter_mut`, for small worlds, where spreading the work costs
    /// more than it saves).
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
    /// `step` gets the query item of the tree's data (for a tree over a [`Context`], a
    /// `Mut<Context<C>>`) and the clock's time:
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
    /// has to run itself), and makes sure the compute task pool that `par_iter_mut` uses exists.
    pub fn add_to<M: 'static>(self, world: &mut World, schedule: &mut Schedule)
    where
        T: EntityTree<M>,
        S: BeforeTick<T::Data>,
    {
        prepare::<K>(world);
        schedule.add_systems(self.systems::<M>());
    }

    /// The two systems, in the set [`TreeSystems`].
    fn systems<M: 'static>(self) -> ScheduleConfigs<ScheduleSystem>
    where
        T: EntityTree<M>,
        S: BeforeTick<T::Data>,
    {
        let TreePlugin { parallel, step, .. } = self;
        let reporting_step = step.clone();
        (
            move |clock: Res<K>, mut trees: Query<Silent<T, M>, Without<StatusMessages>>| {
                tick_silent(&mut trees, clock.now(), &step, parallel);
            },
            move |clock: Res<K>,
                  mut trees: Query<Reporting<T, M>>,
                  mut buffers: Local<Parallel<Vec<TreeChanged>>>,
                  mut messages: MessageWriter<TreeChanged>| {
                tick_reporting(&mut trees, clock.now(), &reporting_step, &mut buffers, &mut messages);
            },
        )
            .in_set(TreeSystems)
    }
}

fn prepare<K: TreeClock>(world: &mut World) {
    world.init_resource::<K>();
    if !world.contains_resource::<Messages<TreeChanged>>() {
        bevy_ecs::message::MessageRegistry::register_message::<TreeChanged>(world);
    }
    bevy_tasks::ComputeTaskPool::get_or_init(bevy_tasks::TaskPool::default);
}

#[cfg(feature = "app")]
mod app {
    use super::*;

    /// `bevy_time`'s clock: the tree sees its `elapsed()` time (feature `app`).
    impl<C: Default + Send + Sync + 'static> TreeClock for bevy_time::Time<C> {
        #[inline]
        fn now(&self) -> Duration {
            self.elapsed()
        }
    }

    impl<T: Send + Sync + 'static, K: TreeClock, S: Clone + Send + Sync + 'static> TreePlugin<T, K, S> {
        /// The plugin as a `bevy_app::Plugin`, which adds the systems to the app's `Update`
        /// schedule (feature `app`):
        /// `app.add_plugins(TreePlugin::<AgentBrain>::new().with_clock::<Time>().for_app())`.
        pub fn for_app<M: 'static>(self) -> AppPlugin<T, K, S, M>
        where
            T: EntityTree<M>,
            S: BeforeTick<T::Data>,
        {
            AppPlugin { plugin: self, marker: PhantomData }
        }
    }

    /// A [`TreePlugin`] as a `bevy_app::Plugin` ([`TreePlugin::for_app`]; feature `app`).
    pub struct AppPlugin<T, K, S, M> {
        plugin: TreePlugin<T, K, S>,
        marker: PhantomData<fn() -> M>,
    }

    impl<T, K, S, M> bevy_app::Plugin for AppPlugin<T, K, S, M>
    where
        T: EntityTree<M>,
        K: TreeClock,
        S: BeforeTick<T::Data>,
        M: 'static,
    {
        fn build(&self, app: &mut bevy_app::App) {
            let plugin = TreePlugin::<T, K, S> {
                parallel: self.plugin.parallel,
                step: self.plugin.step.clone(),
                marker: PhantomData,
            };
            prepare::<K>(app.world_mut());
            app.add_message::<TreeChanged>();
            app.add_systems(bevy_app::Update, plugin.systems::<M>());
        }
    }
}

#[cfg(feature = "app")]
pub use app::AppPlugin;
