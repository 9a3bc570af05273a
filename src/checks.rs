//! Checks the code `bt!` generates makes on the way, so that a mistake the macro cannot see (a
//! leaf of the wrong type, a context without a clock) is reported once, on the user's token, with
//! what to do. Used through `bt::__private`; not part of the API.
//!
//! Each check is a trait with two implementations, the second of which never applies: when the
//! check fails, the node type it yields stays unresolved, so the compiler reports the mistake
//! once, where the check stands, and not again for every node above it or at `tick`.

use core::marker::PhantomData;

use crate::__private::{Builder, Never, Placeholder, Unimplemented};
use crate::{Clock, IntoNode, Node};

/// A leaf of a tree that states no context (`bt! { TREE }`): [`IntoNode`] with a message that
/// says how to state it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a behavior-tree leaf for context `{Ctx}`",
    label = "not an action, condition or node for `{Ctx}`",
    note = "a leaf must implement `bt::Action<{Ctx}>`, `bt::Condition<{Ctx}>` or `bt::Node<{Ctx}>`, or be a closure `|ctx: &mut {Ctx}| -> bt::Status` (action) or `|ctx: &{Ctx}| -> bool` (condition)",
    note = "this tree states no context: it is inferred from the tree's use, and reads `_` until then; state the context to check every leaf against it: `bt! {{ Agent => … }}`"
)]
pub trait IntoInferredLeaf<Ctx: ?Sized, Marker> {
    /// The node the value becomes.
    type Node: Node<Ctx>;
    /// The node the value becomes as a child of a composite that runs one child at a time.
    type InBlock: Node<Ctx> + From<Self::Node>;
    /// Converts the value.
    fn into_leaf(self) -> Self::Node;
}

/// Marker of the conversion through [`IntoNode`] with marker `M`.
#[derive(Debug)]
pub struct Through<M>(PhantomData<M>);

impl<Ctx: ?Sized, M, T: IntoNode<Ctx, M>> IntoInferredLeaf<Ctx, Through<M>> for T {
    type Node = T::Node;
    type InBlock = T::InBlock;
    #[inline(always)]
    fn into_leaf(self) -> T::Node {
        self.into_node()
    }
}

impl<Ctx: ?Sized, T: Unimplemented> IntoInferredLeaf<Ctx, Never> for T {
    type Node = Placeholder;
    type InBlock = Placeholder;
    #[inline(always)]
    fn into_leaf(self) -> Placeholder {
        Placeholder
    }
}

/// Converts a leaf of a tree that states no context.
#[inline(always)]
pub fn leaf<Ctx: ?Sized, M, T: IntoInferredLeaf<Ctx, M>>(_builder: &Builder<Ctx>, leaf: T) -> T::Node {
    leaf.into_leaf()
}

/// Converts a leaf of a tree that states no context, recording its node type in `capture` (see
/// [`Builder::leaf_in`]).
#[inline(always)]
pub fn leaf_in<Ctx: ?Sized, M, T: IntoInferredLeaf<Ctx, M>>(
    _builder: &Builder<Ctx>,
    capture: &PhantomData<T::Node>,
    leaf: T,
) -> T::Node {
    let _ = capture;
    leaf.into_leaf()
}

/// Converts a leaf of a tree that states no context, as a child of a composite that runs one
/// child at a time ([`IntoNode::InBlock`]).
#[inline(always)]
pub fn leaf_in_block<Ctx: ?Sized, M, T: IntoInferredLeaf<Ctx, M>>(
    _builder: &Builder<Ctx>,
    leaf: T,
) -> T::InBlock {
    T::InBlock::from(leaf.into_leaf())
}

/// [`leaf_in`] for a child of a composite that runs one child at a time.
#[inline(always)]
pub fn leaf_in_block_in<Ctx: ?Sized, M, T: IntoInferredLeaf<Ctx, M>>(
    _builder: &Builder<Ctx>,
    capture: &PhantomData<T::InBlock>,
    leaf: T,
) -> T::InBlock {
    let _ = capture;
    T::InBlock::from(leaf.into_leaf())
}

