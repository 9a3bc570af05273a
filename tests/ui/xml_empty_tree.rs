fn main() {
    let _t = bt::bt_xml!("xml/empty_tree.xml", ctx = ());
}
