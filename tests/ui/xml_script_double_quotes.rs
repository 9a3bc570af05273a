// Double quotes: BehaviorTree.CPP's strings are in single quotes.
include!("xml/scripts.rs");

bt::bt_xml! { struct Tree for Robot = "xml/script_double_quotes.xml" }

fn main() {
    let _ = Tree::new();
}
