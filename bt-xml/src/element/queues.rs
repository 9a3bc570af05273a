//! The checks of `<LoopInt>`, `<LoopDouble>`, `<LoopString>`, `<LoopBool>` and
//! `<UnsetBlackboard>`, which are then built as a decorator and a leaf of bt's own
//! (`bt::ports::Loop`, `bt::ports::UnsetEntry`).

use roxmltree::Node as XNode;

use super::ignored;
use crate::build::Builder;
use crate::builtins;

/// The Rust type of the elements of a `Loop*` element's queue, if `element` is one.
pub fn loop_item(element: &str) -> Option<&'static str> {
    Some(match element {
        "LoopInt" => "i32",
        "LoopDouble" => "f64",
        "LoopString" => "String",
        "LoopBool" => "bool",
        _ => return None,
    })
}

impl<'a, 'd> Builder<'a, 'd> {
    /// Checks a `Loop*` or `UnsetBlackboard` element (`false` after an error); any other element
    /// passes.
    pub(super) fn check_queue_node(&mut self, file: usize, e: XNode<'a, 'd>, element: &str) -> bool {
        let (allowed, usage): (&[&str], &str) = if loop_item(element).is_some() {
            (
                &["queue", "value", "if_empty"],
                "`queue` (an entry `{q}` or a literal `1;2;3`), `value` (an entry `{v}`) and `if_empty` (`SUCCESS` or `FAILURE`)",
            )
        } else if element == "UnsetBlackboard" {
            (&["key"], "`key` (the name of the entry to remove, without braces)")
        } else {
            return true;
        };
        let at = e.range().start;
        let mut ok = true;
        for a in e.attributes() {
            let (n, v) = (a.name(), a.value().trim());
            if ignored(n) || builtins::script_attribute(n) {
                continue;
            }
            let braced = v.starts_with('{') && v.ends_with('}');
            let problem = if !allowed.contains(&n) {
                Some(format!("`<{element}>` has no attribute `{n}`: it takes {usage}"))
            } else if n == "value" && !braced {
                Some(format!(
                    "`value` of `<{element}>` is the entry each element is written to: write `value=\"{{v}}\"`, not `{v}`"
                ))
            } else if n == "if_empty" && v == "SKIPPED" {
                Some(format!(
                    "`if_empty=\"SKIPPED\"` of `<{element}>`: bt's loop answers `SUCCESS` or `FAILURE` for an empty queue (a node of bt is skipped only by its `_skipIf`); write `if_empty=\"SUCCESS\"` and `_skipIf` on the loop if it must be skipped"
                ))
            } else if n == "if_empty" && !matches!(v, "SUCCESS" | "FAILURE") {
                Some(format!("`if_empty` of `<{element}>` is `SUCCESS` or `FAILURE`, not `{v}`"))
            } else if n == "key" && (braced || v.is_empty()) {
                Some(format!(
                    "`key` of `<UnsetBlackboard>` names the entry to remove: write `key=\"{}\"`, without braces",
                    v.trim_matches(['{', '}'])
                ))
            } else {
                None
            };
            if let Some(message) = problem {
                self.err(file, a.range().start, message);
                ok = false;
            }
        }
        let need = if element == "UnsetBlackboard" { "key" } else { "queue" };
        if e.attribute(need).is_none() {
            self.err(file, at, format!("`<{element}>` needs `{need}`: it takes {usage}"));
            ok = false;
        }
        let children = e.children().filter(XNode::is_element).count();
        let want = usize::from(element != "UnsetBlackboard");
        if children != want {
            let what = if want == 1 { "one child (the loop's body)" } else { "no children" };
            self.err(file, at, format!("`<{element}>` takes {what}, not {children}"));
            ok = false;
        }
        ok
    }
}
