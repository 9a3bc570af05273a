//! BehaviorTree.CPP's `UnsetBlackboard`: a leaf that removes an entry ([`UnsetEntry`]).

use super::HasBlackboard;
use crate::{Activation, Node, NodeId, Observer, Status};

/// `<UnsetBlackboard key="k"/>`: removes the value of entry `k`, whatever its type, and succeeds
/// (also when the entry held no value), as BehaviorTree.CPP does. The entry keeps its type: a
/// port or script that reads it next finds it absent. `bt_xml!` and `bt::load` build it from the
/// element; in `bt!`, write `{ bt::ports::UnsetEntry::new("k") }`.
///
/// It keeps the entry's slot once found: a tick compares a name pointer, and allocates nothing.
#[derive(Clone, Debug)]
pub struct UnsetEntry {
    key: &'static str,
    slot: usize,
}

impl UnsetEntry {
    /// The leaf that removes entry `key`.
    pub const fn new(key: &'static str) -> Self {
        UnsetEntry { key, slot: usize::MAX }
    }

    /// The entry's name.
    pub const fn key(&self) -> &'static str {
        self.key
    }
}

/// It completes in the tick it runs in: it never runs on.
impl Activation for UnsetEntry {
    type Active = ();

    fn is_running((): &()) -> bool {
        false
    }
}

impl<Ctx: HasBlackboard + ?Sized> Node<Ctx> for UnsetEntry {
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        (): &mut (),
        ctx: &mut Ctx,
        _: &mut O,
        _: NodeId,
    ) -> Status {
        ctx.blackboard_mut().unset_cached(self.key, &mut self.slot);
        Status::Success
    }
}

/// It keeps no state between ticks (its slot only caches where the entry is).
#[cfg(feature = "serde")]
impl<Ctx: HasBlackboard + ?Sized> crate::PersistNode<Ctx> for UnsetEntry {
    type Loaded = ();

    fn fingerprint(&self, _: &mut crate::persist::Fingerprint) {}

    fn save_nodes<W: crate::persist::NodeWriter>(
        &self,
        (): &(),
        _: &Ctx,
        id: NodeId,
        w: &mut W,
    ) -> Result<(), W::Error> {
        w.entry(id, false, &())
    }

    fn load_nodes<R: crate::persist::NodeReader>(
        &self,
        _: &Ctx,
        id: NodeId,
        r: &mut R,
    ) -> Result<((), ()), R::Error> {
        r.entry::<()>(id)?;
        Ok(((), ()))
    }

    fn apply(&mut self, (): (), _: &Ctx) {}
}
