fn main() {
    let _t = bt::bt_xml!("xml/no_such_file.xml", ctx = ());
}
