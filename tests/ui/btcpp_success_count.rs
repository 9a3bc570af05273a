// BehaviorTree.CPP's `success_count` on a parallel node.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { threshold_parallel(success_count = 2)<A, B, C> };
    let _ = tree.tick(&mut Agent);
}
