//! Trees whose shape is only known at run time: the nodes of `bt` over a run-time list of
//! children. Use it through `bt` (`bt::dynamic`).
//!
//! A compiled tree's children are a tuple, addressed through code the compiler writes out child
//! by child. A tree read from a file when the program runs has its children in a list instead:
//! [`DynChildren`], a boxed slice of boxed nodes, each with its size, so that every node keeps
//! the id it has in the tree's description and observers see every node. The composites and
//! decorators are **the same types** as in a compiled tree — [`Sequence`](bt_runtime::Sequence)`<`
//! [`DynChildren`]`>` is the sequence, with its semantics from the same code — only the way they
//! reach their children changes: one virtual call per child ticked.
//!
//! Boxes come from [`boxed`] (any node) and [`saving`] (a node that can be saved too, feature
//! `serde`). [`DynTree`] is a whole tree built this way, with a description built at run time;
//! the loader of `bt::load` builds them from BehaviorTree.CPP XML files.
//!
//! ```
//! use bt::dynamic::{DynChildren, DynTree, boxed};
//! use bt::{ActionNode, Sequence, Status, action};
//!
//! let children = DynChildren::new(vec![
//!     (boxed(ActionNode::new(|n: &i32| *n > 0)), 1),
//!     (boxed(action(|n: &mut i32| { *n -= 1; Status::Success })), 1),
//! ]);
//! let mut tree = DynTree::new(boxed(Sequence::new(children)), 3);
//! let mut n = 2;
//! assert_eq!(tree.tick(&mut n), Status::Success);
//! assert_eq!(tree.tick(&mut n), Status::Success);
//! assert_eq!(tree.tick(&mut n), Status::Failure);
//! ```
#![forbid(unsafe_code)]

mod children;
mod node;
#[cfg(feature = "serde")]
mod persist;
mod tree;

use bt_runtime::active::U32;
use bt_runtime::{ChildStates, NodeId, Observer, Outcome, Status};

pub use node::{DynBox, ErasedNode, boxed};
#[cfg(feature = "serde")]
pub use persist::{ErasedReader, ErasedWriter, Stored, saving};
pub use tree::{DynChild, DynTree};

/// The most children a [`DynChildren`] list holds, as many as a tuple of children.
pub const MAX_CHILDREN: usize = 16;

/// One child: the box, its id offset from the composite's first child, and whether it can be
/// skipped (asked of the box once, when the list is built, rather than on every tick).
struct Child<'a, Ctx: ?Sized> {
    pub(crate) node: DynBox<'a, Ctx>,
    pub(crate) offset: usize,
    pub(crate) skips: bool,
}

/// The children of a composite, in a list built at run time: boxed nodes, each with the number of
/// nodes in its subtree, from which its id is computed (as a tuple's are from its types' sizes).
///
/// The composites of this crate take it wherever they take a tuple of children
/// ([`Children`](bt_runtime::Children)), with the same semantics; it is [`DYNAMIC`](ChildStates::DYNAMIC), so they ask
/// its number of children at run time. It holds 1 to [`MAX_CHILDREN`] children. Each child keeps
/// its own active state in its box; the composite keeps which child runs ([`DynOne`]) or which
/// children run ([`DynAll`]).
///
/// `SKIPS` is [`Children::SKIPS`](bt_runtime::Children::SKIPS): whether a child may be skipped
/// (BehaviorTree.CPP's `SKIPPED`). As a tuple's, it is a constant, so that a composite over
/// children none of which can be skipped compiles only its plain loops, and says it cannot be
/// skipped itself. The default, `true`, is right for any children; the loader of `bt::load` builds
/// a list with `SKIPS = false` when none of its boxes [`can_skip`](ErasedNode::can_skip).
pub struct DynChildren<'a, Ctx: ?Sized, const SKIPS: bool = true> {
    pub(crate) children: Box<[Child<'a, Ctx>]>,
    size: usize,
    preempts: bool,
    /// Whether some child can be skipped.
    skips: bool,
}

impl<Ctx: ?Sized, const SKIPS: bool> core::fmt::Debug for DynChildren<'_, Ctx, SKIPS> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DynChildren").field("len", &self.children.len()).field("size", &self.size).finish()
    }
}

