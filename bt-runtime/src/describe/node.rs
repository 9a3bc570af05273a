//! One entry of a description: a node's kind, label, arguments, bindings, ports and position.

use super::{ArgValue, Argument, BindingValue, NodeScript, PortBinding, TreeDescription};

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
    /// The node's pre- and post-condition scripts (BehaviorTree.CPP's `_skipIf`, `_onSuccess`,
    /// …), in the order written: empty for a node without any (every node of a tree written in
    /// Rust).
    pub scripts: &'static [NodeScript],
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
    /// Whether a tree may leave it unbound without a default (`#[port(optional)]`): it then
    /// reads as absent (`None`), and an output writes nothing.
    pub optional: bool,
    /// What the port is for, from the declaration's documentation; may be `""`.
    pub description: &'static str,
    /// The texts a literal for it may be, when its type lists them (`bt::ports::LiteralNames`):
    /// `bt_xml!` checks literals against them at compile time. Empty: any text its `FromStr`
    /// takes, known only when the tree is built.
    pub accepts: &'static [&'static str],
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
            scripts: &[],
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

    /// The same entry, with the ports `ports` when there are some (`Some`): the ports a leaf's
    /// type derives (`#[derive(bt::Ports)]`), which `bt!` finds for the description. Used by the
    /// code `bt!` generates.
    #[doc(hidden)]
    pub const fn with_derived_ports(self, ports: Option<&'static [PortInfo]>) -> NodeInfo {
        match ports {
            Some(ports) => self.with_ports(ports),
            None => self,
        }
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

    /// The same entry, with its pre- and post-condition scripts.
    pub const fn with_scripts(mut self, scripts: &'static [NodeScript]) -> NodeInfo {
        self.scripts = scripts;
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
                scripts: &[],
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
                scripts: &[],
            },
        }
    }
}
