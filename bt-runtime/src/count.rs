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
/// assert_eq!(three_times.tick(&mut ()), Status::Running);
/// assert_eq!(three_times.tick(&mut ()), Status::Running);
/// assert_eq!(three_times.tick(&mut ()), Status::Success);
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
