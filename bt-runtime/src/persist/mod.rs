//! Saving and restoring the state of a running tree (feature `serde`).
//!
//! A tree built by `bt!` is one plain value, so its whole state — every position, latch, counter,
//! running child, `random` generator, timer and the leaves' own state — can be written out with
//! any serde format and put back into a freshly built tree of the same shape:
//!
//! * [`BehaviorTree::save`](crate::BehaviorTree::save) returns a view of the tree that implements
//!   `serde::Serialize`: write it with the format of your choice (JSON, postcard, bincode, …);
//! * [`BehaviorTree::restore`](crate::BehaviorTree::restore) reads it back from a
//!   `serde::Deserializer`, checks it, and only then changes the tree.
//!
//! # What a save looks like
//!
//! One entry per node, keyed by the node's path in the tree, in pre-order, after a header that
//! names the tree and carries its [fingerprint](crate::BehaviorTree::fingerprint). In JSON (the
//! hungry agent of the examples, eating):
//!
//! ```json
//! {
//!   "format": 1,
//!   "tree": "Brain",
//!   "fingerprint": "0x5a1e9c0f3b7d2e41",
//!   "nodes": {
//!     "repeat": { "running": true },
//!     "repeat/0.parallel": { "succeeded": 0 },
//!     "repeat/0.parallel/0.selector": null,
//!     "repeat/0.parallel/0.selector/1.sequence": null,
//!     "repeat/0.parallel/0.selector/1.sequence/0.FeelHungry": { "running": false, "state": null },
//!     "repeat/0.parallel/0.selector/1.sequence/1.WalkTo": { "running": false, "state": { "target": 3 } },
//!     "repeat/0.parallel/0.selector/1.sequence/2.EatFood": { "running": true, "state": null },
//!     …
//!   }
//! }
//! ```
//!
//! A path is the name of each node from the root down (a keyword, or a leaf's type name), each
//! but the root's after its index among its parent's children. An entry holds exactly what the
//! node keeps that cannot be told from its children's entries: a decorator that runs while its
//! child is idle (`until_success` between attempts, `repeat` between iterations,
//! `rate_controller` waiting) says so, a counter holds its count, a timer the time elapsed since
//! it started (so a tree restored at another time resumes with the same time left), a memory
//! composite its position, a leaf its own state ([`Persist`]). Which child of a sequence runs is
//! told by that child's entry. Binary formats (those that are not human-readable, by serde's
//! [`is_human_readable`](serde::Serializer::is_human_readable)) key the entries by node id
//! instead of path, and the fingerprint is a number instead of a string.
//!
//! # What a restore checks
//!
//! [`restore`](crate::BehaviorTree::restore) reads the whole save before it changes anything, and
//! returns a [`RestoreError`] — it never panics and never leaves a tree half restored:
//!
//! * the fingerprint is read before any node: a save from a tree of another shape is
//!   [`RestoreError::ShapeMismatch`], whatever its nodes hold;
//! * every entry must be the next node's, by path (or id), and there must be one per node;
//! * every value is checked against the node it is for ([`RestoreError::Invalid`]): counters
//!   against their limits (`retry(5)` cannot have failed 7 times), indices and masks against the
//!   number of children, positions of `random`'s order, a composite that runs one child at a time
//!   with two children running, a decorator whose child runs while it says it is idle, a leaf state
//!   its type refuses ([`Persist::check`]);
//! * anything else malformed (a truncated file, a wrong type, an unknown format version) is the
//!   format's own error, [`RestoreError::Format`].
//!
//! # Keeping saves across a change to the tree
//!
//! The fingerprint covers every node's kind, label, arguments (their values, also those given at
//! run time, such as `retry(n)`), number of children and the tree's size. A save is restored only
//! into a tree with the same fingerprint; any change to the tree's structure or arguments refuses
//! every save made before it, with [`RestoreError::ShapeMismatch`] — a save is never
//! misinterpreted. Changing a leaf's *code* (not its type or label) keeps the fingerprint, and a
//! leaf's state is then read with its type's `Deserialize` (add `#[serde(default)]` fields to
//! extend it).
//!
//! A game that ships a patch to its trees keeps its players' saves this way:
//!
//! 1. the world — the context: positions, inventories, needs — is the game's own data and migrates
//!    as the game migrates it; a tree decides from the world every tick, so a tree restarted
//!    from its root picks up the world where it is, which is the right outcome for most AI;
//! 2. restore each tree; on `ShapeMismatch` keep the freshly built tree (idle). Its first tick
//!    chooses anew. Nothing half-applies: the fresh tree is untouched by the refused save;
//! 3. to carry state across the change by hand (a `run_once` that must not run again, a leaf's
//!    counter), read the old save's JSON (the entries are keyed by path and readable) and set the
//!    new tree's leaves or context from it before the first tick.
//!
//! # Writing `PersistNode` for a node of your own
//!
//! A node kind of your own implements [`PersistNode`]: [`save_nodes`](PersistNode::save_nodes)
//! writes its entry then its children's (through [`PersistChildren`] or the child's own
//! `save_nodes`), [`load_nodes`](PersistNode::load_nodes) reads them back in the same order and
//! checks them, [`apply`](PersistNode::apply) puts them in place. The built-in nodes are written
//! the same way; `bt-runtime/src/decorator/repeat.rs` is a short example.
//!
//! For snapshots within one run (rollback), no serialization is needed: every node is `Clone` when
//! its leaves are, and a clone of the tree costs a copy of its bytes.

