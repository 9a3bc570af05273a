//! Trees read from BehaviorTree.CPP / Groot2 XML files when the program runs, over the same node
//! code as compiled trees (feature `load`).
//!
//! A [`Registry`] names the leaves (your types) and node kinds a file may use for one context
//! type; [`Registry::load`] reads a file (with its includes and subtrees, as `bt_xml!` reads it)
//! into a [`DynTree`]: the runtime's own composites and decorators over
//! run-time lists of children, each node with the id it has in the tree's description, so
//! observers, the live view, the recorder, renderings and the BehaviorTree.CPP export work on it
//! as on a compiled tree. Every error of a file — malformed XML, an unknown element, an unknown,
//! missing or ill-typed port, a node model (`<TreeNodesModel>`) that disagrees with its leaf's ports
//! (as `bt_xml!` checks them), a blackboard entry used with two types, a wrong number of children —
//! is reported with its file, line and column, all of them at once, in a [`LoadError`]; loading
//! never panics and never returns a half-built tree.
//!
//! ```
//! use bt::load::Registry;
//! use bt::ports::{HasBlackboard, Input, Output, Ports};
//! use bt::blackboard::{Blackboard, Key};
//! use bt::{Action, Status};
//!
//! struct Robot { bb: Blackboard, battery: f64 }
//! impl HasBlackboard for Robot {
//!     fn blackboard(&self) -> &Blackboard { &self.bb }
//!     fn blackboard_mut(&mut self) -> &mut Blackboard { &mut self.bb }
//! }
//! impl bt::Clock for Robot {
//!     fn now(&self) -> core::time::Duration { core::time::Duration::ZERO } // no time, no expiry
//! }
//!
//! /// Succeeds while the battery is above `min`.
//! #[derive(Ports)]
//! struct BatteryAbove { min: Input<f64> }
//! impl Action<Robot> for BatteryAbove {
//!     fn execute(&mut self, r: &mut Robot) -> Status {
//!         let min = self.min.get(r).copied().unwrap_or(0.0);
//!         Status::from_bool(r.battery > min)
//!     }
//! }
//!
//! /// Writes how far it went.
//! #[derive(Ports)]
//! struct Drive { distance: Output<f64> }
//! impl Action<Robot> for Drive {
//!     fn execute(&mut self, r: &mut Robot) -> Status {
//!         r.battery -= 10.0;
//!         self.distance.set(r, 1.0);
//!         Status::Success
//!     }
//! }
//!
//! let registry = Registry::<Robot>::new().action::<BatteryAbove>("BatteryAbove").action::<Drive>("Drive");
//! let xml = r#"<root BTCPP_format="4"><BehaviorTree ID="Main">
//!     <Sequence><BatteryAbove min="50"/><Drive distance="{moved}"/></Sequence>
//! </BehaviorTree></root>"#;
//! let mut tree = registry.load_str("main.xml", xml).unwrap();
//! let mut robot = Robot { bb: Blackboard::new(), battery: 55.0 };
//! assert_eq!(tree.tick(&mut robot), Status::Success);
//! assert_eq!(robot.bb.get(Key::<f64>::new("moved"), Default::default()), Some(&1.0));
//! assert_eq!(tree.tick(&mut robot), Status::Failure); // 45 is not above 50
//!
//! // Every error, with its position.
//! let bad = r#"<root BTCPP_format="4"><BehaviorTree ID="Main">
//!     <Sequence><BatteryAbove min="lots"/><Driv distance="{moved}"/></Sequence>
//! </BehaviorTree></root>"#;
//! let err = registry.load_str("bad.xml", bad).unwrap_err();
//! assert_eq!(err.errors.len(), 2);
//! assert!(err.to_string().contains("bad.xml:2:29: port `min` of `BatteryAbove`: not a valid `f64`"), "{err}");
//! assert!(err.to_string().contains("unknown leaf `Driv` (did you mean `Drive`?)"), "{err}");
//! ```
//!
//! BehaviorTree.CPP's scripts (`<Script>`, `<ScriptCondition>`, `<SetBlackboard>`, `Precondition`'s
//! `if`, and every node's `_skipIf`, `_onSuccess`, …) are checked when the file is loaded, with the
//! rules and the errors of `bt_xml!` (every entry of one type: its ports', or what the scripts
//! write to it), and interpreted with the operators compiled scripts call. Entries that scripts
//! read and that no port binds are declared on the registry ([`Registry::key`]), the constants
//! they name too ([`Registry::script_enum`]), and the types of yours they copy
//! ([`Registry::script_value`]); scripts need a blackboard ([`Registry::with_blackboard`]).
//!
//! `bt_xml!` gives the registry of the leaves it maps: `Navigate::registry()` for a tree
//! `bt_xml! { struct Navigate for Robot = "…" }`, so any other file over those leaves loads with
//! no extra code.

