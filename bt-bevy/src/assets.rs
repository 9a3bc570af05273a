//! Trees as Bevy assets (feature `assets`): a BehaviorTree.CPP / Groot2 XML file loaded by the
//! asset server, built into each entity's brain with a [`Registry`] the app provides, and rebuilt
//! when the file changes, through Bevy's own asset hot reloading.
//!
//! * [`TreeFile`] is the asset: the file's text and its asset path. [`TreeFileLoader`] reads
//!   files whose name ends in **`.btree.xml`** (`asset_server.load("trees/guard.btree.xml")`).
//!   A file the loader cannot read (I/O, not UTF-8) is reported by the asset server as for any
//!   asset.
//! * [`Loaded<C>`] is the tree an entity holds in its [`Brain`]: `Brain::new(Loaded::new(handle))`,
//!   next to the tree's context in a [`Context<C>`] component. It is built from the file with the
//!   [`TreeRegistry<C>`] resource (a [`Registry<C>`] of your leaves, `with_clock()` for the
//!   time-based nodes), as `bt::load` builds any loaded tree: the runtime's own nodes over run-time
//!   lists of children.
//! * [`TreeFilesPlugin<C>`] registers the asset and its loader, the [`TreeFileFailed`] message, a
//!   system that (re)builds the trees of the entities whose file was added or changed, and
//!   [`TreePlugin`]'s tick systems for `Loaded<C>`: loaded brains tick like compiled ones
//!   (in parallel, with [`StatusMessages`] if asked, after a
//!   [`before_tick`](TreePlugin::before_tick) step if given).
//!
//! **Reloading.** With `bevy_asset`'s file watcher on (`AssetPlugin { watch_for_changes_override:
//! Some(true), .. }`; this feature enables `bevy_asset/file_watcher`), editing the file emits
//! `AssetEvent::Modified`; so does changing the asset in `Assets<TreeFile>` from code. On the next
//! update, before the trees tick, every entity whose brain came from that file gets the new tree:
//! the running tree is halted (its running actions exit with `Halted`) and the new one starts on
//! that update's tick. A file that fails to build (malformed XML, an unknown leaf, a wrong port:
//! every error with its file, line and column, a [`LoadError`]) changes nothing: the running
//! trees go on, and the error is reported once per change of the file, as a [`TreeFileFailed`]
//! message and a log line (standard error without a logger). Fixing the file reloads it.
//!
//! `<include path="…"/>` in a tree file is read relative to the program's working directory,
//! not through the asset server, and is not watched.
//!
//! **Why the context is a [`Context<C>`] component.** A loaded tree is a
//! [`DynTree<'static, C>`](bt::dynamic::DynTree): its nodes are boxed for one context type `C`.
//! A [`TreeCtx`](crate::TreeCtx) borrows the world for one tick (it has lifetimes), and a boxed
//! node cannot be generic over them without `unsafe`; so a loaded tree works on a context it
//! owns. A [`before_tick`](TreePlugin::before_tick) step, or a system of yours, fills it from the
//! world.
//!
//! **Why it is sound to tick from `par_iter_mut`.** A `DynTree` is `Send` but not `Sync` (its
//! boxes are `dyn ErasedNode<C> + Send`). [`Loaded`] keeps it in a
//! `bevy_platform::cell::SyncCell`, which is `Sync` because it never hands out a shared reference
//! to what it holds: only `&mut`, from `&mut SyncCell`. A `Brain<Loaded<C>>` is reached by the tick
//! systems through `Mut<Brain<…>>`, and a query hands each entity's component to exactly one task,
//! so no two threads ever reach one tree; moving it between threads is what `Send` allows.

use core::time::Duration;
use std::collections::HashMap;

use bevy_app::{App, Plugin};
use bevy_asset::io::Reader;
use bevy_asset::{Asset, AssetApp, AssetEvent, AssetId, AssetLoader, Assets, Handle, LoadContext};
use bevy_ecs::prelude::*;
use bevy_platform::cell::SyncCell;
use bevy_reflect::TypePath;
use bt::dynamic::DynTree;
use bt::load::{LoadError, Registry};
use bt::{Observer, Status};

