fn main() {
    let _t = bt::bt_xml!("xml/no_main_tree.xml", main = "One");
}
