//! Behavior trees built by `bt!`, one per entity, ticked by a Bevy ECS schedule.
//!
//! Built on `bevy_ecs` 0.20 alone (not the whole engine); the optional feature `app` adds a
//! `bevy_app` plugin, `bevy_time`'s `Time` as the trees' clock and a headless app with a
//! deterministic clock (`headless_app`); the feature `assets` loads trees from BehaviorTree.CPP
//! XML files as Bevy assets, reloaded when the file changes (the module `assets`).
//!
//! * [`Brain<T>`] is the component that holds an entity's tree `T`, declared with [`brain!`].
//! * The tree's context is [`TreeCtx`]: the components of the entity named by a `QueryData`
//!   type, and the system parameters of the leaves (resources, queries over other entities,
//!   commands, messages), fetched once per schedule run like any system's. Or [`Context<C>`], one
//!   component holding the whole context `C` of an existing tree.
//! * [`TreePlugin`] adds the systems that tick every entity's tree once per schedule run, in
//!   parallel across entities (`par_iter_mut`) where the leaves' parameters allow it
//!   ([`TreeParams`]), in the system set [`TreeSystems`]; with
//!   [`before_tick`](TreePlugin::before_tick), a step of yours runs on each entity right before
//!   its tick, in the same pass.
//! * The trees' clock is a resource: [`TreeTime`] (a `Time`-like resource that needs nothing but
//!   `bevy_ecs`), or, with the feature `app`, `bevy_time::Time` (see [`TreeClock`]).
//! * An entity with the [`StatusMessages`] component reports its tree's status changes as
//!   [`TreeChanged`] messages; entities without it are ticked by a system with no observer at
//!   all, so they pay nothing per tick for that.
//! * In debug builds, a brain that nothing ticks (its plugin forgotten) is reported once
//!   ([`UntickedBrains`]).
//!
//! The guide, [`guide`], walks through a whole program.

#[cfg(feature = "app")]
mod app;
#[cfg(feature = "assets")]
pub mod assets;
mod check;
mod clock;
mod ctx;
pub mod guide;
mod params;
mod plugin;
mod report;
mod tree;

#[cfg(feature = "app")]
pub use app::{AppPlugin, headless_app};
pub use check::{Ticked, UntickedBrains};
pub use clock::{TreeClock, TreeTime};
pub use ctx::{Context, TreeCtx};
pub use params::{PerEntity, Serial, TreeParams};
pub use plugin::{
    BeforeTick, NoStep, ParamOf, Reporting, ReportingTrees, Silent, SilentTrees, TreePlugin, TreeSystems,
    tick_trees, tick_trees_reporting, tick_trees_serial,
};
pub use report::{StatusMessages, TreeChanged};
pub use tree::{Brain, EntityTree, OnContext, OnQuery, ParamsRef};

/// Declares a named tree over an entity's components `D` (a `QueryData` type) and, optionally,
/// the system parameters `P` of its leaves (see [`TreeParams`]): the tree's context is
/// [`TreeCtx<'_, '_, '_, D, P>`](TreeCtx), which the macro names for you.
///
/// ```text
/// bt_bevy::brain! {
///     /// A guard: chases the intruder it sees, else patrols.
///     pub struct Guard for Body, Sight<'static, 'static> {
///         selector<sequence<SeesIntruder, Chase>, Patrol>
///     }
/// }
/// ```
///
/// It is `bt! { pub struct Guard for TreeCtx<'static, 'static, 'static, Body, Sight<'static,
/// 'static>> { … } }` (the `'static` lifetimes only name the type; the ticks use the real ones),
/// and it checks, where the tree is declared, that the tree can tick in a system: that every
/// leaf is written for every lifetime of the context (`impl Action<TreeCtx<'_, '_, '_, Body,
/// …>> for Chase`). A leaf written for `'static` lifetimes only fails there, with one
/// "implementation of `Action` is not general enough … `Chase` must implement
/// `Action<TreeCtx<'0, '0, '0, …>>`, for any lifetime `'0`": write `'_` in the leaf's `impl`
/// instead. (`tests/ui/leaf_for_static_lifetimes.rs` is that case.)
#[macro_export]
macro_rules! brain {
    (
        $(#[$meta:meta])*
        $(pub $(($($restriction:tt)+))?)? struct $name:ident for $($rest:tt)+
    ) => {
        $crate::brain! {
            @split [$(#[$meta])* $(pub $(($($restriction)+))?)? struct $name] $name [] $($rest)+
        }
    };
    (@split [$($head:tt)*] $name:ident [$($context:tt)+] { $($tree:tt)* }) => {
        $crate::__bt! {
            $($head)* for $crate::TreeCtx<'static, 'static, 'static, $($context)+> { $($tree)* }
        }
        const _: () = {
            fn leaves_are_written_for_every_lifetime_of_the_context() {
                $crate::ticks_in_a_system::<$name, _, _, _, _>();
            }
        };
    };
    (@split [$($head:tt)*] $name:ident [$($context:tt)*] $next:tt $($rest:tt)+) => {
        $crate::brain! { @split [$($head)*] $name [$($context)* $next] $($rest)+ }
    };
}

#[doc(hidden)]
pub use bt::bt as __bt;

/// Compiles when the tree `T` ticks on an entity's [`TreeCtx`] in a system, its leaves written
/// for every lifetime of the context: [`brain!`]'s check. It asks for one lifetime standing for
/// all three, so that a leaf written for `'static` only gets one error, here; the plugin asks for
/// the three separately ([`EntityTree`]).
#[doc(hidden)]
pub const fn ticks_in_a_system<T, N, D, P, Desc>()
where
    T: core::ops::DerefMut<Target = bt::BehaviorTree<N, TreeCtx<'static, 'static, 'static, D, P>, Desc>>
        + Send
        + Sync
        + 'static,
    D: bevy_ecs::query::IterQueryData + 'static,
    P: TreeParams,
    N: for<'t> bt::Node<TreeCtx<'t, 't, 't, D, P>>,
{
}
