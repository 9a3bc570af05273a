// `abort = both` under a reactive selector, which re-ticks every child anyway: it would act as
// `self`.
use bt::{bt, Action, Status};

include!("common/abc.rs");

fn main() {
    let mut tree = bt! { Agent => reactive_selector<guard({ |_: &Agent| true }, abort = both)<A>, C> };
    let _ = tree.tick(&mut Agent);
}
