//! # Guide: behavior trees in a Bevy ECS world
//!
//! Each entity has its own tree, a named tree built by `bt!`, in a [`Brain`] component. Once
//! per schedule run, the system that [`TreePlugin`] adds ticks every entity's tree once, in
//! parallel across entities, with the entity's own components as the tree's context.
//!
//! Supported: `bevy_ecs` **0.20** (0.20.1 when this was written), on Rust 1.95. The crate depends
//! on `bevy_ecs`, `bevy_tasks` and `bevy_platform`, not on the engine; `bt` itself does not depend
//! on Bevy at all.
//!
//! ## 1. Say what the tree reads and writes
//!
//! A `QueryData` type lists the components; `#[query_data(mutable)]` when some are written. The
//! tree's context is [`TreeCtx<'w, 's, D>`](crate::TreeCtx): the query item (fields `Mut<'w, C>` for
//! `&mut C`, `&'w C` for `&C`), the entity and the time. It dereferences to the item, so a leaf
//! reaches each component as a field, directly: there is no `World` lookup per leaf, and the
//! compiler checks every access.
//!
//! ```
//! use std::time::Duration;
//! use bevy_ecs::prelude::*;
//! use bevy_ecs::query::QueryData;
//! use bt::{bt, Action, Condition, Status};
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
//! type Me<'w, 's> = TreeCtx<'w, 's, Body>;
//!
//! struct Hungry;
//! impl Condition<Me<'_, '_>> for Hungry {
//!     fn check(&mut self, me: &Me<'_, '_>) -> bool {
//!         me.hunger.0 > 50.0
//!     }
//! }
//!
//! struct Eat;
//! impl Action<Me<'_, '_>> for Eat {
//!     fn condition(&mut self, me: &Me<'_, '_>) -> bool {
//!         me.food.0 > 0
//!     }
//!     fn execute(&mut self, me: &mut Me<'_, '_>) -> Status {
//!         me.food.0 -= 1;
//!         me.hunger.0 = 0.0;
//!         Status::Success
//!     }
//! }
//!
//! // 2. The tree: a named tree, for the context with `'static` lifetimes (see below).
//! bt! {
//!     struct Eater for TreeCtx<'static, 'static, Body> {
//!         repeat(sequence<Hungry, Eat>)
//!     }
//! }
//!
//! // 3. The schedule.
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
//! ## 2. The tree
//!
//! Leaves implement `Action<TreeCtx<'_, '_, D>>` or `Condition<…>` for every lifetime, as above.
//! The named tree states its context with `'static` lifetimes: a type has to be named there, and
//! the ticks use the real, shorter lifetimes of the query (through
//! [`BehaviorTree::tick_as`](bt::BehaviorTree::tick_as)); leaves written for every lifetime fit
//! both. The tree type is the component's parameter: `Brain<Eater>`. A `bt!` tree is `Send` and
//! `Sync` when its leaves are, as a component must be.
//!
//! A tree that already exists for a plain context struct runs unchanged: put the context in a
//! [`Context<C>`](crate::Context) component next to the [`Brain`]. Its clock is then its own
//! [`Clock`](bt::Clock) implementation (`bevy_crowd` does this with the hungry agent).
//!
//! ## 3. The schedule
//!
//! [`TreePlugin::add_to`] adds two systems to a schedule, in the set [`TreeSystems`]:
//! one ticks the trees of the entities without [`StatusMessages`], the other those of the
//! entities with it. Order your systems against the set: `apply_physics.before(TreeSystems)`.
//!
//! * **Parallel.** Ticks run in parallel across entities (`par_iter_mut`, on the compute task
//!   pool, which `add_to` creates if needed). Each entity's tree touches only that entity's data,
//!   which `QueryData` guarantees; Bevy checks at start-up that the query does not conflict with
//!   `&mut Brain<T>` (a `Body` asking for `&mut Brain<T>` itself panics there). `.parallel(false)`
//!   ticks on one thread, for small worlds.
//! * **The step before the tick.** `.before_tick(|item, now| …)` runs a closure on each entity's
//!   data right before its tick, in the same pass: a separate system would read every entity from
//!   memory a second time, which for a crowd larger than the caches costs about as much as the
//!   ticks (see the figures in the README).
//! * **Time.** The tree's [`Clock`](bt::Clock) is the clock resource `K` of
//!   `TreePlugin<T, K>`: [`TreeTime`] by default, advanced by whoever drives the schedule. Every
//!   entity of one run sees the same time. With the feature `app`, `bevy_time::Time` serves too
//!   ([`TreePlugin::with_clock`]); see below.
//!
//! ## 4. Status changes as messages
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
//! ## 5. Why a `Time`-like resource of its own
//!
//! Bevy's `Time` lives in `bevy_time`, which brings in `bevy_app`. A headless simulation or a
//! server built on `bevy_ecs` alone has neither, so the trees read their clock through the
//! [`TreeClock`] trait: [`TreeTime`] needs nothing but `bevy_ecs`; the feature `app` implements
//! the trait for `bevy_time::Time<T>` (its `elapsed()`) and turns a [`TreePlugin`] into a
//! `bevy_app::Plugin` that ticks in `Update` ([`TreePlugin::for_app`], which also registers the
//! message with the app):
//!
//! ```ignore
//! App::new()
//!     .add_plugins((TimePlugin, TreePlugin::<Eater>::new().with_clock::<Time>().for_app()))
//!     .run();
//! ```
//!
//! (`tests/app.rs` runs such an app.)
//!
//! ## 6. Stopping a tree
//!
//! A tree that is dropped while it runs (its entity despawned, its `Brain` removed) runs no exit
//! hook: nothing is ticked or halted outside the tick systems. To interrupt it properly, halt it
//! first, in a system of yours that has the same data: for each entity to stop,
//! `brain.halt_entity(data, entity, now, &mut bt::NoObserver)` ([`EntityTree::halt_entity`]);
//! the running actions exit with `Halted`, then remove or despawn.
//!
//! ## 7. What it costs
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
//! [`TreePlugin::for_app`]: crate::TreePlugin::for_app
//! [`TreeCtx<'w, 's, D>`]: crate::TreeCtx
//! [`TreeCtx`]: crate::TreeCtx
//! [`Context<C>`]: crate::Context
//! [`Context`]: crate::Context
//! [`TreeSystems`]: crate::TreeSystems
//! [`StatusMessages`]: crate::StatusMessages
//! [`TreeChanged`]: crate::TreeChanged
//! [`TreeClock`]: crate::TreeClock
//! [`TreeTime`]: crate::TreeTime
