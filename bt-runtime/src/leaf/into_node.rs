//! What can stand as a leaf in `bt!`, and the node each becomes.

use super::{ActionFn, InBlock, Leaf, Subtree};
use crate::{Node, Status};

/// Marker types that tell apart the [`IntoNode`] conversions (the technique behind Bevy's
/// `IntoSystem`). Never named by users; inference picks the one that applies.
pub mod markers {
    /// The value is a [`Leaf`](crate::Leaf): an action or a condition.
    #[derive(Debug)]
    pub enum IsLeaf {}
    /// The value is already a [`Node`](crate::Node) (a subtree built elsewhere).
    #[derive(Debug)]
    pub enum IsNode {}
    /// The value is a closure `FnMut(&mut Ctx) -> Status`, an action.
    #[derive(Debug)]
    pub enum IsActionFn {}
}

/// Anything that can stand as a leaf in `bt!`: an [`Action`](crate::Action), a [`Condition`](crate::Condition), a closure
/// `|ctx: &mut Ctx| -> Status` (action) or `|ctx: &Ctx| -> bool` (condition), or any [`Node`]
/// (a subtree built elsewhere).
///
/// `Marker` only exists to keep these conversions apart; inference chooses it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a behavior-tree leaf for context `{Ctx}`",
    label = "not an action, condition or node for `{Ctx}`",
    note = "a leaf must implement `bt::Action<{Ctx}>`, `bt::Condition<{Ctx}>` or `bt::Node<{Ctx}>`, or be a closure `|ctx: &mut {Ctx}| -> bt::Status` (action) or `|ctx: &{Ctx}| -> bool` (condition)"
)]
pub trait IntoNode<Ctx: ?Sized, Marker> {
    /// The node the value becomes.
    type Node: Node<Ctx>;
    /// The node the value becomes as a child of a composite that runs one child at a time (see
    /// [`Leaf::InBlock`]).
    type InBlock: Node<Ctx> + From<Self::Node>;
    /// Converts the value.
    fn into_node(self) -> Self::Node;
}

impl<Ctx: ?Sized, T: Leaf<Ctx>> IntoNode<Ctx, markers::IsLeaf> for T {
    type Node = T::Node;
    type InBlock = T::InBlock;
    #[inline]
    fn into_node(self) -> T::Node {
        Leaf::into_node(self)
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> IntoNode<Ctx, markers::IsNode> for N {
    type Node = Subtree<N>;
    type InBlock = Subtree<N>;
    #[inline]
    fn into_node(self) -> Subtree<N> {
        Subtree(self)
    }
}

impl<Ctx: ?Sized, F: FnMut(&mut Ctx) -> Status> IntoNode<Ctx, markers::IsActionFn> for F {
    type Node = ActionFn<F>;
    type InBlock = InBlock<ActionFn<F>>;
    #[inline]
    fn into_node(self) -> Self::Node {
        ActionFn(self)
    }
}