/// A context that has a clock, as the time-based nodes (`timeout`, `delay`, `cooldown`,
/// `rate_controller`, `service`, `sleep`) need; `N` is the node built.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no clock, and this node measures time: implement `bt::Clock` for `{Self}`",
    label = "this node reads the time from the context, `{Self}`",
    note = "implement `bt::Clock` for `{Self}` (its `now()` is the time since any fixed origin: a field holding a `bt::ManualClock` in simulations and tests, `bt::StdClock` for wall-clock time), or remove the time-based node"
)]
pub trait TimedContext<N, Marker> {
    /// The node, unchanged.
    type Node;
    /// Returns the node.
    fn timed(node: N) -> Self::Node;
}

/// Marker of a context that implements [`Clock`].
#[derive(Debug)]
pub enum HasClock {}

impl<Ctx: ?Sized + Clock, N> TimedContext<N, HasClock> for Ctx {
    type Node = N;
    #[inline(always)]
    fn timed(node: N) -> N {
        node
    }
}

impl<Ctx: ?Sized + Clock + Unimplemented, N> TimedContext<N, Never> for Ctx {
    type Node = N;
    #[inline(always)]
    fn timed(node: N) -> N {
        node
    }
}

/// Checks that the context of the tree `_builder` builds has a clock, for the time-based `node`.
#[inline(always)]
pub fn timed<Ctx: ?Sized + TimedContext<N, M>, M, N>(_builder: &Builder<Ctx>, node: N) -> Ctx::Node {
    Ctx::timed(node)
}

/// Marker of a closure conversion that applies.
#[derive(Debug)]
pub enum Applies {}

/// A closure leaf taking the context by `&`: a condition (the macro routes it here by its syntax).
#[diagnostic::on_unimplemented(
    message = "this closure is not a condition on `{Ctx}`: its parameter must be `&{Ctx}`",
    label = "a closure taking `&` is a condition: `|ctx: &{Ctx}| -> bool`",
    note = "a closure leaf is `{{ |ctx: &{Ctx}| … }}`, a condition returning `bool`, or `{{ |ctx: &mut {Ctx}| … }}`, an action returning `bt::Status`"
)]
pub trait ConditionClosure<Ctx: ?Sized, Marker> {
    /// The node the closure becomes.
    type Node: Node<Ctx>;
    /// The node the closure becomes as a child of a composite that runs one child at a time.
    type InBlock: Node<Ctx> + From<Self::Node>;
    /// Converts the closure.
    fn into_leaf(self) -> Self::Node;
}

impl<Ctx: ?Sized, F: FnMut(&Ctx) -> bool> ConditionClosure<Ctx, Applies> for F {
    type Node = <F as IntoNode<Ctx, crate::markers::IsLeaf>>::Node;
    type InBlock = <F as IntoNode<Ctx, crate::markers::IsLeaf>>::InBlock;
    #[inline(always)]
    fn into_leaf(self) -> Self::Node {
        IntoNode::<Ctx, crate::markers::IsLeaf>::into_node(self)
    }
}

impl<Ctx: ?Sized, F: Unimplemented> ConditionClosure<Ctx, Never> for F {
    type Node = Placeholder;
    type InBlock = Placeholder;
    #[inline(always)]
    fn into_leaf(self) -> Placeholder {
        Placeholder
    }
}

