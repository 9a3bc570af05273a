//! Reading files, resolving includes and subtrees, and building the model.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

use roxmltree::{Document, Node as XNode, ParsingOptions};

use crate::builtins::{self, SCRIPT_NODES};
use crate::{Error, Kind, Model, ModelPort, Node, Port, Pos, Tree, Value};

/// Most nodes a tree may have once its subtrees are inlined (bounds the work on hostile input).
const MAX_NODES: usize = 20_000;
/// Deepest nesting of elements and subtrees.
const MAX_DEPTH: usize = 128;
/// Most files one load reads.
const MAX_FILES: usize = 256;

/// Reads `path` (and the files it includes) from the file system and builds the tree named `tree`
/// (by default the file's `main_tree_to_execute`, or its only tree).
pub fn load(path: &Path, tree: Option<&str>) -> Result<Tree, Vec<Error>> {
    load_with(path, tree, &mut |p| std::fs::read_to_string(p))
}

/// Builds a tree from the text of a file named `name`; includes are read from the file system,
/// relative to `name`.
pub fn load_str(name: &str, text: &str, tree: Option<&str>) -> Result<Tree, Vec<Error>> {
    let first = PathBuf::from(name);
    let text = text.to_string();
    load_with(&first.clone(), tree, &mut |p| {
        if p == first { Ok(text.clone()) } else { std::fs::read_to_string(p) }
    })
}

/// Like [`load`], reading every file through `read`.
pub fn load_with(
    path: &Path,
    tree: Option<&str>,
    read: &mut dyn FnMut(&Path) -> std::io::Result<String>,
) -> Result<Tree, Vec<Error>> {
    let mut errors = Vec::new();
    let files = read_files(path, read, &mut errors);
    if files.is_empty() {
        return Err(errors);
    }
    let docs: Vec<Option<Document<'_>>> = files.iter().map(|f| parse(&f.text).ok()).collect();
    let mut b = Builder { files: &files, docs: &docs, trees: HashMap::new(), errors, count: 0, instances: 0 };
    b.collect_trees();
    let chosen = b.choose(tree);
    let result = chosen.and_then(|(name, doc, node)| {
        let scope = Scope { remap: HashMap::new(), auto: false, prefix: None, parent: None };
        let mut stack = vec![name.clone()];
        let root = b.tree_root(doc, node, &name, &scope, &mut stack, 0)?;
        Some(Tree { name, root, files: files.iter().map(|f| f.path.clone()).collect() })
    });
    match result {
        Some(t) if b.errors.is_empty() => Ok(t),
        _ => {
            if b.errors.is_empty() {
                b.errors.push(Error {
                    file: path.to_path_buf(),
                    line: 0,
                    column: 0,
                    message: "no tree could be built".into(),
                });
            }
            Err(b.errors)
        }
    }
}

/// The node models (`TreeNodesModel`) declared in `path` and the files it includes.
pub fn models(path: &Path) -> Result<Vec<Model>, Vec<Error>> {
    let mut errors = Vec::new();
    let files = read_files(path, &mut |p| std::fs::read_to_string(p), &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(files.iter().filter_map(|f| parse(&f.text).ok()).flat_map(|d| models_of(&d)).collect())
}

/// The node models declared in the text of one file.
pub fn models_str(text: &str) -> Result<Vec<Model>, Error> {
    match parse(text) {
        Ok(d) => Ok(models_of(&d)),
        Err(e) => Err(xml_error(Path::new(""), &e)),
    }
}

fn models_of(d: &Document<'_>) -> Vec<Model> {
    let mut out = Vec::new();
    for tnm in d.root_element().children().filter(|n| n.has_tag_name("TreeNodesModel")) {
        for m in tnm.children().filter(XNode::is_element) {
            let Some(id) = m.attribute("ID") else { continue };
            let ports = m
                .children()
                .filter(XNode::is_element)
                .filter_map(|p| {
                    let direction = match p.tag_name().name() {
                        "input_port" => "input_port",
                        "output_port" => "output_port",
                        "inout_port" | "bidirectional_port" => "inout_port",
                        _ => return None,
                    };
                    let description = p
                        .attribute("description")
                        .map(str::to_string)
                        .or_else(|| p.text().map(|t| t.trim().to_string()));
                    Some(ModelPort {
                        direction: direction.into(),
                        name: p.attribute("name")?.to_string(),
                        type_name: p.attribute("type").map(str::to_string),
                        default: p.attribute("default").map(str::to_string),
                        description: description.unwrap_or_default(),
                    })
                })
                .collect();
            out.push(Model { category: m.tag_name().name().to_string(), id: id.to_string(), ports });
        }
    }
    out
}

struct File {
    path: PathBuf,
    text: String,
}

fn parse(text: &str) -> Result<Document<'_>, roxmltree::Error> {
    Document::parse_with_options(text, ParsingOptions { allow_dtd: false, nodes_limit: 1_000_000 })
}

