// A type of your own that does not implement `ScriptValue`, copied by a script.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_opaque_without_script_value.xml" }

fn main() {
    let _ = Tree::new();
}
