// A sequence whose part is not an element of the port's `Vec<u8>` (`x`, then `300`): a compile
// error at the attribute's position, where it used to fail only when the tree was built.
include!("xml/robot.rs");

#[derive(Ports)]
struct Visit {
    rooms: Input<Vec<u8>>,
}

impl Action<Robot> for Visit {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, _: &mut Robot) -> Status {
        Status::Success
    }
}

fn main() {
    let _t = bt::bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
  <Sequence><Visit rooms="1;2;3"/><Visit rooms="1;x;300"/></Sequence>
</BehaviorTree></root>"#,
        ctx = Robot
    );
}
