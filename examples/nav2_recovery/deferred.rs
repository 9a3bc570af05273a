//! What bt's rule "a node is ticked at most once per tick" costs this tree against Nav2.
//!
//! Nav2's `RecoveryNode` ticks its action again **in the same tick** after a recovery succeeded;
//! bt's `recovery` returns `Running` and ticks the action on the next tick (the action already ran
//! in this tick: it failed, which is why the recovery ran). Every other node of Nav2's
//! navigate-to-pose trees moves on within one tick as Nav2's does. So each recovery that succeeds
//! puts the rest of the run one tick later than it would be under Nav2, and counting those
//! successes counts the ticks the difference costs.

use bt::{NodeId, Observer, Status, TreeDescription};

/// Counts the recoveries that succeeded: the second children of every `recovery` node that
/// returned `Success`.
pub struct Deferred {
    /// `watched[id]`: node `id` is the recovery child of a `recovery` node.
    watched: Vec<bool>,
    /// Retries that started one tick after Nav2 would have started them.
    pub count: usize,
}

impl Deferred {
    /// Watches the recovery children of every `recovery` node in `desc`.
    pub fn new(desc: &TreeDescription) -> Self {
        let nodes: Vec<_> = desc.nodes().collect();
        let mut watched = vec![false; nodes.len()];
        for (id, node) in nodes.iter().enumerate().filter(|(_, n)| n.kind == "recovery") {
            let second = (id + 1..nodes.len())
                .take_while(|&j| nodes[j].depth > node.depth)
                .filter(|&j| nodes[j].depth == node.depth + 1)
                .nth(1);
            if let Some(second) = second {
                watched[second] = true;
            }
        }
        Deferred { watched, count: 0 }
    }
}

impl Observer for Deferred {
    fn ticked(&mut self, node: NodeId, status: Status) {
        if status == Status::Success && self.watched.get(node).copied().unwrap_or(false) {
            self.count += 1;
        }
    }
}
