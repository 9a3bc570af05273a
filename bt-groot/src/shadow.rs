//! BehaviorTree.CPP's node statuses, kept beside a bt tree from what its observer is told.
//!
//! Groot2 and `.btlog` files show BehaviorTree.CPP's statuses, which are not bt's: a
//! BehaviorTree.CPP node keeps the status of its last tick until its parent *resets* it to
//! `IDLE`, and composites set themselves `RUNNING` before they tick their children. bt's observer
//! is told what happened (each tick's result, each halt); [`Shadow`] replays what
//! BehaviorTree.CPP's nodes do with their statuses on the same events, node kind by node kind,
//! and reports every status change — transitions to `IDLE` included — in the order
//! BehaviorTree.CPP's `StatusChangeLogger`s receive them.
//!
//! The rules, from BehaviorTree.CPP 4.10's sources (a node is known by the registration ID bt's
//! export gives it):
//!
//! * every control and decorator but `Precondition` sets itself `RUNNING` when its tick starts;
//! * a node's result is its status; the root is reset to `IDLE` after a tick that completed it;
//! * a control resets its children (halting a running one, depth first, then setting each to
//!   `IDLE`, in child order) when it completes — except `SequenceWithMemory` on a failure, which
//!   resets only the failed child and those after it, and `IfThenElse` with two children whose
//!   condition failed, which resets none;
//! * `ReactiveSequence` and `ReactiveFallback` reset every other child when a child runs;
//!   `WhileDoElse` resets the branch it does not take;
//! * a decorator resets its child whenever the child completes;
//! * a halted node resets its children that way, then itself.
//!
//! Halts bt reports inside a tick are applied when BehaviorTree.CPP's parent would reset the
//! node (so the order is BehaviorTree.CPP's), or right away when no rule resets it.

use bt_runtime::{NodeId, Status};

use crate::model::{NodeKind, TreeModel};

/// A BehaviorTree.CPP node status (`BT::NodeStatus`): its numeric value, as the protocol and
/// `.btlog` files carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct BtStatus(pub u8);

impl BtStatus {
    /// Not running, no result kept (0).
    pub const IDLE: BtStatus = BtStatus(0);
    /// Running (1).
    pub const RUNNING: BtStatus = BtStatus(1);
    /// Succeeded (2).
    pub const SUCCESS: BtStatus = BtStatus(2);
    /// Failed (3).
    pub const FAILURE: BtStatus = BtStatus(3);
    /// Skipped (4; bt never gives it).
    pub const SKIPPED: BtStatus = BtStatus(4);

    /// BehaviorTree.CPP's name: `IDLE`, `RUNNING`, `SUCCESS`, `FAILURE`, `SKIPPED` (`?` for
    /// another value).
    pub fn name(self) -> &'static str {
        ["IDLE", "RUNNING", "SUCCESS", "FAILURE", "SKIPPED"].get(usize::from(self.0)).copied().unwrap_or("?")
    }

    /// The status of a name (any case), as BehaviorTree.CPP's `convertFromString<NodeStatus>`.
    pub fn from_name(name: &str) -> Option<BtStatus> {
        (0..5).map(BtStatus).find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// Success or failure.
    pub fn is_completed(self) -> bool {
        matches!(self, BtStatus::SUCCESS | BtStatus::FAILURE)
    }
}

impl From<Status> for BtStatus {
    fn from(s: Status) -> BtStatus {
        match s {
            Status::Success => BtStatus::SUCCESS,
            Status::Failure => BtStatus::FAILURE,
            Status::Running => BtStatus::RUNNING,
        }
    }
}

/// One status change: node `node` went from `previous` to `status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transition {
    /// The node.
    pub node: NodeId,
    /// Its status before.
    pub previous: BtStatus,
    /// Its status now.
    pub status: BtStatus,
}

