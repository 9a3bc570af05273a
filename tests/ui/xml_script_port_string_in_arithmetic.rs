// An entry bound to a `String` port, used as a number: checked at compile time, at the XML.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_port_string_in_arithmetic.xml" }

fn main() {
    let _ = Tree::new();
}
