// Two `<BehaviorTree>`s without `ID`: only a file's only tree may go without one.
include!("xml/robot.rs");

bt::bt_xml! { struct Nav for Robot = r#"<root BTCPP_format="4">
  <BehaviorTree><MoveTo goal="1.0" speed="3"/></BehaviorTree>
  <BehaviorTree><MoveTo goal="2.0" speed="3"/></BehaviorTree>
</root>"# }

fn main() {
    let _ = Nav::new();
}
