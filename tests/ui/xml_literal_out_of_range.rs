include!("xml/robot.rs");

bt::bt_xml! { struct Nav for Robot = "xml/literal_out_of_range.xml" }

fn main() {
    let _ = Nav::new();
}
