//! # Guide: behavior trees in a Bevy ECS world
//!
//! Each entity has its own tree, a named tree built by `bt!`, in a [`Brain`] component. Once
//! per schedule run, the system that [`TreePlugin`] adds ticks every entity's tree once, in
//! parallel across entities, with the entity's own components as the tree's context.
//!
//! Supported: `bevy_ecs` **0.20** (0.20.1 when this was written), on Rust 1.95. The crate depends
//! on `bevy_ecs`, `bevy_tasks`, `bevy_platform` and `log`, not on the engine (the feature `app`
//! adds `bevy_app` and `bevy_time`, the feature `assets` `bevy_asset`); `bt` itself does not
//! depend on Bevy at all.
//!
//! ## 1. Say what the tree reads and writes
//!
//! A `QueryData` type lists the components; `#[query_data(mutable)]` when some are written. The
//! tree's context is [`TreeCtx<'a, 'w, 's, D>`](crate::TreeCtx): the query item (fields `Mut<'w,
//! C>` for `&mut C`, `&'w C` for `&C`), the entity and the time (and, in section 2, the leaves'
//! system parameters). It dereferences to the item, so a leaf reaches each component as a field,
//! directly: there is no `World` lookup per leaf, and the compiler checks every access.
//!
//! ```
//! use std::time::Duration;
//! use bevy_ecs::prelude::*;
//! use bevy_ecs::query::QueryData;
//! use bt::{Action, Condition, Status};
//! use bt_bevy::{Brain, TreeCtx, TreePlugin, TreeSystems, TreeTime};
//!
//! #[derive(Component)]
//! struct Hunger(f32);
//! #[derive(Component)]
//! struct Food(u32);
//!
//! /// What the tree reads and writes.
//! #[derive(QueryData)]
//! #[query_data(mutable)]
//! struct Body {
//!     hunger: &'static mut Hunger,
//!     food: &'static mut Food,
//! }
//!
//! /// The context, for short.
//! type Me<'a, 'w, 's> = TreeCtx<'a, 'w, 's, Body>;
//!
//! struct Hungry;
//! impl Condition<Me<'_, '_, '_>> for Hungry {
//!     fn check(&mut self, me: &Me<'_, '_, '_>) -> bool {
//!         me.hunger.0 > 50.0
//!     }
//! }
//!
//! struct Eat;
//! impl Action<Me<'_, '_, '_>> for Eat {
//!     fn condition(&mut self, me: &Me<'_, '_, '_>) -> bool {
//!         me.food.0 > 0
//!     }
//!     fn execute(&mut self, me: &mut Me<'_, '_, '_>) -> Status {
//!         me.food.0 -= 1;
//!         me.hunger.0 = 0.0;
//!         Status::Success
//!     }
//! }
//!
//! // The tree, over the entity's `Body` (section 3).
//! bt_bevy::brain! {
//!     struct Eater for Body {
//!         repeat(sequence<Hungry, Eat>)
//!     }
//! }
//!
//! // The schedule (section 4).
//! let mut world = World::new();
//! let mut schedule = Schedule::default();
//! schedule.add_systems(
//!     (|mut q: Query<&mut Hunger>| q.iter_mut().for_each(|mut h| h.0 += 20.0)).before(TreeSystems),
//! );
//! TreePlugin::<Eater>::new().add_to(&mut world, &mut schedule);
//!
//! let e = world.spawn((Brain::new(Eater::new()), Hunger(0.0), Food(10))).id();
//! for _ in 0..9 {
//!     world.resource_mut::<TreeTime>().advance(Duration::from_millis(16));
//!     schedule.run(&mut world);
//! }
//! // Hunger rises by 20 per run; above 50 the agent eats: at runs 3, 6 and 9.
//! assert_eq!(world.get::<Food>(e).unwrap().0, 7);
//! ```
//!
//! ## 2. Leaves that see the world: system parameters
//!
//! A leaf asks for more than its entity the way a Bevy system does: with system parameters,
//! named as the context's last type argument — a `#[derive(SystemParam)]` struct, a tuple, or a
//! single parameter. The tick system fetches them once per schedule run, and every entity's tick
//! reads them through [`TreeCtx::params`](crate::TreeCtx::params): a resource, a query over
//! other entities (the intruder's position, with no component copied into every guard), commands
//! to spawn a projectile.
//!
//! ```
//! use bevy_ecs::prelude::*;
//! use bevy_ecs::query::QueryData;
//! use bevy_ecs::system::SystemParam;
//! use bt::{Action, Condition, Status};
//! use bt_bevy::{Brain, TreeCtx, TreePlugin};
//!
//! #[derive(Component)]
//! struct Pos(f32);
//! #[derive(Component)]
//! struct Intruder;
//! #[derive(Component)]
//! struct Guard;
//! #[derive(Component)]
//! struct Bolt(f32);
//! #[derive(Resource)]
//! struct Range(f32);
//!
//! #[derive(QueryData)]
//! struct Me {
//!     pos: &'static Pos,
//!     _guard: &'static Guard,
//! }
//!
//! /// What the leaves ask of the world.
//! #[derive(SystemParam)]
//! struct Sight<'w, 's> {
//!     range: Res<'w, Range>,
//!     intruder: Single<'w, 's, &'static Pos, With<Intruder>>,
//!     commands: ParallelCommands<'w, 's>,
//! }
//!
//! type Ctx<'a, 'w, 's> = TreeCtx<'a, 'w, 's, Me, Sight<'static, 'static>>;
//!
//! struct InRange;
//! impl Condition<Ctx<'_, '_, '_>> for InRange {
//!     fn check(&mut self, me: &Ctx<'_, '_, '_>) -> bool {
//!         (me.params().intruder.0 - me.pos.0).abs() <= me.params().range.0
//!     }
//! }
//!
//! struct Shoot;
//! impl Action<Ctx<'_, '_, '_>> for Shoot {
//!     fn execute(&mut self, me: &mut Ctx<'_, '_, '_>) -> Status {
//!         let from = me.pos.0;
//!         me.params().commands.command_scope(|mut commands| {
//!             commands.spawn(Bolt(from));
//!         });
//!         Status::Success
//!     }
//! }
//!
//! bt_bevy::brain! {
//!     struct Sentry for Me, Sight<'static, 'static> { sequence<InRange, Shoot> }
//! }
//!
//! let mut world = World::new();
//! world.insert_resource(Range(3.0));
//! let mut schedule = Schedule::default();
//! TreePlugin::<Sentry>::new().add_to(&mut world, &mut schedule);
//! world.spawn((Intruder, Pos(0.0)));
//! for x in [-5.0, -2.0, 1.0, 4.0] {
//!     world.spawn((Brain::new(Sentry::new()), Guard, Pos(x)));
//! }
//! schedule.run(&mut world);
//! assert_eq!(world.query::<&Bolt>().iter(&world).count(), 2); // the guards at -2 and 1
//! ```
//!
//! **Parallel or one after another.** Shared parameters (`Res`, `Query` reading other entities,
//! `Single`, `ParallelCommands`: anything whose item every thread may read) let the entities tick
//! in parallel; the leaves get `&`. Parameters that need `&mut` (`Commands`, `ResMut`,
//! `MessageWriter`, `MessageReader`, `Local`, a `Query` that writes other entities) go in
//! [`Serial<P>`](crate::Serial): the leaves get them with
//! [`params_mut`](crate::TreeCtx::params_mut), and the entities of that tree tick one after
//! another, as in any system holding those parameters. [`TreeParams`](crate::TreeParams) has the
//! table. A parameter that reads a component the tree's own query writes conflicts with it, as
//! two parameters of one system do, and Bevy says so when the schedule starts: keep them apart
//! with a filter (`Without<Guard>`, `With<Intruder>`).
//!
//! ## 3. The tree, and the one rule about lifetimes
//!
//! [`brain!`](crate::brain) declares the named tree: `brain! { struct Sentry for Me, Sight<'static,
//! 'static> { … } }` is the `bt!` tree for the context `TreeCtx<'static, 'static, 'static, Me,
//! Sight<'static, 'static>>` (a type has to be named there; the ticks use the real lifetimes,
//! through [`BehaviorTree::tick_as`](bt::BehaviorTree::tick_as)). The tree type is the component's
//! parameter: `Brain<Sentry>`. A `bt!` tree is `Send` and `Sync` when its leaves are, as a
//! component must be.
//!
//! The rule: **write `'_` for the context's lifetimes in a leaf's `impl`**, as above
//! (`impl Action<TreeCtx<'_, '_, '_, Body>> for Eat`, or through an alias `Me<'_, '_, '_>`), so
//! that the leaf serves every tick. A leaf written for `TreeCtx<'static, 'static, 'static, …>`
//! only cannot tick in a system: `brain!` checks this where the tree is declared, and the
//! compiler answers there, once: "implementation of `Action` is not general enough … `Eat` must
//! implement `Action<TreeCtx<'0, '0, '0, Body>>`, for any lifetime `'0`… but it actually
//! implements `Action<TreeCtx<'static, 'static, 'static, Body>>`" (the same error follows where
//! the plugin is added, once per lifetime; the first one is the one to read). The fix is the
//! `'_`.
//!
//! A tree that already exists for a plain context struct runs unchanged: put the context in a
//! [`Context<C>`](crate::Context) component next to the [`Brain`]. Its clock is then its own
//! [`Clock`](bt::Clock) implementation (`bevy_crowd` does this with the hungry agent).
//!
//! ## 4. The schedule
//!
//! [`TreePlugin::add_to`] adds two systems to a schedule, in the set [`TreeSystems`]:
//! one ticks the trees of the entities without [`StatusMessages`], the other those of the
//! entities with it. Order your systems against the set: `apply_physics.before(TreeSystems)`.
//!
//! * **Parallel.** Ticks run in parallel across entities (`par_iter_mut`, on the compute task
//!   pool, which `add_to` creates if needed) unless the leaves' parameters are
//!   [`Serial`](crate::Serial). Each entity's tree touches only that entity's data, which
//!   `QueryData` guarantees, and reads the shared parameters; Bevy checks at start-up that
//!   nothing conflicts (a `Body` asking for `&mut Brain<T>` itself panics there).
//!   `.parallel(false)` ticks on one thread, for small worlds.
//! * **A forgotten plugin.** In debug builds, a `Brain<T>` added to a world where no
//!   `TreePlugin<T>` was added is reported once per tree type (a `log` warning, or standard
//!   error without a logger, and the type in the [`UntickedBrains`](crate::UntickedBrains)
//!   resource). A system of your own that ticks `Brain<T>` inserts
//!   [`Ticked<T>`](crate::Ticked) to say so.
//! * **The step before the tick.** `.before_tick(|item, now| …)` runs a closure on each entity's
//!   data right before its tick, in the same pass: a separate system would read every entity from
//!   memory a second time, which for a crowd larger than the caches costs about as much as the
//!   ticks (see the figures in the README).
//! * **Time.** The tree's [`Clock`](bt::Clock) is the clock resource `K` of
//!   `TreePlugin<T, K>`: [`TreeTime`] by default, advanced by whoever drives the schedule. Every
//!   entity of one run sees the same time. With the feature `app`, `bevy_time::Time` serves too
//!   ([`TreePlugin::with_clock`]); see below.
//!
//! ## 5. Status changes as messages
//!
//! Insert [`StatusMessages`] on the entities whose trees you want to follow: their node status
//! changes arrive as [`TreeChanged`] messages (the entity and a [`bt::Change`], node ids as in
//! the tree's description), read with a `MessageReader<TreeChanged>`. The rules are those of
//! [`bt::ChangeObserver`]: a node that returns the same status again is not reported again; a halt
//! always is. Entities without the component are ticked by a system with no observer at all, so
//! they pay nothing for it. `add_to` registers the message; a bare schedule runs
//! `bevy_ecs::message::message_update_system` itself to rotate the message buffers, as for any
//! message (a `bevy_app` app does it for you).
//!
//! ## 6. Time, and a headless app with a deterministic clock
//!
//! Bevy's `Time` lives in `bevy_time`, which brings in `bevy_app`. A headless simulation or a
//! server built on `bevy_ecs` alone has neither, so the trees read their clock through the
//! [`TreeClock`] trait: [`TreeTime`] needs nothing but `bevy_ecs` and advances only when told
//! (`world.resource_mut::<TreeTime>().advance(dt)`), as in section 1. The feature `app`
//! implements the trait for `bevy_time::Time<T>` (its `elapsed()`), turns a [`TreePlugin`] into a
//! `bevy_app::Plugin` that ticks in `Update` (`TreePlugin::for_app`, which also registers the
//! message with the app), and gives `bt_bevy::headless_app`: an `App` whose `Time`
//! advances by exactly the given step on every `app.update()`, whatever the wall clock does, so
//! that a test or a server run gives the same result every time:
//!
//! ```
//! # #[cfg(feature = "app")] {
//! # use bevy_ecs::prelude::*;
//! # use bevy_ecs::query::QueryData;
//! # use bt::{Action, Status};
//! # use bt_bevy::{Brain, TreeCtx, TreePlugin};
//! use std::time::Duration;
//! use bevy_time::Time;
//!
//! #[derive(Component, Default)]
//! struct Waited(u32);
//! #[derive(QueryData)]
//! #[query_data(mutable)]
//! struct Waiter { waited: &'static mut Waited }
//!
//! struct Wait;
//! impl Action<TreeCtx<'_, '_, '_, Waiter>> for Wait {
//!     fn execute(&mut self, me: &mut TreeCtx<'_, '_, '_, Waiter>) -> Status {
//!         me.waited.0 += 1;
//!         Status::Running
//!     }
//! }
//! bt_bevy::brain! { struct Patient for Waiter { timeout(1s)<Wait> } }
//!
//! let mut app = bt_bevy::headless_app(Duration::from_millis(100));
//! app.add_plugins(TreePlugin::<Patient>::new().with_clock::<Time>().for_app());
//! let e = app.world_mut().spawn((Brain::new(Patient::new()), Waited::default())).id();
//! for _ in 0..12 {
//!     app.update();
//! }
//! // Started at time zero (the first update), the timeout fails at 1 s (the 11th update: no tick
//! // of `Wait`), and the tree starts again at 1.1 s.
//! assert_eq!(app.world().get::<Waited>(e).unwrap().0, 11);
//! # }
//! ```
//!
//! ## 7. Stopping a tree
//!
//! A tree that is dropped while it runs (its entity despawned, its `Brain` removed) runs no exit
//! hook: nothing is ticked or halted outside the tick systems. To interrupt it properly, halt it
//! first, in a system of yours that has the same data: for each entity to stop,
//! `brain.halt_entity(data, &params, entity, now, &mut bt::NoObserver)`
//! ([`EntityTree::halt_entity`]; `&()` for a tree without parameters);
//! the running actions exit with `Halted`, then remove or despawn.
//!
//! ## 8. Trees from files, reloaded as they are edited (feature `assets`)
//!
//! A tree drawn in Groot2 (any BehaviorTree.CPP v3/v4 XML file) can be an asset: the file
//! `trees/guard.btree.xml` is loaded by the asset server, built into each entity's brain with a
//! [`bt::load::Registry`] of your leaves, and rebuilt when the file changes, through Bevy's own
//! hot reloading (`AssetEvent::Modified`, from `bevy_asset`'s file watcher):
//!
//! ```ignore
//! use bt_bevy::assets::{Loaded, TreeFilesPlugin, TreeRegistry};
//!
//! app.add_plugins((
//!     TaskPoolPlugin::default(),
//!     AssetPlugin { watch_for_changes_override: Some(true), ..default() },
//!     TreeFilesPlugin::<Bot>::new(),
//! ))
//! .insert_resource(TreeRegistry::new(Registry::<Bot>::new().with_clock().action::<Walk>("Walk")));
//! let guard = app.world().resource::<AssetServer>().load("trees/guard.btree.xml");
//! app.world_mut().spawn((Brain::new(Loaded::<Bot>::new(guard)), Context::new(Bot::default())));
//! ```
//!
//! Every entity whose brain came from the file gets the new tree before the next tick: its running
//! tree is halted (exit hooks run), the new one starts. A file that does not build keeps the
//! running trees and is reported once, with every error's line and column
//! (the message `bt_bevy::assets::TreeFileFailed`, and a log line). Loaded trees work on a
//! context of their own in a [`Context<C>`](crate::Context) component, and tick in parallel like
//! compiled ones; the module `bt_bevy::assets` says why and how.
//!
//! ## 9. What it costs
//!
//! A tick through the plugin is the same statically dispatched tick as in a plain loop; the
//! context is built on the stack from the query item. The example `bevy_crowd` (`cargo run
//! --release --example bevy_crowd`) steps 100 000 hungry agents with a plain loop and with Bevy
//! schedules, in the same process, and prints both throughputs; the README lists the figures it
//! printed.
//!
//! [`Brain`]: crate::Brain
//! [`TreePlugin`]: crate::TreePlugin
//! [`EntityTree::halt_entity`]: crate::EntityTree::halt_entity
//! [`TreePlugin::add_to`]: crate::TreePlugin::add_to
//! [`TreePlugin::with_clock`]: crate::TreePlugin::with_clock
//! [`TreeCtx`]: crate::TreeCtx
//! [`Context<C>`]: crate::Context
//! [`Context`]: crate::Context
//! [`TreeSystems`]: crate::TreeSystems
//! [`StatusMessages`]: crate::StatusMessages
//! [`TreeChanged`]: crate::TreeChanged
//! [`TreeClock`]: crate::TreeClock
//! [`TreeTime`]: crate::TreeTime