#[allow(unused_imports)]
use std::prelude::rust_2024::*;
#[allow(unused_imports)]
use std::{format, vec};

mod build;
mod describe;
mod intern;
mod kinds;
mod leaf;
mod models;
mod params;
#[doc(hidden)]
pub mod probe;
mod queues;
mod registry;
#[cfg(feature = "reload")]
mod reload;
mod script;

use std::fmt;
use std::path::Path;
use std::string::String;
use std::vec::Vec;

pub use intern::intern;
pub use leaf::BoxedCondition;
pub use registry::{Plain, Registry, Saving};
#[cfg(feature = "reload")]
pub use reload::{Carry, Reload, Reloading, WatchError};
pub use script::{ScriptConditions, ScriptIf, ScriptLeaf, Scripted};

use crate::dynamic::DynTree;
use crate::ports::Binding;
use leaf::{Bound, BoundPort};

/// Why a file could not be loaded: every error found, each with its file, line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The errors, in the order found.
    pub errors: Vec<bt_xml::Error>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}

impl From<Vec<bt_xml::Error>> for LoadError {
    fn from(errors: Vec<bt_xml::Error>) -> Self {
        LoadError { errors }
    }
}

/// The attributes of an element, for a node built by a function of yours
/// ([`Registry::node`], [`Registry::composite`], [`Registry::decorator`]).
#[derive(Clone, Copy)]
pub struct Attributes<'a> {
    ports: &'a [BoundPort<'a>],
}

impl fmt::Debug for Attributes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.ports.iter().map(|p| (p.name, p.binding))).finish()
    }
}

impl<'a> Attributes<'a> {
    /// The names of the attributes, in order.
    pub fn names(&self) -> impl Iterator<Item = &'a str> {
        self.ports.iter().map(|p| p.name)
    }

    /// What attribute `name` binds, if the element has it: a blackboard key (`{key}`, after subtree
    /// remapping) or a literal.
    pub fn get(&self, name: &str) -> Option<Binding<'a>> {
        self.ports.iter().find(|p| p.name == name).map(|p| p.binding)
    }

    /// Attribute `name` as a literal parsed with `T`'s `FromStr`; `Ok(None)` when absent.
    ///
    /// # Errors
    ///
    /// A message when it is a key, or not a `T`.
    pub fn parse<T: core::str::FromStr>(&self, name: &str) -> Result<Option<T>, String>
    where
        T::Err: fmt::Display,
    {
        match self.get(name) {
            None => Ok(None),
            Some(Binding::Key(k)) => Err(format!("`{name}` is the blackboard entry `{k}`: write a value")),
            Some(Binding::Literal(text)) => text.parse().map(Some).map_err(|e: T::Err| {
                format!("`{name}=\"{text}\"` is not a valid `{}`: {e}", core::any::type_name::<T>())
            }),
        }
    }
}

impl<Ctx: ?Sized + 'static, M> Registry<Ctx, M> {
    /// Loads the main tree of the file at `path` (its `main_tree_to_execute`, or its only
    /// tree), reading the files it includes.
    ///
    /// # Errors
    ///
    /// Every error found, with its position.
    pub fn load(&self, path: impl AsRef<Path>) -> Result<DynTree<'static, Ctx>, LoadError> {
        let tree = bt_xml::load_among(path.as_ref(), None, &self.files)?;
        build::build(self, &tree)
    }

    /// Loads the tree `id` of the file at `path`.
    ///
    /// # Errors
    ///
    /// Every error found, with its position.
    pub fn load_tree(&self, path: impl AsRef<Path>, id: &str) -> Result<DynTree<'static, Ctx>, LoadError> {
        let tree = bt_xml::load_among(path.as_ref(), Some(id), &self.files)?;
        build::build(self, &tree)
    }

    /// Loads the main tree of the XML `text`, named `name` in errors (includes are read relative
    /// to the current directory, and from the sibling files of [`with_files`](Self::with_files)).
    ///
    /// # Errors
    ///
    /// Every error found, with its position.
    pub fn load_str(&self, name: &str, text: &str) -> Result<DynTree<'static, Ctx>, LoadError> {
        let tree = bt_xml::load_str_among(name, text, None, &self.files)?;
        build::build(self, &tree)
    }
}
