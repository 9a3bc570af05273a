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
