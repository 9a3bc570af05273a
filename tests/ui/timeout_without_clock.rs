// A time-based node on a context without a clock: reported on the keyword, once.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { sequence<A, timeout(2s)<B>> };
    let _ = tree.tick(&mut Agent);
}
