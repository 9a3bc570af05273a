//! Reads BehaviorTree.CPP / Groot2 XML files into the node model of the `bt` behavior-tree library.
//!
//! This crate is the front end of `bt::bt_xml!`: it reads a file (and the files it includes),
//! picks the tree to build, inlines its subtrees, maps every BehaviorTree.CPP built-in and every
//! Nav2 control node to the keyword of `bt!` that builds it, and yields a [`Tree`] of [`Node`]s,
//! each with its position in its file. Anything it cannot read or map is an [`Error`] with the file,
//! line and column and a message that says what is wrong and how to fix it. It never panics.
//!
//! ```
//! let xml = r#"<root BTCPP_format="4" main_tree_to_execute="Main">
//!   <BehaviorTree ID="Main">
//!     <Sequence>
//!       <Timeout msec="500"><MoveTo goal="{goal}"/></Timeout>
//!       <AlwaysSuccess/>
//!     </Sequence>
//!   </BehaviorTree>
//! </root>"#;
//! let tree = bt_xml::load_str("nav.xml", xml, None).unwrap();
//! assert_eq!(tree.name, "Main");
//! let root = &tree.root;
//! assert_eq!(root.kind, bt_xml::Kind::Keyword { name: "sequence", args: vec![] });
//! let timeout = &root.children[0];
//! let bt_xml::Kind::Keyword { name: "timeout", args } = &timeout.kind else { panic!() };
//! assert_eq!(bt_xml::dsl("timeout", args), "500ms");
//! assert_eq!(args[0].value, bt_xml::ArgValue::Duration(std::time::Duration::from_millis(500), "500ms".into()));
//! let leaf = &timeout.children[0];
//! assert_eq!(leaf.kind, bt_xml::Kind::Leaf { type_name: "MoveTo".into() });
//! assert_eq!(leaf.ports[0].value, bt_xml::Value::Key { name: "goal".into(), root: false });
//! assert_eq!((leaf.pos.line, leaf.pos.column), (4, 27));
//! ```
//!
//! # Subtrees and blackboard keys
//!
//! A `<SubTree ID="X" …/>` (or an element named after a tree of the file, as Groot2 writes it) is
//! replaced by the root of tree `X`, so the result is one tree, as if written in one `bt!`. The
//! subtree's blackboard keys are renamed while inlining, which is how BehaviorTree.CPP's scoped
//! blackboards become one flat set of keys resolved at compile time:
//!
//! * a key remapped by the SubTree element (`goal="{target}"`) is the parent's key `target`;
//!   `goal="{=}"` is the parent's key `goal`; `goal="3"` makes every use of `{goal}` in the subtree
//!   the literal `3`;
//! * in a BehaviorTree.CPP 3 file (`BTCPP_format="3"`, or no `BTCPP_format`), a `<SubTree>`'s
//!   attribute without braces names the parent's key, as version 3 read it (`goal="target"` is
//!   `goal="{target}"`); its `<SubTreePlus>` reads as version 4's `<SubTree>`;
//! * a port the SubTree element leaves out that the subtree's model (`<TreeNodesModel><SubTree
//!   ID="X">`) gives a default is remapped to that default, as if written on the element;
//! * with `_autoremap="true"` (v3: `__autoremap`, `__shared_blackboard`), every other key is the
//!   parent's key of the same name, except a key starting with `_`, which stays private (as in
//!   BehaviorTree.CPP);
//! * any other key is private to that subtree instance: it is renamed `ID#n/key`, with `n` counting
//!   the SubTree elements of the whole tree in document order;
//! * `{@key}` is the root tree's key `key`, wherever it is written.
//!
//! # Scripts
//!
//! BehaviorTree.CPP's scripts are parsed when the tree is read ([`Script`]): `<Script code>`,
//! `<ScriptCondition code>` and `<SetBlackboard>` are [`Kind::Script`] leaves, a `Precondition`
//! whose `if` is a script has it as an [`ArgValue::Script`] argument (a Rust condition, as
//! `btcpp_xml()` writes one, stays [`ArgValue::Code`]), and the attributes `_skipIf`,
//! `_successIf`, `_failureIf`, `_while`, `_onSuccess`, `_onFailure`, `_onHalted` and `_post` are a
//! node's [`conditions`](Node::conditions). A syntax error is reported at its line and column in
//! the file. Identifiers are renamed as ports are, so that a script in a subtree refers to the
//! entries of its instance. Typing them is `bt_script::check`'s work, for `bt_xml!` and
//! `bt::load` alike.
//!
//! # What is not read
//!
//! The number arguments of built-ins (`msec`,
//! `num_attempts`, …) must be literals (or, as bt's export writes them, constants such as
//! `TIMEOUT` and duration literals with their unit): a tree's structure is fixed when it is
//! compiled.
//!
//! # Limits
//!
//! Reading is bounded whatever the files hold ([`limits`]): only regular files of at most 1 MiB
//! (4 MiB for all the files of a load), elements nested at most 64 deep with at most 64 attributes
//! each (checked by one linear pass over the text before the XML parser reads it), and a tree,
//! once its subtrees are inlined, at most 48 nodes deep, with at most 16 children per node and
//! 4096 nodes (the limits of `bt!`). Beyond a limit, the load fails with an [`Error`] naming it,
//! at the file, line and column where it is crossed; the time a load takes is linear in the size
//! of its files.
//!
//! # Files written by bt
//!
//! Every form `description().btcpp_xml()` writes is read back as the same `bt!` keyword with the
//! same arguments: the generic forms of bt's own keywords (`<Control ID="mem_selector">`,
//! `parallel`, `random`, `switch`, `<Decorator ID="cooldown">`, `guard`, `service`), `SwitchN`
//! with a selector of the context, `RunOnce then_skip="false"`, `Precondition if=… else="FAILURE"`
//! and `RetryUntilSuccessful num_attempts="-1"` (`until_success`). Durations in milliseconds come
//! back as `Ns` for whole seconds and `Nms` otherwise, counts in decimal. What is normalised on the
//! way is listed in `bt_xml!`'s documentation.
#![forbid(unsafe_code)]

