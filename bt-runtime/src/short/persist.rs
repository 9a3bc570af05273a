//! Saving a running tree with short-form nodes (feature `serde`): a node whose struct and
//! [`Short::State`](super::Short::State) implement `Serialize` and `Deserialize` is saved with its fields as they are
//! and the state of its activation, then its children's entries.
//!
//! Nothing of a short-form node is checked on restore beyond its shape (a node saved idle whose
//! child runs is refused): the values are the node's own. Durations in its state are saved as
//! they are, so a timer it keeps is restored relative to the context's clock only if that clock
//! reads as it did when the tree was saved.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::{Composed, Composite, Decorated, Decorator};
use crate::persist::{Fingerprint, Invalid, NodeReader, NodeWriter};
use crate::{NodeId, PersistChildren, PersistNode};

/// The entry of a short-form node: its struct, whether it runs, and its activation's state
/// (`Default` while idle).
#[derive(Serialize, Deserialize)]
struct Entry<D, S> {
    node: D,
    running: bool,
    state: S,
}

/// The entry written from borrowed values.
#[derive(Serialize)]
struct EntryRef<'a, D, S> {
    node: &'a D,
    running: bool,
    state: &'a S,
}

impl<'a, D, S: Default> EntryRef<'a, D, S> {
    fn save<A>(node: &'a D, active: &'a Option<(A, S)>, idle: &'a S) -> Self {
        EntryRef { node, running: active.is_some(), state: active.as_ref().map_or(idle, |(_, s)| s) }
    }
}

impl<Ctx: ?Sized, D, N> PersistNode<Ctx> for Decorated<D, N>
where
    D: Decorator<Ctx> + Serialize + DeserializeOwned,
    D::State: Serialize + DeserializeOwned,
    N: PersistNode<Ctx>,
{
    type Loaded = (D, N::Loaded);

    fn fingerprint(&self, h: &mut Fingerprint) {
        self.child.fingerprint(h);
    }

    fn save_nodes<W: NodeWriter>(
        &self,
        active: &Self::Active,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        let idle = D::State::default();
        w.entry(id, active.is_some(), &EntryRef::save(&self.spec, active, &idle))?;
        match active {
            Some((child, _)) => self.child.save_nodes(child, ctx, id + 1, w),
            None => self.child.save_nodes(&N::Active::default(), ctx, id + 1, w),
        }
    }

    fn load_nodes<R: NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(Self::Loaded, Self::Active), R::Error> {
        let Entry { node, running, state } = r.entry::<Entry<D, D::State>>(id)?;
        let (loaded, child) = self.child.load_nodes(ctx, id + 1, r)?;
        let active = match running {
            true => Some((child, state)),
            false if N::is_running(&child) => {
                return Err(r.invalid(id, Invalid::Inconsistent("an idle decorator whose child runs")));
            }
            false => None,
        };
        Ok(((node, loaded), active))
    }

    fn apply(&mut self, (node, loaded): Self::Loaded, ctx: &Ctx) {
        self.spec = node;
        self.child.apply(loaded, ctx);
    }
}

impl<Ctx: ?Sized, D, C> PersistNode<Ctx> for Composed<D, C>
where
    D: Composite<Ctx> + Serialize + DeserializeOwned,
    D::State: Serialize + DeserializeOwned,
    C: PersistChildren<Ctx>,
{
    type Loaded = (D, C::Loaded);

    fn fingerprint(&self, h: &mut Fingerprint) {
        self.children.fingerprint_all(h);
    }

    fn save_nodes<W: NodeWriter>(
        &self,
        (one, state): &Self::Active,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        let running = C::one_running(one);
        w.entry(id, running, &EntryRef { node: &self.spec, running, state })?;
        self.children.save_one(one, ctx, id, w)
    }

    fn load_nodes<R: NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(Self::Loaded, Self::Active), R::Error> {
        let Entry { node, running, state } = r.entry::<Entry<D, D::State>>(id)?;
        let (loaded, one) = self.children.load_one(ctx, id, r)?;
        if running != C::one_running(&one) {
            return Err(r.invalid(
                id,
                Invalid::Inconsistent("a composite runs exactly while one of its children runs"),
            ));
        }
        Ok(((node, loaded), (one, state)))
    }

    fn apply(&mut self, (node, loaded): Self::Loaded, ctx: &Ctx) {
        self.spec = node;
        self.children.apply_all(loaded, ctx);
    }
}
