// A decorator's child written among its arguments.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => delay(500ms, A) };
    let _ = tree.tick(&mut Agent);
}
