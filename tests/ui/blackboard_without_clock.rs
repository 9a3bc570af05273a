// A context with a blackboard states its time once, in `bt::Clock`: its expiring entries expire at
// that time. Without a clock, the blackboard impl is refused.
use bt::blackboard::Blackboard;
use bt::ports::HasBlackboard;

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

fn main() {
    let _ = Robot { bb: Blackboard::new() };
}
