// A parenthesis never closed: the error is at the end of the script, in the XML.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_unclosed_paren.xml" }

fn main() {
    let _ = Tree::new();
}
