//! Building the chosen tree: its trees by ID, the one to build, subtrees inlined with their keys
//! remapped. The elements themselves are built in `element`.

use std::collections::HashMap;

use roxmltree::{Document, Node as XNode};

use crate::element::ignored;
use crate::files::File;
use crate::{Error, Node, Pos, Value};

/// Key scope of one tree instance.
pub(crate) struct Scope<'p> {
    /// Keys the SubTree element remapped, already resolved in the parent.
    pub(crate) remap: HashMap<String, Value>,
    /// `_autoremap`: other keys are the parent's.
    pub(crate) auto: bool,
    /// The instance's prefix (`None` for the root tree).
    pub(crate) prefix: Option<String>,
    pub(crate) parent: Option<&'p Scope<'p>>,
}

impl Scope<'_> {
    pub(crate) fn resolve(&self, key: &str) -> Value {
        if let Some(v) = self.remap.get(key) {
            return v.clone();
        }
        match (&self.prefix, self.parent) {
            // A key starting with `_` stays private to its instance (BehaviorTree.CPP's rule).
            (Some(_), Some(parent)) if self.auto && !key.starts_with('_') => parent.resolve(key),
            (Some(prefix), _) => Value::Key { name: format!("{prefix}/{key}"), root: false },
            _ => Value::Key { name: key.to_string(), root: false },
        }
    }

    pub(crate) fn value(&self, v: Value) -> Value {
        match v {
            Value::Key { name, root: false } => self.resolve(&name),
            other => other,
        }
    }
}

pub(crate) struct Builder<'a, 'd> {
    pub(crate) files: &'a [File],
    docs: &'a [Option<Document<'d>>],
    /// Tree ID → (file index, element).
    pub(crate) trees: HashMap<String, (usize, XNode<'a, 'd>)>,
    pub(crate) errors: Vec<Error>,
    /// Nodes built so far.
    pub(crate) count: usize,
    /// SubTree instances so far.
    instances: usize,
    /// The tree's depth or size limit was reported (once is enough).
    pub(crate) too_deep: bool,
    pub(crate) too_large: bool,
}

