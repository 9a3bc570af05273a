// A lower-priority abort where nobody asks the guard: under a sequence it would act as `none`.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => sequence<guard({ |_: &Agent| true }, abort = lower_priority)<A>, C> };
    let _ = tree.tick(&mut Agent);
}
