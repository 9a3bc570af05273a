// A declared type that is not the port's.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_declared_type_differs.xml", keys(v: i32) }

fn main() {
    let _ = Tree::new();
}
