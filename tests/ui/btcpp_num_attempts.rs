// BehaviorTree.CPP's argument name `num_attempts`: pointed to bt's positional count.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { retry(num_attempts = 3)<A> };
    let _ = tree.tick(&mut Agent);
}