/// How a node kind handles its statuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    Leaf,
    /// A control that resets its children when it completes (`Sequence`, `Fallback`, `Parallel`,
    /// …, and controls bt exports as custom nodes).
    Control,
    Reactive,
    SequenceWithMemory,
    IfThenElse,
    WhileDoElse,
    Decorator,
    /// `Precondition`: a decorator that does not set itself running.
    Precondition,
}

/// BehaviorTree.CPP's built-in decorators (and Nav2's), which bt's export may write.
pub(crate) fn is_builtin_decorator(id: &str) -> bool {
    matches!(
        id,
        "Inverter"
            | "ForceSuccess"
            | "ForceFailure"
            | "Repeat"
            | "RetryUntilSuccessful"
            | "KeepRunningUntilFailure"
            | "Timeout"
            | "Delay"
            | "RunOnce"
            | "Precondition"
            | "RateController"
            | "LoopInt"
            | "LoopDouble"
            | "LoopString"
            | "LoopBool"
    )
}

fn rule(id: &str, kind: NodeKind) -> Rule {
    match kind {
        NodeKind::LeafNode => Rule::Leaf,
        NodeKind::SubTreeNode | NodeKind::DecoratorNode if id == "Precondition" => Rule::Precondition,
        NodeKind::SubTreeNode | NodeKind::DecoratorNode => Rule::Decorator,
        NodeKind::ControlNode => match id {
            "ReactiveSequence" | "ReactiveFallback" => Rule::Reactive,
            "SequenceWithMemory" | "SequenceStar" => Rule::SequenceWithMemory,
            "IfThenElse" => Rule::IfThenElse,
            "WhileDoElse" => Rule::WhileDoElse,
            _ => Rule::Control,
        },
    }
}

/// Whether `a` is an ancestor of `n`.
fn is_ancestor(parent: &[Option<NodeId>], a: NodeId, mut n: NodeId) -> bool {
    while let Some(p) = parent.get(n).copied().flatten() {
        if p == a {
            return true;
        }
        n = p;
    }
    false
}

/// BehaviorTree.CPP's statuses of a tree's nodes, kept from bt's observer events (see the
/// [module docs](self)).
///
/// Feed it [`enter`](Self::enter) before a node's tick (the observer's `intercept`, when it lets
/// the tick happen), [`ticked`](Self::ticked) and [`halted`](Self::halted); it calls `emit` with
/// every transition. [`Shadow::derive_entries`] makes it derive the entries from the other events
/// (for a run replayed from a recording, which does not hold them).
#[derive(Clone, Debug)]
pub struct Shadow {
    status: Vec<BtStatus>,
    rules: Vec<Rule>,
    parent: Vec<Option<NodeId>>,
    children: Vec<Vec<NodeId>>,
    /// Nodes whose tick started and has not ended, root first.
    entered: Vec<NodeId>,
    /// Halts bt reported that no rule has applied yet.
    halts: Vec<NodeId>,
    /// The child of each node ticked last (for `SequenceWithMemory` and `IfThenElse`).
    last_child: Vec<usize>,
    derive: bool,
    out: Vec<Transition>,
}

impl Shadow {
    /// Every node of `model` idle.
    pub fn new(model: &TreeModel) -> Shadow {
        let nodes = model.nodes();
        Shadow {
            status: vec![BtStatus::IDLE; nodes.len()],
            rules: nodes.iter().map(|n| rule(&n.id, n.kind)).collect(),
            parent: nodes.iter().map(|n| n.parent).collect(),
            children: nodes.iter().map(|n| n.children.clone()).collect(),
            entered: Vec::with_capacity(64),
            halts: Vec::with_capacity(16),
            last_child: vec![0; nodes.len()],
            derive: false,
            out: Vec::with_capacity(256),
        }
    }

    /// Derives each node's [`enter`](Self::enter) from the first event inside it in a tick, when
    /// the events come without them (`true`).
    pub fn derive_entries(mut self, derive: bool) -> Shadow {
        self.derive = derive;
        self
    }

