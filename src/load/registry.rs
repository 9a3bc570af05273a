//! The registry: the leaves and node kinds a loaded tree may name, for one context type.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;
#[allow(unused_imports)]
use std::{format, vec};

use std::collections::HashMap;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::string::String;
use std::sync::Arc;

use super::kinds::{self, Call, Child};
use super::leaf::{BoundPort, BoxedCondition};
use super::{Attributes, Bound};
use crate::PortInfo;
use crate::dynamic::DynBox;

/// Builds the keywords of one kind of context.
pub(crate) type Builder<Ctx> = fn(Call<'_, Ctx>) -> Result<Option<DynBox<'static, Ctx>>, String>;

/// What a leaf is built from: its element.
pub(crate) struct LeafSpec<'a> {
    pub id: &'a str,
    pub instance: Option<&'static str>,
    pub ports: &'a [BoundPort<'a>],
    pub at: bt_xml::Pos,
}

type LeafFn<Ctx> = dyn Fn(&LeafSpec<'_>, &mut Bound) -> Option<DynBox<'static, Ctx>> + Send + Sync;
type ConditionFn<Ctx> = dyn Fn(&LeafSpec<'_>, &mut Bound) -> Option<BoxedCondition<Ctx>> + Send + Sync;
type KindFn<Ctx> =
    dyn Fn(&Attributes<'_>, Vec<Child<Ctx>>) -> Result<DynBox<'static, Ctx>, String> + Send + Sync;

/// A registered leaf.
pub(crate) struct LeafEntry<Ctx: ?Sized + 'static> {
    pub node: Arc<LeafFn<Ctx>>,
    pub condition: Option<Arc<ConditionFn<Ctx>>>,
    pub ports: &'static [PortInfo],
    /// Whether the leaf is a condition ([`Node::CONDITION`] of its node).
    pub is_condition: bool,
}

/// A registered composite or decorator of your own.
pub(crate) struct KindEntry<Ctx: ?Sized + 'static> {
    pub build: Arc<KindFn<Ctx>>,
    /// Fewest and most children.
    pub children: (usize, usize),
    /// Whether its spec gives a lower-priority guard among its children its effect
    /// ([`Observes`](crate::abort::Observes)).
    pub observes: bool,
}

impl<Ctx: ?Sized> Clone for LeafEntry<Ctx> {
    fn clone(&self) -> Self {
        LeafEntry {
            node: self.node.clone(),
            condition: self.condition.clone(),
            ports: self.ports,
            is_condition: self.is_condition,
        }
    }
}

impl<Ctx: ?Sized> Clone for KindEntry<Ctx> {
    fn clone(&self) -> Self {
        KindEntry { build: self.build.clone(), children: self.children, observes: self.observes }
    }
}

/// A tree whose nodes cannot be saved: every node boxed with `bt::dynamic::boxed`. The default.
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

/// A tree whose nodes can be saved and restored (feature `serde`): every node boxed with
/// `bt::dynamic::saving`, every leaf a [`Persist`](crate::Persist).
#[derive(Clone, Copy, Debug, Default)]
pub struct Saving;

/// The leaves and node kinds a tree loaded at run time may name, for the context type `Ctx`, and
/// the loader that reads BehaviorTree.CPP v3/v4 XML into a [`DynTree`](crate::dynamic::DynTree)
/// over them.
///
/// Every BehaviorTree.CPP built-in and Nav2 control node that `bt_xml!` maps is known, through
/// the same table, and builds the same node type of the runtime as in a compiled tree. The leaves
/// are yours: a `#[derive(Ports)]` leaf is built from its element, literals parsed with its ports'
/// types and keys bound to blackboard entries ([`action`](Self::action),
/// [`condition`](Self::condition)); any other by a function of yours ([`node`](Self::node)).
/// Composites and decorators of your own are registered by name
/// ([`composite`](Self::composite), [`decorator`](Self::decorator)), their arguments read from the
/// element's attributes.
///
/// The time-based built-ins (`Timeout`, `Delay`, `Sleep`, `RateController`, `cooldown`,
/// `service`) need a context with a [`Clock`](crate::Clock): say so with [`with_clock`](Self::with_clock).
/// `SwitchN variable="{key}"` needs a blackboard: [`with_blackboard`](Self::with_blackboard).
/// `M` is [`Plain`] or [`Saving`] (trees that can be saved, [`Registry::saving`]).
pub struct Registry<Ctx: ?Sized + 'static, M = Plain> {
    pub(crate) leaves: HashMap<String, LeafEntry<Ctx>>,
    pub(crate) kinds: HashMap<String, KindEntry<Ctx>>,
    pub(crate) general: Builder<Ctx>,
    pub(crate) timed: Option<Builder<Ctx>>,
    pub(crate) keyed: Option<Builder<Ctx>>,
    /// What the scripts of the trees need to know (entries, constants, value types).
    pub(crate) scripting: super::script::Scripting,
    /// The sibling files and directories of every load (`with_files`).
    pub(crate) files: Vec<PathBuf>,
    /// The readers of counts and durations from entries (`with_blackboard`).
    pub(crate) entries: Option<super::params::Entries<Ctx>>,
    mode: PhantomData<M>,
}