use crate::clock::TreeTime;
use crate::ctx::Context;
use crate::plugin::{TreePlugin, TreeSystems};
use crate::report::StatusMessages;
use crate::tree::{Brain, EntityTree};

/// A tree file: the text of a BehaviorTree.CPP / Groot2 XML file, and the asset path it was read
/// from (errors name it).
#[derive(Asset, TypePath, Clone, Debug, PartialEq, Eq)]
pub struct TreeFile {
    /// The asset path, as errors name the file.
    pub name: String,
    /// The XML.
    pub text: String,
}

impl TreeFile {
    /// The file `name` whose text is `text` (to add one to `Assets<TreeFile>` from code).
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        TreeFile { name: name.into(), text: text.into() }
    }
}

/// Why a tree file could not be read.
#[derive(Debug)]
pub enum TreeFileError {
    /// Reading failed.
    Io(std::io::Error),
    /// The file is not UTF-8 text.
    NotUtf8(std::string::FromUtf8Error),
}

impl core::fmt::Display for TreeFileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TreeFileError::Io(e) => write!(f, "cannot read the tree file: {e}"),
            TreeFileError::NotUtf8(e) => write!(f, "the tree file is not UTF-8 text: {e}"),
        }
    }
}

impl std::error::Error for TreeFileError {}

/// The asset loader of [`TreeFile`]s: files whose name ends in `.btree.xml`. It only reads the
/// text; the trees are built from it by [`TreeFilesPlugin`]'s system, with the app's registry.
#[derive(TypePath, Clone, Copy, Debug, Default)]
pub struct TreeFileLoader;

impl AssetLoader for TreeFileLoader {
    type Asset = TreeFile;
    type Settings = ();
    type Error = TreeFileError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<TreeFile, TreeFileError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await.map_err(TreeFileError::Io)?;
        let text = String::from_utf8(bytes).map_err(TreeFileError::NotUtf8)?;
        Ok(TreeFile { name: load_context.path().to_string(), text })
    }

    fn extensions(&self) -> &[&str] {
        &["btree.xml"]
    }
}

/// The registry the trees of [`Loaded<C>`] are built with: the leaves (and node kinds) their files
/// may name, for the context `C`. Insert it as a resource:
/// `app.insert_resource(TreeRegistry::new(Registry::<Bot>::new().action::<Walk>("Walk")))`.
#[derive(Resource, Debug)]
pub struct TreeRegistry<C: Send + 'static>(pub Registry<C>);

impl<C: Send + 'static> TreeRegistry<C> {
    /// The resource holding `registry`.
    pub fn new(registry: Registry<C>) -> Self {
        TreeRegistry(registry)
    }
}

/// A tree file that failed to build into a tree: its asset path and every error, with its
/// position. Written once per change of the file; the entities keep the trees they had.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct TreeFileFailed {
    /// The file's asset path.
    pub file: String,
    /// Every error found, each with its file, line and column.
    pub error: LoadError,
}

/// The tree an entity holds when its brain comes from a [`TreeFile`]: the handle, and the tree
/// built from the file's current version (none until the file is loaded and builds). Hold it in
/// a [`Brain`]: `Brain::new(Loaded::new(handle))`, with the context in a [`Context<C>`].
///
/// Until it has a tree, a tick does nothing and returns `Failure`.
pub struct Loaded<C: Send + 'static> {
    handle: Handle<TreeFile>,
    tree: SyncCell<Option<DynTree<'static, C>>>,
    nodes: usize,
    built_from: Option<u64>,
    reloads: u64,
}

