// A lower-priority abort in XML where nobody asks the guard, reported at the guard's element.
fn main() {
    let _t = bt::bt_xml!("xml/guard_lower_priority.xml", ctx = ());
}
