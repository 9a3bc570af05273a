// `Precondition` only reads.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_precondition_assigns.xml" }

fn main() {
    let _ = Tree::new();
}
