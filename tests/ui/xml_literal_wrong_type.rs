include!("xml/robot.rs");

bt::bt_xml! { struct Nav for Robot = "xml/literal_wrong_type.xml" }

fn main() {
    let _ = Nav::new();
}
