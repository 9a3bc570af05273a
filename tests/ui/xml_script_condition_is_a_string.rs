// A condition whose value is a string.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_condition_is_a_string.xml" }

fn main() {
    let _ = Tree::new();
}
