// A condition argument written as a closure taking `&mut` (an action's shape).
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => guard({ |_: &mut Agent| true })<A> };
    let _ = tree.tick(&mut Agent);
}
