//! What Groot2 and BehaviorTree.CPP's logs know of a tree: every node with the `_uid`
//! BehaviorTree.CPP would give it, its registration ID and name, and the tree as the XML
//! BehaviorTree.CPP's `WriteTreeToXML(tree, true, …)` writes (the one `Groot2Publisher` sends and
//! `FileLogger2` stores).
//!
//! The model is read from the tree's BehaviorTree.CPP export (`description().btcpp_xml()`), so
//! every node is named as that export names it; the ids come from the description.

use std::fmt::Write as _;

use bt_runtime::{NodeId, TreeDescription};
use roxmltree::{Document, Node as XNode};

/// What kind of BehaviorTree.CPP node a node is (its base class, by BehaviorTree.CPP's name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// An action or a condition: no children.
    LeafNode,
    /// A control node: children of its own.
    ControlNode,
    /// A decorator: one child.
    DecoratorNode,
    /// A `SubTree` node: its child is the root of another `<BehaviorTree>`.
    SubTreeNode,
}

/// One node as BehaviorTree.CPP knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelNode {
    /// The registration ID (`Sequence`, `Fallback`, a leaf's type).
    pub id: String,
    /// The instance name (the registration ID when the export gives none).
    pub name: String,
    /// The kind of node.
    pub kind: NodeKind,
    /// The parent's [`NodeId`]; `None` for the root.
    pub parent: Option<NodeId>,
    /// The children's [`NodeId`]s, in order.
    pub children: Vec<NodeId>,
}

/// A tree as Groot2 sees it (see the [module docs](self)).
///
/// Node `id` of the description has BehaviorTree.CPP's `_uid` `id + 1`: BehaviorTree.CPP numbers
/// the nodes of a tree from 1 in the order it creates them, depth first, a `SubTree` node just
/// before the nodes of its tree, which is bt's pre-order numbering from 0 when the tree holds the
/// same nodes (an embedded `bt!` tree is such a `SubTree` node).
#[derive(Clone, Debug)]
pub struct TreeModel {
    nodes: Vec<ModelNode>,
    xml: String,
    main_tree: String,
    subtrees: Vec<String>,
    order: Vec<NodeId>,
}

/// Most nodes a tree may have for Groot2: its `_uid`s are 16-bit.
pub const MAX_NODES: usize = u16::MAX as usize - 1;

impl TreeModel {
    /// The model of the tree described by `desc`.
    ///
    /// Trees of more than [`MAX_NODES`] nodes keep only the first ones (Groot2's ids are 16-bit).
    pub fn new(desc: &TreeDescription) -> TreeModel {
        let export = desc.btcpp_xml().to_string();
        match from_export(desc, &export) {
            Some(model) => model,
            None => from_description(desc),
        }
    }

    /// Every node, by [`NodeId`].
    pub fn nodes(&self) -> &[ModelNode] {
        &self.nodes
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has no node (a tree without a description).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The XML Groot2 receives (`WriteTreeToXML` with the `_uid` and `_fullpath` metadata).
    pub fn xml(&self) -> &str {
        &self.xml
    }

    /// The ID of the main `<BehaviorTree>`, which names its blackboard for Groot2.
    pub fn main_tree(&self) -> &str {
        &self.main_tree
    }

    /// The instance paths (`_fullpath`) of the subtrees, in the order BehaviorTree.CPP creates
    /// them; they name their blackboards for Groot2.
    pub fn subtrees(&self) -> &[String] {
        &self.subtrees
    }

    /// The nodes in the order of Groot2's status buffer: the main tree's nodes in pre-order (a
    /// `SubTree` node among them), then each subtree's, in the order of [`subtrees`](Self::subtrees).
    pub fn status_order(&self) -> &[NodeId] {
        &self.order
    }

    /// BehaviorTree.CPP's `_uid` of node `id`.
    pub fn uid(id: NodeId) -> u16 {
        u16::try_from(id + 1).unwrap_or(u16::MAX)
    }

    /// The [`NodeId`] of the node whose `_uid` is `uid`, if the tree has it.
    pub fn node_of_uid(&self, uid: u16) -> Option<NodeId> {
        let id = usize::from(uid).checked_sub(1)?;
        (id < self.nodes.len()).then_some(id)
    }
}

/// The registration ID and instance name of an element of the export.
fn names(e: XNode<'_, '_>) -> (String, String) {
    let tag = e.tag_name().name();
    let id = match tag {
        "Action" | "Condition" | "Control" | "Decorator" => e.attribute("ID").unwrap_or(tag),
        _ => tag,
    };
    let name = e.attribute("name").unwrap_or(id);
    (id.to_string(), name.to_string())
}

/// The attributes of an element that are ports or arguments (neither `ID`, `name` nor `_…`).
fn port_attributes<'a>(e: XNode<'a, 'a>) -> impl Iterator<Item = (&'a str, &'a str)> {
    e.attributes()
        .filter(|a| !matches!(a.name(), "ID" | "name") && !a.name().starts_with('_'))
        .map(|a| (a.name(), a.value()))
}

