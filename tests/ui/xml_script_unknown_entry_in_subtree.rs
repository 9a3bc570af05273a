// An unknown entry inside a subtree, named with its instance.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_unknown_entry_in_subtree.xml" }

fn main() {
    let _ = Tree::new();
}
