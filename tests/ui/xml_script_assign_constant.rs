// A constant is not an entry.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_assign_constant.xml", enums(RED = 1) }

fn main() {
    let _ = Tree::new();
}