/// Writes `text` escaped for an attribute value, as tinyxml2 does.
fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("    ");
    }
}

/// One `<BehaviorTree>` of the output: its ID, instance path, the nodes it holds and its text.
struct Part {
    id: String,
    fullpath: String,
    nodes: Vec<NodeId>,
    body: String,
}

struct Walk<'a, 'input> {
    trees: Vec<(&'a str, XNode<'a, 'input>)>,
    nodes: Vec<ModelNode>,
    parts: Vec<Part>,
    limit: usize,
}

impl<'a, 'input> Walk<'a, 'input> {
    fn tree(&self, id: &str) -> Option<XNode<'a, 'input>> {
        self.trees.iter().find(|(t, _)| *t == id).and_then(|(_, e)| e.children().find(XNode::is_element))
    }

    /// Adds `e` and its descendants to part `part` at `depth`; false if the export is not a
    /// tree bt's description can match.
    fn node(&mut self, e: XNode<'a, 'input>, parent: Option<NodeId>, part: usize, depth: usize) -> bool {
        let id = self.nodes.len();
        if id >= self.limit || depth > 512 {
            return false;
        }
        let (reg, name) = names(e);
        let subtree = e.tag_name().name() == "SubTree";
        let children: Vec<XNode<'a, 'input>> = e.children().filter(XNode::is_element).collect();
        let kind = if subtree {
            NodeKind::SubTreeNode
        } else if children.is_empty() {
            NodeKind::LeafNode
        } else if children.len() == 1 && !matches!(e.tag_name().name(), "Control") && is_decorator(e, &reg) {
            NodeKind::DecoratorNode
        } else {
            NodeKind::ControlNode
        };
        self.nodes.push(ModelNode {
            id: reg.clone(),
            name: name.clone(),
            kind,
            parent,
            children: Vec::new(),
        });
        if let Some(p) = parent {
            self.nodes[p].children.push(id);
        }
        self.parts[part].nodes.push(id);
        let uid = TreeModel::uid(id);
        let body = &mut self.parts[part].body;
        indent(body, depth);
        body.push('<');
        body.push_str(&reg);
        if subtree {
            let instance = match e.attribute("name") {
                Some(n) => n.to_string(),
                None => format!("{reg_id}::{uid}", reg_id = e.attribute("ID").unwrap_or("")),
            };
            let parent_path = &self.parts[part].fullpath;
            let fullpath =
                if parent_path.is_empty() { instance } else { format!("{parent_path}/{instance}") };
            let tree_id = e.attribute("ID").unwrap_or("").to_string();
            let body = &mut self.parts[part].body;
            body.push_str(" ID=\"");
            escape(body, &tree_id);
            body.push_str("\" _fullpath=\"");
            escape(body, &fullpath);
            let _ = write!(body, "\" _uid=\"{uid}\"");
            for (k, v) in port_attributes(e) {
                let _ = write!(body, " {k}=\"");
                escape(body, v);
                body.push('"');
            }
            body.push_str("/>\n");
            let Some(root) = self.tree(&tree_id) else { return false };
            self.parts.push(Part { id: tree_id, fullpath, nodes: Vec::new(), body: String::new() });
            let sub = self.parts.len() - 1;
            return self.node(root, Some(id), sub, 2);
        }
        body.push_str(" name=\"");
        escape(body, &name);
        let _ = write!(body, "\" _uid=\"{uid}\"");
        for (k, v) in port_attributes(e) {
            let _ = write!(body, " {k}=\"");
            escape(body, v);
            body.push('"');
        }
        if children.is_empty() {
            body.push_str("/>\n");
            return true;
        }
        body.push_str(">\n");
        for c in children {
            if !self.node(c, Some(id), part, depth + 1) {
                return false;
            }
        }
        let body = &mut self.parts[part].body;
        indent(body, depth);
        let _ = writeln!(body, "</{reg}>");
        true
    }
}

/// Whether an element with one child is a decorator: BehaviorTree.CPP's built-in decorators,
/// `<Decorator ID=…>`, and the model's `<Decorator>`s.
fn is_decorator(e: XNode<'_, '_>, reg: &str) -> bool {
    if e.tag_name().name() == "Decorator" {
        return true;
    }
    if crate::shadow::is_builtin_decorator(reg) {
        return true;
    }
    let doc = e.document();
    doc.descendants()
        .filter(|m| m.has_tag_name("TreeNodesModel"))
        .flat_map(|m| m.children())
        .any(|m| m.has_tag_name("Decorator") && m.attribute("ID") == Some(reg))
}

/// Re-writes an element of the `TreeNodesModel` (and its children) as tinyxml2 prints it.
fn copy_element(out: &mut String, e: XNode<'_, '_>, depth: usize) {
    indent(out, depth);
    out.push('<');
    out.push_str(e.tag_name().name());
    for a in e.attributes() {
        let _ = write!(out, " {}=\"", a.name());
        escape(out, a.value());
        out.push('"');
    }
    let children: Vec<_> = e.children().filter(XNode::is_element).collect();
    let text = e.children().filter(XNode::is_text).filter_map(|t| t.text()).collect::<String>();
    let text = text.trim();
    if children.is_empty() && text.is_empty() {
        out.push_str("/>\n");
    } else if children.is_empty() {
        out.push('>');
        for c in text.chars() {
            match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                c => out.push(c),
            }
        }
        let _ = writeln!(out, "</{}>", e.tag_name().name());
    } else {
        out.push_str(">\n");
        for c in children {
            copy_element(out, c, depth + 1);
        }
        indent(out, depth);
        let _ = writeln!(out, "</{}>", e.tag_name().name());
    }
}

