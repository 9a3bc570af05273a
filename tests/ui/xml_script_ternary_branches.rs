// The branches of `?:` of two types.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_ternary_branches.xml" }

fn main() {
    let _ = Tree::new();
}
