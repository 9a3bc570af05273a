// An option the macro does not have: the message lists them.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_unknown_option.xml", constants(RED = 1) }

fn main() {
    let _ = Tree::new();
}