mod aborts;
mod async_children;
mod build;
mod builtins;
mod element;
pub use element::loop_item;
mod files;
pub mod limits;
mod load;
mod models;
mod script;

use std::fmt;
use std::path::PathBuf;

pub use aborts::aborting_mode;
pub use builtins::{
    Arg, ArgValue, Builtin, arguments, builtin, dsl, known_elements, positional_names, script_attribute,
};
pub use load::{load, load_among, load_files, load_str, load_str_among, load_with, models, models_str};
pub use models::type_class;
pub use script::{Condition, Script, When};

/// The scripting language (parser, checker, value semantics) the scripts of a tree are read with.
pub use bt_script;

/// A position in one of the files read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pos {
    /// Index into [`Tree::files`] (or the files of the error's load).
    pub file: usize,
    /// 1-based line.
    pub line: u32,
    /// 1-based column (in characters).
    pub column: u32,
}

/// The tree chosen from a file, with every subtree inlined.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    /// The `ID` of the chosen `BehaviorTree`.
    pub name: String,
    /// Its root node.
    pub root: Node,
    /// Every file read: the file loaded first, then the included ones and the sibling files (see
    /// [`load_among`]), in the order read.
    pub files: Vec<PathBuf>,
    /// The node models (`<TreeNodesModel>`) of every file read, in the order read, each with
    /// its position.
    pub models: Vec<Model>,
}

/// One node of a [`Tree`].
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// What builds it.
    pub kind: Kind,
    /// The element as written: its name, or its `ID` in the generic form (`<Action ID="X"/>`).
    pub element: String,
    /// The instance name (`name="…"`), when given.
    pub instance: Option<String>,
    /// Children, in order.
    pub children: Vec<Node>,
    /// The port bindings of a leaf or of a node kind of your own, in the order written (the
    /// arguments of built-ins are in [`Kind::Keyword`]'s `args` instead); for a script leaf, its
    /// attributes as BehaviorTree.CPP's ports (`code`, or `output_key` and `value`), which
    /// [`Kind::Script`] holds compiled; for a switch on a blackboard entry, `variable` and the
    /// cases (BehaviorTree.CPP's ports, also read into the keyword's `args`).
    pub ports: Vec<Port>,
    /// The node's pre- and post-conditions (`_skipIf="…"`, `_onSuccess="…"`, …), in the order
    /// written (a `<SubTree>`'s are its tree root's).
    pub conditions: Vec<Condition>,
    /// Where the element starts.
    pub pos: Pos,
}

