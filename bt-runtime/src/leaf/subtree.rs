//! A node built elsewhere, embedded as a leaf.

use crate::{Activation, Node, NodeId, Observer, Status};

/// A node built elsewhere (a whole tree, a function's result, a named tree) embedded as a leaf.
///
/// It ticks and halts the inner node as it is, with the inner node's own semantics. What the
/// enclosing tree sees of it depends on whether the inner node is described:
///
/// * a tree built by `bt!` (its [`Node::DESCRIPTION`] is set) is **transparent**: the subtree is
///   one node (kind `"subtree"`) whose child is the embedded tree's root, every node inside has its
///   own id in the enclosing tree, and observers are told about all of them, exactly as if the
///   embedded tree had been written in place. Its [`Node::SIZE`] is 1 plus the embedded tree's;
/// * any other node (built by hand) is a single node (`SIZE` 1): a leaf of one node is ticked
///   with its id and the observer, a node of several nodes is **opaque**, its insides ticked
///   without the observer, so that the ids of the enclosing tree match its description;
/// * a node that already is such a subtree node (`Subtree(tree)`, a named tree's
///   [`Leaf::into_node`](crate::Leaf::into_node)) is passed through as it is, so wrapping twice
///   changes nothing.
///
/// Both cost the same to tick without an observer.
#[derive(Clone, Copy, Debug, Default)]
pub struct Subtree<N>(pub N);

/// How a [`Subtree`] shows the node it holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Embedding {
    /// A whole tree built by `bt!`: the subtree node, then every node of the tree.
    Tree,
    /// A node that is itself a subtree node (a `Subtree` of a tree): passed through as it is.
    Wrapped,
    /// A node without a description, of one node: a plain leaf, with its id and the observer.
    Leaf,
    /// A node without a description, of several nodes: one opaque node.
    Opaque,
}

/// How `Subtree<N>` embeds `N`, from `N`'s size and description; a description that matches
/// neither the node's size nor a subtree node of it is a compile-time error, so that ids never
/// drift from the description.
pub(super) const fn embedding(size: usize, description: Option<&crate::TreeDescription>) -> Embedding {
    match description {
        Some(d) if size == d.len() => Embedding::Tree,
        Some(d) if size == d.len() + 1 => Embedding::Wrapped,
        Some(_) => panic!(
            "Node::DESCRIPTION disagrees with Node::SIZE: a described node has as many nodes as its description (or one more, for a subtree node)"
        ),
        None if size == 1 => Embedding::Leaf,
        None => Embedding::Opaque,
    }
}

/// The embedded node's active state: the subtree stands for the node it embeds.
impl<N: Activation> Activation for Subtree<N> {
    type Active = N::Active;

    #[inline(always)]
    fn is_running(active: &N::Active) -> bool {
        N::is_running(active)
    }
}

impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for Subtree<N> {
    const PORTS: &'static [crate::PortInfo] = N::PORTS;
    const CONDITION: bool = N::CONDITION;
    const SIZE: usize = match embedding(N::SIZE, N::DESCRIPTION) {
        Embedding::Tree => 1 + N::SIZE,
        Embedding::Wrapped => N::SIZE,
        Embedding::Leaf | Embedding::Opaque => 1,
    };
    const DESCRIPTION: Option<&'static crate::TreeDescription> = N::DESCRIPTION;

    #[inline(always)]
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        match const { embedding(N::SIZE, N::DESCRIPTION) } {
            Embedding::Tree => crate::tick_child(&mut self.0, active, ctx, obs, id + 1),
            Embedding::Wrapped | Embedding::Leaf => self.0.tick_with(active, ctx, obs, id),
            Embedding::Opaque => self.0.tick_with(active, ctx, &mut crate::NoObserver, 0),
        }
    }

    const SKIPS: bool = N::SKIPS;

    #[inline(always)]
    fn tick_skip<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> crate::Outcome {
        match const { embedding(N::SIZE, N::DESCRIPTION) } {
            Embedding::Tree => crate::tick_child_skip(&mut self.0, active, ctx, obs, id + 1),
            Embedding::Wrapped | Embedding::Leaf => self.0.tick_skip(active, ctx, obs, id),
            Embedding::Opaque => self.0.tick_skip(active, ctx, &mut crate::NoObserver, 0),
        }
    }

    #[inline(always)]
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut N::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        match const { embedding(N::SIZE, N::DESCRIPTION) } {
            Embedding::Tree => crate::halt_child(&mut self.0, active, ctx, obs, id + 1),
            Embedding::Wrapped | Embedding::Leaf => self.0.halt_with(active, ctx, obs, id),
            Embedding::Opaque => self.0.halt_with(active, ctx, &mut crate::NoObserver, 0),
        }
    }

    #[inline]
    fn reset(&mut self) {
        self.0.reset();
    }

    /// Passed on: the subtree stands for the node it embeds.
    #[inline(always)]
    fn reset_status(&mut self) {
        self.0.reset_status();
    }

    const PREEMPTS: bool = N::PREEMPTS;

    #[inline]
    fn preempts(&mut self, ctx: &Ctx) -> bool {
        self.0.preempts(ctx)
    }
}
