use core::time::Duration;

/// Where time-based nodes and expiring values read the time: implement it for your context.
///
/// It is the one time of a context: a context with a blackboard
/// ([`bt::ports::HasBlackboard`](../bt/ports/trait.HasBlackboard.html), which requires `Clock`)
/// expires its entries at this `now()` too.
///
/// `now` is the time elapsed since an arbitrary, fixed origin (the start of the simulation, of the
/// program, …). It must never go backwards. Nothing in `bt` reads the wall clock on its own: a
/// simulation drives a [`ManualClock`], a program can use [`StdClock`](crate::StdClock) (feature
/// `std`).
///
/// ```
/// use bt::{Clock, ManualClock};
/// use core::time::Duration;
///
/// struct World { clock: ManualClock }
/// impl Clock for World {
///     fn now(&self) -> Duration { self.clock.now() }
/// }
///
/// let mut w = World { clock: ManualClock::new() };
/// w.clock.advance(Duration::from_millis(250));
/// assert_eq!(w.now(), Duration::from_millis(250));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no clock: implement `bt::Clock` for `{Self}`",
    label = "the time-based nodes (`timeout`, `delay`, `cooldown`, `rate_controller`, `service`, `sleep`) and a blackboard's expiring entries read the time from the context",
    note = "implement `bt::Clock` for `{Self}` (its `now()` is the time since any fixed origin: a field holding a `bt::ManualClock` in simulations and tests, `bt::StdClock` for wall-clock time); a context that keeps no time returns `Duration::ZERO`, and then nothing expires and no time-based node ever sees time pass"
)]
pub trait Clock {
    /// The current time, as a duration since the clock's origin.
    fn now(&self) -> Duration;
}

/// A clock that only moves when told to: deterministic time for simulations and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ManualClock {
    now: Duration,
}

impl ManualClock {
    /// A clock at time zero.
    #[inline]
    pub const fn new() -> Self {
        ManualClock { now: Duration::ZERO }
    }

    /// A clock at time `now`.
    #[inline]
    pub const fn at(now: Duration) -> Self {
        ManualClock { now }
    }

    /// Moves the clock forward by `dt`.
    #[inline]
    pub fn advance(&mut self, dt: Duration) {
        self.now += dt;
    }

    /// Moves the clock to `now`. Time never goes backwards: an earlier `now` is ignored.
    #[inline]
    pub fn set(&mut self, now: Duration) {
        if now > self.now {
            self.now = now;
        }
    }
}

impl Clock for ManualClock {
    #[inline]
    fn now(&self) -> Duration {
        self.now
    }
}

impl<C: Clock + ?Sized> Clock for &C {
    #[inline]
    fn now(&self) -> Duration {
        (**self).now()
    }
}

impl<C: Clock + ?Sized> Clock for &mut C {
    #[inline]
    fn now(&self) -> Duration {
        (**self).now()
    }
}

/// The wall clock: time since the clock was created (feature `std`).
#[cfg(feature = "std")]
#[derive(Clone, Copy, Debug)]
pub struct StdClock {
    origin: std::time::Instant,
}

#[cfg(feature = "std")]
impl StdClock {
    /// A clock whose origin is now.
    pub fn new() -> Self {
        StdClock { origin: std::time::Instant::now() }
    }
}

#[cfg(feature = "std")]
impl Default for StdClock {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(feature = "std")]
impl Clock for StdClock {
    #[inline]
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}
