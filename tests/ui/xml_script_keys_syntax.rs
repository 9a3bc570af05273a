// `keys(…)` without the `:`.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_keys_syntax.xml", keys(x f64) }

fn main() {
    let _ = Tree::new();
}