use serde::Serialize;
use serde::de::{DeserializeOwned, DeserializeSeed};

use crate::{Node, NodeId};

mod children;
mod errors;
mod fingerprint;
mod format;
mod path;
mod shared;

pub use children::PersistChildren;
pub use errors::{Invalid, InvalidState, RestoreError, ShapeMismatch};
pub use fingerprint::{Fingerprint, fingerprint};
use format::{Nested, NestedSeed};
pub use format::{SaveView, restore_tree, save_tree};
pub(crate) use shared::{
    ConditionEntry, LeafEntry, Running, at_most, child_idle, load_optional, one_at_a_time, save_optional,
    started, timer_elapsed, timer_stamp, transparent_decorator,
};

/// The version of the saved layout [`BehaviorTree::save`](crate::BehaviorTree::save) writes and
/// [`restore`](crate::BehaviorTree::restore) reads (the `format` field).
pub const FORMAT: u32 = 1;

/// A leaf's own state that can be saved and restored: implemented by the closures (which have
/// none) and, with `#[derive(bt::Persist)]` or by hand, by your action and condition types.
///
/// [`save`](Persist::save) returns the value's state as a serializable value;
/// [`restore`](Persist::restore) puts such a value back, after which the leaf behaves exactly as
/// the one it was saved from. Neither ticks nor calls any hook. Both take the context for its
/// [`Clock`](crate::Clock), should the leaf keep a time: save it as the time elapsed, and restore
/// it relative to the clock's `now`.
///
/// `#[derive(bt::Persist)]` saves the whole value (`State = Self`; the type must be `Clone`,
/// `Serialize` and `Deserialize`). Implement it by hand to save less, to store a time of your own
/// relative to the clock, or to refuse impossible states in [`check`](Persist::check).
pub trait Persist<Ctx: ?Sized> {
    /// The saved state.
    type State: Serialize + DeserializeOwned;

    /// The current state; `ctx` gives the time timers are measured against.
    fn save(&self, ctx: &Ctx) -> Self::State;

    /// Puts `state` (saved from a value of the same type and configuration, and accepted by
    /// [`check`](Persist::check)) back.
    fn restore(&mut self, state: Self::State, ctx: &Ctx);

    /// Whether `state`, read from a save, is one this value can be in; an `Err` says why not and
    /// makes the whole restore fail with [`RestoreError::Invalid`] before anything changes. The
    /// default accepts every state that deserializes.
    fn check(&self, state: &Self::State) -> Result<(), &'static str> {
        let _ = state;
        Ok(())
    }
}

