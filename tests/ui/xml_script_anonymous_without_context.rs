// Script leaves in the anonymous form without `ctx = …`.
fn main() {
    let _t = bt::bt_xml!("xml/script_anonymous_without_context.xml");
}