impl<'a, 'd> Builder<'a, 'd> {
    pub(crate) fn new(files: &'a [File], docs: &'a [Option<Document<'d>>], errors: Vec<Error>) -> Self {
        Builder {
            files,
            docs,
            trees: HashMap::new(),
            errors,
            count: 0,
            instances: 0,
            too_deep: false,
            too_large: false,
        }
    }

    pub(crate) fn err(&mut self, file: usize, at: usize, message: String) {
        let pos = self.pos(file, at);
        self.errors.push(Error {
            file: self.files[file].path.clone(),
            line: pos.line,
            column: pos.column,
            message,
        });
    }

    pub(crate) fn pos(&self, file: usize, at: usize) -> Pos {
        let f = &self.files[file];
        f.lines.pos(&f.text, file, at)
    }

    pub(crate) fn collect_trees(&mut self) {
        // A file's only tree may go without `ID`: as in BehaviorTree.CPP, it is named
        // `BehaviorTree_n`, `n` counting such trees over the files read.
        let mut unnamed = 0;
        for (i, d) in self.docs.iter().enumerate() {
            let Some(d) = d else { continue };
            let count = d.root_element().children().filter(|n| n.has_tag_name("BehaviorTree")).count();
            for t in d.root_element().children().filter(|n| n.has_tag_name("BehaviorTree")) {
                let id = match t.attribute("ID") {
                    Some(id) => id.to_string(),
                    None if count == 1 => {
                        unnamed += 1;
                        format!("BehaviorTree_{}", unnamed - 1)
                    }
                    None => {
                        self.err(
                            i,
                            t.range().start,
                            "`<BehaviorTree>` without `ID` in a file of several trees: write `<BehaviorTree ID=\"Main\">`".into(),
                        );
                        continue;
                    }
                };
                let id = id.as_str();
                if let Some((j, first)) = self.trees.get(id) {
                    let at = self.pos(*j, first.range().start);
                    let first_file = self.files[*j].path.display().to_string();
                    self.err(
                        i,
                        t.range().start,
                        format!(
                            "a second tree with ID `{id}` (the first is at {first_file}:{}): rename one",
                            at.line
                        ),
                    );
                    continue;
                }
                self.trees.insert(id.to_string(), (i, t));
            }
        }
    }

    /// The tree to build: its ID, file and element.
    pub(crate) fn choose(&mut self, tree: Option<&str>) -> Option<(String, usize, XNode<'a, 'd>)> {
        let mut ids: Vec<&String> = self.trees.keys().collect();
        ids.sort();
        let list = ids.iter().map(|s| format!("`{s}`")).collect::<Vec<_>>().join(", ");
        let root = self.docs[0].as_ref()?.root_element();
        let wanted =
            tree.map(str::to_string).or_else(|| root.attribute("main_tree_to_execute").map(str::to_string));
        match wanted {
            Some(name) => match self.trees.get(&name) {
                Some((f, n)) => Some((name, *f, *n)),
                None => {
                    let what =
                        if tree.is_some() { "`tree = …` names" } else { "`main_tree_to_execute` names" };
                    let list = if list.is_empty() { "none".to_string() } else { list };
                    self.err(
                        0,
                        root.range().start,
                        format!("{what} `{name}`, which is not a tree of the file; its trees are {list}"),
                    );
                    None
                }
            },
            None => {
                let own: Vec<_> = self
                    .trees
                    .iter()
                    .filter(|(_, (f, _))| *f == 0)
                    .map(|(k, (f, n))| (k.clone(), *f, *n))
                    .collect();
                if own.len() == 1 {
                    return own.into_iter().next();
                }
                let msg = if own.is_empty() {
                    if !self.errors.is_empty() {
                        // Its trees were refused already (trees without `ID`): that says it.
                        return None;
                    }
                    "the file has no `<BehaviorTree ID=…>`: there is no tree to build".to_string()
                } else {
                    format!(
                        "the file has several trees ({list}) and no `main_tree_to_execute`: say which one with `tree = \"…\"`"
                    )
                };
                self.err(0, root.range().start, msg);
                None
            }
        }
    }

    /// The root of tree `name` (a `<BehaviorTree>` element), built in `scope`.
    pub(crate) fn tree_root(
        &mut self,
        file: usize,
        tree: XNode<'a, 'd>,
        name: &str,
        scope: &Scope<'_>,
        stack: &mut Vec<String>,
        depth: usize,
    ) -> Option<Node> {
        let kids: Vec<_> = tree.children().filter(XNode::is_element).collect();
        if kids.len() != 1 {
            self.err(
                file,
                tree.range().start,
                format!("tree `{name}` has {} root elements: a `<BehaviorTree>` holds exactly one node (wrap several in a `<Sequence>`)", kids.len()),
            );
            return None;
        }
        self.node(file, kids[0], scope, stack, depth + 1)
    }

    pub(crate) fn subtree(
        &mut self,
        file: usize,
        e: XNode<'a, 'd>,
        id: &str,
        scope: &Scope<'_>,
        stack: &mut Vec<String>,
        depth: usize,
    ) -> Option<Node> {
        let at = e.range().start;
        let Some(&(tfile, tree)) = self.trees.get(id) else {
            let mut ids: Vec<&String> = self.trees.keys().collect();
            ids.sort();
            let list = ids.iter().map(|s| format!("`{s}`")).collect::<Vec<_>>().join(", ");
            self.err(
                file,
                at,
                format!("SubTree `{id}` is not a tree of this file or of the files it includes (its trees: {list}): define `<BehaviorTree ID=\"{id}\">`, `<include path=…>` the file that does, or name that file (or its directory) as a sibling file (`files(\"…\")` in `bt_xml!`, `Registry::with_files` in `bt::load`)"),
            );
            return None;
        };
        if let Some(i) = stack.iter().position(|s| s == id) {
            let cycle = stack[i..]
                .iter()
                .chain(std::iter::once(&id.to_string()))
                .cloned()
                .collect::<Vec<_>>()
                .join(" → ");
            self.err(
                file,
                at,
                format!("SubTree cycle {cycle}: a tree cannot contain itself; break the cycle"),
            );
            return None;
        }
        self.instances += 1;
        // BehaviorTree.CPP 3's `<SubTree>` (a file with `BTCPP_format="3"` or none) remaps ports
        // to keys named without braces (`goal="target"`); its `<SubTreePlus>` is version 4's form.
        let v3 = e.tag_name().name() == "SubTree"
            && self.docs[file]
                .as_ref()
                .is_some_and(|d| d.root_element().attribute("BTCPP_format").is_none_or(|f| f.trim() == "3"));
        let mut remap = HashMap::new();
        let mut auto = false;
        let mut ok = true;
        for a in e.attributes() {
            match a.name() {
                "_autoremap" | "__autoremap" | "__shared_blackboard" => match a.value().trim() {
                    "true" | "1" => auto = true,
                    "false" | "0" => {}
                    other => {
                        self.err(
                            file,
                            a.range().start,
                            format!("`{}=\"{other}\"` must be `true` or `false`", a.name()),
                        );
                        ok = false;
                    }
                },
                n if ignored(n) => {}
                n => {
                    let v = match Value::parse(a.value()) {
                        Value::Key { name, root: false } if name == "=" => scope.resolve(n),
                        Value::Literal(text) if v3 && !text.trim().is_empty() => scope.resolve(text.trim()),
                        v => scope.value(v),
                    };
                    remap.insert(n.to_string(), v);
                }
            }
        }
        // The defaults of the subtree's model (`<TreeNodesModel><SubTree ID>`), for the ports the
        // element leaves out: as if written on it, as in BehaviorTree.CPP.
        for d in self.docs.iter().flatten() {
            for m in crate::models::models_of(d).into_iter().filter(|m| m.category == "SubTree" && m.id == id)
            {
                for p in m.ports {
                    if let (Some(default), false) = (p.default, remap.contains_key(&p.name)) {
                        remap.insert(p.name, scope.value(Value::parse(&default)));
                    }
                }
            }
        }
        let inner =
            Scope { remap, auto, prefix: Some(format!("{id}#{}", self.instances)), parent: Some(scope) };
        stack.push(id.to_string());
        let root = self.tree_root(tfile, tree, id, &inner, stack, depth.saturating_sub(1));
        stack.pop();
        if ok { root } else { None }
    }
}
