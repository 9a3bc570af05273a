// A lower-priority abort under a node kind of the user's whose spec does not say that its node
// asks its children (`bt::abort::Observes`).
use bt::{bt, Action, Compose, Status};

include!("common/abc.rs");

/// First<…>: ticks its children like a sequence (it never asks them whether they take over).
#[derive(Default)]
struct First;
impl<C: bt::Arity> Compose<C> for First {
    type Node = bt::Sequence<C>;
    fn compose(self, children: C) -> bt::Sequence<C> {
        bt::Sequence::new(children)
    }
}

fn main() {
    let mut tree = bt! { Agent => First<guard({ |_: &Agent| true }, abort = lower_priority)<A>, C> };
    let _ = tree.tick(&mut Agent);
}
