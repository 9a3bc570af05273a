// A number entry stored into a string entry.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_port_number_into_string.xml" }

fn main() {
    let _ = Tree::new();
}
