//! The specs with a duration: `sleep`, `timeout`, `delay`, `cooldown`, `service`.

use core::time::Duration;

use crate::{Compose, FromContext, Interval};

/// The spec of [`Sleep`](crate::Sleep): `sleep(d)`, a leaf (it composes over no children, `()`),
/// with `d` a `Duration` or a [`ConstDuration`](crate::ConstDuration) (what `bt!` makes of a
/// duration literal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sleep<D = Duration> {
    /// How long to sleep.
    pub duration: D,
}

impl<D> Sleep<D> {
    /// A sleep of `duration`.
    #[inline]
    pub const fn new(duration: D) -> Self {
        Sleep { duration }
    }
}

#[diagnostic::do_not_recommend]
impl<D: Interval> Compose<()> for Sleep<D> {
    type Node = crate::Sleep<D>;
    #[inline]
    fn compose(self, (): ()) -> crate::Sleep<D> {
        crate::Sleep::new(self.duration)
    }
}

#[diagnostic::do_not_recommend]
impl<R> Compose<()> for Sleep<FromContext<R>> {
    type Node = crate::Sleep<FromContext<R>>;
    #[inline]
    fn compose(self, (): ()) -> Self::Node {
        crate::Sleep::new(self.duration)
    }
}

/// The spec of [`Timeout`](crate::Timeout): `timeout(d)<child>`, with `d` a `Duration` or a
/// [`ConstDuration`](crate::ConstDuration) (what `bt!` makes of a duration literal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Timeout<D = Duration> {
    /// How long the child may run.
    pub limit: D,
}

impl<D> Timeout<D> {
    /// A timeout of `limit`.
    #[inline]
    pub const fn new(limit: D) -> Self {
        Timeout { limit }
    }
}

#[diagnostic::do_not_recommend]
impl<N, D: Interval> Compose<(N,)> for Timeout<D> {
    type Node = crate::Timeout<N, D>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Timeout::new(self.limit, child)
    }
}

#[diagnostic::do_not_recommend]
impl<N, R> Compose<(N,)> for Timeout<FromContext<R>> {
    type Node = crate::Timeout<N, FromContext<R>>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Timeout::new(self.limit, child)
    }
}

/// The spec of [`Delay`](crate::Delay): `delay(d)<child>`, with `d` a `Duration` or a
/// [`ConstDuration`](crate::ConstDuration) (what `bt!` makes of a duration literal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Delay<D = Duration> {
    /// How long to wait before running the child.
    pub delay: D,
}

impl<D> Delay<D> {
    /// A delay of `delay`.
    #[inline]
    pub const fn new(delay: D) -> Self {
        Delay { delay }
    }
}

#[diagnostic::do_not_recommend]
impl<N, D: Interval> Compose<(N,)> for Delay<D> {
    type Node = crate::Delay<N, D>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Delay::new(self.delay, child)
    }
}

#[diagnostic::do_not_recommend]
impl<N, R> Compose<(N,)> for Delay<FromContext<R>> {
    type Node = crate::Delay<N, FromContext<R>>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Delay::new(self.delay, child)
    }
}

/// The spec of [`Cooldown`](crate::Cooldown): `cooldown(d)<child>`, with `d` a `Duration` or a
/// [`ConstDuration`](crate::ConstDuration) (what `bt!` makes of a duration literal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cooldown<D = Duration> {
    /// How long the child may not run again after it ran.
    pub cooldown: D,
}

impl<D> Cooldown<D> {
    /// A cooldown of `cooldown`.
    #[inline]
    pub const fn new(cooldown: D) -> Self {
        Cooldown { cooldown }
    }
}

#[diagnostic::do_not_recommend]
impl<N, D: Interval> Compose<(N,)> for Cooldown<D> {
    type Node = crate::Cooldown<N, D>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Cooldown::new(self.cooldown, child)
    }
}

/// The spec of [`Service`](crate::Service): `service(interval, LEAF)<child>`. `leaf` is the
/// service's node (`bt!` converts the leaf written in the tree with the tree's context).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Service<L, D = Duration> {
    /// The interval between two starts of the service: a `Duration` or a
    /// [`ConstDuration`](crate::ConstDuration) (what `bt!` makes of a duration literal).
    pub interval: D,
    /// The service, a leaf node.
    pub leaf: L,
}

impl<L, D> Service<L, D> {
    /// Runs `leaf` every `interval` while the child runs.
    #[inline]
    pub const fn new(interval: D, leaf: L) -> Self {
        Service { interval, leaf }
    }
}

#[diagnostic::do_not_recommend]
impl<L, N, D: Interval> Compose<(N,)> for Service<L, D> {
    type Node = crate::Service<L, N, D>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Service::new(self.interval, self.leaf, child)
    }
}
