//! What the code `bt!`, `bt_xml!` and `#[derive(Ports)]` generate calls: conversions and checks
//! that give the generated code its types and its error messages. Not part of the public API.
pub use crate::checks::{
    ActionClosure, Applies, ConditionClosure, DefaultLeaf, HasClock, IntoInferredLeaf, LeafByName, Through,
    TimedContext, action_closure, action_closure_in_block, by_name, capture, condition_closure,
    condition_closure_in_block, leaf, leaf_in, leaf_in_block, leaf_in_block_in, timed,
};
pub use crate::derived_ports::{
    Derived, DerivedPorts, NoDerivedPorts, NotDerived, PortsOf, PortsProbe, ProbeDerived, ProbeNone,
};
pub use bt_runtime::Builder;
#[cfg(feature = "serde")]
pub use serde;

/// A condition argument (of `precondition`, `guard`, …) checked against the tree's context.
///
/// Two candidate conversions (the second never applies) keep the result unresolved when the
/// check fails, so the compiler reports the mistake once, on the argument, and not again for
/// every node above it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a condition for context `{Ctx}`",
    label = "expected a condition on `{Ctx}`",
    note = "implement `bt::Condition<{Ctx}>` for `{Self}`, or write a closure `|ctx: &{Ctx}| -> bool`"
)]
pub trait IntoCondition<Ctx: ?Sized, Marker> {
    /// The condition.
    type Condition: crate::Condition<Ctx>;
    /// Returns the condition.
    fn into_condition(self) -> Self::Condition;
}

/// Marker of the conversion of a [`Condition`](crate::Condition).
#[derive(Debug)]
pub enum IsCondition {}

/// Marker of the conversion that never applies.
#[derive(Debug)]
pub enum Never {}

/// Implemented by nothing.
pub trait Unimplemented {}

impl<Ctx: ?Sized, C: crate::Condition<Ctx>> IntoCondition<Ctx, IsCondition> for C {
    type Condition = C;
    #[inline(always)]
    fn into_condition(self) -> C {
        self
    }
}

impl<Ctx: ?Sized, C: crate::Condition<Ctx> + Unimplemented> IntoCondition<Ctx, Never> for C {
    type Condition = C;
    #[inline(always)]
    fn into_condition(self) -> C {
        self
    }
}

/// Checks `condition` against the context of the tree `_builder` builds.
#[inline(always)]
pub fn condition<Ctx: ?Sized, M, C: IntoCondition<Ctx, M>>(
    _builder: &Builder<Ctx>,
    condition: C,
) -> C::Condition {
    condition.into_condition()
}

/// Builds a node from its children and its spec: `bt::Compose::compose(spec, children)`.
///
/// The children come first, so that their type is known when the spec's `Compose` is looked
/// up: a spec without `Compose` for them is reported as such, with the tuples it accepts.
/// The node type is a parameter bound through `Node = N` rather than the projection
/// `S::Node`, so that the failure is reported once, on the bound.
#[inline(always)]
pub fn compose<C, S: crate::Compose<C, Node = N>, N>(children: C, spec: S) -> N {
    spec.compose(children)
}

/// Converts a leaf of a named tree that is a child of a composite that runs one child at a time: `<T as Leaf<Ctx>>::InBlock` (see [`InBlock`](crate::InBlock)).
#[inline(always)]
pub fn in_block<Ctx: ?Sized, T: crate::Leaf<Ctx>>(leaf: T) -> T::InBlock {
    T::InBlock::from(leaf.into_node())
}

/// Requires that the spec `S` of a node kind of the user's gives a child
/// `guard(…, abort = lower_priority)` its effect ([`abort::Observes`](crate::abort::Observes)).
#[inline(always)]
pub fn observes_aborts<S: crate::abort::Observes>(_spec: &S) {}

