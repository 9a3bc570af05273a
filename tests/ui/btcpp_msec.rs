// BehaviorTree.CPP's `msec`: bt writes the duration with its unit.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => timeout(msec = 500)<A> };
    let _ = tree.tick(&mut Agent);
}