fn from_export(desc: &TreeDescription, export: &str) -> Option<TreeModel> {
    let doc = Document::parse(export).ok()?;
    let root = doc.root_element();
    let trees: Vec<(&str, XNode<'_, '_>)> = root
        .children()
        .filter(|e| e.has_tag_name("BehaviorTree"))
        .map(|e| (e.attribute("ID").unwrap_or(""), e))
        .collect();
    let main = root.attribute("main_tree_to_execute").or_else(|| trees.first().map(|(id, _)| *id))?;
    let main = main.to_string();
    let limit = desc.len().min(MAX_NODES);
    let mut walk = Walk {
        trees,
        nodes: Vec::new(),
        parts: vec![Part {
            id: main.clone(),
            fullpath: String::new(),
            nodes: Vec::new(),
            body: String::new(),
        }],
        limit,
    };
    let first = walk.tree(&main)?;
    if !walk.node(first, None, 0, 2) || walk.nodes.len() != limit {
        return None;
    }
    // The export must be the description's tree, node for node.
    for (id, info) in desc.iter().take(limit) {
        if walk.nodes[id].children.len() != usize::from(info.children) && id + 1 < limit {
            return None;
        }
    }
    let mut xml = String::from("<root BTCPP_format=\"4\">\n");
    for part in &walk.parts {
        xml.push_str("    <BehaviorTree ID=\"");
        escape(&mut xml, &part.id);
        xml.push_str("\" _fullpath=\"");
        escape(&mut xml, &part.fullpath);
        xml.push_str("\">\n");
        xml.push_str(&part.body);
        xml.push_str("    </BehaviorTree>\n");
    }
    let models: Vec<_> = root
        .children()
        .filter(|e| e.has_tag_name("TreeNodesModel"))
        .flat_map(|m| m.children().filter(XNode::is_element))
        .collect();
    if models.is_empty() {
        xml.push_str("    <TreeNodesModel/>\n");
    } else {
        xml.push_str("    <TreeNodesModel>\n");
        for m in models {
            copy_element(&mut xml, m, 2);
        }
        xml.push_str("    </TreeNodesModel>\n");
    }
    xml.push_str("</root>\n");
    let order = walk.parts.iter().flat_map(|p| p.nodes.iter().copied()).collect();
    let subtrees = walk.parts.iter().skip(1).map(|p| p.fullpath.clone()).collect();
    Some(TreeModel { nodes: walk.nodes, xml, main_tree: main, subtrees, order })
}

