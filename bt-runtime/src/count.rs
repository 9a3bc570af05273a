//! Node parameters given either at run time or at compile time.

/// A node parameter known at compile time: `Const::<3>` is the number 3, carried in the type.
///
/// `bt!` passes every literal count this way (`repeat(3)` builds `Repeat::times(Const::<3>, …)`),
/// so the node keeps no field for it and the compiled tick compares against the literal, as
/// hand-written code would. It takes no space: `size_of::<Const<N>>()` is 0.
///
/// ```
/// use bt::{Const, Node, Repeat, Status};
///
/// let mut three_times = Repeat::times(Const::<3>, bt::action(|_: &mut ()| Status::Success));
/// let mut active = Default::default(); // the state of its activation, which a parent would hold
/// assert_eq!(three_times.tick(&mut active, &mut ()), Status::Running);
/// assert_eq!(three_times.tick(&mut active, &mut ()), Status::Running);
/// assert_eq!(three_times.tick(&mut active, &mut ()), Status::Success);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Const<const N: u32>;

/// A count a node is built with (a repeat count, a number of attempts, a threshold): either a
/// value of type `T` chosen at run time, or a [`Const`] fixed at compile time.
///
/// Nodes take their counts as a type parameter that implements this trait and defaults to the
/// run-time type, so `Repeat::times(n, child)` with `n: u32` is a `Repeat<N>` as it always was,
/// while `Repeat::times(Const::<3>, child)` is a `Repeat<N, Const<3>>` whose count costs nothing.
pub trait Count<T>: Copy {
    /// The value.
    fn get(self) -> T;
}

macro_rules! runtime_count {
    ($($t:ty),*) => {$(
        impl Count<$t> for $t {
            #[inline(always)]
            fn get(self) -> $t {
                self
            }
        }

        impl<const N: u32> Count<$t> for Const<N> {
            #[inline(always)]
            fn get(self) -> $t {
                N as $t
            }
        }
    )*};
}

runtime_count!(u8, u32);

/// The threshold of a [`Parallel`](crate::Parallel) as its constructor takes it: a `usize` chosen
/// at run time (kept as a `u8`), or a [`Const`] fixed at compile time (kept in the type).
pub trait Threshold: Copy {
    /// How the parallel keeps the threshold.
    type Stored: Count<u8>;

    /// Checks the threshold against the number of children and converts it.
    ///
    /// # Panics
    ///
    /// If the threshold is 0 or above 16; a [`Const`] threshold also if it is above `children`
    /// (a run-time threshold above `children` counts as `children`).
    fn store(self, children: usize) -> Self::Stored;
}

impl Threshold for usize {
    type Stored = u8;

    #[inline]
    fn store(self, children: usize) -> u8 {
        assert!(
            (1..=16).contains(&self),
            "parallel(n): n must be between 1 and 16 (the most children a composite has); a value above the number of children counts as all of them"
        );
        if self < children { self as u8 } else { children as u8 }
    }
}

impl<const N: u32> Threshold for Const<N> {
    type Stored = Self;

    #[inline]
    fn store(self, children: usize) -> Self {
        assert!(
            N >= 1 && N as usize <= children,
            "parallel(n): n must be between 1 and the number of children"
        );
        self
    }
}

/// How a [`Parallel`](crate::Parallel) with a threshold kept as `Self` keeps its masks of the
/// children (the latched successes and, with more than two children, the running ones): as the
/// masks `M` its children call for, or, for a threshold of 1, not at all (its first success
/// completes it, so nothing is ever latched: [`NoMasks`](crate::active::NoMasks)).
pub trait Latches: Copy {
    /// The masks kept, given the masks `M` the children call for.
    type Kept<M: crate::active::MaskPair>: crate::active::MaskPair;
    /// Whether a success can be latched (the threshold can be above 1).
    const LATCHES: bool = true;
}

impl Latches for u8 {
    type Kept<M: crate::active::MaskPair> = M;
}

