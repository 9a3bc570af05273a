// `..` on two numbers.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_concat_numbers.xml" }

fn main() {
    let _ = Tree::new();
}