impl<'a, Ctx: ?Sized> DynChildren<'a, Ctx> {
    /// The children `children`, each a box with the number of nodes in its subtree (1 for a leaf,
    /// 1 + its children's for a composite or decorator), in order; any of them may be skipped
    /// (`SKIPS = true`, see [`build`](Self::build) for a list of children that never are).
    ///
    /// # Panics
    ///
    /// If there are no children or more than [`MAX_CHILDREN`], or a size is 0. (The loader checks
    /// these before it builds anything, and reports them as errors at the file's position.)
    pub fn new(children: Vec<(DynBox<'a, Ctx>, usize)>) -> Self {
        Self::build(children)
    }
}

impl<'a, Ctx: ?Sized, const SKIPS: bool> DynChildren<'a, Ctx, SKIPS> {
    /// The children `children`, as [`new`](DynChildren::new), in a list whose `SKIPS` is given:
    /// `DynChildren::<_, _, false>::build(children)` for children none of which can be skipped.
    ///
    /// # Panics
    ///
    /// If there are no children or more than [`MAX_CHILDREN`], or a size is 0 (the loader checks
    /// these before it builds anything, and reports them as errors at the file's position), or,
    /// with `SKIPS = false`, if a child [`can_skip`](ErasedNode::can_skip).
    pub fn build(children: Vec<(DynBox<'a, Ctx>, usize)>) -> Self {
        assert!(
            (1..=MAX_CHILDREN).contains(&children.len()),
            "a composite takes 1 to 16 children; split a larger one into nested composites"
        );
        let mut offset = 0;
        let mut preempts = false;
        let mut skips = false;
        let children = children
            .into_iter()
            .map(|(node, size)| {
                assert!(size >= 1, "a child's subtree has at least one node");
                preempts |= node.can_preempt();
                let child_skips = node.can_skip();
                assert!(SKIPS || !child_skips, "a child that can be skipped needs a list with SKIPS = true");
                skips |= child_skips;
                let child = Child { node, offset, skips: child_skips };
                offset += size;
                child
            })
            .collect();
        DynChildren { children, size: offset, preempts, skips }
    }

    /// Child `index`'s box, if there is one.
    pub fn get(&self, index: usize) -> Option<&(dyn ErasedNode<Ctx> + 'a)> {
        self.children.get(index).map(|c| &*c.node)
    }

    /// Child `index`'s id offset from the composite's first child.
    pub fn offset(&self, index: usize) -> Option<usize> {
        self.children.get(index).map(|c| c.offset)
    }

    /// Ticks child `index` (which exists) with id `first_id + offset`, telling `obs`.
    #[inline(always)]
    fn tick_at<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Status {
        let Some(child) = self.children.get_mut(index) else { return Status::Failure };
        let id = first_id + child.offset;
        if let Some(status) = obs.intercept(id) {
            if child.node.is_running() {
                self.halt_at(index, ctx, obs, first_id);
            }
            let status = obs.intercept_result(id, status).unwrap_or(status);
            obs.ticked(id, status);
            return status;
        }
        let mut status = if obs.observes() {
            let mut obs = &mut *obs;
            child.node.tick_observed(ctx, &mut obs, id)
        } else {
            child.node.tick(ctx)
        };
        if let Some(replaced) = obs.intercept_result(id, status) {
            if replaced != Status::Running && child.node.is_running() {
                self.halt_at(index, ctx, obs, first_id);
            }
            status = replaced;
        }
        obs.ticked(id, status);
        status
    }

    /// Ticks child `index` (which exists) with id `first_id + offset`, telling `obs`, and says
    /// whether it was skipped.
    #[inline]
    fn tick_at_skip<O: Observer + ?Sized>(
        &mut self,
        index: usize,
        ctx: &mut Ctx,
        obs: &mut O,
        first_id: NodeId,
    ) -> Outcome {
        let Some(child) = self.children.get_mut(index) else { return Outcome::Failure };
        if !child.skips {
            return Outcome::from(self.tick_at(index, ctx, obs, first_id));
        }
        let id = first_id + child.offset;
        if let Some(status) = obs.intercept(id) {
            if child.node.is_running() {
                self.halt_at(index, ctx, obs, first_id);
            }
            obs.ticked(id, status);
            return Outcome::from(status);
        }
        let outcome = if obs.observes() {
            let mut obs = &mut *obs;
            child.node.tick_skip_observed(ctx, &mut obs, id)
        } else {
            child.node.tick_skip(ctx)
        };
        match outcome.status() {
            Some(status) => obs.ticked(id, status),
            None => obs.skipped(id),
        }
        outcome
    }

    /// Halts child `index` (which exists and runs), telling `obs`.
    #[inline]
    fn halt_at<O: Observer + ?Sized>(&mut self, index: usize, ctx: &mut Ctx, obs: &mut O, first_id: NodeId) {
        let Some(child) = self.children.get_mut(index) else { return };
        let id = first_id + child.offset;
        if obs.observes() {
            let mut obs = &mut *obs;
            child.node.halt_observed(ctx, &mut obs, id);
        } else {
            child.node.halt(ctx, id);
        }
        obs.halted(id);
    }
}

/// The running child of a composite over [`DynChildren`] that runs one child at a time: its
/// index, and whether it runs (its state is in its box). `Default` is idle, at the first child;
/// an idle one is always at the first child, so the index is where a sequence resumes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DynOne {
    pub(crate) index: u8,
    pub(crate) running: bool,
}

impl DynOne {
    pub(crate) const IDLE: DynOne = DynOne { index: 0, running: false };

    pub(crate) fn at(index: usize, status: Status) -> DynOne {
        if status == Status::Running { DynOne { index: index as u8, running: true } } else { DynOne::IDLE }
    }
}

/// The running children of a composite over [`DynChildren`] that runs them side by side, a bit
/// each (their states are in their boxes). `Default` is none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DynAll {
    pub(crate) running: u16,
}

impl DynAll {
    pub(crate) fn record(&mut self, index: usize, status: Status) {
        if status == Status::Running {
            self.running |= 1 << index;
        } else {
            self.running &= !(1 << index);
        }
    }
}

impl<Ctx: ?Sized, const SKIPS: bool> ChildStates for DynChildren<'_, Ctx, SKIPS> {
    type One = DynOne;
    type All = DynAll;
    type Masks = U32;

    const DYNAMIC: bool = true;

    #[inline]
    fn one_index(one: &DynOne) -> usize {
        usize::from(one.index)
    }

    #[inline]
    fn one_running(one: &DynOne) -> bool {
        one.running
    }

    #[inline]
    fn running_mask(all: &DynAll) -> u16 {
        all.running
    }
}

impl<Ctx: ?Sized, const SKIPS: bool> bt_runtime::Arity for DynChildren<'_, Ctx, SKIPS> {
    const LEN: usize = MAX_CHILDREN;

    #[inline]
    fn arity(&self) -> usize {
        self.children.len()
    }
}
