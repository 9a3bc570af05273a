//! Where `guard`'s lower-priority aborts take effect: the check `bt_xml!` and `bt::load` share.
//!
//! `abort="lower_priority"` (and `abort="both"`) make a guard take over from a later sibling while
//! that one runs; only `Fallback` and `mem_selector` ask their earlier children about it. Under
//! any other built-in node the guard would never be asked, and the mode would quietly act as
//! `none` (or `self`): an error at the guard's position. The root of the tree is fine (a tree
//! embedded under a `Fallback` takes effect there); under a control or decorator of your own the
//! check is its spec's (`bt::abort::Observes`), made by `bt_xml!` and `bt::load`.

use std::path::PathBuf;

use crate::{ArgValue, Error, Kind, Node};

/// The `bt!` keywords that ask their earlier children whether they take over.
const ASKING: &[&str] = &["selector", "mem_selector"];

/// The mode of `node` when it is a guard with `abort="lower_priority"` or `abort="both"`.
pub fn aborting_mode(node: &Node) -> Option<&str> {
    let Kind::Keyword { name: "guard", args } = &node.kind else { return None };
    args.iter().find_map(|a| match (&a.name, &a.value) {
        (Some(n), ArgValue::Ident(mode))
            if *n == "abort" && matches!(mode.as_str(), "lower_priority" | "both") =>
        {
            Some(mode.as_str())
        }
        _ => None,
    })
}

/// Every guard of `root`'s tree whose lower-priority abort could not take effect.
pub(crate) fn check(root: &Node, files: &[PathBuf], errors: &mut Vec<Error>) {
    for parent in root.iter() {
        let Kind::Keyword { name, .. } = &parent.kind else { continue };
        if ASKING.contains(name) {
            continue;
        }
        for child in &parent.children {
            if let Some(mode) = aborting_mode(child) {
                errors.push(Error {
                    file: files.get(child.pos.file).cloned().unwrap_or_default(),
                    line: child.pos.line,
                    column: child.pos.column,
                    message: message(&parent.element, mode),
                });
            }
        }
    }
}

fn message(parent: &str, mode: &str) -> String {
    let acts = if mode == "both" { "self" } else { "none" };
    format!(
        "`abort=\"{mode}\"` takes effect only where the guard is a child of a `Fallback` or `mem_selector`, which ask their earlier children whether they take over before resuming a later one; under `{parent}` nobody asks the guard, so `{mode}` would act as `{acts}`. Move the guard under a `Fallback`, or write `abort=\"{acts}\"`"
    )
}