impl Latches for Const<1> {
    type Kept<M: crate::active::MaskPair> = crate::active::NoMasks;
    const LATCHES: bool = false;
}

macro_rules! latches {
    ($($n:literal)*) => {$(
        impl Latches for Const<$n> {
            type Kept<M: crate::active::MaskPair> = M;
        }
    )*};
}

latches!(2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);

/// A duration known at compile time: `ConstDuration::<2, 500_000_000>` is 2.5 s, carried in the
/// type (`SECS` whole seconds and `NANOS` nanoseconds, below 1 000 000 000).
///
/// `bt!` passes every duration literal this way (`timeout(2.5s)` builds a
/// `Timeout<_, ConstDuration<2, 500_000_000>>`), so the node keeps no field for it and the compiled
/// tick compares against the constant, as hand-written code would. It takes no space:
/// `size_of::<ConstDuration<S, N>>()` is 0.
///
/// ```
/// use bt::{ConstDuration, Timeout, Interval};
/// use core::time::Duration;
///
/// assert_eq!(ConstDuration::<2, 500_000_000>.get(), Duration::from_millis(2500));
/// let by_value = Timeout::new(Duration::from_secs(2), bt::AlwaysSuccess);
/// let by_type = Timeout::new(ConstDuration::<2, 0>, bt::AlwaysSuccess);
/// assert_eq!(by_value.limit(), by_type.limit());
/// assert!(size_of_val(&by_type) < size_of_val(&by_value));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConstDuration<const SECS: u64, const NANOS: u32>;

/// A duration a node is built with (a time limit, a delay, a cooldown): either a
/// [`Duration`](core::time::Duration) chosen at run time, or a [`ConstDuration`] fixed at compile
/// time.
///
/// Time-based nodes take their duration as a type parameter that implements this trait and
/// defaults to `Duration`, so `Timeout::new(d, child)` with `d: Duration` is a `Timeout<N>` as it
/// always was, while `Timeout::new(ConstDuration::<2, 0>, child)` is a
/// `Timeout<N, ConstDuration<2, 0>>` whose limit costs nothing.
pub trait Interval: Copy {
    /// The duration.
    fn get(self) -> core::time::Duration;
}

impl Interval for core::time::Duration {
    #[inline(always)]
    fn get(self) -> core::time::Duration {
        self
    }
}

impl<const SECS: u64, const NANOS: u32> Interval for ConstDuration<SECS, NANOS> {
    #[inline(always)]
    fn get(self) -> core::time::Duration {
        const { core::time::Duration::new(SECS, NANOS) }
    }
}

/// The rate in hertz a [`RateController`](crate::RateController) is built with: an `f64`, whose
/// period `1 / hz` is computed when the tree is built, or a [`ConstRate`], whose period `bt!`
/// computed at compile time and which takes no space.
pub trait Rate: Copy {
    /// How the period is kept: a `Duration`, or a [`ConstDuration`].
    type Period: Interval;
    /// The period, `1 / hz`: `Duration::try_from_secs_f64(1.0 / hz)`, or
    /// [`Duration::MAX`](core::time::Duration::MAX) for a rate so low that its period does not
    /// fit.
    ///
    /// # Panics
    ///
    /// If an `f64` rate is not above 0 (`bt!` rejects such a literal at compile time).
    fn period(self) -> Self::Period;
}

impl Rate for f64 {
    type Period = core::time::Duration;
    #[inline]
    fn period(self) -> core::time::Duration {
        assert!(self > 0.0, "rate_controller(hz): hz must be above 0");
        core::time::Duration::try_from_secs_f64(1.0 / self).unwrap_or(core::time::Duration::MAX)
    }
}

