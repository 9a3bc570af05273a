fn main() {
    let _t = bt::bt_xml!("xml/malformed.xml", ctx = ());
}
