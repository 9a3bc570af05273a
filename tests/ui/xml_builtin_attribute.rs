fn main() {
    let _t = bt::bt_xml!("xml/builtin_attribute.xml", ctx = ());
}
