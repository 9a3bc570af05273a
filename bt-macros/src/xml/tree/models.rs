//! The checks of the node models (`<TreeNodesModel>`) against the Rust leaves the tree maps them
//! to: `bt::ports::check_model_port` for each port of a model of a leaf of the tree, in a `const`.

use std::collections::BTreeSet;

use quote::quote;

use super::Gen;

impl Gen<'_> {
    /// Adds the checks of the models in `models` of the leaves of `root` mapped to a type.
    pub(in crate::xml) fn model_checks(&mut self, models: &[bt_xml::Model], root: &bt_xml::Node) {
        let mut leaves = BTreeSet::new();
        leaves_of(root, &mut leaves);
        for m in models.iter().filter(|m| m.category != "SubTree" && leaves.contains(m.id.as_str())) {
            // A leaf mapped to a constructor call has no type to read ports from.
            if self.nodes.iter().any(|n| n.element == m.id && n.call) {
                continue;
            }
            if m.id == "UnsetBlackboard" && !self.nodes.iter().any(|n| n.element == m.id) {
                continue;
            }
            let path = self.path_of(&m.id);
            let rust = crate::text::tidy(&path);
            let id = &m.id;
            for p in &m.ports {
                let name = &p.name;
                let direction = &p.direction;
                let cpp = p.type_name.as_deref().unwrap_or("");
                let class = bt_xml::type_class(cpp);
                let at = self.at(p.pos);
                self.checks.push(quote! {
                    const _: () = {
                        #[allow(unused_imports)]
                        use ::bt::__private::NoDerivedPorts as _;
                        if let ::core::option::Option::Some(ports) = ::bt::__private::PortsOf::<#path>::PORTS {
                            let m = ::bt::ports::check_model_port(ports, #id, #rust, #name, #direction, #cpp, #class, #at);
                            if !m.is_empty() {
                                ::core::panic!("{}", m.as_str())
                            }
                        }
                    };
                });
            }
        }
    }
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
