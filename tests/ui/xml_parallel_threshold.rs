fn main() {
    let _t = bt::bt_xml!("xml/parallel_threshold.xml", ctx = ());
}
