// Nodes nested 49 deep: one error, on the 49th `sequence`, naming the limit (48) and how to
// restructure.
use bt::{bt, Action, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

fn main() {
    let mut tree = bt! { Agent =>
        sequence< sequence< sequence< sequence< sequence< sequence< sequence<
        sequence< sequence< sequence< sequence< sequence< sequence< sequence<
        sequence< sequence< sequence< sequence< sequence< sequence< sequence<
        sequence< sequence< sequence< sequence< sequence< sequence< sequence<
        sequence< sequence< sequence< sequence< sequence< sequence< sequence<
        sequence< sequence< sequence< sequence< sequence< sequence< sequence<
        sequence< sequence< sequence< sequence< sequence< sequence< sequence<
        A
        >>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>
    };
    let _ = tree.tick(&mut Agent);
}
