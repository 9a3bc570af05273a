// A text a `Duration` port cannot read (`5 days`): a compile error at the attribute's position,
// where it used to fail only when the tree was built.
include!("xml/robot.rs");

#[derive(Ports)]
struct Pause {
    wait: Input<core::time::Duration>,
}

impl Action<Robot> for Pause {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, _: &mut Robot) -> Status {
        Status::Success
    }
}

fn main() {
    let _t = bt::bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
  <Sequence><Pause wait="1.5s"/><Pause wait="5 days"/></Sequence>
</BehaviorTree></root>"#,
        ctx = Robot
    );
}