/// A closure leaf taking the context by `&mut`: an action (the macro routes it here by its
/// syntax).
#[diagnostic::on_unimplemented(
    message = "this closure is not an action on `{Ctx}`: its parameter must be `&mut {Ctx}`",
    label = "a closure taking `&mut` is an action: `|ctx: &mut {Ctx}| -> bt::Status`",
    note = "a closure leaf is `{{ |ctx: &mut {Ctx}| … }}`, an action returning `bt::Status`, or `{{ |ctx: &{Ctx}| … }}`, a condition returning `bool`"
)]
pub trait ActionClosure<Ctx: ?Sized, Marker> {
    /// The node the closure becomes.
    type Node: Node<Ctx>;
    /// The node the closure becomes as a child of a composite that runs one child at a time.
    type InBlock: Node<Ctx> + From<Self::Node>;
    /// Converts the closure.
    fn into_leaf(self) -> Self::Node;
}

impl<Ctx: ?Sized, F: FnMut(&mut Ctx) -> crate::Status> ActionClosure<Ctx, Applies> for F {
    type Node = crate::ActionFn<F>;
    type InBlock = crate::InBlock<crate::ActionFn<F>>;
    #[inline(always)]
    fn into_leaf(self) -> Self::Node {
        crate::ActionFn(self)
    }
}

impl<Ctx: ?Sized, F: Unimplemented> ActionClosure<Ctx, Never> for F {
    type Node = Placeholder;
    type InBlock = Placeholder;
    #[inline(always)]
    fn into_leaf(self) -> Placeholder {
        Placeholder
    }
}

/// Converts a condition closure of the tree `_builder` builds.
#[inline(always)]
pub fn condition_closure<Ctx: ?Sized, M, F: ConditionClosure<Ctx, M>>(
    _builder: &Builder<Ctx>,
    f: F,
) -> F::Node {
    f.into_leaf()
}

/// Converts a condition closure of the tree `_builder` builds, as a child of a composite that runs
/// one child at a time.
#[inline(always)]
pub fn condition_closure_in_block<Ctx: ?Sized, M, F: ConditionClosure<Ctx, M>>(
    _builder: &Builder<Ctx>,
    f: F,
) -> F::InBlock {
    F::InBlock::from(f.into_leaf())
}

/// Converts an action closure of the tree `_builder` builds, as a child of a composite that runs
/// one child at a time.
#[inline(always)]
pub fn action_closure_in_block<Ctx: ?Sized, M, F: ActionClosure<Ctx, M>>(
    _builder: &Builder<Ctx>,
    f: F,
) -> F::InBlock {
    F::InBlock::from(f.into_leaf())
}

/// Converts an action closure of the tree `_builder` builds.
#[inline(always)]
pub fn action_closure<Ctx: ?Sized, M, F: ActionClosure<Ctx, M>>(_builder: &Builder<Ctx>, f: F) -> F::Node {
    f.into_leaf()
}

/// The fallback value of a leaf written by its bare name when that name is only a type (a struct
/// with fields): `bt!` turns it into the type's `Default` ([`by_name`]).
#[derive(Clone, Copy, Debug)]
pub struct DefaultLeaf;

/// How the value `Self` of a leaf written by its bare name becomes the leaf `P`: `P` itself (a
/// unit struct), or [`DefaultLeaf`], `P::default()`.
pub trait LeafByName<P> {
    /// The leaf.
    fn leaf(self) -> P;
}

impl<T> LeafByName<T> for T {
    #[inline(always)]
    fn leaf(self) -> T {
        self
    }
}

/// A struct with fields written by its name alone is built with `Default`.
impl<T: Default> LeafByName<T> for DefaultLeaf {
    #[inline(always)]
    fn leaf(self) -> T {
        T::default()
    }
}

/// The leaf written by its bare name `P`, from what that name is as a value (see
/// [`LeafByName`]).
#[inline(always)]
pub fn by_name<P, V: LeafByName<P>>(value: V) -> P {
    value.leaf()
}

/// Records the type of `value` in `capture` (the marker of the ports a leaf derives, see
/// `bt::__private::PortsProbe`).
#[inline(always)]
pub fn capture<P>(capture: &PhantomData<P>, value: P) {
    let _ = (capture, value);
}
