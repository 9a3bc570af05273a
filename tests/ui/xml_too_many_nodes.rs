// 16 × 16 × 16 leaves through subtrees, 4369 nodes once inlined: one error, at the 4097th.
fn main() {
    let _t = bt::bt_xml!("xml/too_many_nodes.xml", ctx = ());
}
