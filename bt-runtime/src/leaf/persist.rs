//! Saving and restoring leaves (feature `serde`).

use super::subtree::{Embedding, embedding};
use super::{Action, ActionNode, InBlock, Subtree};
use crate::persist::{Fingerprint, Invalid, LeafEntry, NodeReader, NodeWriter, Persist};
use crate::{Activation, NodeId, PersistNode};

/// Whether the action runs (entered and not exited), and its own state.
impl<Ctx: ?Sized, A: Action<Ctx> + Persist<Ctx>> PersistNode<Ctx> for ActionNode<A> {
    type Loaded = A::State;

    fn save_nodes<W: NodeWriter>(
        &self,
        active: &bool,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        w.entry(id, *active, &LeafEntry { running: *active, state: self.action.save(ctx) })
    }

    fn load_nodes<R: NodeReader>(
        &self,
        _: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(A::State, bool), R::Error> {
        let LeafEntry { running, state } = r.entry::<LeafEntry<A::State>>(id)?;
        if running && !A::LIFECYCLE {
            return Err(
                r.invalid(id, Invalid::Inconsistent("a condition answers within its tick, it never runs"))
            );
        }
        if let Err(why) = self.action.check(&state) {
            return Err(r.invalid(id, Invalid::LeafState(why)));
        }
        Ok((state, running))
    }

    fn apply(&mut self, state: A::State, ctx: &Ctx) {
        self.action.restore(state, ctx);
    }
}

/// The subtree stands for the node it embeds: a described tree's entries follow the subtree
/// node's own (empty) entry; a node of several nodes without a description (opaque, without
/// ids inside) has its entries nested in its one entry.
impl<Ctx: ?Sized, N: PersistNode<Ctx>> PersistNode<Ctx> for Subtree<N> {
    type Loaded = N::Loaded;

    fn fingerprint(&self, h: &mut Fingerprint) {
        self.0.fingerprint(h);
    }

    fn save_nodes<W: NodeWriter>(
        &self,
        active: &N::Active,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        let running = <N as crate::Activation>::is_running(active);
        match const { embedding(N::SIZE, N::DESCRIPTION) } {
            Embedding::Tree => {
                w.entry(id, running, &())?;
                self.0.save_nodes(active, ctx, id + 1, w)
            }
            Embedding::Wrapped | Embedding::Leaf => self.0.save_nodes(active, ctx, id, w),
            Embedding::Opaque => w.nested(id, running, &(), &self.0, active, ctx),
        }
    }

    fn load_nodes<R: NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(N::Loaded, N::Active), R::Error> {
        match const { embedding(N::SIZE, N::DESCRIPTION) } {
            Embedding::Tree => {
                r.entry::<()>(id)?;
                self.0.load_nodes(ctx, id + 1, r)
            }
            Embedding::Wrapped | Embedding::Leaf => self.0.load_nodes(ctx, id, r),
            Embedding::Opaque => r.nested::<(), Ctx, N>(id, &self.0, ctx).map(|((), loaded)| loaded),
        }
    }

    fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
        self.0.apply(loaded, ctx);
    }
}

/// What the leaf it holds writes, with the running flag its parent tells: a tree saved with the
/// leaf in a block reads back the same as with the leaf's own flag.
impl<Ctx: ?Sized, N: PersistNode<Ctx> + Activation<Active = bool>> PersistNode<Ctx> for InBlock<N> {
    type Loaded = N::Loaded;

    fn fingerprint(&self, h: &mut Fingerprint) {
        self.0.fingerprint(h);
    }

    /// As an idle leaf, which is what its state says; the composite that holds it tells it
    /// whether it runs ([`save_placed`](PersistNode::save_placed)).
    fn save_nodes<W: NodeWriter>(&self, _: &(), ctx: &Ctx, id: NodeId, w: &mut W) -> Result<(), W::Error> {
        self.0.save_nodes(&false, ctx, id, w)
    }

    fn load_nodes<R: NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(N::Loaded, ()), R::Error> {
        self.0.load_nodes(ctx, id, r).map(|(loaded, _)| (loaded, ()))
    }

    fn apply(&mut self, loaded: N::Loaded, ctx: &Ctx) {
        self.0.apply(loaded, ctx);
    }

    fn save_placed<W: NodeWriter>(
        &self,
        _: &(),
        running: bool,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        self.0.save_nodes(&running, ctx, id, w)
    }

    fn load_placed<R: NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(N::Loaded, (), bool), R::Error> {
        self.0.load_nodes(ctx, id, r).map(|(loaded, running)| (loaded, (), running))
    }
}
