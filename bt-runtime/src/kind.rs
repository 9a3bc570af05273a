//! The specs of the built-in node kinds: what every keyword of `bt!` builds its node with.
//!
//! Each keyword is a [`Compose`] spec from this module, built and composed exactly like a node kind
//! of your own (see [`Compose`]): `sequence<A, B>` is `bt::kind::Sequence<A, B>`, `parallel(2)<…>`
//! is `bt::kind::Parallel(2)<…>`, `timeout(2s)<A>` is `bt::kind::Timeout(2s)<A>`. The keywords add
//! what only the macro can check, before the compiler sees the tree: the number of children, literal
//! counts against it, duration units, with messages in the DSL's terms. A spec's `compose` builds
//! the node documented in the crate root ([`Sequence`](crate::Sequence),
//! [`Parallel`](crate::Parallel), …), whose page states its semantics tick by tick.
//!
//! ```
//! use bt::{bt, Status};
//!
//! let mut a = bt! { sequence<{ |n: &i32| *n > 0 }, { |n: &mut i32| { *n -= 1; Status::Success } }> };
//! let mut b = bt! { bt::kind::Sequence<{ |n: &i32| *n > 0 }, { |n: &mut i32| { *n -= 1; Status::Success } }> };
//! let (mut x, mut y) = (2, 2);
//! assert_eq!(a.tick(&mut x), b.tick(&mut y));
//! assert_eq!(a.description().node(0).map(|n| n.kind), Some("sequence"));
//! assert_eq!(b.description().node(0).map(|n| n.kind), Some("Sequence"));
//! ```

use crate::{Arity, Compose, Threshold};

/// Declares unit specs: `$spec` builds `$node::new(children)` (a composite over any tuple) or
/// `$node::new(child)` (a decorator, `decorator` form).
macro_rules! unit_specs {
    ($(composite $spec:ident => $node:ident;)* $(decorator $dspec:ident => $dnode:ident;)*) => {
        $(
            #[doc = concat!("The spec of [`", stringify!($node), "`](crate::", stringify!($node), "): `", stringify!($spec), "<…>` builds one over its children.")]
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
            pub struct $spec;

            #[diagnostic::do_not_recommend]
            impl<C: Arity> Compose<C> for $spec {
                type Node = crate::$node<C>;
                #[inline]
                fn compose(self, children: C) -> crate::$node<C> {
                    crate::$node::new(children)
                }
            }
        )*
        $(
            #[doc = concat!("The spec of [`", stringify!($dnode), "`](crate::", stringify!($dnode), "): `", stringify!($dspec), "<child>` builds one over its child.")]
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
            pub struct $dspec;

            #[diagnostic::do_not_recommend]
            impl<N> Compose<(N,)> for $dspec {
                type Node = crate::$dnode<N>;
                #[inline]
                fn compose(self, (child,): (N,)) -> crate::$dnode<N> {
                    crate::$dnode::new(child)
                }
            }
        )*
    };
}

unit_specs! {
    composite Sequence => Sequence;
    composite Selector => Selector;
    composite ReactiveSequence => ReactiveSequence;
    composite ReactiveSelector => ReactiveSelector;
    composite MemSequence => MemSequence;
    composite AsyncSequence => AsyncSequence;
    composite MemSelector => MemSelector;
    composite IfThenElse => IfThenElse;
    composite WhileDoElse => WhileDoElse;
    composite PipelineSequence => PipelineSequence;
    composite RoundRobin => RoundRobin;
    decorator Invert => Invert;
    decorator ForceSuccess => ForceSuccess;
    decorator ForceFailure => ForceFailure;
    decorator UntilFailure => UntilFailure;
    decorator UntilSuccess => UntilSuccess;
    decorator RunOnce => RunOnce;
}

/// Selectors ask their earlier children whether they take over
/// ([`guard(…, abort = lower_priority)`](crate::Guard)).
impl crate::abort::Observes for Selector {}
impl crate::abort::Observes for MemSelector {}

/// The spec of [`RunOnce`](crate::RunOnce) with `then_skip = true`: `run_once(then_skip = true)<child>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RunOnceThenSkip;

#[diagnostic::do_not_recommend]
impl<N> Compose<(N,)> for RunOnceThenSkip {
    type Node = crate::RunOnce<N, crate::ThenSkip>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::RunOnce::then_skip(child)
    }
}

/// The spec of [`TryCatch`](crate::TryCatch): `try_catch<…>`, `try_catch(catch_on_halt = true)<…>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TryCatch {
    /// Whether a halt during the try block runs the catch block.
    pub catch_on_halt: bool,
}

#[diagnostic::do_not_recommend]
impl<C: Arity> Compose<C> for TryCatch {
    type Node = crate::TryCatch<C>;
    #[inline]
    fn compose(self, children: C) -> Self::Node {
        crate::TryCatch::with_catch_on_halt(self.catch_on_halt, children)
    }
}

