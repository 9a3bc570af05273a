// An element with 65 attributes: refused before the XML parser reads them, at the 65th.
fn main() {
    let _t = bt::bt_xml!("xml/too_many_attributes.xml", ctx = ());
}
