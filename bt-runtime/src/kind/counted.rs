//! The specs with a count the node counts up to: `repeat`, `retry`, `recovery`.

use crate::{Compose, Count};

/// The count of a `repeat` without one: forever (see [`Repeat`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Forever;

/// The spec of [`Repeat`](crate::Repeat): `repeat<A>` (forever, the [`Default`], which builds a
/// [`RepeatForever`](crate::RepeatForever)) or `repeat(n)<A>`, with `n` any count with a
/// [`Bound`](crate::Bound): a `u32`, a [`Const`](crate::Const), a [`ConstU8`](crate::ConstU8), a
/// [`FromContext`](crate::FromContext) count or one of the user's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Repeat<K = Forever> {
    /// The number of repetitions, or [`Forever`].
    pub n: K,
}

impl Default for Repeat<Forever> {
    fn default() -> Self {
        Repeat { n: Forever }
    }
}

impl<K> Repeat<K> {
    /// Repeats `n` times.
    #[inline]
    pub const fn new(n: K) -> Self {
        Repeat { n }
    }
}

#[diagnostic::do_not_recommend]
impl<N> Compose<(N,)> for Repeat<Forever> {
    type Node = crate::RepeatForever<N>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::RepeatForever::new(child)
    }
}

/// Every count with a counter ([`Bound`](crate::Bound)): a `u32`, a [`Const`](crate::Const), a
/// [`ConstU8`](crate::ConstU8), a [`FromContext`](crate::FromContext) or one of the user's
/// ([`Forever`] has none: it builds a [`RepeatForever`](crate::RepeatForever)).
#[diagnostic::do_not_recommend]
impl<N, K: crate::Bound> Compose<(N,)> for Repeat<K> {
    type Node = crate::Repeat<N, K>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Repeat::times(self.n, child)
    }
}

/// The spec of [`Retry`](crate::Retry): `retry(n)<A>`, with `n` a `u32`, a [`Const`](crate::Const), a
/// [`ConstU8`](crate::ConstU8) or a [`FromContext`](crate::FromContext) count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Retry<K = u32> {
    /// The number of attempts.
    pub attempts: K,
}

impl<K> Retry<K> {
    /// Retries until `attempts` attempts have failed.
    #[inline]
    pub const fn new(attempts: K) -> Self {
        Retry { attempts }
    }
}

#[diagnostic::do_not_recommend]
impl<N, K: Count<u32>> Compose<(N,)> for Retry<K> {
    type Node = crate::Retry<N, K>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Retry::new(self.attempts, child)
    }
}

#[diagnostic::do_not_recommend]
impl<N, R> Compose<(N,)> for Retry<crate::FromContext<R>> {
    type Node = crate::Retry<N, crate::FromContext<R>>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Retry::reading(self.attempts, child)
    }
}

/// The spec of [`Recovery`](crate::Recovery): `recovery(n)<action, recovery>`, with `n` a `u32`, a
/// [`Const`](crate::Const) or a [`ConstU8`](crate::ConstU8). It builds a node over exactly two children.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Recovery<K = u32> {
    /// The most recoveries per activation (0: never recover).
    pub retries: K,
}

impl<K> Recovery<K> {
    /// Runs the recovery at most `retries` times per activation.
    #[inline]
    pub const fn new(retries: K) -> Self {
        Recovery { retries }
    }
}

#[diagnostic::do_not_recommend]
impl<A, R, K: crate::Bound + Count<u32>> Compose<(A, R)> for Recovery<K> {
    type Node = crate::Recovery<(A, R), K>;
    #[inline]
    fn compose(self, children: (A, R)) -> Self::Node {
        crate::Recovery::new(self.retries, children)
    }
}
