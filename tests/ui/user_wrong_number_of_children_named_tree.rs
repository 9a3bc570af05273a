// In a named tree, a node kind of the user's that takes two children, given one. Known limitation:
// the struct spells out the node's type, so besides the error on the node the compiler checks the
// type on the tree's name and again where the tree is built (as for a leaf of the wrong type).
use bt::{bt, Action, Activation, Compose, Node, NodeId, Observer, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

/// `Both<A, B>`: a composite of the user's for exactly two children.
#[derive(Default)]
struct Both;
struct BothNode<C>(C);
impl<X, Y> Compose<(X, Y)> for Both {
    type Node = BothNode<(X, Y)>;
    fn compose(self, children: (X, Y)) -> Self::Node { BothNode(children) }
}
// Both children's active states: it runs while one of them does.
impl<C: bt::ChildStates> Activation for BothNode<C> { type Active = C::All; fn is_running(all: &C::All) -> bool { C::running_mask(all) != 0 } }
impl<Ctx: ?Sized, C: bt::Children<Ctx>> Node<Ctx> for BothNode<C> {
    const SIZE: usize = 1 + C::SIZE;
    fn tick_with<O: Observer + ?Sized>(&mut self, all: &mut C::All, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        let a = self.0.tick_child(0, all, ctx, obs, id + 1);
        let b = self.0.tick_child(1, all, ctx, obs, id + 1);
        Status::from_bool(a == Status::Success && b == Status::Success)
    }
}

bt! {
    struct Brain for Agent {
        Both<A>
    }
}

fn main() {
    let _ = Brain::new();
}
