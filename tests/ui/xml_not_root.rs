fn main() {
    let _t = bt::bt_xml!("xml/not_root.xml", ctx = ());
}
