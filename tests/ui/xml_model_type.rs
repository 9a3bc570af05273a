include!("xml/robot.rs");

bt::bt_xml! { struct Nav for Robot = "xml/model_type.xml" }

fn main() {
    let _ = Nav::new();
}
