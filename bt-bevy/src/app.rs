//! The feature `app`: the plugin as a `bevy_app::Plugin`, and a headless app with a deterministic
//! clock.

use core::marker::PhantomData;
use core::time::Duration;

use bevy_app::App;
use bevy_time::{Time, TimePlugin, TimeUpdateStrategy, Virtual};

use crate::clock::TreeClock;
use crate::plugin::{BeforeTick, TreePlugin, prepare};
use crate::report::TreeChanged;
use crate::tree::EntityTree;

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
    fn build(&self, app: &mut App) {
        let plugin = TreePlugin::<T, K, S> {
            parallel: self.plugin.parallel,
            step: self.plugin.step.clone(),
            marker: PhantomData,
        };
        prepare::<T, K>(app.world_mut());
        app.add_message::<TreeChanged>();
        app.add_systems(bevy_app::Update, plugin.systems::<M>());
    }
}

/// A headless app (no window, no renderer) whose clock, `bevy_time::Time`, advances by exactly
/// `step` on every `app.update()`, whatever the wall clock does: for tests, servers and
/// simulations that must give the same result on every run (feature `app`).
///
/// It is `App::new()` with `bevy_time`'s `TimePlugin`, the update strategy
/// `TimeUpdateStrategy::ManualDuration(step)`, and the virtual clock's largest step raised to
/// `step` if it is above Bevy's default (250 ms), so that no step is cut short. The first update
/// runs at time zero, and each one after it `step` later. Add the trees' plugin with the clock
/// `Time`:
///
/// ```
/// # use std::time::Duration;
/// # use bevy_time::Time;
/// let mut app = bt_bevy::headless_app(Duration::from_millis(100));
/// // app.add_plugins(TreePlugin::<Eater>::new().with_clock::<Time>().for_app());
/// app.update();
/// assert_eq!(app.world().resource::<Time>().elapsed(), Duration::ZERO);
/// app.update();
/// app.update();
/// assert_eq!(app.world().resource::<Time>().elapsed(), Duration::from_millis(200));
/// ```
pub fn headless_app(step: Duration) -> App {
    let mut app = App::new();
    app.add_plugins(TimePlugin);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(step));
    let mut virtual_time = app.world_mut().resource_mut::<Time<Virtual>>();
    if step > virtual_time.max_delta() {
        virtual_time.set_max_delta(step);
    }
    app
}
