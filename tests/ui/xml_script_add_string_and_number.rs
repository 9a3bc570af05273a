// `+` on a string and a number.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_add_string_and_number.xml" }

fn main() {
    let _ = Tree::new();
}
