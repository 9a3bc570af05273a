// A `Script` with children.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_leaf_with_children.xml" }

fn main() {
    let _ = Tree::new();
}
