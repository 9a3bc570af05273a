// A file of 2 MiB (written by `tests/ui.rs`, sparse): refused without reading it.
fn main() {
    let _t = bt::bt_xml!("xml/generated/too_large.xml", ctx = ());
}
