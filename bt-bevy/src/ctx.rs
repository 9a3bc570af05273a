//! The contexts a tree ticks on: [`TreeCtx`] (the entity's components and the tree's system
//! parameters) and [`Context`] (one component holding a whole context struct).

use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use core::time::Duration;

use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use bevy_ecs::system::{SystemParam, SystemParamItem};
use bevy_platform::cell::SyncCell;
use bt::Clock;

use crate::params::TreeParams;

/// The context of a tree that works on its entity's components and on the rest of the world: the
/// query item of the `QueryData` type `D` (the entity's components the tree reads and writes),
/// the items of the system parameters `P` (resources, queries over other entities, commands,
/// messages: anything a Bevy system can ask for), the entity, and the time.
///
/// `TreeCtx` dereferences to the query item, so a leaf reaches a component as a field:
/// `me.needs.food`. With `#[derive(QueryData)] #[query_data(mutable)] struct Body { needs:
/// &'static mut Needs, pos: &'static Pos }`, the item has fields `needs: Mut<'w, Needs>` and `pos:
/// &'w Pos`. [`params`](Self::params) gives the system parameters' item: with
/// `P = Sight<'static, 'static>` for a `#[derive(SystemParam)] struct Sight<'w, 's> { … }`,
/// `me.params().intruders` is that field's `Query`. See [`TreeParams`] for which parameters let
/// the entities tick in parallel and how [`Serial`](crate::Serial) gives leaves `&mut` access.
/// `TreeCtx` implements [`Clock`] with the time of the schedule run (the
/// [`TreeClock`](crate::TreeClock) resource's), so `timeout`, `delay`, `cooldown` and expiring
/// values work as everywhere else.
///
/// # Lifetimes
///
/// `'a` is the borrow of the system parameters, `'w` and `'s` those of the world and of the
/// system's state. A leaf is written once for all of them, with `'_` in the impl's header:
///
/// ```text
/// impl Action<TreeCtx<'_, '_, '_, Body, Sight<'static, 'static>>> for Chase { … }
/// ```
///
/// and the tree is declared with [`brain!`](crate::brain), which names the context for you.
/// A leaf written for `TreeCtx<'static, 'static, 'static, …>` only cannot tick in a system: the
/// compiler then says "implementation of `Action` is not general enough" where the tree is
/// declared with `brain!` (once), and again where its plugin is added; write `'_` instead.
///
/// A `TreeCtx` only ever lives inside one tick, on the thread that ticks its entity; it is not
/// `Send` (which also tells it apart from the contexts [`Context`] holds).
pub struct TreeCtx<'a, 'w: 'a, 's: 'a, D: QueryData, P: TreeParams = ()> {
    item: D::Item<'w, 's>,
    params: P::Ref<'a, 'w, 's>,
    entity: Entity,
    now: Duration,
    not_send: PhantomData<*const ()>,
}

impl<'a, 'w: 'a, 's: 'a, D: QueryData> TreeCtx<'a, 'w, 's, D, ()> {
    /// The context of `entity`, whose data is `item`, at time `now`, for a tree without system
    /// parameters. The tick systems build it; build one yourself to tick a tree by hand (in a
    /// test, say).
    pub fn new(item: D::Item<'w, 's>, entity: Entity, now: Duration) -> Self {
        TreeCtx { item, params: &(), entity, now, not_send: PhantomData }
    }
}

impl<'a, 'w, 's, D: QueryData, P: TreeParams> TreeCtx<'a, 'w, 's, D, P> {
    /// The context of `entity`, whose data is `item`, at time `now`, with the system parameters'
    /// `params` (`&item` or, for [`Serial`](crate::Serial) parameters, `&mut item`).
    pub fn with_params(
        item: D::Item<'w, 's>,
        params: P::Ref<'a, 'w, 's>,
        entity: Entity,
        now: Duration,
    ) -> Self {
        TreeCtx { item, params, entity, now, not_send: PhantomData }
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

    /// The system parameters' item, shared: read resources, query other entities, spawn with
    /// `ParallelCommands`.
    pub fn params(&self) -> &SystemParamItem<'w, 's, P::Param> {
        P::shared(&self.params)
    }
}

impl<'w, 's, D: QueryData, P: SystemParam + 'static> TreeCtx<'_, 'w, 's, D, crate::Serial<P>> {
    /// The system parameters' item, mutably: `Commands`, `ResMut`, `MessageWriter`, a `Query`
    /// that writes other entities. Only for [`Serial`](crate::Serial) parameters, whose trees
    /// tick one entity after another.
    pub fn params_mut(&mut self) -> &mut SystemParamItem<'w, 's, P> {
        self.params
    }
}

impl<'w, 's, D: QueryData, P: TreeParams> Deref for TreeCtx<'_, 'w, 's, D, P> {
    type Target = D::Item<'w, 's>;
    fn deref(&self) -> &Self::Target {
        &self.item
    }
}

impl<D: QueryData, P: TreeParams> DerefMut for TreeCtx<'_, '_, '_, D, P> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.item
    }
}

impl<D: QueryData, P: TreeParams> Clock for TreeCtx<'_, '_, '_, D, P> {
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
/// implementation: the [`TreeClock`](crate::TreeClock) resource is not consulted, so update the
/// context's clock in a system of your own (from the resource, or by a fixed step as a simulation
/// does).
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
