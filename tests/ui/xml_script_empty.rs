// An empty script.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_empty.xml" }

fn main() {
    let _ = Tree::new();
}
