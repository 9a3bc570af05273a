//! What `bt!` expands to, written by hand: checks that inference ties every leaf to the context.
use bt::*;

struct Agent {
    food: u32,
    x: i32,
    log: Vec<String>,
}

struct FeelHungry;
impl Condition<Agent> for FeelHungry {
    fn check(&mut self, a: &Agent) -> bool {
        a.food < 30
    }
}

struct WalkTo {
    target: i32,
}
impl WalkTo {
    fn new(target: i32) -> Self {
        WalkTo { target }
    }
}
impl Action<Agent> for WalkTo {
    fn enter(&mut self, a: &mut Agent) {
        a.log.push("enter walk".into());
    }
    fn execute(&mut self, a: &mut Agent) -> Status {
        if a.x == self.target {
            return Status::Success;
        }
        a.x += (self.target - a.x).signum();
        Status::Running
    }
    fn exit(&mut self, a: &mut Agent, how: Exit) {
        a.log.push(format!("exit walk {how:?}"));
    }
}

#[test]
fn inferred_context() {
    let mut tree = {
        let b = ::bt::__private::Builder::new();
        b.build(::bt::Repeat::forever(::bt::Parallel::new(
            ::bt::Const::<1>,
            (
                ::bt::Selector::new((::bt::Sequence::new((
                    b.leaf(FeelHungry),
                    b.leaf(WalkTo::new(3)),
                    b.leaf(|a: &mut Agent| {
                        a.food = 100;
                        Status::Success
                    }),
                )),)),
                b.leaf(|_: &mut Agent| Status::Running),
                b.leaf(::bt::Precondition::new(
                    b.condition(|a: &Agent| a.x >= 0),
                    b.leaf(|a: &Agent| a.food > 1000),
                )),
            ),
        )))
    };
    let mut agent = Agent { food: 10, x: 0, log: vec![] };
    assert_eq!(tree.tick(&mut agent), Status::Running);
    for _ in 0..5 {
        let _ = tree.tick(&mut agent);
    }
    assert_eq!(agent.food, 100);
    assert_eq!(agent.log, ["enter walk", "exit walk Success"]);
}
