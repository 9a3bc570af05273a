// A decorator with arguments and two children: the advice keeps the arguments.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => timeout(2s)<A, B> };
    let _ = tree.tick(&mut Agent);
}