/// The spec of `switch(selector)<…>` for the context of the tree `_builder` builds: the
/// bounds tie the parameter of the generated `mapping` (the `match` on the cases) to the type
/// of the selector's value, so that the compiler infers it and checks the patterns against it.
#[inline(always)]
pub fn switch<Ctx: ?Sized, V, S: FnMut(&Ctx) -> V, M: FnMut(V) -> u8>(
    _builder: &Builder<Ctx>,
    selector: S,
    mapping: M,
) -> crate::kind::Switch<S, M> {
    crate::kind::Switch::new(selector, mapping)
}

/// The spec of `boxed(…)` for the context of the tree `_builder` builds.
#[cfg(feature = "alloc")]
#[inline(always)]
pub fn boxed_spec<'a, Ctx: ?Sized>(_builder: &Builder<Ctx>) -> crate::kind::Boxed<'a, Ctx> {
    crate::kind::Boxed::default()
}

/// What `bt!` expands to when the tree has errors: a node that type-checks for every context,
/// so that the compiler reports the macro's errors and nothing else.
#[derive(Clone, Copy, Debug, Default)]
pub struct Placeholder;

impl crate::Activation for Placeholder {
    type Active = ();
    fn is_running(_: &()) -> bool {
        false
    }
}

impl<Ctx: ?Sized> crate::Node<Ctx> for Placeholder {
    fn tick_with<O: crate::Observer + ?Sized>(
        &mut self,
        _: &mut (),
        _: &mut Ctx,
        _: &mut O,
        _: crate::NodeId,
    ) -> crate::Status {
        crate::Status::Failure
    }
}

/// What an anonymous `bt!` without an explicit context expands to when the tree has errors:
/// the methods of [`BehaviorTree`](crate::BehaviorTree), generic over the context, so that
/// nothing about the erroneous tree is left for the compiler to infer or to complain about.
#[derive(Clone, Copy, Debug, Default)]
pub struct ErrorTree;

#[allow(missing_docs)]
impl ErrorTree {
    pub fn tick<Ctx: ?Sized>(&mut self, _: &mut Ctx) -> crate::Status {
        crate::Status::Failure
    }
    pub fn tick_with<Ctx: ?Sized, O: crate::Observer + ?Sized>(
        &mut self,
        _: &mut Ctx,
        _: &mut O,
    ) -> crate::Status {
        crate::Status::Failure
    }
    pub fn halt<Ctx: ?Sized>(&mut self, _: &mut Ctx) {}
    pub fn reset<Ctx: ?Sized>(&mut self, _: &mut Ctx) {}
    pub fn reset_with<Ctx: ?Sized, O: crate::Observer + ?Sized>(&mut self, _: &mut Ctx, _: &mut O) {}
    pub fn halt_with<Ctx: ?Sized, O: crate::Observer + ?Sized>(&mut self, _: &mut Ctx, _: &mut O) {}
    pub fn tick_until_done<Ctx: ?Sized>(&mut self, _: &mut Ctx, _: impl FnMut(&mut Ctx)) -> crate::Status {
        crate::Status::Failure
    }
    pub fn tick_until_done_within<Ctx: ?Sized>(
        &mut self,
        _: &mut Ctx,
        _: u64,
        _: impl FnMut(&mut Ctx),
    ) -> crate::Status {
        crate::Status::Failure
    }
    pub fn is_running(&self) -> bool {
        false
    }
    pub fn active(&self) -> &() {
        &()
    }
    pub fn root(&self) -> &Self {
        self
    }
    pub fn root_mut(&mut self) -> &mut Self {
        self
    }
    pub fn description(&self) -> &'static crate::TreeDescription {
        &crate::TreeDescription::EMPTY
    }
    pub fn node_count(&self) -> usize {
        1
    }
}

impl crate::Activation for ErrorTree {
    type Active = ();
    fn is_running(_: &()) -> bool {
        false
    }
}

impl<Ctx: ?Sized> crate::Node<Ctx> for ErrorTree {
    fn tick_with<O: crate::Observer + ?Sized>(
        &mut self,
        _: &mut (),
        _: &mut Ctx,
        _: &mut O,
        _: crate::NodeId,
    ) -> crate::Status {
        crate::Status::Failure
    }
}
