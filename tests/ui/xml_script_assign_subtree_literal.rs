// A subtree entry bound to a text by its `<SubTree>` cannot be assigned.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_assign_subtree_literal.xml" }

fn main() {
    let _ = Tree::new();
}
