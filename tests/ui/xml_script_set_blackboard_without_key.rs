// `SetBlackboard` without `output_key`.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_set_blackboard_without_key.xml" }

fn main() {
    let _ = Tree::new();
}
