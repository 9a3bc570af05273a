//! A tree read from a BehaviorTree.CPP XML file at run time, with scripted leaves: the same tree
//! `scripts/btcpp`'s programs build with their generic leaves, and the same leaf script (see
//! `scripts/btcpp/README.md`, "The leaf script").

use std::collections::HashMap;

use bt::blackboard::{Blackboard, Key};
use bt::dynamic::{DynBox, DynChild, DynChildren, DynTree, boxed};
use bt::{
    AlwaysFailure, AlwaysSuccess, ArgValue, Argument, ForceFailure, ForceSuccess, IfThenElse, Invert,
    MemSequence, NodeInfo, ParallelAll, ReactiveSelector, ReactiveSequence, Selector, Sequence, Status,
    TreeDescription, UntilFailure, WhileDoElse, action,
};

/// The context: the tree's tick number (1-based) and the blackboard.
pub struct Harness {
    pub tick: u64,
    pub bb: Blackboard,
}

/// One leaf's statuses: that of tick `t` is `statuses[t - 1]`; past the end the last one holds,
/// or the list starts over when `cycle`.
#[derive(Clone, Debug)]
pub struct Rule {
    statuses: Vec<Status>,
    cycle: bool,
}

impl Rule {
    pub fn at(&self, tick: u64) -> Status {
        let i = tick.saturating_sub(1) as usize;
        match self.statuses.get(i) {
            Some(s) => *s,
            None if self.cycle => self.statuses[i % self.statuses.len()],
            None => *self.statuses.last().unwrap_or(&Status::Success),
        }
    }
}

/// The leaf script: rules by node ID, by name (`@name`), the default, and blackboard presets.
#[derive(Clone, Debug)]
pub struct Script {
    by_id: HashMap<String, Rule>,
    by_name: HashMap<String, Rule>,
    default: Rule,
    pub presets: Vec<(String, String)>,
}

impl Default for Script {
    fn default() -> Self {
        Script {
            by_id: HashMap::new(),
            by_name: HashMap::new(),
            default: Rule { statuses: vec![Status::Success], cycle: false },
            presets: Vec::new(),
        }
    }
}

impl Script {
    pub fn add_line(&mut self, raw: &str, at: &str) -> Result<(), String> {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix("set ") {
            let (k, v) = rest.split_once('=').ok_or_else(|| format!("{at}: expected `set KEY = VALUE`"))?;
            self.presets.push((k.trim().to_string(), v.trim().to_string()));
            return Ok(());
        }
        let (key, rest) = line.split_once(':').ok_or_else(|| format!("{at}: expected `KEY: STATUS ...`"))?;
        let mut rule = Rule { statuses: Vec::new(), cycle: false };
        for word in rest.replace(',', " ").split_whitespace() {
            if word == "..." {
                rule.cycle = true;
                break;
            }
            rule.statuses.push(match word.to_ascii_uppercase().as_str() {
                "S" | "SUCCESS" => Status::Success,
                "F" | "FAILURE" => Status::Failure,
                "R" | "RUNNING" => Status::Running,
                w => return Err(format!("{at}: `{w}` is not a status")),
            });
        }
        if rule.statuses.is_empty() {
            return Err(format!("{at}: a rule needs at least one status"));
        }
        let key = key.trim();
        if key == "default" {
            self.default = rule;
        } else if let Some(name) = key.strip_prefix('@') {
            self.by_name.insert(name.to_string(), rule);
        } else {
            self.by_id.insert(key.to_string(), rule);
        }
        Ok(())
    }

