fn main() {
    let _t = bt::bt_xml!("xml/missing_include.xml", ctx = ());
}