/// The model of a tree whose export cannot be matched with its description (a description
/// written by hand): every node named by its kind, leaves by their label.
fn from_description(desc: &TreeDescription) -> TreeModel {
    let mut nodes: Vec<ModelNode> = Vec::new();
    let mut stack: Vec<(NodeId, u16)> = Vec::new();
    let mut body = String::new();
    let mut open: Vec<(String, usize)> = Vec::new();
    for (id, info) in desc.iter().take(MAX_NODES) {
        while let Some(&(_, depth)) = stack.last() {
            if depth >= info.depth {
                stack.pop();
                if let Some((tag, d)) = open.pop() {
                    indent(&mut body, d);
                    let _ = writeln!(body, "</{tag}>");
                }
            } else {
                break;
            }
        }
        let parent = stack.last().map(|&(p, _)| p);
        let reg = if info.kind == "leaf" { "Action".to_string() } else { info.kind.to_string() };
        let kind = match (info.kind, info.children) {
            ("subtree", _) => NodeKind::SubTreeNode,
            (_, 0) => NodeKind::LeafNode,
            (_, 1) => NodeKind::DecoratorNode,
            _ => NodeKind::ControlNode,
        };
        let name = if info.kind == "leaf" { info.label.to_string() } else { reg.clone() };
        nodes.push(ModelNode { id: reg.clone(), name: name.clone(), kind, parent, children: Vec::new() });
        if let Some(p) = parent {
            nodes[p].children.push(id);
        }
        let depth = 2 + stack.len();
        indent(&mut body, depth);
        let _ = write!(body, "<{reg} name=\"");
        escape(&mut body, &name);
        let _ = write!(body, "\" _uid=\"{}\"", TreeModel::uid(id));
        if info.children == 0 {
            body.push_str("/>\n");
        } else {
            body.push_str(">\n");
            open.push((reg, depth));
            stack.push((id, info.depth));
        }
    }
    while let Some((tag, d)) = open.pop() {
        indent(&mut body, d);
        let _ = writeln!(body, "</{tag}>");
    }
    let main = if desc.name.is_empty() { "MainTree".to_string() } else { desc.name.to_string() };
    let mut xml = String::from("<root BTCPP_format=\"4\">\n    <BehaviorTree ID=\"");
    escape(&mut xml, &main);
    xml.push_str("\" _fullpath=\"\">\n");
    xml.push_str(&body);
    xml.push_str("    </BehaviorTree>\n    <TreeNodesModel/>\n</root>\n");
    let order = (0..nodes.len()).collect();
    TreeModel { nodes, xml, main_tree: main, subtrees: Vec::new(), order }
}
