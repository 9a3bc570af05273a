// A string never closed.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_unclosed_string.xml" }

fn main() {
    let _ = Tree::new();
}
