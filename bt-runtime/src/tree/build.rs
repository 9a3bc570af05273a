//! What the code `bt!` generates builds a tree with.

use core::marker::PhantomData;

use super::BehaviorTree;
use crate::{Activation, Describe, IntoNode};

/// Ties every leaf of a tree to the tree's context type while `bt!` builds it. Used by the code
/// `bt!` generates; not meant to be named by users.
#[doc(hidden)]
pub struct Builder<Ctx: ?Sized>(PhantomData<fn(&mut Ctx)>);

impl<Ctx: ?Sized> Default for Builder<Ctx> {
    fn default() -> Self {
        Self::new()
    }
}

impl<Ctx: ?Sized> Builder<Ctx> {
    /// A builder for context `Ctx` (usually inferred).
    #[inline(always)]
    pub const fn new() -> Self {
        Builder(PhantomData)
    }

    /// Converts a leaf for this tree's context.
    #[inline(always)]
    pub fn leaf<M, T: IntoNode<Ctx, M>>(&self, leaf: T) -> T::Node {
        leaf.into_node()
    }

    /// Converts a leaf for this tree's context, as a child of a composite that runs one child at
    /// a time ([`IntoNode::InBlock`]).
    #[inline(always)]
    pub fn leaf_in_block<M, T: IntoNode<Ctx, M>>(&self, leaf: T) -> T::InBlock {
        T::InBlock::from(leaf.into_node())
    }

    /// Checks a condition argument (of `precondition`, `guard`, …) against this tree's context.
    #[inline(always)]
    pub fn condition<C: crate::Condition<Ctx>>(&self, condition: C) -> C {
        condition
    }

    /// Wraps the root.
    #[inline(always)]
    pub fn build<N: Activation>(&self, root: N) -> BehaviorTree<N, Ctx> {
        BehaviorTree::new(root)
    }

    /// Wraps the root, with the description carried by `D`.
    #[inline(always)]
    pub fn build_described<D: Describe, N: Activation>(&self, root: N) -> BehaviorTree<N, Ctx, D> {
        BehaviorTree::new(root)
    }

    /// Converts a leaf, recording its node type in `capture` (a field of the description type),
    /// so that the description can embed the leaf's own if it is a tree.
    #[inline(always)]
    pub fn leaf_in<M, T: IntoNode<Ctx, M>>(&self, capture: &PhantomData<T::Node>, leaf: T) -> T::Node {
        let _ = capture;
        leaf.into_node()
    }

    /// [`leaf_in`](Self::leaf_in) for a child of a composite that runs one child at a time
    /// ([`IntoNode::InBlock`]).
    #[inline(always)]
    pub fn leaf_in_block_in<M, T: IntoNode<Ctx, M>>(
        &self,
        capture: &PhantomData<T::InBlock>,
        leaf: T,
    ) -> T::InBlock {
        let _ = capture;
        T::InBlock::from(leaf.into_node())
    }

    /// The context marker of a description type.
    #[inline(always)]
    pub const fn context(&self) -> PhantomData<fn(&mut Ctx)> {
        PhantomData
    }

    /// Wraps the root, with the description carried by `D`, whose value records the captured leaf
    /// types.
    #[inline(always)]
    pub fn build_from<D: Describe, N: Activation>(&self, description: D, root: N) -> BehaviorTree<N, Ctx, D> {
        let _ = description;
        BehaviorTree::new(root)
    }
}
