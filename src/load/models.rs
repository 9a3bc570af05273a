//! The node models (`<TreeNodesModel>`) of the files read, checked against the ports of the
//! leaves registered under their IDs, with the function the code of `bt_xml!` calls at compile
//! time ([`check_model_port`](crate::ports::check_model_port)).

#[allow(unused_imports)]
use std::prelude::rust_2024::*;

use std::collections::BTreeSet;
use std::vec::Vec;

use super::registry::Registry;

/// The errors of the models of `tree`'s leaves registered with `registry`, each at its model port.
pub(super) fn check<Ctx: ?Sized + 'static, M>(
    registry: &Registry<Ctx, M>,
    tree: &bt_xml::Tree,
) -> Vec<bt_xml::Error> {
    let mut leaves = BTreeSet::new();
    leaves_of(&tree.root, &mut leaves);
    let mut errors = Vec::new();
    for m in tree.models.iter().filter(|m| m.category != "SubTree" && leaves.contains(m.id.as_str())) {
        let Some(entry) = registry.leaves.get(&m.id) else { continue };
        for p in &m.ports {
            let cpp = p.type_name.as_deref().unwrap_or("");
            let msg = crate::ports::check_model_port(
                entry.ports,
                &m.id,
                &m.id,
                &p.name,
                &p.direction,
                cpp,
                bt_xml::type_class(cpp),
                "",
            );
            if !msg.is_empty() {
                errors.push(bt_xml::Error {
                    file: tree.files.get(p.pos.file).cloned().unwrap_or_default(),
                    line: p.pos.line,
                    column: p.pos.column,
                    message: msg.as_str().into(),
                });
            }
        }
    }
    errors
}

/// The element names of the leaves under `n`.
fn leaves_of<'a>(n: &'a bt_xml::Node, out: &mut BTreeSet<&'a str>) {
    if let bt_xml::Kind::Leaf { type_name } = &n.kind {
        out.insert(type_name.as_str());
    }
    for c in &n.children {
        leaves_of(c, out);
    }
}