/// What builds a [`Node`].
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A keyword of `bt!`, with its arguments ([`dsl`] writes them as `bt!` does: `"500ms"`,
    /// `"success = 2, failure = 1"`, or `""`).
    Keyword {
        /// The keyword (`"sequence"`, `"timeout"`, …).
        name: &'static str,
        /// The arguments, in order.
        args: Vec<Arg>,
    },
    /// A leaf: a Rust type of this name (or the one the invocation maps it to).
    Leaf {
        /// The element's name.
        type_name: String,
    },
    /// A control or decorator of your own: a `bt::Compose` spec type of this name.
    Custom {
        /// The element's name.
        type_name: String,
    },
    /// A leaf that runs a script: `<Script code="…"/>`, `<ScriptCondition code="…"/>`, and
    /// `<SetBlackboard output_key="k" value="v"/>` (read as the script `k := v`).
    Script {
        /// The script.
        script: Script,
        /// Whether the leaf succeeds only when the script's value is true (`ScriptCondition`);
        /// otherwise it succeeds once the script has run.
        condition: bool,
    },
}

/// One attribute of a leaf or custom node: a port binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Port {
    /// The port's name.
    pub name: String,
    /// What it is bound to.
    pub value: Value,
    /// Where the attribute's element starts (roxmltree gives attribute positions too; this is the
    /// attribute's own position).
    pub pos: Pos,
}

/// What a port is bound to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A blackboard key, after subtree remapping: the final name of the entry.
    Key {
        /// The entry's name.
        name: String,
        /// Whether it was written `{@key}` (the root's blackboard).
        root: bool,
    },
    /// A literal, as written (entities decoded).
    Literal(String),
}

impl Value {
    /// Reads an attribute value: `{key}`, `{@key}` or a literal (`{=}` is handled by the caller).
    pub fn parse(text: &str) -> Value {
        let t = text.trim();
        if let Some(inner) = t.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
            let inner = inner.trim();
            if let Some(k) = inner.strip_prefix('@') {
                return Value::Key { name: k.trim().to_string(), root: true };
            }
            return Value::Key { name: inner.to_string(), root: false };
        }
        Value::Literal(text.to_string())
    }
}

/// The model of a node type from a `TreeNodesModel` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// `Action`, `Condition`, `Control`, `Decorator` or `SubTree`.
    pub category: String,
    /// The node type's `ID`.
    pub id: String,
    /// Its ports, in order.
    pub ports: Vec<ModelPort>,
    /// Where its element starts ([`Pos::file`] indexes the files read: those of [`models`], or
    /// [`Tree::files`] for [`Tree::models`]; 0 for [`models_str`]).
    pub pos: Pos,
}

/// A port of a [`Model`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelPort {
    /// `input_port`, `output_port` or `inout_port` (`bidirectional_port` is read as `inout_port`).
    pub direction: String,
    /// The port's name.
    pub name: String,
    /// The declared type, if any.
    pub type_name: Option<String>,
    /// The default value, if any.
    pub default: Option<String>,
    /// The description (the element's text or its `description` attribute).
    pub description: String,
    /// Where its element starts.
    pub pos: Pos,
}

/// An error in an XML file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The file, as given (or as resolved for an include).
    pub file: PathBuf,
    /// 1-based line (0 when the file could not be read).
    pub line: u32,
    /// 1-based column (0 when the file could not be read).
    pub column: u32,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file.display(), self.message)
        } else {
            write!(f, "{}:{}:{}: {}", self.file.display(), self.line, self.column, self.message)
        }
    }
}

impl std::error::Error for Error {}

impl Node {
    /// This node and all its descendants, in pre-order.
    pub fn iter(&self) -> impl Iterator<Item = &Node> {
        let mut stack = vec![self];
        std::iter::from_fn(move || {
            let n = stack.pop()?;
            stack.extend(n.children.iter().rev());
            Some(n)
        })
    }
}