/// A rate known at compile time, carried in the type as its period: `ConstRate::<0, 100_000_000>`
/// is 10 Hz, a period of `SECS` seconds and `NANOS` nanoseconds (below 1 000 000 000).
///
/// `bt!` passes every rate literal this way, with the period that
/// `Duration::try_from_secs_f64(1.0 / hz)` gives (`rate_controller(10.0)` builds a
/// `RateController<_, ConstDuration<0, 100_000_000>>`), so the node keeps no field for it.
///
/// ```
/// use bt::{ConstRate, RateController, Rate};
/// use core::time::Duration;
///
/// assert_eq!(ConstRate::<0, 100_000_000>.period(), bt::ConstDuration::<0, 100_000_000>);
/// let by_value = RateController::new(10.0, bt::AlwaysSuccess);
/// let by_type = RateController::with_period(ConstRate::<0, 100_000_000>.period(), bt::AlwaysSuccess);
/// assert_eq!(by_value.period(), by_type.period());
/// assert_eq!(by_type.period(), Duration::from_millis(100));
/// assert!(size_of_val(&by_type) < size_of_val(&by_value));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConstRate<const SECS: u64, const NANOS: u32>;

impl<const SECS: u64, const NANOS: u32> Rate for ConstRate<SECS, NANOS> {
    type Period = ConstDuration<SECS, NANOS>;
    #[inline(always)]
    fn period(self) -> ConstDuration<SECS, NANOS> {
        ConstDuration
    }
}

/// A count or a duration that a node reads from its context each time it needs it, instead of
/// one fixed when the tree is built: `R` says how ([`ReadParam`]). BehaviorTree.CPP reads
/// `num_attempts="{n}"` or `msec="{t}"` from the blackboard this way; `bt::ports::CountEntry`
/// and `bt::ports::MillisEntry` read an entry, and `bt!` builds them for `retry("{n}")` and
/// `timeout("{t}")`.
///
/// A node whose count or duration cannot be read (the entry has no value) fails in that tick,
/// halting its running child first. It stores what `R` stores (for an entry, its name and cached
/// index).
///
/// ```
/// use bt::{FromContext, ReadParam, Node, Repeat, Status};
///
/// /// The number of rounds is the context's.
/// #[derive(Clone, Copy)]
/// struct Rounds;
/// impl ReadParam<u32, u32> for Rounds {
///     fn read(&mut self, rounds: &u32) -> Option<u32> { Some(*rounds) }
///     fn peek(&self, rounds: &u32) -> Option<u32> { Some(*rounds) }
/// }
///
/// let mut twice = Repeat::times(FromContext(Rounds), bt::action(|_: &mut u32| Status::Success));
/// let mut active = Default::default();
/// let mut rounds = 2;
/// assert_eq!(twice.tick(&mut active, &mut rounds), Status::Running);
/// assert_eq!(twice.tick(&mut active, &mut rounds), Status::Success);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FromContext<R>(pub R);

/// How a [`FromContext`] count or duration reads its value from the context `Ctx`.
pub trait ReadParam<Ctx: ?Sized, T> {
    /// The value now, `None` when the context has none. Called on a tick: it must not allocate.
    fn read(&mut self, ctx: &Ctx) -> Option<T>;
    /// The value, as a save reads it (without updating any cache).
    fn peek(&self, ctx: &Ctx) -> Option<T>;
}

/// A count as a node uses it: a `u32` or a [`Const`], fixed when the tree is built, or a
/// [`FromContext`] count, read from the context each time the node needs it.
pub trait CountOf<Ctx: ?Sized, T> {
    /// The count now; `None` when it cannot be read (the node then fails).
    fn count(&mut self, ctx: &Ctx) -> Option<T>;
    /// The count, as a save reads it.
    fn peek(&self, ctx: &Ctx) -> Option<T>;
    /// The count when it is fixed when the tree is built (what a fingerprint hashes); `None`
    /// when it is read from the context.
    fn fixed(&self) -> Option<T>;
}

