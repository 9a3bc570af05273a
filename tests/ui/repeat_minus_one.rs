// `-1` as a count (forever, in BehaviorTree.CPP): `repeat<A>` repeats forever.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { repeat(-1)<A> };
    let _ = tree.tick(&mut Agent);
}
