fn main() {
    let _t = bt::bt_xml!("xml/switch_extra_case.xml", ctx = u8);
}
