//! The specs with a condition or a selector: `precondition`, the pre- and post-conditions of
//! `bt_xml!`, `guard`, `switch`.

use crate::{Arity, Compose};

/// The spec of [`Precondition`](crate::Precondition): `precondition(condition)<child>`, or
/// `precondition(condition, otherwise = outcome)<child>` with an outcome of
/// [`otherwise`](crate::otherwise).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Precondition<C, E = crate::otherwise::Fail> {
    /// The condition.
    pub condition: C,
    /// What it returns when the condition does not hold (default
    /// [`Fail`](crate::otherwise::Fail)).
    pub otherwise: E,
}

impl<C> Precondition<C> {
    /// A precondition on `condition` that fails when it does not hold.
    #[inline]
    pub const fn new(condition: C) -> Self {
        Precondition { condition, otherwise: crate::otherwise::Fail }
    }
}

impl<C, E> Precondition<C, E> {
    /// A precondition on `condition` that returns `otherwise`'s outcome when it does not hold.
    #[inline]
    pub const fn with_otherwise(otherwise: E, condition: C) -> Self {
        Precondition { condition, otherwise }
    }
}

#[diagnostic::do_not_recommend]
impl<C, E, N> Compose<(N,)> for Precondition<C, E> {
    type Node = crate::Precondition<C, N, E>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Precondition::with_otherwise(self.otherwise, self.condition, child)
    }
}

/// The spec of [`Conditioned`](crate::Conditioned): what `bt_xml!` wraps a node that has
/// pre- or post-conditions in (`_skipIf`, `_onSuccess`, …). It is not a node of the description:
/// the node it holds keeps its place there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Conditioned<H>(pub H);

#[diagnostic::do_not_recommend]
/// The wrapper stands for the node it holds, preemption included.
impl<H> crate::abort::Observes for Conditioned<H> {}

impl<H, N> Compose<(N,)> for Conditioned<H> {
    type Node = crate::Conditioned<H, N>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Conditioned::new(self.0, child)
    }
}

/// The spec of [`Guard`](crate::Guard): `guard(condition)<child>`, or
/// `guard(condition, abort = mode)<child>` with a mode of [`abort`](crate::abort).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Guard<C, A = crate::abort::SelfOnly> {
    /// The condition.
    pub condition: C,
    /// The observer abort mode (default [`SelfOnly`](crate::abort::SelfOnly)).
    pub abort: A,
}

impl<C> Guard<C> {
    /// A guard on `condition` that re-checks it every tick (`abort = self`).
    #[inline]
    pub const fn new(condition: C) -> Self {
        Guard { condition, abort: crate::abort::SelfOnly }
    }
}

impl<C, A> Guard<C, A> {
    /// A guard on `condition` with the observer abort `abort` (the argument order of
    /// [`crate::Guard::with_abort`]).
    #[inline]
    pub const fn with_abort(abort: A, condition: C) -> Self {
        Guard { condition, abort }
    }
}

#[diagnostic::do_not_recommend]
impl<C, A: crate::abort::AbortMode, N> Compose<(N,)> for Guard<C, A> {
    type Node = crate::Guard<C, N, A>;
    #[inline]
    fn compose(self, (child,): (N,)) -> Self::Node {
        crate::Guard::with_abort(self.abort, self.condition, child)
    }
}

/// The spec of [`Switch`](crate::Switch): `switch(selector)<PATTERN => child, …>`. `mapping`
/// turns the selector's value into the index of a child; `bt!` generates it as a `match` on the
/// cases (and ties its parameter's type to the selector's value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Switch<S, M> {
    /// Reads the value from the context: `FnMut(&Ctx) -> V`.
    pub selector: S,
    /// The index of the child to run for a value: `FnMut(V) -> u8`.
    pub mapping: M,
}

impl<S, M> Switch<S, M> {
    /// A switch on `selector`'s value, choosing child `mapping(value)`.
    #[inline]
    pub const fn new(selector: S, mapping: M) -> Self {
        Switch { selector, mapping }
    }
}

#[diagnostic::do_not_recommend]
impl<S, M, C: Arity> Compose<C> for Switch<S, M> {
    type Node = crate::Switch<S, M, C>;
    #[inline]
    fn compose(self, children: C) -> Self::Node {
        crate::Switch::new(self.selector, self.mapping, children)
    }
}
