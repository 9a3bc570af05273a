//! Saving and restoring trees built at run time (feature `serde`): the entries of each boxed node
//! pass through an object-safe writer and reader ([`ErasedWriter`], [`ErasedReader`], built on
//! `erased-serde`), so that a box keeps the node's own [`PersistNode`] code.

use core::cell::Cell;

use bt_runtime::persist::{Fingerprint, Invalid, NodeReader, NodeWriter, PersistChildren};
use bt_runtime::{NodeId, PersistNode};
use serde::de::{DeserializeOwned, DeserializeSeed};
use serde::{Deserializer, Serialize, Serializer};

use crate::node::forward_node;
use crate::{DynAll, DynBox, DynChildren, DynOne, ErasedNode};

/// Why a node boxed with [`boxed`](crate::boxed) is refused.
pub(crate) const UNSAVEABLE: &str =
    "this node was boxed without the means to save it (`boxed`, not `saving`): the tree cannot be saved";

/// The error of an erased writer or reader: the real one is kept by the wrapper that erased it,
/// and returned from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stored;

/// A read callback: deserializes one entry from the erased deserializer it is given.
pub type ReadEntry<'f> =
    dyn for<'de> FnMut(&mut dyn erased_serde::Deserializer<'de>) -> Result<(), erased_serde::Error> + 'f;

/// The object-safe face of a [`NodeWriter`], which a boxed node writes its entries to.
pub trait ErasedWriter {
    /// [`NodeWriter::entry`].
    ///
    /// # Errors
    ///
    /// [`Stored`]: the writer's error is kept by the wrapper that erased it.
    fn entry(&mut self, id: NodeId, running: bool, entry: &dyn erased_serde::Serialize)
    -> Result<(), Stored>;
    /// [`NodeWriter::unsupported`].
    fn unsupported(&mut self, id: NodeId, why: &'static str) -> Stored;
}

/// The object-safe face of a [`NodeReader`], which a boxed node reads its entries from.
pub trait ErasedReader {
    /// [`NodeReader::entry`]: calls `read` with the entry of node `id`.
    ///
    /// # Errors
    ///
    /// [`Stored`]: the reader's error is kept by the wrapper that erased it.
    fn entry(&mut self, id: NodeId, read: &mut ReadEntry<'_>) -> Result<(), Stored>;
    /// [`NodeReader::invalid`].
    fn invalid(&mut self, id: NodeId, why: Invalid) -> Stored;
}

// -------------------------------------------------------------------------------------------------
// Typed to erased: a parent's writer or reader, passed into a box
// -------------------------------------------------------------------------------------------------

/// A typed writer behind the object-safe face.
struct EraseWriter<'w, W: NodeWriter> {
    w: &'w mut W,
    error: Option<W::Error>,
}

impl<W: NodeWriter> ErasedWriter for EraseWriter<'_, W> {
    fn entry(
        &mut self,
        id: NodeId,
        running: bool,
        entry: &dyn erased_serde::Serialize,
    ) -> Result<(), Stored> {
        self.w.entry(id, running, entry).map_err(|e| {
            self.error = Some(e);
            Stored
        })
    }
    fn unsupported(&mut self, id: NodeId, why: &'static str) -> Stored {
        self.error = Some(self.w.unsupported(id, why));
        Stored
    }
}

/// Calls `f` with `w` behind the object-safe face, and returns `w`'s own error.
fn erase_writer<W: NodeWriter>(
    w: &mut W,
    id: NodeId,
    f: impl FnOnce(&mut dyn ErasedWriter) -> Result<(), Stored>,
) -> Result<(), W::Error> {
    let mut erased = EraseWriter { w, error: None };
    match f(&mut erased) {
        Ok(()) => Ok(()),
        Err(Stored) => Err(match erased.error {
            Some(e) => e,
            None => erased.w.unsupported(id, "a boxed node failed without an error"),
        }),
    }
}

/// A typed reader behind the object-safe face.
struct EraseReader<'r, R: NodeReader> {
    r: &'r mut R,
    error: Option<R::Error>,
}

/// Deserializes an entry through a read callback.
struct ReadSeed<'f, 'g>(&'f mut ReadEntry<'g>);

impl<'de> DeserializeSeed<'de> for ReadSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        (self.0)(&mut erased).map_err(serde::de::Error::custom)
    }
}

