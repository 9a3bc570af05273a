// A number with a point and no digits after it.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_bad_number.xml" }

fn main() {
    let _ = Tree::new();
}
