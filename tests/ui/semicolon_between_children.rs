// `;` between children: one error, saying to use `,`.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { sequence<A; B; C> };
    let _ = tree.tick(&mut Agent);
}