impl<R: NodeReader> ErasedReader for EraseReader<'_, R> {
    fn entry(&mut self, id: NodeId, read: &mut ReadEntry<'_>) -> Result<(), Stored> {
        self.r.entry_seed(id, ReadSeed(read)).map_err(|e| {
            self.error = Some(e);
            Stored
        })
    }
    fn invalid(&mut self, id: NodeId, why: Invalid) -> Stored {
        self.error = Some(self.r.invalid(id, why));
        Stored
    }
}

/// Calls `f` with `r` behind the object-safe face, and returns `r`'s own error.
fn erase_reader<R: NodeReader, T>(
    r: &mut R,
    id: NodeId,
    f: impl FnOnce(&mut dyn ErasedReader) -> Result<T, Stored>,
) -> Result<T, R::Error> {
    let mut erased = EraseReader { r, error: None };
    match f(&mut erased) {
        Ok(value) => Ok(value),
        Err(Stored) => Err(match erased.error {
            Some(e) => e,
            None => erased.r.invalid(id, Invalid::Inconsistent("a boxed node failed without an error")),
        }),
    }
}

// -------------------------------------------------------------------------------------------------
// Erased to typed: inside a box, for the node's own code
// -------------------------------------------------------------------------------------------------

/// An erased writer as a [`NodeWriter`], for the node inside a box.
struct TypedWriter<'w>(&'w mut dyn ErasedWriter);

/// A possibly unsized value as a sized one, to be erased.
struct AsSized<'a, T: ?Sized>(&'a T);

impl<T: Serialize + ?Sized> Serialize for AsSized<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl NodeWriter for TypedWriter<'_> {
    type Error = Stored;
    fn entry<T: Serialize + ?Sized>(&mut self, id: NodeId, running: bool, entry: &T) -> Result<(), Stored> {
        self.0.entry(id, running, &AsSized(entry))
    }
    fn unsupported(&mut self, id: NodeId, why: &'static str) -> Stored {
        self.0.unsupported(id, why)
    }
}

/// An erased reader as a [`NodeReader`], for the node inside a box.
struct TypedReader<'r>(&'r mut dyn ErasedReader);

impl NodeReader for TypedReader<'_> {
    type Error = Stored;

    fn entry<T: DeserializeOwned>(&mut self, id: NodeId) -> Result<T, Stored> {
        let mut out = None;
        self.0.entry(id, &mut |d| {
            out = Some(erased_serde::deserialize::<T>(d)?);
            Ok(())
        })?;
        out.ok_or(Stored)
    }

    fn entry_seed<V, S>(&mut self, id: NodeId, seed: S) -> Result<V, Stored>
    where
        S: for<'de> DeserializeSeed<'de, Value = V>,
    {
        let mut seed = Some(seed);
        let mut out = None;
        self.0.entry(id, &mut |d| {
            if let Some(seed) = seed.take() {
                out = Some(seed.deserialize(d)?);
            }
            Ok(())
        })?;
        out.ok_or(Stored)
    }

    fn invalid(&mut self, id: NodeId, why: Invalid) -> Stored {
        self.0.invalid(id, why)
    }
}

// -------------------------------------------------------------------------------------------------
// The box of a node that can be saved
// -------------------------------------------------------------------------------------------------

/// A node, its active state, and what a restore read for it until it is applied.
struct Saving<N: bt_runtime::Activation, L> {
    node: N,
    active: N::Active,
    pending: Cell<Option<(L, N::Active)>>,
}

impl<Ctx: ?Sized, N: PersistNode<Ctx, Loaded = L> + Send, L: Send> ErasedNode<Ctx> for Saving<N, L>
where
    N::Active: Send,
{
    forward_node!();

    fn fingerprint(&self, h: &mut Fingerprint) {
        self.node.fingerprint(h);
    }

    fn save(&self, ctx: &Ctx, id: NodeId, w: &mut dyn ErasedWriter) -> Result<(), Stored> {
        self.node.save_nodes(&self.active, ctx, id, &mut TypedWriter(w))
    }

    fn load(&self, ctx: &Ctx, id: NodeId, r: &mut dyn ErasedReader) -> Result<bool, Stored> {
        let (loaded, active) = self.node.load_nodes(ctx, id, &mut TypedReader(r))?;
        let running = N::is_running(&active);
        self.pending.set(Some((loaded, active)));
        Ok(running)
    }

    fn apply(&mut self, ctx: &Ctx) {
        if let Some((loaded, active)) = self.pending.take() {
            self.node.apply(loaded, ctx);
            self.active = active;
        }
    }
}

