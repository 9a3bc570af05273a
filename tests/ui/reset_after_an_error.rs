// A tree with a mistake: the placeholder offers every method of a tree (`reset` included), so the
// mistake is the only error.
use bt::bt;

struct Agent;

fn main() {
    let mut tree = bt! { seqence<{ |_: &mut Agent| bt::Status::Success }> };
    let mut agent = Agent;
    let _ = tree.tick(&mut agent);
    tree.reset(&mut agent);
    tree.reset_with(&mut agent, &mut bt::NoObserver);
}