fn xml_error(path: &Path, e: &roxmltree::Error) -> Error {
    let p = e.pos();
    Error {
        file: path.to_path_buf(),
        line: p.row,
        column: p.col,
        message: format!("malformed XML: {e}; fix the file (Groot2 opens only well-formed XML too)"),
    }
}

/// `a/b/../c` → `a/c`, without touching the file system.
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

fn pos_of(d: &Document<'_>, file: usize, at: usize) -> Pos {
    let p = d.text_pos_at(at);
    Pos { file, line: p.row, column: p.col }
}

/// Reads the first file and, transitively, every file it includes (each once).
fn read_files(
    path: &Path,
    read: &mut dyn FnMut(&Path) -> std::io::Result<String>,
    errors: &mut Vec<Error>,
) -> Vec<File> {
    let mut files: Vec<File> = Vec::new();
    let mut queue: Vec<(PathBuf, Option<(PathBuf, Pos)>)> = vec![(path.to_path_buf(), None)];
    while let Some((p, from)) = queue.pop() {
        if files.iter().any(|f| f.path == p) {
            continue;
        }
        if files.len() >= MAX_FILES {
            errors.push(Error {
                file: p,
                line: 0,
                column: 0,
                message: format!("more than {MAX_FILES} files included"),
            });
            break;
        }
        let text = match read(&p) {
            Ok(t) => t,
            Err(e) => {
                let (file, line, column) = match &from {
                    Some((f, pos)) => (f.clone(), pos.line, pos.column),
                    None => (p.clone(), 0, 0),
                };
                let what = if from.is_some() { "included file" } else { "file" };
                errors.push(Error {
                    file,
                    line,
                    column,
                    message: format!(
                        "cannot read the {what} `{}`: {e}; paths are relative to the including file (and the first file's to the crate's Cargo.toml)",
                        p.display()
                    ),
                });
                continue;
            }
        };
        let index = files.len();
        match parse(&text) {
            Ok(d) => {
                let root = d.root_element();
                if root.tag_name().name() != "root" {
                    errors.push(Error {
                        file: p.clone(),
                        line: pos_of(&d, index, root.range().start).line,
                        column: pos_of(&d, index, root.range().start).column,
                        message: format!(
                            "the document element is `<{}>`: a BehaviorTree.CPP file has `<root BTCPP_format=\"4\">` around its trees",
                            root.tag_name().name()
                        ),
                    });
                }
                for inc in root.children().filter(|n| n.has_tag_name("include")) {
                    let pos = pos_of(&d, index, inc.range().start);
                    if let Some(pkg) = inc.attribute("ros_pkg") {
                        errors.push(Error {
                            file: p.clone(),
                            line: pos.line,
                            column: pos.column,
                            message: format!(
                                "`<include ros_pkg=\"{pkg}\">` needs a ROS package index, which a build does not have: copy the file next to this one and include it by `path`"
                            ),
                        });
                        continue;
                    }
                    match inc.attribute("path") {
                        Some(rel) => {
                            let dir = p.parent().unwrap_or(Path::new(""));
                            queue.push((normalize(&dir.join(rel)), Some((p.clone(), pos))));
                        }
                        None => errors.push(Error {
                            file: p.clone(),
                            line: pos.line,
                            column: pos.column,
                            message: "`<include>` without `path`: write `<include path=\"other.xml\"/>`"
                                .into(),
                        }),
                    }
                }
            }
            Err(e) => errors.push(xml_error(&p, &e)),
        }
        files.push(File { path: p, text });
    }
    files
}

/// Key scope of one tree instance.
struct Scope<'p> {
    /// Keys the SubTree element remapped, already resolved in the parent.
    remap: HashMap<String, Value>,
    /// `_autoremap`: other keys are the parent's.
    auto: bool,
    /// The instance's prefix (`None` for the root tree).
    prefix: Option<String>,
    parent: Option<&'p Scope<'p>>,
}

impl Scope<'_> {
    fn resolve(&self, key: &str) -> Value {
        if let Some(v) = self.remap.get(key) {
            return v.clone();
        }
        match (&self.prefix, self.parent) {
            (Some(_), Some(parent)) if self.auto => parent.resolve(key),
            (Some(prefix), _) => Value::Key { name: format!("{prefix}/{key}"), root: false },
            _ => Value::Key { name: key.to_string(), root: false },
        }
    }

    fn value(&self, v: Value) -> Value {
        match v {
            Value::Key { name, root: false } => self.resolve(&name),
            other => other,
        }
    }
}