/// The counts fixed when the tree is built: every [`Count`] of the runtime.
macro_rules! fixed_count {
    ($($t:ty),*) => {$(
        impl<Ctx: ?Sized> CountOf<Ctx, $t> for $t {
            #[inline(always)]
            fn count(&mut self, _: &Ctx) -> Option<$t> {
                Some(*self)
            }
            #[inline(always)]
            fn peek(&self, _: &Ctx) -> Option<$t> {
                Some(*self)
            }
            #[inline(always)]
            fn fixed(&self) -> Option<$t> {
                Some(*self)
            }
        }

        impl<Ctx: ?Sized, const N: u32> CountOf<Ctx, $t> for Const<N> {
            #[inline(always)]
            fn count(&mut self, _: &Ctx) -> Option<$t> {
                Some(Count::<$t>::get(*self))
            }
            #[inline(always)]
            fn peek(&self, _: &Ctx) -> Option<$t> {
                Some(Count::<$t>::get(*self))
            }
            #[inline(always)]
            fn fixed(&self) -> Option<$t> {
                Some(Count::<$t>::get(*self))
            }
        }
    )*};
}

fixed_count!(u8, u32);

impl<Ctx: ?Sized, T, R: ReadParam<Ctx, T>> CountOf<Ctx, T> for FromContext<R> {
    #[inline]
    fn count(&mut self, ctx: &Ctx) -> Option<T> {
        self.0.read(ctx)
    }
    #[inline]
    fn peek(&self, ctx: &Ctx) -> Option<T> {
        self.0.peek(ctx)
    }
    #[inline]
    fn fixed(&self) -> Option<T> {
        None
    }
}

/// A duration as a node uses it: a `Duration` or a [`ConstDuration`], fixed when the tree is
/// built, or a [`FromContext`] duration, read from the context each time the node needs it.
pub trait IntervalOf<Ctx: ?Sized> {
    /// The duration now; `None` when it cannot be read (the node then fails).
    fn interval(&mut self, ctx: &Ctx) -> Option<core::time::Duration>;
    /// The duration, as a save reads it.
    fn peek(&self, ctx: &Ctx) -> Option<core::time::Duration>;
    /// The duration when it is fixed when the tree is built (what a fingerprint hashes); `None`
    /// when it is read from the context.
    fn fixed(&self) -> Option<core::time::Duration>;
    /// Whether every read gives the same duration, fixed when the tree is built (a `Duration`, a
    /// [`ConstDuration`]). A time-based node then keeps the time its wait ends, computed once, and
    /// compares the clock with it on each tick; a duration read from the context may change from
    /// one tick to the next, so the node keeps the start and checks the elapsed time against the
    /// duration it reads. `false` unless an implementation says otherwise.
    const FIXED: bool = false;
}

impl<Ctx: ?Sized> IntervalOf<Ctx> for core::time::Duration {
    const FIXED: bool = true;
    #[inline(always)]
    fn interval(&mut self, _: &Ctx) -> Option<core::time::Duration> {
        Some(*self)
    }
    #[inline(always)]
    fn peek(&self, _: &Ctx) -> Option<core::time::Duration> {
        Some(*self)
    }
    #[inline(always)]
    fn fixed(&self) -> Option<core::time::Duration> {
        Some(*self)
    }
}

impl<Ctx: ?Sized, const SECS: u64, const NANOS: u32> IntervalOf<Ctx> for ConstDuration<SECS, NANOS> {
    const FIXED: bool = true;
    #[inline(always)]
    fn interval(&mut self, _: &Ctx) -> Option<core::time::Duration> {
        Some(self.get())
    }
    #[inline(always)]
    fn peek(&self, _: &Ctx) -> Option<core::time::Duration> {
        Some(self.get())
    }
    #[inline(always)]
    fn fixed(&self) -> Option<core::time::Duration> {
        Some(self.get())
    }
}

impl<Ctx: ?Sized, R: ReadParam<Ctx, core::time::Duration>> IntervalOf<Ctx> for FromContext<R> {
    #[inline]
    fn interval(&mut self, ctx: &Ctx) -> Option<core::time::Duration> {
        self.0.read(ctx)
    }
    #[inline]
    fn peek(&self, ctx: &Ctx) -> Option<core::time::Duration> {
        self.0.peek(ctx)
    }
    #[inline]
    fn fixed(&self) -> Option<core::time::Duration> {
        None
    }
}
