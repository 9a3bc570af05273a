use bt::blackboard::Blackboard;
use bt::ports::{HasBlackboard, Input, Output, Ports};
use bt::{Action, Status};

struct Robot {
    bb: Blackboard,
}

impl HasBlackboard for Robot {
    fn blackboard(&self) -> &Blackboard {
        &self.bb
    }
    fn blackboard_mut(&mut self) -> &mut Blackboard {
        &mut self.bb
    }
}

/// No time: nothing here expires.
impl bt::Clock for Robot {
    fn now(&self) -> core::time::Duration {
        core::time::Duration::ZERO
    }
}

#[derive(Ports)]
struct MoveTo {
    goal: Input<f64>,
    speed: Input<u8>,
    #[port(default = "true")]
    careful: Input<bool>,
    done: Output<bool>,
}

impl Action<Robot> for MoveTo {
    const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
    fn execute(&mut self, _: &mut Robot) -> Status {
        Status::Success
    }
}

impl MoveTo {
    fn new() -> Self {
        <Self as Ports>::unbound()
    }
}

bt::bt_xml! { struct Nav for Robot = "xml/call_with_attributes.xml", nodes(MoveTo = MoveTo::new()) }

fn main() {
    let _ = Nav::new();
}
