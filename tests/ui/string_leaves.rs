// Several string leaves are one mistake: one error, listing every place.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { sequence<"walk", A, "eat"> };
    let _ = tree.tick(&mut Agent);
}
