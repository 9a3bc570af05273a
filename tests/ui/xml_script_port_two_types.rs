// Two ports of different types bound to one entry a script uses.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_port_two_types.xml" }

fn main() {
    let _ = Tree::new();
}
