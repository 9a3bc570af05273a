// A node kind of the user's with 17 children: one error, before any child is read.
fn main() {
    let _t = bt::bt_xml!("xml/too_many_children.xml", ctx = ());
}