/// The spec of [`Parallel`](crate::Parallel): `parallel(n)<…>`. The threshold `n` is a `usize` or a
/// [`Const`](crate::Const) (what `bt!` makes of a literal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Parallel<T = usize> {
    /// The number of children that must succeed.
    pub n: T,
}

impl<T> Parallel<T> {
    /// A parallel that succeeds once `n` children have succeeded.
    #[inline]
    pub const fn new(n: T) -> Self {
        Parallel { n }
    }
}

#[diagnostic::do_not_recommend]
impl<C: Arity, T: Threshold> Compose<C> for Parallel<T> {
    type Node = crate::Parallel<C, T::Stored>;
    #[inline]
    fn compose(self, children: C) -> Self::Node {
        crate::Parallel::new(self.n, children)
    }
}

/// The spec of [`ThresholdParallel`](crate::ThresholdParallel):
/// `threshold_parallel(success = s, failure = f)<…>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ThresholdParallel {
    /// Successes that make it succeed; above the number of children means all of them (the
    /// default, 16).
    pub success: usize,
    /// Failures that make it fail (default 1).
    pub failure: usize,
}

impl Default for ThresholdParallel {
    fn default() -> Self {
        ThresholdParallel { success: 16, failure: 1 }
    }
}

#[diagnostic::do_not_recommend]
impl<C: Arity> Compose<C> for ThresholdParallel {
    type Node = crate::ThresholdParallel<C>;
    #[inline]
    fn compose(self, children: C) -> Self::Node {
        crate::ThresholdParallel::new(self.success, self.failure, children)
    }
}

/// The spec of [`ParallelAll`](crate::ParallelAll): `parallel_all(max_failures = k)<…>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParallelAll {
    /// Failures that make it fail once every child has completed (default 1).
    pub max_failures: usize,
}

impl ParallelAll {
    /// A parallel-all that fails when at least `max_failures` children failed.
    #[inline]
    pub const fn new(max_failures: usize) -> Self {
        ParallelAll { max_failures }
    }
}

impl Default for ParallelAll {
    fn default() -> Self {
        ParallelAll { max_failures: 1 }
    }
}

#[diagnostic::do_not_recommend]
impl<C: Arity> Compose<C> for ParallelAll {
    type Node = crate::ParallelAll<C>;
    #[inline]
    fn compose(self, children: C) -> Self::Node {
        crate::ParallelAll::new(self.max_failures, children)
    }
}

/// The spec of [`Random`](crate::Random): `random(seed = s)<…>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Random {
    /// The seed of the random order (default 0).
    pub seed: u64,
}

impl Random {
    /// A random selector seeded with `seed`.
    #[inline]
    pub const fn new(seed: u64) -> Self {
        Random { seed }
    }
}

#[diagnostic::do_not_recommend]
impl<C: Arity> Compose<C> for Random {
    type Node = crate::Random<C>;
    #[inline]
    fn compose(self, children: C) -> Self::Node {
        crate::Random::new(self.seed, children)
    }
}

/// The spec of [`RateController`](crate::RateController): `rate_controller(hz)<child>`, with `hz`
/// an `f64` or a [`ConstRate`](crate::ConstRate) (what `bt!` makes of a rate literal: its period,
/// computed at compile time).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateController<H = f64> {
    /// How many times per second the child may be ticked (above 0).
    pub hz: H,
}

impl<H> RateController<H> {
    /// A rate controller of `hz` ticks per second.
    #[inline]
    pub const fn new(hz: H) -> Self {
        RateController { hz }
    }
}

#[diagnostic::do_not_recommend]
impl<N, H: crate::Rate> Compose<(N,)> for RateController<H> {
    type Node = crate::RateController<N, H::Period>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::RateController::with_period(self.hz.period(), child)
    }
}

/// Declares the specs of leaves without arguments: `$spec` builds `$node` from no children.
macro_rules! leaf_specs {
    ($($spec:ident => $node:ident, $keyword:literal;)*) => {$(
        #[doc = concat!("The spec of [`", stringify!($node), "`](crate::", stringify!($node), "): `", $keyword, "`, a leaf (it composes over no children, `()`).")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $spec;

        #[diagnostic::do_not_recommend]
        impl Compose<()> for $spec {
            type Node = crate::$node;
            #[inline]
            fn compose(self, (): ()) -> crate::$node {
                crate::$node
            }
        }
    )*};
}

leaf_specs! {
    AlwaysSuccess => AlwaysSuccess, "always_success";
    AlwaysFailure => AlwaysFailure, "always_failure";
}

mod conditions;
mod counted;
mod time;

pub use conditions::{Conditioned, Guard, Precondition, Switch};
pub use counted::{Forever, Recovery, Repeat, Retry};
pub use time::{Cooldown, Delay, Service, Sleep, Timeout};

#[cfg(feature = "alloc")]
pub use crate::boxed::Boxed;
