fn main() {
    let _t = bt::bt_xml!("xml/bad_duration.xml", ctx = ());
}
