// `UnsetBlackboard` names its entry without braces (it removes the entry, it does not read it).
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_unset_blackboard.xml" }

fn main() {
    let _ = Tree::new();
}
