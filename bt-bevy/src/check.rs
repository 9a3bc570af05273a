//! Debug builds report a brain type that nothing ticks: a `Brain<T>` added to a world without
//! the plugin of `T` would otherwise sit still, silently.

use core::any::type_name;
use core::marker::PhantomData;

use bevy_ecs::lifecycle::{ComponentHook, HookContext};
use bevy_ecs::prelude::*;
use bevy_ecs::world::DeferredWorld;

/// Says that something ticks the trees of `Brain<T>` in this world. [`TreePlugin`] inserts it;
/// insert it yourself (`world.insert_resource(Ticked::<T>::new())`) when a system of your own
/// ticks them, so that debug builds do not report `T` as never ticked.
///
/// [`TreePlugin`]: crate::TreePlugin
#[derive(Resource)]
pub struct Ticked<T: 'static>(PhantomData<fn() -> T>);

impl<T: 'static> Ticked<T> {
    /// The marker for `T`.
    pub const fn new() -> Self {
        Ticked(PhantomData)
    }
}

impl<T: 'static> Default for Ticked<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: 'static> core::fmt::Debug for Ticked<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Ticked<{}>", type_name::<T>())
    }
}

/// The tree types of the brains that were added to this world while nothing ticked them (debug
/// builds; each reported once).
#[derive(Resource, Clone, Debug, Default)]
pub struct UntickedBrains {
    names: Vec<&'static str>,
}

impl UntickedBrains {
    /// The type names of the trees reported, in the order reported.
    pub fn names(&self) -> &[&'static str] {
        &self.names
    }
}

/// The hook of `Brain<T>`'s insertion: only in debug builds.
pub(crate) fn hook<T: Send + Sync + 'static>() -> Option<ComponentHook> {
    if cfg!(debug_assertions) { Some(on_add::<T>) } else { None }
}

fn on_add<T: Send + Sync + 'static>(mut world: DeferredWorld<'_>, _: HookContext) {
    if world.contains_resource::<Ticked<T>>()
        || world.get_resource::<UntickedBrains>().is_some_and(|u| u.names.contains(&type_name::<T>()))
    {
        return;
    }
    // A plugin added after the brain (but before the next command flush) still counts.
    world.commands().queue(report::<T>);
}

fn report<T: Send + Sync + 'static>(world: &mut World) {
    if world.contains_resource::<Ticked<T>>() {
        return;
    }
    let name = type_name::<T>();
    let mut unticked = world.get_resource_or_init::<UntickedBrains>();
    if unticked.names.contains(&name) {
        return;
    }
    unticked.names.push(name);
    let message = format!(
        "a `Brain<{name}>` was added, but nothing ticks these trees: add `TreePlugin::<{name}>::new()` \
         (`.add_to(&mut world, &mut schedule)`, or `.for_app()` with `app.add_plugins`); a system of \
         your own that ticks them inserts `bt_bevy::Ticked::<{name}>::new()` to say so"
    );
    if log::max_level() >= log::LevelFilter::Warn {
        log::warn!("{message}");
    } else {
        eprintln!("warning (bt-bevy): {message}");
    }
}