    pub fn rule_for(&self, id: &str, name: &str) -> Rule {
        self.by_name.get(name).or_else(|| self.by_id.get(id)).unwrap_or(&self.default).clone()
    }
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Builds `node` (a node of `bt_xml`'s model) over run-time children, appending its description
/// entries to `infos`; returns the box and its number of nodes.
fn build(
    node: &bt_xml::Node,
    script: &Script,
    infos: &mut Vec<NodeInfo>,
    depth: u16,
) -> Result<(DynBox<'static, Harness>, usize), String> {
    let at = infos.len();
    let (kind, label, args) = match &node.kind {
        bt_xml::Kind::Keyword { name, args } => (*name, *name, leak(bt_xml::dsl(name, args))),
        bt_xml::Kind::Leaf { type_name } => ("leaf", leak(type_name.clone()), ""),
        bt_xml::Kind::Custom { type_name } => {
            return Err(format!("{type_name}: custom nodes are not supported here"));
        }
        bt_xml::Kind::Script { .. } => {
            return Err(format!("{}: scripts are not supported here", node.element));
        }
    };
    // Described as `bt::load` describes a tree read from XML: its element, instance name and
    // arguments, so that the export writes the file's elements back.
    let mut info = NodeInfo::keyword(
        kind,
        label,
        args,
        depth,
        node.children.len() as u16,
        node.pos.line,
        node.pos.column,
    )
    .with_id(leak(node.element.clone()));
    if let Some(name) = &node.instance {
        info = info.with_name(leak(name.clone()));
    }
    if let bt_xml::Kind::Keyword { args, .. } = &node.kind {
        let arguments: Vec<Argument> = args
            .iter()
            .filter_map(|a| match (a.name, &a.value) {
                (Some(name), bt_xml::ArgValue::Count(n)) => {
                    Some(Argument { name, value: ArgValue::Int((*n).into()) })
                }
                _ => None,
            })
            .collect();
        info = info.with_arguments(Box::leak(arguments.into_boxed_slice()));
    }
    infos.push(info);
    let mut children = Vec::new();
    let mut size = 1;
    for c in &node.children {
        let (b, n) = build(c, script, infos, depth + 1)?;
        size += n;
        children.push((b, n));
    }
    let list =
        |children: &mut Vec<(DynBox<'static, Harness>, usize)>| DynChildren::new(std::mem::take(children));
    let one = |children: &mut Vec<(DynBox<'static, Harness>, usize)>| DynChild::new(children.remove(0).0);
    let b: DynBox<'static, Harness> = match kind {
        "leaf" => {
            let name = node.instance.clone().unwrap_or_else(|| label.to_string());
            let rule = script.rule_for(label, &name);
            boxed(action(move |h: &mut Harness| rule.at(h.tick)))
        }
        "always_success" => boxed(AlwaysSuccess),
        "always_failure" => boxed(AlwaysFailure),
        "sequence" => boxed(Sequence::new(list(&mut children))),
        "selector" => boxed(Selector::new(list(&mut children))),
        "reactive_sequence" => boxed(ReactiveSequence::new(list(&mut children))),
        "reactive_selector" => boxed(ReactiveSelector::new(list(&mut children))),
        "mem_sequence" => boxed(MemSequence::new(list(&mut children))),
        "if_then_else" => boxed(IfThenElse::new(list(&mut children))),
        "while_do_else" => boxed(WhileDoElse::new(list(&mut children))),
        "parallel_all" => {
            let k = args.rsplit('=').next().and_then(|v| v.trim().parse().ok()).unwrap_or(1);
            boxed(ParallelAll::new(k, list(&mut children)))
        }
        "invert" => boxed(Invert::new(one(&mut children))),
        "force_success" => boxed(ForceSuccess::new(one(&mut children))),
        "force_failure" => boxed(ForceFailure::new(one(&mut children))),
        "until_failure" => boxed(UntilFailure::new(one(&mut children))),
        k => return Err(format!("line {}: `{k}` is not supported by this harness", infos[at].line)),
    };
    Ok((b, size))
}

/// Reads `file` and builds its main tree (or `main`), with the script's presets on the blackboard.
pub fn load(
    file: &str,
    main: Option<&str>,
    script: &Script,
) -> Result<(DynTree<'static, Harness>, Harness), String> {
    let tree = bt_xml::load(std::path::Path::new(file), main)
        .map_err(|errors| errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
    let mut infos = Vec::new();
    let (root, _) = build(&tree.root, script, &mut infos, 0)?;
    let infos: &'static [NodeInfo] = Box::leak(infos.into_boxed_slice());
    let desc: &'static TreeDescription =
        Box::leak(Box::new(TreeDescription::new(leak(tree.name), "Harness", "", infos)));
    let mut bb = Blackboard::new();
    for (k, v) in &script.presets {
        bb.set(Key::<String>::new(leak(k.clone())), v.clone());
    }
    Ok((DynTree::described(root, desc), Harness { tick: 0, bb }))
}
