//! The brain component and the trees an entity can hold.

use core::ops::{Deref, DerefMut};
use core::time::Duration;

use bevy_ecs::component::{Component, Mutable, StorageType};
use bevy_ecs::lifecycle::ComponentHook;
use bevy_ecs::prelude::*;
use bevy_ecs::query::{IterQueryData, QueryItem};
use bt::{BehaviorTree, Node, Observer, Status};

use crate::ctx::{Context, TreeCtx};
use crate::params::TreeParams;

/// The component that holds an entity's behavior tree `T`: a named tree declared with
/// [`brain!`](crate::brain) (or `bt!`), whose context is the entity's data (see [`EntityTree`]).
///
/// `Brain` dereferences to the tree, so `brain.is_running()`, `brain.description()` and the
/// other methods of [`BehaviorTree`] are at hand.
///
/// In debug builds, adding a `Brain<T>` to a world in which nothing ticks `T` (no
/// [`TreePlugin<T>`](crate::TreePlugin) was added) is reported once per tree type: a warning
/// through `log` when a logger is set, on standard error otherwise, and the type's name in the
/// [`UntickedBrains`](crate::UntickedBrains) resource.
#[derive(Clone, Debug, Default)]
pub struct Brain<T: Send + Sync + 'static>(pub T);

impl<T: Send + Sync + 'static> Component for Brain<T> {
    const STORAGE_TYPE: StorageType = StorageType::Table;
    type Mutability = Mutable;

    fn on_add() -> Option<ComponentHook> {
        crate::check::hook::<T>()
    }
}

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

/// The system parameters of tree `T` (with marker `M`), as a leaf holds them.
pub type ParamsRef<'a, 'w, 's, T, M> = <<T as EntityTree<M>>::Params as TreeParams>::Ref<'a, 'w, 's>;

/// A tree that an entity can hold in a [`Brain`]: what it reads and writes of its entity
/// (`Data`), what it asks of the rest of the world (`Params`), and how it ticks on that.
/// Implemented for every named `bt!` tree whose context is a [`TreeCtx`] (marker [`OnQuery`]) or
/// a context held in a [`Context`] component (marker [`OnContext`]), and, with the feature
/// `assets`, for trees loaded from files (`assets::Loaded`); you do not implement
/// it yourself. The marker `M` only keeps the implementations apart; the compiler infers it.
pub trait EntityTree<M>: Send + Sync + 'static {
    /// The query data of the entity's components the tree reads and writes.
    type Data: IterQueryData + 'static;

    /// The system parameters of the tree's leaves (`()` for none).
    type Params: TreeParams;

    /// Number of nodes in the tree.
    fn node_count(&self) -> usize;

    /// Ticks the tree once on `entity`'s data `item`, with the system parameters `params`, at
    /// time `now`, telling `observer` every node's status and every halt.
    fn tick_entity<'a, 'w: 'a, 's: 'a, O: Observer>(
        &mut self,
        item: QueryItem<'w, 's, Self::Data>,
        params: <Self::Params as TreeParams>::Ref<'a, 'w, 's>,
        entity: Entity,
        now: Duration,
        observer: &mut O,
    ) -> Status;

    /// Halts the tree if it runs (its running actions exit with `Halted`).
    fn halt_entity<'a, 'w: 'a, 's: 'a, O: Observer>(
        &mut self,
        item: QueryItem<'w, 's, Self::Data>,
        params: <Self::Params as TreeParams>::Ref<'a, 'w, 's>,
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

impl<T, N, D, P, Desc> EntityTree<OnQuery> for T
where
    T: DerefMut<Target = BehaviorTree<N, TreeCtx<'static, 'static, 'static, D, P>, Desc>>
        + Send
        + Sync
        + 'static,
    D: IterQueryData + 'static,
    P: TreeParams,
    N: for<'a, 'w, 's> Node<TreeCtx<'a, 'w, 's, D, P>>,
{
    type Data = D;
    type Params = P;

    fn node_count(&self) -> usize {
        <N as Node<TreeCtx<'static, 'static, 'static, D, P>>>::SIZE
    }

    #[inline]
    fn tick_entity<'a, 'w: 'a, 's: 'a, O: Observer>(
        &mut self,
        item: QueryItem<'w, 's, D>,
        params: P::Ref<'a, 'w, 's>,
        entity: Entity,
        now: Duration,
        observer: &mut O,
    ) -> Status {
        self.deref_mut().tick_as(&mut TreeCtx::<D, P>::with_params(item, params, entity, now), observer)
    }

    fn halt_entity<'a, 'w: 'a, 's: 'a, O: Observer>(
        &mut self,
        item: QueryItem<'w, 's, D>,
        params: P::Ref<'a, 'w, 's>,
        entity: Entity,
        now: Duration,
        observer: &mut O,
    ) {
        self.deref_mut().halt_as(&mut TreeCtx::<D, P>::with_params(item, params, entity, now), observer)
    }
}

impl<T, N, C, Desc> EntityTree<OnContext> for T
where
    T: DerefMut<Target = BehaviorTree<N, C, Desc>> + Send + Sync + 'static,
    C: Send + 'static,
    N: Node<C>,
{
    type Data = &'static mut Context<C>;
    type Params = ();

    fn node_count(&self) -> usize {
        N::SIZE
    }

    #[inline]
    fn tick_entity<'a, 'w: 'a, 's: 'a, O: Observer>(
        &mut self,
        mut item: Mut<'w, Context<C>>,
        _: &'a (),
        _: Entity,
        _: Duration,
        observer: &mut O,
    ) -> Status {
        self.deref_mut().tick_with(item.get_mut(), observer)
    }

    fn halt_entity<'a, 'w: 'a, 's: 'a, O: Observer>(
        &mut self,
        mut item: Mut<'w, Context<C>>,
        _: &'a (),
        _: Entity,
        _: Duration,
        observer: &mut O,
    ) {
        self.deref_mut().halt_with(item.get_mut(), observer)
    }
}