    /// Node `node`'s BehaviorTree.CPP status.
    pub fn status(&self, node: NodeId) -> BtStatus {
        self.status.get(node).copied().unwrap_or_default()
    }

    /// The transitions since the last call, in order.
    pub fn take(&mut self) -> impl Iterator<Item = Transition> + '_ {
        self.out.drain(..)
    }

    /// Whether transitions are waiting to be [`take`](Self::take)n.
    pub fn has_pending(&self) -> bool {
        !self.out.is_empty()
    }

    fn set(&mut self, node: NodeId, status: BtStatus) {
        if let Some(s) = self.status.get_mut(node)
            && *s != status
        {
            let previous = core::mem::replace(s, status);
            self.out.push(Transition { node, previous, status });
        }
    }

    fn is_ancestor(&self, a: NodeId, n: NodeId) -> bool {
        is_ancestor(&self.parent, a, n)
    }

    /// BehaviorTree.CPP's `haltNode` followed by the parent's `resetStatus`.
    fn halt_node(&mut self, node: NodeId) {
        for i in 0..self.children.get(node).map_or(0, Vec::len) {
            self.reset_child(node, i);
        }
        self.set(node, BtStatus::IDLE);
    }

    /// `haltChild(i)` / `resetChild()`: halts the child if it runs, then sets it idle.
    fn reset_child(&mut self, node: NodeId, i: usize) {
        let Some(&c) = self.children.get(node).and_then(|c| c.get(i)) else { return };
        if self.status(c) == BtStatus::RUNNING {
            self.halt_node(c);
        }
        self.set(c, BtStatus::IDLE);
    }

    fn reset_children(&mut self, node: NodeId, from: usize) {
        for i in from..self.children.get(node).map_or(0, Vec::len) {
            self.reset_child(node, i);
        }
    }

    /// Applies the halts bt reported whose nodes no rule reset, in the order reported.
    fn flush_halts(&mut self) {
        while !self.halts.is_empty() {
            let node = self.halts.remove(0);
            if self.status(node) != BtStatus::IDLE {
                self.halt_node(node);
            }
        }
    }

    /// Before an event about `node`: pending halts outside `node`'s subtree rules cannot reach
    /// are applied; in derived mode, the ancestors of `node` enter.
    fn before(&mut self, node: NodeId, enters_self: bool) {
        if !self.halts.is_empty() {
            let covered = self.halts.iter().all(|&h| h == node || self.is_ancestor(node, h));
            if !covered {
                self.flush_halts();
            }
        }
        if self.derive {
            // The ancestors not yet entered, from the root down.
            let mut chain = Vec::new();
            let mut n = self.parent.get(node).copied().flatten();
            while let Some(p) = n {
                if self.entered.contains(&p) {
                    break;
                }
                chain.push(p);
                n = self.parent.get(p).copied().flatten();
            }
            for p in chain.into_iter().rev() {
                self.enter_node(p);
            }
            if enters_self && !self.entered.contains(&node) {
                self.enter_node(node);
            }
        }
    }

    fn enter_node(&mut self, node: NodeId) {
        self.entered.push(node);
        match self.rules.get(node) {
            Some(Rule::Leaf | Rule::Precondition) | None => {}
            Some(_) => self.set(node, BtStatus::RUNNING),
        }
    }

    /// Node `node`'s tick starts (it was not replaced).
    pub fn enter(&mut self, node: NodeId) {
        if node >= self.status.len() {
            return;
        }
        self.before(node, false);
        self.enter_node(node);
    }

    /// Node `node` was ticked (or replaced) and returned `status`.
    pub fn ticked(&mut self, node: NodeId, status: Status) {
        self.ticked_as(node, Some(status), status);
    }

    /// Node `node` reported `status` where its own tick returned `real` (`None`: it was not ticked,
    /// a hook replaced the tick): a hook replaced its result. As BehaviorTree.CPP does, the node's
    /// own rules follow what its tick did, its descendants keep their statuses (bt halts a running
    /// node whose result is replaced; BehaviorTree.CPP leaves its descendants as they were), and
    /// its parent sees `status`.
    pub fn replaced(&mut self, node: NodeId, real: Option<Status>, status: Status) {
        self.ticked_as(node, real, status);
    }

    fn ticked_as(&mut self, node: NodeId, real: Option<Status>, status: Status) {
        if node >= self.status.len() {
            return;
        }
        self.before(node, true);
        if let Some(pos) = self.entered.iter().rposition(|&n| n == node) {
            self.entered.truncate(pos);
        }
        let s = BtStatus::from(status);
        let rule = self.rules[node];
        let replaced = real != Some(status);
        if replaced {
            // The halts bt made of the node's subtree for the replacement are not BehaviorTree.CPP's.
            let parent = &self.parent;
            self.halts.retain(|&h| h != node && !is_ancestor(parent, node, h));
        }
        let own = real.map(BtStatus::from);
        if let Some(s) = own.filter(|s| s.is_completed()) {
            match rule {
                Rule::Control | Rule::Reactive | Rule::WhileDoElse => self.reset_children(node, 0),
                Rule::SequenceWithMemory if s == BtStatus::SUCCESS => self.reset_children(node, 0),
                Rule::IfThenElse => {
                    let two_failed = self.children[node].len() == 2
                        && self.last_child[node] == 0
                        && s == BtStatus::FAILURE;
                    if !two_failed {
                        self.reset_children(node, 0);
                    }
                }
                _ => {}
            }
        }
        // Halts inside this node that its rules did not cover happened during its tick.
        let mut i = 0;
        while i < self.halts.len() {
            let h = self.halts[i];
            if h == node || self.is_ancestor(node, h) {
                self.halts.remove(i);
                if self.status(h) != BtStatus::IDLE && h != node {
                    self.halt_node(h);
                }
            } else {
                i += 1;
            }
        }
        self.set(node, s);
        if let Some(parent) = self.parent[node] {
            let index = self.children[parent].iter().position(|&c| c == node).unwrap_or(0);
            self.last_child[parent] = index;
            self.child_result(parent, index, s);
        } else if s.is_completed() {
            self.set(node, BtStatus::IDLE);
        }
        if self.parent[node].is_none() {
            self.entered.clear();
            self.flush_halts();
        }
    }

    /// What `parent` does when its child `index` returns `s`.
    fn child_result(&mut self, parent: NodeId, index: usize, s: BtStatus) {
        match self.rules[parent] {
            Rule::Decorator | Rule::Precondition if s.is_completed() => self.reset_child(parent, 0),
            Rule::Reactive if s == BtStatus::RUNNING => {
                for i in 0..self.children[parent].len() {
                    if i != index {
                        self.reset_child(parent, i);
                    }
                }
            }
            Rule::WhileDoElse if index == 0 && self.children[parent].len() == 3 => match s {
                BtStatus::SUCCESS => self.reset_child(parent, 2),
                BtStatus::FAILURE => self.reset_child(parent, 1),
                _ => {}
            },
            Rule::SequenceWithMemory if s == BtStatus::FAILURE => self.reset_children(parent, index),
            _ => {}
        }
    }

    /// Node `node` was halted.
    pub fn halted(&mut self, node: NodeId) {
        if node >= self.status.len() {
            return;
        }
        self.before(node, false);
        // A cascade: the node's own halt resets its descendants in BehaviorTree.CPP's order.
        let parent = &self.parent;
        self.halts.retain(|&h| !is_ancestor(parent, node, h));
        self.halts.push(node);
        if self.parent[node].is_none() {
            // A halt of the whole tree ends with the root's.
            self.entered.clear();
            self.flush_halts();
        }
    }

    /// Applies what is pending (halts reported last): call when a tick or a halt of the whole
    /// tree ended abnormally.
    pub fn settle(&mut self) {
        self.entered.clear();
        self.flush_halts();
    }
}
