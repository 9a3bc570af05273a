//! BehaviorTree.CPP's rule on asynchronous children: a `ReactiveSequence` with more than one
//! `AsyncSequence` child is refused when the tree is created, and so by `bt_xml!` and `bt::load`.
//!
//! Each `AsyncSequence` returns `RUNNING` between its steps; under a `ReactiveSequence`, the first
//! one would be ticked afresh on every tick after it completed, halting the second, and the tree
//! would never complete. BehaviorTree.CPP counts the children written as `<AsyncSequence>`
//! (not those inside a `<SubTree>`); so does this check.

use std::path::PathBuf;

use crate::{Error, Kind, Node};

/// Every `ReactiveSequence` of `root`'s tree with more than one `AsyncSequence` child.
pub(crate) fn check(root: &Node, files: &[PathBuf], errors: &mut Vec<Error>) {
    for parent in root.iter() {
        if !matches!(&parent.kind, Kind::Keyword { name: "reactive_sequence", .. }) {
            continue;
        }
        let asynchronous = |c: &&Node| {
            matches!(&c.kind, Kind::Keyword { name: "async_sequence", .. }) && c.element == "AsyncSequence"
        };
        if let Some(second) = parent.children.iter().filter(asynchronous).nth(1) {
            errors.push(Error {
                file: files.get(second.pos.file).cloned().unwrap_or_default(),
                line: second.pos.line,
                column: second.pos.column,
                message: format!(
                    "a `{}` cannot have more than one `AsyncSequence` child (BehaviorTree.CPP refuses it too): \
                     the first one would start over on every tick after it completed and halt this one, so the \
                     tree would never complete. Make this child a `Sequence`, or move it out of the `{}`",
                    parent.element, parent.element
                ),
            });
        }
    }
}
