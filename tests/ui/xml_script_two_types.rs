// An entry written a string and a number.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_two_types.xml" }

fn main() {
    let _ = Tree::new();
}
