// A misspelled leaf (`MovTo` where the invocation maps `MoveTo`): an error at the element.
include!("xml/robot.rs");

fn main() {
    let _t = bt::bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
  <Sequence>
    <MoveTo goal="1.5" speed="2" done="{done}"/>
    <MovTo goal="2.5" speed="2" done="{done}"/>
  </Sequence>
</BehaviorTree></root>"#,
        ctx = Robot,
        nodes(MoveTo = MoveTo)
    );
}