/// A closure condition has no state that can be saved.
impl<Ctx: ?Sized, F: FnMut(&Ctx) -> bool> Persist<Ctx> for F {
    type State = ();
    #[inline]
    fn save(&self, _: &Ctx) {}
    #[inline]
    fn restore(&mut self, _: (), _: &Ctx) {}
}

/// What [`PersistNode::load_nodes`] returns for a node `N`: what it read for
/// [`apply`](PersistNode::apply), and its active state.
pub type Restored<N, Ctx> = (<N as PersistNode<Ctx>>::Loaded, <N as crate::Activation>::Active);

/// A node whose state (its own and its descendants', with the state of the activation in
/// progress) can be saved and restored: every built-in node, when its leaves implement
/// [`Persist`].
///
/// Saving walks the tree in pre-order: each node writes one entry for itself with
/// [`NodeWriter::entry`] — what it keeps in itself and in its [active
/// state](crate::Activation::Active) that its children's entries do not tell — then has its
/// children write theirs. Restoring walks it again in two phases: [`load_nodes`] reads the entries
/// back in the same order and checks every value against the node's configuration, changing
/// nothing; only when the whole save has been read and checked does [`apply`] put it in place.
/// A node with no own state writes `()`.
///
/// [`load_nodes`]: PersistNode::load_nodes
/// [`apply`]: PersistNode::apply
pub trait PersistNode<Ctx: ?Sized>: Node<Ctx> {
    /// What [`load_nodes`](PersistNode::load_nodes) read for this node and its descendants,
    /// besides the active state, for [`apply`](PersistNode::apply) to put in place.
    type Loaded;

    /// Adds to `h` the configuration this node was built with (counts, durations, thresholds,
    /// seeds — also those computed at run time), then its children's. Two nodes of the same type
    /// with the same configuration add the same; the default adds nothing (a node without
    /// configuration).
    fn fingerprint(&self, h: &mut Fingerprint) {
        let _ = h;
    }

