include!("xml/robot.rs");

bt::bt_xml! { struct Nav for Robot = "xml/unknown_node.xml" }

fn main() {
    let _ = Nav::new();
}