impl<C: Send + 'static> Loaded<C> {
    /// The brain that the file of `handle` describes.
    pub fn new(handle: Handle<TreeFile>) -> Self {
        Loaded { handle, tree: SyncCell::new(None), nodes: 0, built_from: None, reloads: 0 }
    }

    /// The file's handle.
    pub fn handle(&self) -> &Handle<TreeFile> {
        &self.handle
    }

    /// The tree built from the file, if there is one yet.
    pub fn tree_mut(&mut self) -> Option<&mut DynTree<'static, C>> {
        self.tree.get().as_mut()
    }

    /// Whether the entity has a tree built from its file.
    pub fn is_built(&mut self) -> bool {
        self.tree.get().is_some()
    }

    /// How many times the tree was replaced by a new version of the file (the first build is
    /// not a reload).
    pub fn reloads(&self) -> u64 {
        self.reloads
    }
}

impl<C: Send + 'static> core::fmt::Debug for Loaded<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Loaded")
            .field("handle", &self.handle)
            .field("nodes", &self.nodes)
            .field("reloads", &self.reloads)
            .finish_non_exhaustive()
    }
}

/// Marker of [`EntityTree`] for trees loaded from files ([`Loaded`]).
#[derive(Clone, Copy, Debug)]
pub struct OnFile;

impl<C: Send + 'static> EntityTree<OnFile> for Loaded<C> {
    type Data = &'static mut Context<C>;
    type Params = ();

    fn node_count(&self) -> usize {
        self.nodes
    }

    #[inline]
    fn tick_entity<'a, 'w: 'a, 's: 'a, O: Observer>(
        &mut self,
        mut item: Mut<'w, Context<C>>,
        _: &'a (),
        _: Entity,
        _: Duration,
        observer: &mut O,
    ) -> Status {
        match self.tree.get() {
            Some(tree) => tree.tick_with(item.get_mut(), observer),
            None => Status::Failure,
        }
    }

    fn halt_entity<'a, 'w: 'a, 's: 'a, O: Observer>(
        &mut self,
        mut item: Mut<'w, Context<C>>,
        _: &'a (),
        _: Entity,
        _: Duration,
        observer: &mut O,
    ) {
        if let Some(tree) = self.tree.get() {
            tree.halt_with(item.get_mut(), observer);
        }
    }
}

/// Which version of each file the system has seen (a new version is a new text: an edit may
/// arrive as several events), and which versions failed.
#[derive(Default)]
struct Versions {
    current: HashMap<AssetId<TreeFile>, u64>,
    texts: HashMap<AssetId<TreeFile>, String>,
    next: u64,
    failed: HashMap<AssetId<TreeFile>, u64>,
    warned_no_registry: bool,
}

