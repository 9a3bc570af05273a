// Elements nested 72 deep: refused before the XML parser reads them, at the 65th element.
fn main() {
    let _t = bt::bt_xml!("xml/nested_too_deep.xml", ctx = ());
}
