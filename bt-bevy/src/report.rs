//! Status changes as messages, for the entities that ask for them.

use bevy_ecs::prelude::*;
use bt::{Change, NodeId, Observer, Status};

/// Add it to an entity to receive its tree's status changes as [`TreeChanged`] messages. It keeps
/// the status each node returned last (one byte per node), so that only changes are reported, as
/// [`bt::ChangeObserver`] does.
///
/// Entities without it are ticked by a system that does not observe at all, so they pay nothing
/// for the messages of others.
#[derive(Component, Clone, Debug, Default)]
pub struct StatusMessages {
    pub(crate) statuses: Vec<Option<Status>>,
}

impl StatusMessages {
    /// Every node starts idle.
    pub fn new() -> Self {
        Self::default()
    }

    /// The status each node returned on its last tick (`None`: idle, or not ticked yet), by node
    /// id; empty until the first tick.
    pub fn statuses(&self) -> &[Option<Status>] {
        &self.statuses
    }
}

/// A status change of one node of one entity's tree (for entities with [`StatusMessages`]).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeChanged {
    /// The entity whose tree it is.
    pub entity: Entity,
    /// What changed (node ids as in the tree's description).
    pub change: Change,
}

/// The observer of the reporting system: [`bt::ChangeObserver`]'s rules, over the statuses kept in
/// the entity's [`StatusMessages`], into a per-thread buffer.
pub(crate) struct Report<'a> {
    pub entity: Entity,
    pub statuses: &'a mut [Option<Status>],
    pub out: &'a mut Vec<TreeChanged>,
}

impl Observer for Report<'_> {
    #[inline]
    fn ticked(&mut self, node: NodeId, status: Status) {
        let previous = self.statuses.get_mut(node).and_then(|slot| slot.replace(status));
        if previous != Some(status) {
            self.out.push(TreeChanged {
                entity: self.entity,
                change: Change::Ticked { node, previous, new: status },
            });
        }
    }

    #[inline]
    fn halted(&mut self, node: NodeId) {
        if let Some(slot) = self.statuses.get_mut(node) {
            *slot = None;
        }
        self.out.push(TreeChanged { entity: self.entity, change: Change::Halted { node } });
    }
}
