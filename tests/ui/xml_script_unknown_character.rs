// A character the language does not have.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_unknown_character.xml" }

fn main() {
    let _ = Tree::new();
}
