// Two ports of different types bound to one entry, without any script: an error naming the
// entry and both positions.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/port_two_types.xml" }

fn main() {
    let _ = Tree::new();
}
