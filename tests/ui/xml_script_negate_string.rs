// `-` on a string.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_negate_string.xml" }

fn main() {
    let _ = Tree::new();
}
