// The error names the line and column of the offending token in the attribute, on another line than the element.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_syntax_error_position.xml" }

fn main() {
    let _ = Tree::new();
}
