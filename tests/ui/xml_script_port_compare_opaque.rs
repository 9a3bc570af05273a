// An entry of a type of your own compared.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_port_compare_opaque.xml" }

fn main() {
    let _ = Tree::new();
}
