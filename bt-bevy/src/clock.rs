//! The trees' clock: a resource read once per schedule run.

use core::time::Duration;

use bevy_ecs::prelude::*;
use bt::Clock;

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

/// `bevy_time`'s clock: the tree sees its `elapsed()` time (feature `app`).
#[cfg(feature = "app")]
impl<C: Default + Send + Sync + 'static> TreeClock for bevy_time::Time<C> {
    #[inline]
    fn now(&self) -> Duration {
        self.elapsed()
    }
}
