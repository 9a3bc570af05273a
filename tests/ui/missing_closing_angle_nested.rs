// A `>` missing in a nested, multi-line tree: the layout tells which `<` was left open, and the
// fix keeps the tree's shape (`C` stays a child of `sequence`).
use bt::{bt, Action, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}
struct B;
impl Action<Agent> for B {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Failure
    }
}
struct C;
impl Action<Agent> for C {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Running
    }
}

fn main() {
    let mut tree = bt! {
        sequence<
            selector<
                A,
                B,
            C,
        >
    };
    let _ = tree.tick(&mut Agent);
}