/// (Re)builds the trees of the entities whose file was added or changed: [`TreeFilesPlugin`]'s
/// system, before [`TreeSystems`].
#[allow(clippy::type_complexity)]
fn apply_tree_files<C: Send + 'static>(
    mut events: MessageReader<AssetEvent<TreeFile>>,
    files: Res<Assets<TreeFile>>,
    registry: Option<Res<TreeRegistry<C>>>,
    mut brains: Query<(&mut Brain<Loaded<C>>, &mut Context<C>, Option<&mut StatusMessages>)>,
    mut failures: MessageWriter<TreeFileFailed>,
    mut versions: Local<Versions>,
) {
    for event in events.read() {
        if let AssetEvent::Added { id } | AssetEvent::Modified { id } = *event {
            let Some(file) = files.get(id) else { continue };
            if versions.texts.get(&id) == Some(&file.text) {
                continue;
            }
            versions.texts.insert(id, file.text.clone());
            versions.next += 1;
            let next = versions.next;
            versions.current.insert(id, next);
        }
    }
    let Some(registry) = registry else {
        if !versions.warned_no_registry && !brains.is_empty() {
            versions.warned_no_registry = true;
            report(&format!(
                "trees loaded from files need the resource `TreeRegistry<{}>`: insert it with the registry of their leaves",
                core::any::type_name::<C>()
            ));
        }
        return;
    };
    for (mut brain, mut context, statuses) in &mut brains {
        let id = brain.0.handle.id();
        let version = match versions.current.get(&id) {
            Some(&version) => version,
            // A file loaded before this system first ran: its event is gone, the asset is there.
            None if files.contains(id) => {
                versions.texts.insert(id, files.get(id).map(|f| f.text.clone()).unwrap_or_default());
                versions.next += 1;
                let next = versions.next;
                versions.current.insert(id, next);
                next
            }
            None => continue,
        };
        if brain.0.built_from == Some(version) || versions.failed.get(&id) == Some(&version) {
            continue;
        }
        let Some(file) = files.get(id) else { continue };
        match registry.0.load_str(&file.name, &file.text) {
            Ok(tree) => {
                let loaded = &mut brain.0;
                if let Some(old) = loaded.tree.get() {
                    old.halt(context.get_mut());
                    loaded.reloads += 1;
                }
                loaded.nodes = tree.size();
                *loaded.tree.get() = Some(tree);
                loaded.built_from = Some(version);
                if let Some(mut statuses) = statuses {
                    statuses.statuses.clear();
                }
            }
            Err(error) => {
                versions.failed.insert(id, version);
                report(&format!(
                    "the tree file `{}` did not load; the trees keep running:\n{error}",
                    file.name
                ));
                failures.write(TreeFileFailed { file: file.name.clone(), error });
            }
        }
    }
}

fn report(message: &str) {
    if log::max_level() >= log::LevelFilter::Error {
        log::error!("{message}");
    } else {
        eprintln!("error (bt-bevy): {message}");
    }
}

/// Trees from files for the context `C`: the [`TreeFile`] asset and its loader, the
/// [`TreeFileFailed`] message, the system that (re)builds the entities' trees when their file is
/// added or changes, and the tick systems of `Brain<Loaded<C>>` (those of [`TreePlugin`]), all in
/// `Update`. Add `bevy_asset`'s `AssetPlugin` (and `bevy_app`'s `TaskPoolPlugin`) first, and
/// insert the [`TreeRegistry<C>`] resource.
///
/// ```ignore
/// app.add_plugins((TaskPoolPlugin::default(), AssetPlugin::default(), TreeFilesPlugin::<Bot>::new()))
///     .insert_resource(TreeRegistry::new(Registry::<Bot>::new().action::<Walk>("Walk")));
/// let guard = app.world().resource::<AssetServer>().load("trees/guard.btree.xml");
/// app.world_mut().spawn((Brain::new(Loaded::new(guard)), Context::new(Bot::default())));
/// ```
pub struct TreeFilesPlugin<C> {
    parallel: bool,
    marker: core::marker::PhantomData<fn() -> C>,
}

impl<C: Send + 'static> TreeFilesPlugin<C> {
    /// The plugin; the trees tick in parallel across entities.
    pub fn new() -> Self {
        TreeFilesPlugin { parallel: true, marker: core::marker::PhantomData }
    }

    /// Whether the trees tick in parallel across entities (the default) or on one thread.
    pub fn parallel(mut self, parallel: bool) -> Self {
        self.parallel = parallel;
        self
    }
}

impl<C: Send + 'static> Default for TreeFilesPlugin<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Send + 'static> core::fmt::Debug for TreeFilesPlugin<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TreeFilesPlugin").field("parallel", &self.parallel).finish_non_exhaustive()
    }
}

impl<C: Send + 'static> Plugin for TreeFilesPlugin<C> {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<Assets<TreeFile>>() {
            app.init_asset::<TreeFile>().register_asset_loader(TreeFileLoader);
        }
        app.add_message::<TreeFileFailed>();
        app.add_systems(bevy_app::Update, apply_tree_files::<C>.before(TreeSystems));
        app.add_plugins(TreePlugin::<Loaded<C>, TreeTime>::new().parallel(self.parallel).for_app::<OnFile>());
    }
}
