// A named argument written with `:`, as a struct field.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { retry(n: 3)<A> };
    let _ = tree.tick(&mut Agent);
}
