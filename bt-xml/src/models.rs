//! The node models (`TreeNodesModel`) of a file.

use roxmltree::{Document, Node as XNode};

use crate::{Model, ModelPort};

pub(crate) fn models_of(d: &Document<'_>) -> Vec<Model> {
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
