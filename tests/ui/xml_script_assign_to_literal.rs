// The left side of an assignment is not an entry.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_assign_to_literal.xml" }

fn main() {
    let _ = Tree::new();
}
