//! The static description of a tree that `bt!` emits: every node's kind, label, arguments, depth
//! and source position, in pre-order. Reading it allocates nothing and costs nothing at run time.
//!
//! A description is built from the entries of one `bt!` invocation. A leaf that is itself a tree
//! built by `bt!` (a named tree, or a function returning a `bt!` tree) is an entry of kind
//! `"subtree"` that refers to that tree's own description: reading the description walks into it,
//! so the embedded tree's nodes appear in place, with their own kinds, labels and source
//! positions, and with the ids observers receive.

use core::fmt;

use crate::NodeId;

mod data;

pub use data::{ArgValue, Argument, BindingValue, PortBinding};

/// One node of a [`TreeDescription`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeInfo {
    /// The DSL keyword (`"sequence"`, `"parallel"`, `"repeat"`, …); for a node kind of your own
    /// its name as written without the path (`"Persist"` for `nav::Persist(2)<…>`); `"leaf"`
    /// for a leaf, `"subtree"` for an embedded tree built by `bt!`.
    pub kind: &'static str,
    /// For a leaf or subtree, its source text as written (`"WalkTo::new(FOOD)"`); for a keyword the
    /// keyword as written (an alias stays an alias); for a node kind of your own, its path as
    /// written (`"nav::Persist"`).
    pub label: &'static str,
    /// The arguments as written, without parentheses (`"1"`, `"success = 2"`), or `""`.
    pub args: &'static str,
    /// Depth in the tree; the root has depth 0.
    pub depth: u16,
    /// Number of direct children (1 for a subtree: the embedded tree's root).
    pub children: u16,
    /// 1-based source line of the node's first token (in [`TreeDescription::file`] of the
    /// description it was written in, see [`TreeDescription::origin`]).
    pub line: u32,
    /// 1-based source column of the node's first token.
    pub column: u32,
    /// For a subtree, the embedded tree's description, whose nodes follow this one.
    pub subtree: Option<&'static TreeDescription>,
    /// For a leaf that declares ports, its ports (name, direction, type), in declaration order;
    /// empty otherwise.
    pub ports: &'static [PortInfo],
    /// The instance name given to the node (an XML element's `name="…"`), or `""`.
    pub name: &'static str,
    /// The arguments, as structured values: each with the name its keyword (or spec) gives it
    /// and its value, in order. Empty for a node without arguments, and for a node kind of your
    /// own written in `bt!` (whose arguments are in [`args`](Self::args) only).
    pub arguments: &'static [Argument],
    /// For a leaf whose port bindings are known where the tree is written (read from XML, or a
    /// tree loaded at run time): what each port is bound to, in the order written. Empty when
    /// they are not known there (the fields of a leaf built in Rust code).
    pub bindings: &'static [PortBinding],
    /// For a leaf, whether it is a condition (it answers within its tick and never runs; a
    /// `Condition`, or an action whose type says so).
    pub condition: bool,
    /// The ID the node was read under from BehaviorTree.CPP XML (its element name, or `ID="…"`
    /// in the generic form), when it differs from nothing: `""` for a tree written in Rust, whose
    /// exports derive the ID from the [`label`](Self::label).
    pub id: &'static str,
}

/// Which way data flows through a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PortDirection {
    /// The node reads the port: a literal or a blackboard entry.
    Input,
    /// The node writes the port: a blackboard entry.
    Output,
    /// The node reads and writes the port: a blackboard entry.
    InOut,
}

/// One port of a leaf, as its type declares it: what a description, an XML export or an editor
/// needs to know about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PortInfo {
    /// The port's name, as bound in a tree (`goal` in `goal="{goal}"`).
    pub name: &'static str,
    /// Whether the node reads it, writes it, or both.
    pub direction: PortDirection,
    /// The value type as written in the leaf's declaration (`"Pose"`, `"f64"`).
    pub type_name: &'static str,
    /// The default value as text, when the port has one (a port with a default may be left
    /// unbound).
    pub default: Option<&'static str>,
    /// What the port is for, from the declaration's documentation; may be `""`.
    pub description: &'static str,
}

impl NodeInfo {
    /// The entry of a keyword or node kind: `kind`, `label` and `args` as written, at `depth`,
    /// with `children` children, written at `line` and `column`; no instance name, no
    /// structured arguments (set them with [`with_arguments`](Self::with_arguments)).
    pub const fn keyword(
        kind: &'static str,
        label: &'static str,
        args: &'static str,
        depth: u16,
        children: u16,
        line: u32,
        column: u32,
    ) -> NodeInfo {
        NodeInfo {
            kind,
            label,
            args,
            depth,
            children,
            line,
            column,
            subtree: None,
            ports: &[],
            name: "",
            arguments: &[],
            bindings: &[],
            condition: false,
            id: "",
        }
    }

    /// The same entry, with its structured arguments.
    pub const fn with_arguments(mut self, arguments: &'static [Argument]) -> NodeInfo {
        self.arguments = arguments;
        self
    }

    /// The same entry, with an instance name.
    pub const fn with_name(mut self, name: &'static str) -> NodeInfo {
        self.name = name;
        self
    }

