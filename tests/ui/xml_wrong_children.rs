fn main() {
    let _t = bt::bt_xml!("xml/wrong_children.xml", ctx = ());
}
