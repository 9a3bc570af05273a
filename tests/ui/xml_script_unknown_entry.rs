// An entry that no port binds, no script writes and no declaration types.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_unknown_entry.xml" }

fn main() {
    let _ = Tree::new();
}