    /// The same entry, with its ports' bindings.
    pub const fn with_bindings(mut self, bindings: &'static [PortBinding]) -> NodeInfo {
        self.bindings = bindings;
        self
    }

    /// The same entry, with the arguments as written `args`.
    pub const fn with_args(mut self, args: &'static str) -> NodeInfo {
        self.args = args;
        self
    }

    /// The same entry, with the ports `ports`.
    pub const fn with_ports(mut self, ports: &'static [PortInfo]) -> NodeInfo {
        self.ports = ports;
        self
    }

    /// The same entry, read under the ID `id`.
    pub const fn with_id(mut self, id: &'static str) -> NodeInfo {
        self.id = id;
        self
    }

    /// The same entry, a condition when `condition` is true.
    pub const fn with_condition(mut self, condition: bool) -> NodeInfo {
        self.condition = condition;
        self
    }

    /// The structured argument named `name`, if the node has one.
    pub fn argument(&self, name: &str) -> Option<&'static ArgValue> {
        self.arguments.iter().find(|a| a.name == name).map(|a| &a.value)
    }

    /// The binding of port `port`, if it is known.
    pub fn binding(&self, port: &str) -> Option<&'static BindingValue> {
        self.bindings.iter().find(|b| b.port == port).map(|b| &b.value)
    }

    /// The entry for a leaf whose node is `embedded`, the [`Node::DESCRIPTION`](crate::Node) of
    /// its type: a plain leaf when `None`, a subtree when the leaf is a tree built by `bt!`. Used by
    /// the code `bt!` generates.
    #[doc(hidden)]
    pub const fn leaf(
        label: &'static str,
        depth: u16,
        line: u32,
        column: u32,
        embedded: Option<&'static TreeDescription>,
    ) -> NodeInfo {
        Self::leaf_with_ports(label, depth, line, column, embedded, &[])
    }

    /// The entry for a leaf whose node type is `N`: its ports, whether it is a condition, and the
    /// description it embeds when it is a tree built by `bt!`. Used by the code `bt!` generates.
    #[doc(hidden)]
    pub const fn of_leaf<Ctx: ?Sized, N: crate::Node<Ctx>>(
        label: &'static str,
        depth: u16,
        line: u32,
        column: u32,
    ) -> NodeInfo {
        Self::leaf_with_ports(label, depth, line, column, N::DESCRIPTION, N::PORTS)
            .with_condition(N::CONDITION)
    }

    /// [`leaf`](Self::leaf) with the leaf's ports ([`Node::PORTS`](crate::Node::PORTS) of its
    /// type). Used by the code `bt!` generates.
    #[doc(hidden)]
    pub const fn leaf_with_ports(
        label: &'static str,
        depth: u16,
        line: u32,
        column: u32,
        embedded: Option<&'static TreeDescription>,
        ports: &'static [PortInfo],
    ) -> NodeInfo {
        match embedded {
            Some(desc) if !desc.is_empty() => NodeInfo {
                kind: "subtree",
                label,
                args: "",
                depth,
                children: 1,
                line,
                column,
                subtree: Some(desc),
                ports: &[],
                name: "",
                arguments: &[],
                bindings: &[],
                condition: false,
                id: "",
            },
            _ => NodeInfo {
                kind: "leaf",
                label,
                args: "",
                depth,
                children: 0,
                line,
                column,
                subtree: None,
                ports,
                name: "",
                arguments: &[],
                bindings: &[],
                condition: false,
                id: "",
            },
        }
    }
}

/// The whole tree, as written: its nodes in pre-order ([`iter`](Self::iter), [`node`](Self::node)),
/// so a node's index is the [`NodeId`] observers receive.
///
/// Nodes are returned by value: a node of an embedded subtree comes with its depth in the whole
/// tree. [`origin`](Self::origin) tells which description (and so which file) a node was written
/// in.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TreeDescription {
    /// The name of a named tree, or `""`.
    pub name: &'static str,
    /// The context type as written, or `""` when it is inferred.
    pub context: &'static str,
    /// The source file of the `bt!` invocation.
    pub file: &'static str,
    entries: &'static [NodeInfo],
    len: usize,
    /// Levels of descriptions: 1, plus the deepest embedded description's.
    nesting: usize,
}

impl fmt::Debug for TreeDescription {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TreeDescription")
            .field("name", &self.name)
            .field("context", &self.context)
            .field("file", &self.file)
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

/// How deep trees may be embedded in trees (a tree embedding a tree embedding a tree … counts one
/// level per tree). [`TreeDescription::new`] refuses deeper ones (a compile-time error for the
/// descriptions `bt!` writes), so every description can be walked without allocating.
pub const MAX_NESTING: usize = 32;

impl TreeDescription {
    /// The description of a tree nobody described (built by hand, not by `bt!`).
    pub const EMPTY: TreeDescription = TreeDescription::new("", "", "", &[]);