impl<Ctx: ?Sized, M> Clone for Registry<Ctx, M> {
    fn clone(&self) -> Self {
        Registry {
            leaves: self.leaves.clone(),
            kinds: self.kinds.clone(),
            general: self.general,
            timed: self.timed,
            keyed: self.keyed,
            scripting: self.scripting.clone(),
            files: self.files.clone(),
            entries: self.entries,
            mode: PhantomData,
        }
    }
}

impl<Ctx: ?Sized, M> core::fmt::Debug for Registry<Ctx, M> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut leaves: Vec<&String> = self.leaves.keys().collect();
        leaves.sort();
        let mut kinds: Vec<&String> = self.kinds.keys().collect();
        kinds.sort();
        f.debug_struct("Registry")
            .field("leaves", &leaves)
            .field("kinds", &kinds)
            .field("clock", &self.timed.is_some())
            .field("blackboard", &self.keyed.is_some())
            .finish()
    }
}

impl<Ctx: ?Sized + 'static> Default for Registry<Ctx> {
    fn default() -> Self {
        Registry::new()
    }
}

impl<Ctx: ?Sized + 'static> Registry<Ctx> {
    /// A registry that knows the built-in node kinds and no leaf; its trees cannot be saved.
    pub fn new() -> Self {
        Registry {
            leaves: HashMap::new(),
            kinds: HashMap::new(),
            general: kinds::general_plain::<Ctx>,
            timed: None,
            keyed: None,
            scripting: Default::default(),
            files: Vec::new(),
            entries: None,
            mode: PhantomData,
        }
    }
}

#[cfg(feature = "serde")]
impl<Ctx: ?Sized + 'static> Registry<Ctx, Saving> {
    /// A registry whose trees can be saved and restored: every node it builds is boxed with the
    /// means to save it, and the leaves registered must implement [`Persist`](crate::Persist).
    pub fn saving() -> Self {
        Registry {
            leaves: HashMap::new(),
            kinds: HashMap::new(),
            general: kinds::general_saving::<Ctx>,
            timed: None,
            keyed: None,
            scripting: Default::default(),
            files: Vec::new(),
            entries: None,
            mode: PhantomData,
        }
    }
}

impl<Ctx: ?Sized + 'static, M> Registry<Ctx, M> {
    /// The names of the leaves registered, in no particular order.
    pub fn leaves(&self) -> impl Iterator<Item = &str> {
        self.leaves.keys().map(String::as_str)
    }

    /// Makes the trees of other files available to the files this registry loads: each path is
    /// a file, or a directory whose `*.xml` files are read (BehaviorTree.CPP's
    /// `registerBehaviorTreeFromFile`, a MoveIt Pro directory of objectives). A `<SubTree ID>` may
    /// name any of their trees, and an `<include path>` that is not next to its file is looked
    /// for in each directory, in order. `bt_xml!`'s `files(…)` reads the same.
    pub fn with_files<P: Into<PathBuf>>(mut self, paths: impl IntoIterator<Item = P>) -> Self {
        self.files.extend(paths.into_iter().map(Into::into));
        self
    }

    /// Whether a leaf or node kind is registered under `id`.
    pub fn knows(&self, id: &str) -> bool {
        self.leaves.contains_key(id) || self.kinds.contains_key(id)
    }

    fn add_leaf(mut self, id: &str, entry: LeafEntry<Ctx>) -> Self {
        self.leaves.insert(id.to_string(), entry);
        self
    }
}

/// `Some(())` when the element has no attributes; an error otherwise.
fn no_attributes(spec: &LeafSpec<'_>, bound: &mut Bound) -> Option<()> {
    match spec.ports.first() {
        None => Some(()),
        Some(p) => {
            bound.errors.push((p.at, format!("`{}` has no ports: remove `{}`", spec.id, p.name)));
            None
        }
    }
}

mod registration;
