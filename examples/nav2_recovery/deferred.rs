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

/// The `recovery` nodes of the tree described by `desc`, in pre-order: each with the ids of its
/// action and of its recovery branch (a `recovery` node has exactly two children).
pub fn recoveries(desc: &TreeDescription) -> Vec<(NodeId, NodeId, NodeId)> {
    let nodes: Vec<_> = desc.nodes().collect();
    let mut out = Vec::new();
    for (r, n) in nodes.iter().enumerate().filter(|(_, n)| n.kind == "recovery") {
        let kids: Vec<NodeId> = (r + 1..nodes.len())
            .take_while(|&i| nodes[i].depth > n.depth)
            .filter(|&i| nodes[i].depth == n.depth + 1)
            .collect();
        if let [action, recovery] = kids[..] {
            out.push((r, action, recovery));
        }
    }
    out
}

impl Deferred {
    /// Watches the recovery children of every `recovery` node in `desc`.
    pub fn new(desc: &TreeDescription) -> Self {
        let mut watched = vec![false; desc.len()];
        for (_, _, recovery) in recoveries(desc) {
            watched[recovery] = true;
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
