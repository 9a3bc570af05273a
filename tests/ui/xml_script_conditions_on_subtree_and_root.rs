// Conditions on a `<SubTree>` and on its tree's root.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_conditions_on_subtree_and_root.xml" }

fn main() {
    let _ = Tree::new();
}
