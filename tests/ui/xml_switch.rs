fn main() {
    let _t = bt::bt_xml!("xml/switch.xml", ctx = ());
}
