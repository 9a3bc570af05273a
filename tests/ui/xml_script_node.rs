fn main() {
    let _t = bt::bt_xml!("xml/script_node.xml", ctx = ());
}
