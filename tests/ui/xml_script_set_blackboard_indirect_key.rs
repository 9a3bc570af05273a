// `output_key` read from another entry.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_set_blackboard_indirect_key.xml" }

fn main() {
    let _ = Tree::new();
}