/// Boxes `node` as [`boxed`](crate::boxed) does, keeping the means to save and restore it
/// (feature `serde`): a [`DynTree`](crate::DynTree) whose nodes were all boxed this way can be
/// saved and restored.
pub fn saving<'a, Ctx: ?Sized, N: PersistNode<Ctx> + Send + 'a>(node: N) -> DynBox<'a, Ctx>
where
    N::Active: Send,
    N::Loaded: Send + 'a,
{
    Box::new(Saving {
        node,
        active: N::Active::default(),
        pending: Cell::new(None::<(N::Loaded, N::Active)>),
    })
}

// -------------------------------------------------------------------------------------------------
// The children
// -------------------------------------------------------------------------------------------------

/// Every child's entries, through its box; what they read is kept in the boxes until applied.
impl<Ctx: ?Sized, const SKIPS: bool> PersistChildren<Ctx> for DynChildren<'_, Ctx, SKIPS> {
    type Loaded = ();

    fn fingerprint_all(&self, h: &mut Fingerprint) {
        for child in self.children.iter() {
            child.node.fingerprint(h);
        }
    }

    fn save_one<W: NodeWriter>(
        &self,
        _: &DynOne,
        ctx: &Ctx,
        parent: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        self.save_every(ctx, parent, w)
    }

    fn load_one<R: NodeReader>(
        &self,
        ctx: &Ctx,
        parent: NodeId,
        r: &mut R,
    ) -> Result<((), DynOne), R::Error> {
        let running = self.load_every(ctx, parent, r)?;
        match running.count_ones() {
            0 => Ok(((), DynOne::IDLE)),
            1 => Ok(((), DynOne { index: running.trailing_zeros() as u8, running: true })),
            _ => Err(r.invalid(
                parent,
                Invalid::Inconsistent("two of its children are running, but it runs one at a time"),
            )),
        }
    }

    fn save_all<W: NodeWriter>(
        &self,
        _: &DynAll,
        ctx: &Ctx,
        parent: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        self.save_every(ctx, parent, w)
    }

    fn load_all<R: NodeReader>(
        &self,
        ctx: &Ctx,
        parent: NodeId,
        r: &mut R,
    ) -> Result<((), DynAll), R::Error> {
        Ok(((), DynAll { running: self.load_every(ctx, parent, r)? }))
    }

    fn apply_all(&mut self, (): (), ctx: &Ctx) {
        for child in self.children.iter_mut() {
            child.node.apply(ctx);
        }
    }
}

impl<Ctx: ?Sized, const SKIPS: bool> DynChildren<'_, Ctx, SKIPS> {
    /// Every child's entries, in order.
    fn save_every<W: NodeWriter>(&self, ctx: &Ctx, parent: NodeId, w: &mut W) -> Result<(), W::Error> {
        for child in self.children.iter() {
            let id = parent + 1 + child.offset;
            erase_writer(w, id, |w| child.node.save(ctx, id, w))?;
        }
        Ok(())
    }

    /// Reads every child's entries, in order; the running children, a bit each.
    fn load_every<R: NodeReader>(&self, ctx: &Ctx, parent: NodeId, r: &mut R) -> Result<u16, R::Error> {
        let mut running = 0;
        for (i, child) in self.children.iter().enumerate() {
            let id = parent + 1 + child.offset;
            if erase_reader(r, id, |r| child.node.load(ctx, id, r))? {
                running |= 1 << i;
            }
        }
        Ok(running)
    }
}

/// A box as a node that can be saved: its entries are the boxed node's.
impl<Ctx: ?Sized, const SKIPS: bool> PersistNode<Ctx> for crate::DynChild<'_, Ctx, SKIPS> {
    type Loaded = ();

    fn fingerprint(&self, h: &mut Fingerprint) {
        self.0.fingerprint(h);
    }

    fn save_nodes<W: NodeWriter>(&self, _: &bool, ctx: &Ctx, id: NodeId, w: &mut W) -> Result<(), W::Error> {
        erase_writer(w, id, |w| self.0.save(ctx, id, w))
    }

    fn load_nodes<R: NodeReader>(&self, ctx: &Ctx, id: NodeId, r: &mut R) -> Result<((), bool), R::Error> {
        Ok(((), erase_reader(r, id, |r| self.0.load(ctx, id, r))?))
    }

    fn apply(&mut self, (): (), ctx: &Ctx) {
        self.0.apply(ctx);
    }
}
