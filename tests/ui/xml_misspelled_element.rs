// A misspelled built-in (`Sequnce`): an error at the element, with the name it is close to and how
// to register a leaf of that name; the tree is not expanded further.
include!("xml/robot.rs");

fn main() {
    let _t = bt::bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
  <Sequnce>
    <MoveTo goal="1.5" speed="2" done="{done}"/>
  </Sequnce>
</BehaviorTree></root>"#,
        ctx = Robot
    );
}
