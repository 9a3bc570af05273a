//! The script nodes: `<Script>`, `<ScriptCondition>` and `<SetBlackboard>` (a script too).

use roxmltree::Node as XNode;

use super::ignored;
use crate::build::{Builder, Scope};
use crate::builtins;
use crate::{Condition, Kind, Node, Port, Script, Value};

impl<'a, 'd> Builder<'a, 'd> {
    /// `<Script code="…"/>` and `<ScriptCondition code="…"/>`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn script_leaf(
        &mut self,
        file: usize,
        e: XNode<'a, 'd>,
        element: &str,
        instance: Option<String>,
        pos: crate::Pos,
        condition: bool,
        conditions: Vec<Condition>,
        scope: &Scope<'_>,
        mut ok: bool,
    ) -> Option<Node> {
        let at = e.range().start;
        if e.children().any(|c| c.is_element()) {
            self.err(file, at, format!("`<{element}>` is a leaf: it takes no children"));
            ok = false;
        }
        let mut script = None;
        for a in e.attributes() {
            match a.name() {
                "code" => script = self.script(file, &a, scope),
                n if ignored(n) || builtins::script_attribute(n) => {}
                n => {
                    self.err(
                        file,
                        a.range().start,
                        format!("`<{element}>` has no attribute `{n}`: it takes `code`, the script"),
                    );
                    ok = false;
                }
            }
        }
        if e.attribute("code").is_none() {
            self.err(
                file,
                at,
                format!("`<{element}>` needs `code`, the script to run: `<{element} code=\"x := 1\"/>`"),
            );
            return None;
        }
        let script = script?;
        // `code` is a port in BehaviorTree.CPP: kept as one, so that a description shows it.
        let ports =
            vec![Port { name: "code".into(), value: Value::Literal(script.text.clone()), pos: script.pos }];
        ok.then(|| Node {
            kind: Kind::Script { script, condition },
            element: element.into(),
            instance,
            children: Vec::new(),
            ports,
            conditions,
            pos,
        })
    }

    /// `<SetBlackboard output_key="k" value="v"/>`: the script `k := v`, where `v` is the entry
    /// `{x}` or the text as a string (which BehaviorTree.CPP converts to the entry's type).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn set_blackboard(
        &mut self,
        file: usize,
        e: XNode<'a, 'd>,
        instance: Option<String>,
        pos: crate::Pos,
        conditions: Vec<Condition>,
        scope: &Scope<'_>,
        mut ok: bool,
    ) -> Option<Node> {
        use bt_script::ast::{AssignOp, Expr, ExprKind, Name};
        let at = e.range().start;
        for a in e.attributes() {
            match a.name() {
                "output_key" | "value" => {}
                n if ignored(n) || builtins::script_attribute(n) => {}
                n => {
                    let hint = if n == "key" { " (BehaviorTree.CPP 4 names it `output_key`)" } else { "" };
                    self.err(
                        file,
                        a.range().start,
                        format!("`<SetBlackboard>` has no attribute `{n}`{hint}: it takes `output_key` and `value`"),
                    );
                    ok = false;
                }
            }
        }
        let (Some(key), Some(value)) = (e.attribute("output_key"), e.attribute("value")) else {
            self.err(
                file,
                at,
                "`<SetBlackboard>` needs `output_key` (the entry to write) and `value` (a text, or an entry `{key}`): `<SetBlackboard output_key=\"goal\" value=\"{target}\"/>`".into(),
            );
            return None;
        };
        let key = key.trim();
        if key.starts_with('{')
            || key.is_empty()
            || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '@')
        {
            let a = e.attributes().find(|a| a.name() == "output_key").map_or(at, |a| a.range().start);
            self.err(
                file,
                a,
                format!("`output_key=\"{key}\"` must name the entry to write (`output_key=\"goal\"`): bt does not read the name of an entry from another entry"),
            );
            return None;
        }
        let (root, written) = match key.strip_prefix('@') {
            Some(k) => (true, k),
            None => (false, key),
        };
        let span = bt_script::Span::new(0, 0);
        let rhs = match Value::parse(value) {
            Value::Key { name, root } => ExprKind::Name(Name::new(&name, root)),
            Value::Literal(text) => ExprKind::Str(text),
        };
        let shown = match &rhs {
            ExprKind::Name(n) => n.as_written(),
            _ => format!("'{value}'"),
        };
        let assign = Expr {
            kind: ExprKind::Assign(
                AssignOp::Create,
                Name::new(written, root),
                span,
                Box::new(Expr { kind: rhs, span }),
            ),
            span,
        };
        let mut ast = bt_script::Script { statements: vec![assign] };
        crate::script::rename(&mut ast, scope);
        let text = format!("{key} := {shown}");
        // Its two ports, as written (the value's key as this tree instance names it).
        let at = |name: &str| {
            e.attributes().find(|a| a.name() == name).map_or(pos, |a| self.pos(file, a.range().start))
        };
        let ports = vec![
            Port { name: "output_key".into(), value: Value::Literal(key.to_string()), pos: at("output_key") },
            Port { name: "value".into(), value: scope.value(Value::parse(value)), pos: at("value") },
        ];
        ok.then(|| Node {
            kind: Kind::Script { script: Script::made(text, ast, pos), condition: false },
            element: "SetBlackboard".into(),
            instance,
            children: Vec::new(),
            ports,
            conditions,
            pos,
        })
    }
}
