//! System parameters for leaves: what a tree may ask of the world beyond its entity, and whether
//! that lets its entities tick in parallel.

use core::marker::PhantomData;

use bevy_ecs::prelude::*;
use bevy_ecs::query::{IterQueryData, QueryFilter, QueryItem};
use bevy_ecs::system::{SystemParam, SystemParamItem};

/// The system parameters of a tree's leaves, as named in [`TreeCtx`](crate::TreeCtx)'s last type
/// argument: any `SystemParam` type (a `#[derive(SystemParam)]` struct, a tuple, `Res<'static,
/// R>`, `()` for none), read-only for the leaves and shared by the entities ticked in parallel;
/// or [`Serial<P>`], whose leaves get `&mut` and whose entities tick one after another.
///
/// The tick system fetches the parameters once per schedule run, as any system does, and every
/// entity's tick sees them; Bevy checks at start-up that they do not conflict with the tree's
/// own query (a parameter that reads a component the tree writes needs a filter that keeps the
/// two apart, `Without<Brain<T>>` or a marker, as between any two parameters of a system).
///
/// | parameter | leaves get | entities tick |
/// |---|---|---|
/// | `Res<R>`, `Query<&C, F>` and `Single<&C, F>` (other entities), `()` | `&` | in parallel |
/// | `ParallelCommands` (spawn, insert, despawn: `command_scope`) | `&` | in parallel |
/// | `Serial<(Commands, ResMut<R>, MessageWriter<M>, MessageReader<M>, Query<&mut C, F>)>` | `&mut` | one after another |
///
/// Parallel ticking needs the parameters' item to be `Sync`, so that every thread can read it;
/// the usual read-only parameters are. A parameter that needs `&mut` to be used at all
/// (`Commands`, `ResMut`, `MessageWriter`, `MessageReader`, `Local`, a `Query` that writes) is
/// of no use behind `&`: wrap the parameters in [`Serial`] and reach them with
/// [`TreeCtx::params_mut`](crate::TreeCtx::params_mut). The plugin's
/// [`parallel(false)`](crate::TreePlugin::parallel) ticks shared parameters on one thread too.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be shared by trees that tick in parallel",
    label = "not `Sync`, or not a system parameter",
    note = "a tree's parameters must be a `SystemParam` whose item every thread can read; for `&mut` access (`Commands`, `ResMut`, `MessageWriter`) write `bt_bevy::Serial<{Self}>`, whose entities tick one after another"
)]
pub trait TreeParams: 'static {
    /// The system parameter the tick system asks for.
    type Param: SystemParam + 'static;

    /// How a leaf holds the parameters' item: `&'a Item` or, for [`Serial`], `&'a mut Item`.
    type Ref<'a, 'w: 'a, 's: 'a>;

    /// Whether the entities may tick in parallel with these parameters.
    const PARALLEL: bool;

    /// The item, shared, from how a leaf holds it.
    fn shared<'b, 'a, 'w: 'a, 's: 'a>(
        held: &'b Self::Ref<'a, 'w, 's>,
    ) -> &'b SystemParamItem<'w, 's, Self::Param>;

    /// Visits every entity of `query` with the parameters' item `params` (in parallel when
    /// `parallel` is asked for and [`PARALLEL`](Self::PARALLEL) allows it); the tick systems'
    /// loop.
    fn for_each<'w, 's, Q, F, V>(
        query: Query<'w, 's, Q, F>,
        params: &mut SystemParamItem<'w, 's, Self::Param>,
        parallel: bool,
        visit: &V,
    ) where
        Q: IterQueryData,
        F: QueryFilter,
        V: PerEntity<Q, Self>;
}

/// What the tick systems do with each entity: [`TreeParams::for_each`] calls it with the entity's
/// query item and the parameters as the leaves hold them.
pub trait PerEntity<Q: IterQueryData, P: TreeParams + ?Sized>: Sync {
    /// Visits one entity.
    fn visit<'a, 'w: 'a, 's: 'a>(&self, item: QueryItem<'w, 's, Q>, params: P::Ref<'a, 'w, 's>);
}

impl<P> TreeParams for P
where
    P: SystemParam + 'static,
    for<'w, 's> SystemParamItem<'w, 's, P>: Sync,
{
    type Param = P;
    type Ref<'a, 'w: 'a, 's: 'a> = &'a SystemParamItem<'w, 's, P>;
    const PARALLEL: bool = true;

    #[inline(always)]
    fn shared<'b, 'a, 'w: 'a, 's: 'a>(
        held: &'b &'a SystemParamItem<'w, 's, P>,
    ) -> &'b SystemParamItem<'w, 's, P> {
        held
    }

    fn for_each<'w, 's, Q, F, V>(
        query: Query<'w, 's, Q, F>,
        params: &mut SystemParamItem<'w, 's, P>,
        parallel: bool,
        visit: &V,
    ) where
        Q: IterQueryData,
        F: QueryFilter,
        V: PerEntity<Q, Self>,
    {
        let shared = &*params;
        if parallel {
            query.par_iter_inner().for_each(|item| visit.visit(item, shared));
        } else {
            query.iter_inner().for_each(|item| visit.visit(item, shared));
        }
    }
}

/// System parameters `P` that the leaves use with `&mut` access: `Commands`, `ResMut`,
/// `MessageWriter`, a `Query` that writes other entities. The entities of a tree whose
/// [`TreeCtx`](crate::TreeCtx) names `Serial<P>` tick one after another, on the thread of the
/// tick system, and [`TreeCtx::params_mut`](crate::TreeCtx::params_mut) gives the item.
///
/// ```text
/// type Me<'a, 'w, 's> = TreeCtx<'a, 'w, 's, Body, Serial<(Commands<'static, 'static>, ResMut<'static, Score>)>>;
/// ```
pub struct Serial<P>(PhantomData<fn() -> P>);

impl<P: SystemParam + 'static> TreeParams for Serial<P> {
    type Param = P;
    type Ref<'a, 'w: 'a, 's: 'a> = &'a mut SystemParamItem<'w, 's, P>;
    const PARALLEL: bool = false;

    #[inline(always)]
    fn shared<'b, 'a, 'w: 'a, 's: 'a>(
        held: &'b &'a mut SystemParamItem<'w, 's, P>,
    ) -> &'b SystemParamItem<'w, 's, P> {
        held
    }

    fn for_each<'w, 's, Q, F, V>(
        query: Query<'w, 's, Q, F>,
        params: &mut SystemParamItem<'w, 's, P>,
        _parallel: bool,
        visit: &V,
    ) where
        Q: IterQueryData,
        F: QueryFilter,
        V: PerEntity<Q, Self>,
    {
        for item in query.iter_inner() {
            visit.visit(item, &mut *params);
        }
    }
}
