// Inline XML that is not well formed: the error names the line and column in the literal.
include!("xml/robot.rs");

bt::bt_xml! { struct Nav for Robot = r#"<root BTCPP_format="4">
  <BehaviorTree ID="M">
    <MoveTo goal="1.0" speed="3"
  </BehaviorTree>
</root>"# }

fn main() {
    let _ = Nav::new();
}
