//! [`Tree`]: what every whole tree offers, whichever engine runs it.

use crate::{Describe, NoObserver, Node, Observer, Status, TreeDescription};

use super::BehaviorTree;

/// A whole tree, whichever engine runs it: a compiled [`BehaviorTree`] (built by `bt!` or
/// `bt_xml!`), a tree loaded from XML when the program runs (`bt::dynamic::DynTree`, from
/// `bt::load`), or one that follows its file (`bt::load::Reloading`). Code written over
/// `T: Tree<Ctx>` moves between the engines by changing the line that makes the tree:
///
/// ```
/// use bt::{bt, Status, Tree};
///
/// struct Agent { hunger: u32 }
///
/// /// Runs any tree until it completes, at most `max` ticks.
/// fn run(tree: &mut impl Tree<Agent>, agent: &mut Agent, max: usize) -> Option<Status> {
///     (0..max).map(|_| tree.tick(agent)).find(|s| s.is_done())
/// }
///
/// let mut tree = bt! { Agent => sequence<{ |a: &mut Agent| { a.hunger -= 1; Status::Success } }> };
/// let mut agent = Agent { hunger: 3 };
/// assert_eq!(run(&mut tree, &mut agent, 10), Some(Status::Success));
/// assert_eq!(tree.description().len(), 2);
/// ```
///
/// Every method has the meaning of the inherent method of the same name on each type.
pub trait Tree<Ctx: ?Sized> {
    /// Ticks the tree once, telling `observer` every node's status and every halt.
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) -> Status;

    /// Interrupts the tree if it is running (every running node halted, depth-first, its exit
    /// hooks run once), telling `observer`; does nothing otherwise.
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O);

    /// Halts the tree if it runs, then returns every node to the state it was built in.
    fn reset(&mut self, ctx: &mut Ctx);

    /// Whether the root returned `Running` on its last tick and was not halted since.
    fn is_running(&self) -> bool;

    /// The tree's description: one entry per node, in pre-order, with the ids observers get.
    fn description(&self) -> &'static TreeDescription;

    /// Ticks the tree once.
    #[inline]
    fn tick(&mut self, ctx: &mut Ctx) -> Status {
        self.tick_with(ctx, &mut NoObserver)
    }

    /// Interrupts the tree if it is running; does nothing otherwise.
    #[inline]
    fn halt(&mut self, ctx: &mut Ctx) {
        self.halt_with(ctx, &mut NoObserver)
    }
}

impl<N: Node<Ctx>, Ctx: ?Sized, D: Describe> Tree<Ctx> for BehaviorTree<N, Ctx, D> {
    #[inline]
    fn tick_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) -> Status {
        BehaviorTree::tick_with(self, ctx, observer)
    }

    #[inline]
    fn halt_with<O: Observer + ?Sized>(&mut self, ctx: &mut Ctx, observer: &mut O) {
        BehaviorTree::halt_with(self, ctx, observer)
    }

    #[inline]
    fn reset(&mut self, ctx: &mut Ctx) {
        BehaviorTree::reset(self, ctx)
    }

    #[inline]
    fn is_running(&self) -> bool {
        BehaviorTree::is_running(self)
    }

    #[inline]
    fn description(&self) -> &'static TreeDescription {
        BehaviorTree::description(self)
    }
}
