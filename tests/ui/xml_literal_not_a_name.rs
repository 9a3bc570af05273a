// A literal its port's type does not list (`LiteralNames`): a compile error naming the XML
// position and the names the type takes, instead of a panic when the tree is built.
include!("xml/robot.rs");

#[derive(Clone, Copy, Debug, bt::ports::LiteralNames)]
enum Gait {
    #[literal = "walk"]
    Walk,
    #[literal = "trot"]
    Trot,
}

#[derive(Ports)]
struct Move {
    gait: Input<Gait>,
}

impl Action<Robot> for Move {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, _: &mut Robot) -> Status {
        Status::Success
    }
}

fn main() {
    let _t = bt::bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
  <Sequence>
    <Move gait="walk"/>
    <Move gait="gallop"/>
  </Sequence>
</BehaviorTree></root>"#,
        ctx = Robot
    );
}
