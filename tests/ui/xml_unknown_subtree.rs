fn main() {
    let _t = bt::bt_xml!("xml/unknown_subtree.xml", ctx = ());
}
