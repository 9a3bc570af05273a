fn main() {
    let _t = bt::bt_xml!("xml/subtree_cycle.xml", ctx = ());
}
