// A named argument that is no field of the user's spec: the compiler's "no field" error, on the name.
use bt::{bt, Action, Activation, Compose, Node, NodeId, Observer, Status};

struct Agent;
struct A;
impl Action<Agent> for A {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Success
    }
}

/// `Countdown(n)<child>`: a decorator of the user's, with a positional and a named argument.
#[derive(Default)]
struct Countdown {
    n: u32,
    label: &'static str,
}
impl Countdown {
    fn new(n: u32) -> Self {
        Countdown { n, label: "" }
    }
}
struct CountdownNode<N>(N, u32, &'static str);
impl<N> Compose<(N,)> for Countdown {
    type Node = CountdownNode<N>;
    fn compose(self, (child,): (N,)) -> Self::Node { CountdownNode(child, self.n, self.label) }
}
// It runs exactly while its child runs: the child's active state is all it needs.
impl<N: Activation> Activation for CountdownNode<N> { type Active = N::Active; fn is_running(a: &N::Active) -> bool { N::is_running(a) } }
impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for CountdownNode<N> {
    const SIZE: usize = 1 + N::SIZE;
    fn tick_with<O: Observer + ?Sized>(&mut self, a: &mut N::Active, ctx: &mut Ctx, obs: &mut O, id: NodeId) -> Status {
        bt::tick_child(&mut self.0, a, ctx, obs, id + 1)
    }
}

fn main() {
    let mut tree = bt! { Countdown(nme = 2)<A> };
    let _ = tree.tick(&mut Agent);
}
