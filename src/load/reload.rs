//! A loaded tree that follows its file (feature `reload`): edits are picked up at a tick boundary,
//! a bad edit keeps the running tree.

use std::path::{Path, PathBuf};
#[allow(unused_imports)]
use std::prelude::rust_2024::*;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use notify_debouncer_full::notify::{EventKind, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};

use super::{LoadError, Registry};
use crate::dynamic::DynTree;
use crate::{NoObserver, Observer, Status};

/// What a [`Reloading`] tree did with a change of its files.
#[derive(Debug)]
pub enum Reload<'a> {
    /// The file was read and the new tree runs from now on. `carried` tells whether the running
    /// state moved to it (see [`Reloading`]).
    Reloaded {
        /// Whether the running state moved to the new tree (same shape, a saving registry).
        carried: bool,
    },
    /// The file could not be loaded: the tree that was running goes on. Every error found, with
    /// its position (a file deleted is an error too; restoring it reloads).
    Failed(&'a LoadError),
}

/// A tree loaded from a file that reloads itself when the file (or a file it includes) changes,
/// for the development loop: a designer edits the tree in Groot2 or a text editor while the
/// program runs.
///
/// The files are watched with `notify` (the changes of an editor's save — often written to a
/// temporary file, then renamed — arrive as one, debounced). A change is applied at a tick
/// boundary, at the start of the next [`tick`](Self::tick) (or by [`poll`](Self::poll)):
///
/// * **A good edit**: the new tree replaces the old one. The running state of the old tree either
///   moves to the new one, when both have the same shape (the same fingerprint: nodes,
///   arguments, arity — an edit of a port's value, say) and the registry is a saving one
///   ([`Registry::saving`], feature `serde`): running actions go on, no exit or enter hook runs;
///   or the old tree is halted (its running actions exit with `Halted`) and the new one starts
///   from its root on the same tick.
/// * **A bad edit** (malformed XML, an unknown leaf, a wrong port…) changes nothing: the old tree
///   goes on, and the errors, with their positions, are kept in
///   [`last_error`](Self::last_error) and returned by [`poll`](Self::poll). Fixing the file
///   reloads it.
/// * **A file deleted** is a bad edit; restoring it reloads.
pub struct Reloading<Ctx: ?Sized + 'static, M = super::Plain> {
    registry: Registry<Ctx, M>,
    path: PathBuf,
    id: Option<String>,
    tree: DynTree<'static, Ctx>,
    changes: Receiver<DebounceEventResult>,
    watcher: Debouncer<RecommendedWatcher, RecommendedCache>,
    watched: Vec<PathBuf>,
    files: Vec<PathBuf>,
    error: Option<LoadError>,
    reloads: u64,
}

impl<Ctx: ?Sized, M> core::fmt::Debug for Reloading<Ctx, M> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Reloading")
            .field("path", &self.path)
            .field("tree", &self.tree)
            .field("reloads", &self.reloads)
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

/// Why a [`Reloading`] tree could not start.
#[derive(Debug)]
pub enum WatchError {
    /// The file could not be loaded.
    Load(LoadError),
    /// The file system cannot be watched.
    Watch(notify_debouncer_full::notify::Error),
}

impl core::fmt::Display for WatchError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            WatchError::Load(e) => e.fmt(f),
            WatchError::Watch(e) => write!(f, "cannot watch the tree's files: {e}"),
        }
    }
}

impl std::error::Error for WatchError {}

/// How long the watcher waits for an editor's save to settle.
const SETTLE: Duration = Duration::from_millis(50);