    /// Writes this node's entry (node `id`), then its descendants', in pre-order. `active` is
    /// the node's active state, which its parent holds; `ctx` gives the time timers are measured
    /// against.
    ///
    /// # Errors
    ///
    /// The writer's error, passed on.
    fn save_nodes<W: NodeWriter>(
        &self,
        active: &Self::Active,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error>;

    /// Reads back what [`save_nodes`](PersistNode::save_nodes) wrote, from node `id` on, checks
    /// it, and returns it with the node's active state. Changes nothing.
    ///
    /// # Errors
    ///
    /// The reader's error: malformed data, or [`NodeReader::invalid`] for a value this node can
    /// never hold.
    fn load_nodes<R: NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(Self::Loaded, Self::Active), R::Error>;

    /// Puts back what [`load_nodes`](PersistNode::load_nodes) read (the active state goes to the
    /// parent, which holds it).
    fn apply(&mut self, loaded: Self::Loaded, ctx: &Ctx);

    /// Writes the node's entries as [`save_nodes`](PersistNode::save_nodes) does, for a parent
    /// that knows whether the node runs (`running`): a composite that keeps
    /// [`ChildStates::One`](crate::ChildStates::One). Only an [`IN_BLOCK`](crate::Activation::IN_BLOCK) node,
    /// whose active state cannot tell, needs it; the default is `save_nodes`.
    ///
    /// # Errors
    ///
    /// As `save_nodes`.
    #[inline]
    fn save_placed<W: NodeWriter>(
        &self,
        active: &Self::Active,
        running: bool,
        ctx: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        let _ = running;
        self.save_nodes(active, ctx, id, w)
    }

    /// Reads back what [`save_placed`](PersistNode::save_placed) wrote, as
    /// [`load_nodes`](PersistNode::load_nodes) does, and says whether the node runs. The default
    /// asks the active state ([`Activation::is_running`](crate::Activation::is_running)).
    ///
    /// # Errors
    ///
    /// As `load_nodes`.
    #[inline]
    fn load_placed<R: NodeReader>(
        &self,
        ctx: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<(Self::Loaded, Self::Active, bool), R::Error> {
        let (loaded, active) = self.load_nodes(ctx, id, r)?;
        let running = Self::is_running(&active);
        Ok((loaded, active, running))
    }
}

/// Where [`PersistNode::save_nodes`] writes: one entry per node, in pre-order.
pub trait NodeWriter {
    /// The error of the format written to.
    type Error;

    /// Writes node `id`'s entry. `running` is whether the node is running
    /// ([`Activation::is_running`](crate::Activation::is_running) of its active state); it is not
    /// written (a node's entry and its children's tell it), but a writer may record it.
    ///
    /// # Errors
    ///
    /// The format's error, or entries out of order (ids must come in pre-order, each once).
    fn entry<T: Serialize + ?Sized>(
        &mut self,
        id: NodeId,
        running: bool,
        entry: &T,
    ) -> Result<(), Self::Error>;

    /// The error for node `id`, which cannot be saved at all (`why` says why).
    fn unsupported(&mut self, id: NodeId, why: &'static str) -> Self::Error;

    /// Writes node `id`'s entry for a node that holds nodes without ids of their own in the tree
    /// (a `service`'s leaf, a node of several nodes embedded without a description): its own part
    /// `own`, then the entries of `node` (whose active state is `active`), numbered from 0.
    ///
    /// # Errors
    ///
    /// As [`entry`](NodeWriter::entry).
    fn nested<H: Serialize + ?Sized, Ctx: ?Sized, N: PersistNode<Ctx>>(
        &mut self,
        id: NodeId,
        running: bool,
        own: &H,
        node: &N,
        active: &N::Active,
        ctx: &Ctx,
    ) -> Result<(), Self::Error> {
        self.entry(id, running, &Nested { own, node, active, ctx })
    }
}

/// Where [`PersistNode::load_nodes`] reads from: the entries a [`NodeWriter`] wrote, in the same
/// order.
pub trait NodeReader {
    /// The error of the format read from.
    type Error;

    /// Reads node `id`'s entry.
    ///
    /// # Errors
    ///
    /// The format's error, or the next entry is not node `id`'s.
    fn entry<T: DeserializeOwned>(&mut self, id: NodeId) -> Result<T, Self::Error>;

    /// Reads node `id`'s entry with a seed.
    ///
    /// # Errors
    ///
    /// As [`entry`](NodeReader::entry).
    fn entry_seed<V, S>(&mut self, id: NodeId, seed: S) -> Result<V, Self::Error>
    where
        S: for<'de> DeserializeSeed<'de, Value = V>;

    /// The error for an entry of node `id` that this node can never hold; the restore fails with
    /// [`RestoreError::Invalid`].
    fn invalid(&mut self, id: NodeId, why: Invalid) -> Self::Error;

    /// Reads what [`NodeWriter::nested`] wrote for node `id`: its own part, and the entries of
    /// `node`, read and checked by its [`load_nodes`](PersistNode::load_nodes).
    ///
    /// # Errors
    ///
    /// As [`entry`](NodeReader::entry); a value an inner node refuses is refused for node `id`.
    fn nested<H: DeserializeOwned, Ctx: ?Sized, N: PersistNode<Ctx>>(
        &mut self,
        id: NodeId,
        node: &N,
        ctx: &Ctx,
    ) -> Result<(H, Restored<N, Ctx>), Self::Error> {
        let invalid = core::cell::Cell::new(None);
        let seed = NestedSeed { node, ctx, invalid: &invalid, own: core::marker::PhantomData };
        match self.entry_seed(id, seed) {
            Ok(value) => Ok(value),
            Err(e) => match invalid.get() {
                Some((_, why)) => Err(self.invalid(id, why)),
                None => Err(e),
            },
        }
    }
}