    /// A description whose nodes are `entries`, in pre-order, a subtree entry standing for all the
    /// nodes of the tree it embeds. `bt!` builds descriptions with it; so can other front ends.
    pub const fn new(
        name: &'static str,
        context: &'static str,
        file: &'static str,
        entries: &'static [NodeInfo],
    ) -> TreeDescription {
        let mut len = entries.len();
        let mut nesting = 1;
        let mut i = 0;
        while i < entries.len() {
            if let Some(sub) = entries[i].subtree {
                len += sub.len;
                if sub.nesting + 1 > nesting {
                    nesting = sub.nesting + 1;
                }
            }
            i += 1;
        }
        assert!(
            nesting <= MAX_NESTING,
            "trees embedded in trees more than MAX_NESTING (32) levels deep cannot be described"
        );
        TreeDescription { name, context, file, entries, len, nesting }
    }

    /// The entries written in this description's own tree, in pre-order: a subtree is one entry
    /// (whose [`subtree`](NodeInfo::subtree) holds the embedded description).
    #[inline]
    pub const fn entries(&self) -> &'static [NodeInfo] {
        self.entries
    }

    /// Number of nodes, those of embedded subtrees included.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the description has no nodes (a tree not built by `bt!`).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether every node was written in this description's own tree (no embedded subtree).
    #[inline]
    const fn is_flat(&self) -> bool {
        self.len == self.entries.len()
    }

    /// Node `id`, with its depth in the whole tree.
    pub fn node(&self, id: NodeId) -> Option<NodeInfo> {
        if self.is_flat() {
            return self.entries.get(id).copied();
        }
        let (desc, index, offset) = self.locate(id)?;
        let mut info = desc.entries[index];
        info.depth = info.depth.saturating_add(offset);
        Some(info)
    }

    /// Where node `id` was written: the description whose own entries hold it (this one, or that
    /// of an embedded subtree, with its [`name`](Self::name) and [`file`](Self::file)) and its
    /// index among those [`entries`](Self::entries).
    pub fn origin(&self, id: NodeId) -> Option<(&TreeDescription, usize)> {
        self.locate(id).map(|(desc, index, _)| (desc, index))
    }

    /// The description holding node `id`, its index there and the depth of that description's
    /// root in the whole tree.
    fn locate(&self, id: NodeId) -> Option<(&TreeDescription, usize, u16)> {
        let mut desc = self;
        let mut id = id;
        let mut offset = 0u16;
        'walk: loop {
            for (index, entry) in desc.entries.iter().enumerate() {
                if id == 0 {
                    return Some((desc, index, offset));
                }
                id -= 1;
                if let Some(sub) = entry.subtree {
                    if id < sub.len {
                        offset = offset.saturating_add(entry.depth).saturating_add(1);
                        desc = sub;
                        continue 'walk;
                    }
                    id -= sub.len;
                }
            }
            return None;
        }
    }

    /// Every node with its id, in pre-order, each with its depth in the whole tree.
    #[inline]
    pub fn iter(&self) -> Nodes<'_> {
        Nodes::new(self)
    }

    /// Every node, in pre-order (the `n`-th is node `n`), each with its depth in the whole tree.
    #[inline]
    pub fn nodes(&self) -> impl Iterator<Item = NodeInfo> + '_ {
        self.iter().map(|(_, node)| node)
    }
}

/// Iterator over the nodes of a [`TreeDescription`] with their ids, in pre-order, walking into
/// embedded subtrees. See [`TreeDescription::iter`].
#[derive(Clone, Debug)]
pub struct Nodes<'d> {
    stack: [(&'d TreeDescription, usize, u16); MAX_NESTING],
    top: usize,
    id: NodeId,
    left: usize,
}

impl<'d> Nodes<'d> {
    fn new(desc: &'d TreeDescription) -> Self {
        Nodes { stack: [(desc, 0, 0); MAX_NESTING], top: 1, id: 0, left: desc.len }
    }
}

impl Iterator for Nodes<'_> {
    type Item = (NodeId, NodeInfo);

    fn next(&mut self) -> Option<(NodeId, NodeInfo)> {
        loop {
            let frame = self.stack.get_mut(self.top.checked_sub(1)?)?;
            let (desc, next, offset) = *frame;
            let Some(entry) = desc.entries.get(next) else {
                self.top -= 1;
                continue;
            };
            frame.1 += 1;
            let mut info = *entry;
            info.depth = info.depth.saturating_add(offset);
            if let Some(sub) = info.subtree
                && self.top < MAX_NESTING
            {
                self.stack[self.top] = (sub, 0, info.depth.saturating_add(1));
                self.top += 1;
            }
            let id = self.id;
            self.id += 1;
            self.left = self.left.saturating_sub(1);
            return Some((id, info));
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.left))
    }
}

/// Carries a tree's [`TreeDescription`] at the type level, so that a tree stores nothing for it.
/// `bt!` generates a zero-sized type implementing it for every tree; `()` describes nothing.
pub trait Describe {
    /// The description.
    const DESCRIPTION: &'static TreeDescription;
}

impl Describe for () {
    const DESCRIPTION: &'static TreeDescription = &TreeDescription::EMPTY;
}