struct Builder<'a, 'd> {
    files: &'a [File],
    docs: &'a [Option<Document<'d>>],
    /// Tree ID → (file index, element).
    trees: HashMap<String, (usize, XNode<'a, 'd>)>,
    errors: Vec<Error>,
    /// Nodes built so far.
    count: usize,
    /// SubTree instances so far.
    instances: usize,
}

/// Attributes the editor writes that mean nothing to the tree.
fn ignored(attr: &str) -> bool {
    matches!(attr, "name" | "ID") || (attr.starts_with('_') && !builtins::script_attribute(attr))
}

impl<'a, 'd> Builder<'a, 'd> {
    fn err(&mut self, file: usize, at: usize, message: String) {
        let pos = self.docs[file].as_ref().map_or(Pos::default(), |d| pos_of(d, file, at));
        self.errors.push(Error {
            file: self.files[file].path.clone(),
            line: pos.line,
            column: pos.column,
            message,
        });
    }

    fn pos(&self, file: usize, at: usize) -> Pos {
        self.docs[file].as_ref().map_or(Pos::default(), |d| pos_of(d, file, at))
    }

    fn collect_trees(&mut self) {
        for (i, d) in self.docs.iter().enumerate() {
            let Some(d) = d else { continue };
            for t in d.root_element().children().filter(|n| n.has_tag_name("BehaviorTree")) {
                let Some(id) = t.attribute("ID") else {
                    self.err(
                        i,
                        t.range().start,
                        "`<BehaviorTree>` without `ID`: write `<BehaviorTree ID=\"Main\">`".into(),
                    );
                    continue;
                };
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
    fn choose(&mut self, tree: Option<&str>) -> Option<(String, usize, XNode<'a, 'd>)> {
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
    fn tree_root(
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

    fn node(
        &mut self,
        file: usize,
        e: XNode<'a, 'd>,
        scope: &Scope<'_>,
        stack: &mut Vec<String>,
        depth: usize,
    ) -> Option<Node> {
        self.count += 1;
        if self.count > MAX_NODES || depth > MAX_DEPTH {
            if self.count == MAX_NODES + 1 || depth == MAX_DEPTH + 1 {
                self.err(file, e.range().start, format!("the tree has more than {MAX_NODES} nodes or is nested deeper than {MAX_DEPTH} once its subtrees are inlined"));
            }
            return None;
        }
        let at = e.range().start;
        let tag = e.tag_name().name().to_string();
        let generic = matches!(tag.as_str(), "Action" | "Condition" | "Control" | "Decorator");
        let element = if generic || tag == "SubTree" || tag == "SubTreePlus" {
            match e.attribute("ID") {
                Some(id) => id.to_string(),
                None => {
                    self.err(file, at, format!("`<{tag}>` without `ID`: write `<{tag} ID=\"TypeName\">`"));
                    return None;
                }
            }
        } else {
            tag.clone()
        };
        let instance = e.attribute("name").map(str::to_string);
        let pos = self.pos(file, at);
        let mut ok = true;
        for a in e.attributes() {
            if builtins::script_attribute(a.name()) {
                self.err(
                    file,
                    a.range().start,
                    format!(
                        "`{}` on `{element}` is a BehaviorTree.CPP script, which bt does not compile: move the check into a condition leaf (for example a `Fallback`/`Sequence` around `{element}`) and remove the attribute",
                        a.name()
                    ),
                );
                ok = false;
            }
        }
        let is_subtree = tag == "SubTree"
            || tag == "SubTreePlus"
            || (!generic && builtins::builtin(&element).is_none() && self.trees.contains_key(&element));
        if is_subtree {
            return if ok { self.subtree(file, e, &element, scope, stack, depth) } else { None };
        }
        if SCRIPT_NODES.contains(&element.as_str()) {
            self.err(
                file,
                at,
                format!("`{element}` runs a BehaviorTree.CPP script, which bt does not compile: write the logic as a leaf of your own (an action or condition over your context)"),
            );
            return None;
        }
        if let Some(why) = builtins::unsupported(&element) {
            self.err(file, at, format!("`{element}` is not supported: {why}"));
            return None;
        }
        let mut children = Vec::new();
        for c in e.children().filter(XNode::is_element) {
            match self.node(file, c, scope, stack, depth + 1) {
                Some(n) => children.push(n),
                None => ok = false,
            }
        }
        let b = builtins::builtin(&element).or_else(|| {
            matches!(tag.as_str(), "Control" | "Decorator")
                .then(|| builtins::generic_keyword(&element))
                .flatten()
        });
        if let Some(b) = b {
            let n = e.children().filter(XNode::is_element).count();
            if n < b.min || n > b.max {
                let want = match (b.min, b.max) {
                    (0, 0) => "no children".to_string(),
                    (1, 1) => "exactly one child".to_string(),
                    (a, z) if a == z => format!("exactly {a} children"),
                    (a, 16) => format!("{a} to 16 children (split a larger one into nested `<{element}>`s)"),
                    (a, z) => format!("{a} to {z} children"),
                };
                let why = match element.strip_prefix("Switch") {
                    Some(k) if b.min == b.max => {
                        format!(": one per case, `case_1` to `case_{k}`, then the default")
                    }
                    _ => String::new(),
                };
                self.err(file, at, format!("`<{element}>` has {n} children: it takes {want}{why}"));
                return None;
            }
            for a in e.attributes() {
                if !ignored(a.name()) && !builtins::script_attribute(a.name()) && !b.attrs.contains(&a.name())
                {
                    let known = if b.attrs.is_empty() {
                        "it takes none".to_string()
                    } else {
                        format!(
                            "it takes {}",
                            b.attrs.iter().map(|x| format!("`{x}`")).collect::<Vec<_>>().join(", ")
                        )
                    };
                    self.err(
                        file,
                        a.range().start,
                        format!("`<{element}>` has no attribute `{}`: {known}", a.name()),
                    );
                    ok = false;
                }
            }
            // A Switch's `variable="{key}"` is a key of this tree instance: resolved as a port's.
            let attr = |name: &str| {
                let v = e.attribute(name)?;
                if name != "variable" || !v.trim().starts_with('{') {
                    return Some(v.to_string());
                }
                Some(match scope.value(Value::parse(v)) {
                    Value::Key { name, .. } => format!("{{{name}}}"),
                    Value::Literal(t) => t,
                })
            };
            let (keyword, args) = match builtins::arguments(b, &attr, n) {
                Ok(a) => a,
                Err((name, msg)) => {
                    let at = e.attributes().find(|a| a.name() == name).map_or(at, |a| a.range().start);
                    self.err(file, at, msg);
                    return None;
                }
            };
            return ok.then(|| Node {
                kind: Kind::Keyword { name: keyword, args },
                element,
                instance,
                children,
                ports: Vec::new(),
                pos,
            });
        }
        if !is_rust_ident(&element) {
            self.err(
                file,
                at,
                format!("`{element}` is not a name a Rust type can have: map it to a type with `nodes(\"{element}\" = path::Type)`"),
            );
        }
        let mut ports = Vec::new();
        for a in e.attributes() {
            if ignored(a.name()) || builtins::script_attribute(a.name()) {
                continue;
            }
            let v = Value::parse(a.value());
            if matches!(&v, Value::Key { name, root: false } if name == "=") {
                self.err(
                    file,
                    a.range().start,
                    format!(
                        "`{}=\"{{=}}\"` only means something on a `<SubTree>`: write `{}=\"{{key}}\"`",
                        a.name(),
                        a.name()
                    ),
                );
                ok = false;
                continue;
            }
            ports.push(Port {
                name: a.name().to_string(),
                value: scope.value(v),
                pos: self.pos(file, a.range().start),
            });
        }
        let kind = if children.is_empty() && !matches!(tag.as_str(), "Control" | "Decorator") {
            Kind::Leaf { type_name: element.clone() }
        } else {
            Kind::Custom { type_name: element.clone() }
        };
        ok.then_some(Node { kind, element, instance, children, ports, pos })
    }

    fn subtree(
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
                format!("SubTree `{id}` is not a tree of this file or of the files it includes (its trees: {list}): define `<BehaviorTree ID=\"{id}\">` or `<include path=…>` the file that does"),
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
                        v => scope.value(v),
                    };
                    remap.insert(n.to_string(), v);
                }
            }
        }
        let inner =
            Scope { remap, auto, prefix: Some(format!("{id}#{}", self.instances)), parent: Some(scope) };
        stack.push(id.to_string());
        let root = self.tree_root(tfile, tree, id, &inner, stack, depth);
        stack.pop();
        if ok { root } else { None }
    }
}

/// Whether `s` can be a Rust type name (an identifier, not a keyword the macro would choke on).
fn is_rust_ident(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(f) if f.is_ascii_alphabetic() || f == '_')
        && c.all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
        && !matches!(
            s,
            "_" | "Self"
                | "self"
                | "crate"
                | "super"
                | "struct"
                | "fn"
                | "type"
                | "impl"
                | "mod"
                | "use"
                | "as"
                | "for"
                | "in"
                | "if"
                | "else"
                | "match"
                | "loop"
                | "while"
                | "let"
                | "const"
                | "static"
                | "enum"
                | "trait"
                | "where"
                | "pub"
                | "ref"
                | "mut"
                | "move"
                | "return"
                | "true"
                | "false"
                | "dyn"
                | "async"
                | "await"
                | "break"
                | "continue"
                | "extern"
                | "unsafe"
        )
}
