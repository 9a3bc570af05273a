// A chain of subtrees 49 nodes deep once inlined: one error, at the node too deep.
fn main() {
    let _t = bt::bt_xml!("xml/tree_too_deep.xml", ctx = ());
}
