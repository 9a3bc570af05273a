include!("xml/robot.rs");

bt::bt_xml! { struct Nav for Robot = "xml/missing_port.xml" }

fn main() {
    let _ = Nav::new();
}
