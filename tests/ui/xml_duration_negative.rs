// A negative number of milliseconds for a `Duration` port.
include!("xml/robot.rs");

#[derive(Ports)]
struct Wait {
    time: Input<core::time::Duration>,
}

impl Action<Robot> for Wait {
    fn execute(&mut self, _: &mut Robot) -> Status {
        Status::Success
    }
}

bt::bt_xml! { struct Nav for Robot = r#"<root BTCPP_format="4"><BehaviorTree ID="M"><Wait time="-5"/></BehaviorTree></root>"# }

fn main() {
    let _ = Nav::new();
}