impl<Ctx: ?Sized + 'static, M> Reloading<Ctx, M>
where
    Registry<Ctx, M>: Carry<Ctx>,
{
    /// Loads the main tree of the file at `path` with `registry` and watches it.
    ///
    /// # Errors
    ///
    /// The file's errors, or the watcher's.
    pub fn new(registry: Registry<Ctx, M>, path: impl AsRef<Path>) -> Result<Self, WatchError> {
        Self::open(registry, path.as_ref(), None)
    }

    /// Loads the tree `id` of the file at `path` with `registry` and watches it.
    ///
    /// # Errors
    ///
    /// The file's errors, or the watcher's.
    pub fn tree_of(registry: Registry<Ctx, M>, path: impl AsRef<Path>, id: &str) -> Result<Self, WatchError> {
        Self::open(registry, path.as_ref(), Some(id.to_string()))
    }

    fn open(registry: Registry<Ctx, M>, path: &Path, id: Option<String>) -> Result<Self, WatchError> {
        let (tree, files) = load(&registry, path, id.as_deref()).map_err(WatchError::Load)?;
        let (tx, changes) = channel();
        let watcher = new_debouncer(SETTLE, None, tx).map_err(WatchError::Watch)?;
        let mut r = Reloading {
            registry,
            path: path.to_path_buf(),
            id,
            tree,
            changes,
            watcher,
            watched: Vec::new(),
            files,
            error: None,
            reloads: 0,
        };
        r.watch().map_err(WatchError::Watch)?;
        Ok(r)
    }

    /// Watches the folders of the tree's files (a folder, not a file, so that a file replaced
    /// by a rename or deleted and written again is still seen).
    fn watch(&mut self) -> notify_debouncer_full::notify::Result<()> {
        let mut folders: Vec<PathBuf> =
            self.files.iter().chain(core::iter::once(&self.path)).map(|f| folder(f)).collect();
        folders.sort();
        folders.dedup();
        for f in folders {
            if !self.watched.contains(&f) {
                self.watcher.watch(&f, RecursiveMode::NonRecursive)?;
                self.watched.push(f);
            }
        }
        Ok(())
    }

    /// Whether a change concerns one of the tree's files.
    fn changed(&self) -> bool {
        let mut any = false;
        while let Ok(result) = self.changes.try_recv() {
            let Ok(events) = result else { continue };
            let ours = |p: &PathBuf| {
                let p = absolute(p);
                self.files.iter().chain(core::iter::once(&self.path)).any(|f| absolute(f) == p)
            };
            // What the loader's own reads of the files cause (an access) is no change.
            any |= events.iter().any(|e| !matches!(e.kind, EventKind::Access(_)) && e.paths.iter().any(ours));
        }
        any
    }

    /// Applies a pending change of the tree's files now: what happened, or `None` when nothing
    /// changed. The running tree is halted or carried over as the type's docs say.
    pub fn poll(&mut self, ctx: &mut Ctx) -> Option<Reload<'_>> {
        if !self.changed() {
            return None;
        }
        Some(self.reload(ctx))
    }

    /// Reloads the file now, whether or not it changed.
    pub fn reload(&mut self, ctx: &mut Ctx) -> Reload<'_> {
        match load(&self.registry, &self.path, self.id.as_deref()) {
            Ok((mut tree, files)) => {
                let carried = Registry::<Ctx, M>::carry(&self.tree, &mut tree, ctx);
                if !carried {
                    self.tree.halt(ctx);
                }
                self.tree = tree;
                self.files = files;
                self.error = None;
                self.reloads += 1;
                let _ = self.watch();
                Reload::Reloaded { carried }
            }
            Err(e) => Reload::Failed(self.error.insert(e)),
        }
    }

    /// Ticks the tree once, after applying a pending change of its files.
    pub fn tick(&mut self, ctx: &mut Ctx) -> Status {
        self.tick_with(ctx, &mut NoObserver)
    }

    /// Ticks the tree once with an observer, after applying a pending change of its files.
    pub fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) -> Status {
        let _ = self.poll(ctx);
        self.tree.tick_with(ctx, observer)
    }

    /// The tree running now.
    pub fn tree(&self) -> &DynTree<'static, Ctx> {
        &self.tree
    }

    /// The tree running now, to tick, halt or reset it directly.
    pub fn tree_mut(&mut self) -> &mut DynTree<'static, Ctx> {
        &mut self.tree
    }

    /// The errors of the last reload, if it failed (cleared by the next good one).
    pub fn last_error(&self) -> Option<&LoadError> {
        self.error.as_ref()
    }

    /// How many times the tree was reloaded.
    pub fn reloads(&self) -> u64 {
        self.reloads
    }

    /// The files the tree was read from (the file, then its includes).
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }
}

fn load<Ctx: ?Sized + 'static, M>(
    registry: &Registry<Ctx, M>,
    path: &Path,
    id: Option<&str>,
) -> Result<(DynTree<'static, Ctx>, Vec<PathBuf>), LoadError> {
    let tree = bt_xml::load_among(path, id, &registry.files)?;
    let files = tree.files.clone();
    Ok((super::build::build(registry, &tree)?, files))
}

fn absolute(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()))
}

fn folder(p: &Path) -> PathBuf {
    let p = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    p.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Moving the running state of a tree to its reloaded version: only a saving registry can.
pub trait Carry<Ctx: ?Sized> {
    /// Moves `old`'s state into `new` if they have the same shape; whether it did.
    fn carry(old: &DynTree<'static, Ctx>, new: &mut DynTree<'static, Ctx>, ctx: &Ctx) -> bool;
}

/// The tree running now, after applying a pending change of its files on each tick.
impl<Ctx: ?Sized + 'static, M> crate::Tree<Ctx> for Reloading<Ctx, M>
where
    Registry<Ctx, M>: Carry<Ctx>,
{
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) -> Status {
        Reloading::tick_with(self, ctx, observer)
    }

    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) {
        self.tree.halt_with(ctx, observer)
    }

    fn reset(&mut self, ctx: &mut Ctx) {
        self.tree.reset(ctx)
    }

    fn is_running(&self) -> bool {
        self.tree.is_running()
    }

    fn description(&self) -> &'static crate::TreeDescription {
        self.tree.description()
    }
}

impl<Ctx: ?Sized + 'static> Carry<Ctx> for Registry<Ctx, super::Plain> {
    fn carry(_: &DynTree<'static, Ctx>, _: &mut DynTree<'static, Ctx>, _: &Ctx) -> bool {
        false
    }
}

#[cfg(feature = "serde")]
impl<Ctx: ?Sized + 'static> Carry<Ctx> for Registry<Ctx, super::Saving> {
    fn carry(old: &DynTree<'static, Ctx>, new: &mut DynTree<'static, Ctx>, ctx: &Ctx) -> bool {
        if !old.is_running() || old.fingerprint() != new.fingerprint() {
            return false;
        }
        let Ok(bytes) = postcard::to_allocvec(&old.save(ctx)) else { return false };
        new.restore(&mut postcard::Deserializer::from_bytes(&bytes), ctx).is_ok()
    }
}
