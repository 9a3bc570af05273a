//! The node models (`TreeNodesModel`) of a file.

use roxmltree::{Document, Node as XNode};

use crate::files::Lines;
use crate::{Model, ModelPort, Pos};

/// The models of document `d`, the text `text` of file `file`, with their positions.
pub(crate) fn models_in(d: &Document<'_>, text: &str, lines: &Lines, file: usize) -> Vec<Model> {
    models_with(d, &|at| lines.pos(text, file, at))
}

/// The models of document `d`, without positions (line and column 0), for their defaults.
pub(crate) fn models_of(d: &Document<'_>) -> Vec<Model> {
    models_with(d, &|_| Pos { file: 0, line: 0, column: 0 })
}

fn models_with(d: &Document<'_>, pos: &dyn Fn(usize) -> Pos) -> Vec<Model> {
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
                        pos: pos(p.range().start),
                    })
                })
                .collect();
            out.push(Model {
                category: m.tag_name().name().to_string(),
                id: id.to_string(),
                ports,
                pos: pos(m.range().start),
            });
        }
    }
    out
}

/// The class of a C++ type as a model's `type` writes it (BehaviorTree.CPP's demangled names or
/// Groot2's, with or without `std::` and `BT::`, spaces anywhere): `bool`, `integer`, `float`,
/// `text`, `duration`, `sequence of …` (a `std::vector`, `std::deque` or `std::list` of one of the
/// first four), or `""` when it is none of them (a message type, a struct, `BT::AnyTypeAllowed`):
/// the classes `bt::ports::rust_class` gives Rust types, to compare a model with a leaf's ports.
pub fn type_class(cpp: &str) -> &'static str {
    let t: String = cpp.chars().filter(|c| !c.is_whitespace()).collect();
    let t = strip_namespaces(&t);
    for seq in ["vector<", "deque<", "list<"] {
        if let Some(inner) = t.strip_prefix(seq).and_then(|r| r.strip_suffix('>')) {
            // The element: the first template argument (an allocator may follow).
            let mut depth = 0usize;
            let end = inner
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '<' => depth += 1,
                        '>' => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                    c == ',' && depth == 0
                })
                .map_or(inner.len(), |(i, _)| i);
            return match scalar_class(&inner[..end]) {
                "bool" => "sequence of bool",
                "integer" => "sequence of integer",
                "float" => "sequence of float",
                "text" => "sequence of text",
                _ => "",
            };
        }
    }
    if matches!(
        t.as_str(),
        "chrono::milliseconds" | "chrono::seconds" | "chrono::microseconds" | "chrono::nanoseconds"
    ) || t.starts_with("chrono::duration<")
    {
        return "duration";
    }
    scalar_class(&t)
}

/// `t` without the `std::`, `BT::` and `__cxx11::` qualifiers (and a leading `::`).
fn strip_namespaces(t: &str) -> String {
    t.replace("::std::", "std::").replace("std::", "").replace("BT::", "").replace("__cxx11::", "")
}

fn scalar_class(t: &str) -> &'static str {
    let t = strip_namespaces(t);
    match t.as_str() {
        "bool" => "bool",
        "int" | "unsignedint" | "unsigned" | "signed" | "signedint" | "short" | "unsignedshort" | "long"
        | "unsignedlong" | "longlong" | "unsignedlonglong" | "longint" | "unsignedlongint" | "size_t"
        | "ssize_t" | "int8_t" | "int16_t" | "int32_t" | "int64_t" | "uint8_t" | "uint16_t" | "uint32_t"
        | "uint64_t" | "int8" | "int16" | "int32" | "int64" | "uint8" | "uint16" | "uint32" | "uint64" => {
            "integer"
        }
        "double" | "float" | "longdouble" => "float",
        "string"
        | "string_view"
        | "basic_string<char>"
        | "basic_string<char,char_traits<char>,allocator<char>>" => "text",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::type_class;

    #[test]
    fn models_have_positions() {
        let text = "<root>\n  <TreeNodesModel>\n    <Action ID=\"A\">\n      <input_port name=\"x\" type=\"int\"/>\n    </Action>\n  </TreeNodesModel>\n</root>";
        let m = crate::models_str(text).unwrap();
        assert_eq!((m[0].pos.line, m[0].pos.column), (3, 5));
        assert_eq!((m[0].ports[0].pos.line, m[0].ports[0].pos.column), (4, 7));
    }

    #[test]
    fn classes_of_cpp_types() {
        for (t, c) in [
            ("bool", "bool"),
            ("unsigned int", "integer"),
            ("std::size_t", "integer"),
            ("uint16", "integer"),
            ("int64_t", "integer"),
            ("double", "float"),
            ("float", "float"),
            ("std::string", "text"),
            ("std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >", "text"),
            ("string", "text"),
            ("std::chrono::milliseconds", "duration"),
            ("chrono::milliseconds", "duration"),
            ("std::vector<double, std::allocator<double> >", "sequence of float"),
            ("vector<int>", "sequence of integer"),
            ("std::deque<std::string>", "sequence of text"),
            ("vector<geometry_msgs::msg::PoseStamped>", ""),
            ("BT::AnyTypeAllowed", ""),
            ("geometry_msgs::msg::PoseStamped", ""),
            ("builtin_interfaces::msg::Duration", ""),
        ] {
            assert_eq!(type_class(t), c, "{t}");
        }
    }
}
