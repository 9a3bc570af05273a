fn main() {
    let _t = bt::bt_xml!("xml/blackboard_count.xml", ctx = ());
}
