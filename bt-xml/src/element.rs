//! Building one element: a built-in keyword, a leaf, a node kind of the user's, or a subtree.

use roxmltree::Node as XNode;

use crate::build::{Builder, Scope};
use crate::builtins::{self, Arg, ArgValue};
use crate::limits::{MAX_CHILDREN, MAX_DEPTH, MAX_NODES};
use crate::{Condition, Kind, Node, Port, Value, When};

mod queues;
mod scripts;

pub use queues::loop_item;

impl<'a, 'd> Builder<'a, 'd> {
    pub(crate) fn node(
        &mut self,
        file: usize,
        e: XNode<'a, 'd>,
        scope: &Scope<'_>,
        stack: &mut Vec<String>,
        depth: usize,
    ) -> Option<Node> {
        let at = e.range().start;
        if depth > MAX_DEPTH {
            if !self.too_deep {
                self.too_deep = true;
                let name = e.tag_name().name();
                self.err(file, at, format!(
                    "`<{name}>` is {depth} nodes deep once subtrees are inlined: a tree is at most {MAX_DEPTH} nodes deep (the compiler cannot check the type of a deeper one): flatten it (a `<Sequence>` directly in a `<Sequence>` can be merged into it), or compile a branch as a boxed tree of its own and map its element to it (see `bt_xml!`)"
                ));
            }
            return None;
        }
        self.count += 1;
        if self.count > MAX_NODES {
            if !self.too_large {
                self.too_large = true;
                let name = e.tag_name().name();
                self.err(file, at, format!(
                    "the tree has more than {MAX_NODES} nodes once its subtrees are inlined (`<{name}>` is node {}): bt builds trees of at most {MAX_NODES} nodes: compile a branch as a boxed tree of its own and map its element to it (see `bt_xml!`)",
                    self.count
                ));
            }
            return None;
        }
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
        // Pre- and post-conditions, read in this element's scope (a `<SubTree>`'s are its
        // parent's, as in BehaviorTree.CPP, where the SubTree node belongs to the parent tree).
        let mut conditions = Vec::new();
        for a in e.attributes() {
            if let Some(when) = When::of(a.name()) {
                match self.script(file, &a, scope) {
                    Some(script) => conditions.push(Condition { when, script }),
                    None => ok = false,
                }
            }
        }
        let is_subtree = tag == "SubTree"
            || tag == "SubTreePlus"
            || (!generic && builtins::builtin(&element).is_none() && self.trees.contains_key(&element));
        if is_subtree {
            // The subtree's root takes the SubTree element's place: the same depth, one node.
            self.count -= 1;
            let mut root = self.subtree(file, e, &element, scope, stack, depth)?;
            if !conditions.is_empty() {
                if !root.conditions.is_empty() {
                    self.err(
                        file,
                        at,
                        format!(
                            "both this `<SubTree ID=\"{element}\">` and the root of tree `{element}` have pre- or post-conditions (`_skipIf`, `_onSuccess`, …): bt puts the subtree's root in the SubTree's place, so move them onto one of the two"
                        ),
                    );
                    return None;
                }
                root.conditions = conditions;
            }
            return ok.then_some(root);
        }
        if let Some(condition) = match element.as_str() {
            "Script" => Some(false),
            "ScriptCondition" => Some(true),
            _ => None,
        } {
            return self.script_leaf(file, e, &element, instance, pos, condition, conditions, scope, ok);
        }
        if element == "SetBlackboard" {
            return self.set_blackboard(file, e, instance, pos, conditions, scope, ok);
        }
        if let Some(why) = builtins::unsupported(&element) {
            self.err(file, at, format!("`{element}` is not supported: {why}"));
            return None;
        }
        if !self.check_queue_node(file, e, &element) {
            return None;
        }
        // bt's own keywords: compact (`<mem_selector>`), or generic (`<Control ID="mem_selector">`).
        let b = builtins::builtin(&element).or_else(|| {
            (matches!(tag.as_str(), "Control" | "Decorator") || !generic)
                .then(|| builtins::generic_keyword(&element))
                .flatten()
        });
        // Counted before any child is built: a node with thousands of children costs one error.
        let n = e.children().filter(XNode::is_element).count();
        if n > MAX_CHILDREN {
            let msg = match b {
                Some(b) => children_message(&element, b, n),
                None => format!(
                    "`<{element}>` has {n} children: a node has at most {MAX_CHILDREN} (split it into nested nodes)"
                ),
            };
            self.err(file, at, msg);
            return None;
        }
        let mut children = Vec::new();
        for c in e.children().filter(XNode::is_element) {
            match self.node(file, c, scope, stack, depth + 1) {
                Some(n) => children.push(n),
                None => ok = false,
            }
        }
        // BehaviorTree.CPP's `Precondition` takes a script in `if` (a Rust condition, as
        // `btcpp_xml()` writes one, is read by `builtins::arguments`).
        let script_if = (element == "Precondition")
            .then(|| e.attributes().find(|a| a.name() == "if"))
            .flatten()
            .filter(|a| !builtins::is_bt_condition(a.value()));
        if let (Some(b), Some(a)) = (b, script_if) {
            if n != 1 {
                self.err(file, at, children_message(&element, b, n));
                return None;
            }
            let script = self.script(file, &a, scope);
            let attr = |name: &str| e.attribute(name).map(str::to_string);
            let otherwise = match builtins::otherwise(&attr) {
                Ok(o) => o,
                Err((name, msg)) => {
                    let at = e.attributes().find(|a| a.name() == name).map_or(at, |a| a.range().start);
                    self.err(file, at, msg);
                    return None;
                }
            };
            for a in e.attributes() {
                if !ignored(a.name()) && !builtins::script_attribute(a.name()) && !b.attrs.contains(&a.name())
                {
                    self.err(
                        file,
                        a.range().start,
                        format!("`<Precondition>` has no attribute `{}`: it takes `if` and `else`", a.name()),
                    );
                    ok = false;
                }
            }
            let mut args = vec![Arg { name: None, value: ArgValue::Script(script?) }];
            args.extend(otherwise);
            return ok.then(|| Node {
                kind: Kind::Keyword { name: "precondition", args },
                element,
                instance,
                children,
                ports: Vec::new(),
                conditions,
                pos,
            });
        }
        if let Some(b) = b {
            if n < b.min || n > b.max {
                self.err(file, at, children_message(&element, b, n));
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
            // A `{key}` (a Switch's `variable`, a count or a duration read from the blackboard)
            // is a key of this tree instance: resolved as a port's.
            let attr = |name: &str| {
                let v = e.attribute(name)?;
                if !v.trim().starts_with('{') {
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
            // A switch on a blackboard entry: its attributes are BehaviorTree.CPP's ports, kept as
            // such (the entry as this tree instance names it, the cases as written).
            let mut ports = Vec::new();
            if keyword == "switch" && matches!(args.first().map(|a| &a.value), Some(ArgValue::Key(_))) {
                for (i, a) in args.iter().enumerate() {
                    let (name, value) = match &a.value {
                        ArgValue::Key(k) => {
                            ("variable".to_string(), Value::Key { name: k.clone(), root: false })
                        }
                        ArgValue::Text(t) => (format!("case_{i}"), Value::Literal(t.clone())),
                        _ => continue,
                    };
                    let at = e.attributes().find(|x| x.name() == name).map_or(at, |x| x.range().start);
                    ports.push(Port { name, value, pos: self.pos(file, at) });
                }
            }
            return ok.then_some(Node {
                kind: Kind::Keyword { name: keyword, args },
                element,
                instance,
                children,
                ports,
                conditions,
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
        ok.then_some(Node { kind, element, instance, children, ports, conditions, pos })
    }
}

/// The error for a built-in with `n` children, a number it does not take.
fn children_message(element: &str, b: &builtins::Builtin, n: usize) -> String {
    let want = match (b.min, b.max) {
        (0, 0) => "no children".to_string(),
        (1, 1) => "exactly one child".to_string(),
        (a, z) if a == z => format!("exactly {a} children"),
        (a, 16) => format!("{a} to 16 children (split a larger one into nested `<{element}>`s)"),
        (a, z) => format!("{a} to {z} children"),
    };
    let why = match element.strip_prefix("Switch") {
        Some(k) if b.min == b.max => format!(": one per case, `case_1` to `case_{k}`, then the default"),
        _ => String::new(),
    };
    format!("`<{element}>` has {n} children: it takes {want}{why}")
}

/// Attributes the editor writes that mean nothing to the tree.
pub(crate) fn ignored(attr: &str) -> bool {
    matches!(attr, "name" | "ID") || (attr.starts_with('_') && !builtins::script_attribute(attr))
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
