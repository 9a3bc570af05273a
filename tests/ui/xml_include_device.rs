// An include of a device: refused without reading it.
fn main() {
    let _t = bt::bt_xml!("xml/include_device.xml", ctx = ());
}
