// `enums(…)` with `:` instead of `=`.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_enums_syntax.xml", enums(RED: 1) }

fn main() {
    let _ = Tree::new();
}
