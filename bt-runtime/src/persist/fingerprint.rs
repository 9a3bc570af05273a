//! The fingerprint of a tree: its description and its nodes' configuration, hashed.

use core::time::Duration;

use crate::TreeDescription;

/// The fingerprint of a tree: 64-bit FNV-1a over its description and the configuration of its
/// nodes. [`PersistNode::fingerprint`](super::PersistNode::fingerprint) adds a node's configuration to it.
#[derive(Clone, Debug)]
pub struct Fingerprint(u64);

impl Default for Fingerprint {
    fn default() -> Self {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }
}

impl Fingerprint {
    /// Adds bytes.
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// Adds a number.
    pub fn u64(&mut self, n: u64) {
        self.bytes(&n.to_le_bytes());
    }

    /// Adds a text (its length, then its bytes).
    pub fn str(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.bytes(s.as_bytes());
    }

    /// Adds a duration.
    pub fn duration(&mut self, d: Duration) {
        self.u64(d.as_secs());
        self.u64(u64::from(d.subsec_nanos()));
    }

    /// The hash.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// The fingerprint of a tree of `size` nodes described by `description`, whose nodes add their
/// configuration with `config` (see [`BehaviorTree::fingerprint`](crate::BehaviorTree::fingerprint)).
/// For tree wrappers of your own.
///
/// Each node counts with its kind, its arguments, its number of children, and its label — but a
/// leaf read from XML with its ID instead (the element, [`NodeInfo::id`](crate::NodeInfo::id)),
/// not with its attributes: a save, or a reloading tree's running state, carries over an edit of a
/// leaf's attribute values (a port's literal or key), which the leaf's own state check
/// ([`Persist::check`](super::Persist::check)) then judges.
pub fn fingerprint(size: usize, description: &TreeDescription, config: impl FnOnce(&mut Fingerprint)) -> u64 {
    let mut h = Fingerprint::default();
    h.u64(size as u64);
    for (_, node) in description.iter() {
        h.str(node.kind);
        h.str(if node.kind == "leaf" && !node.id.is_empty() { node.id } else { node.label });
        h.str(node.args);
        h.u64(u64::from(node.children));
    }
    config(&mut h);
    h.finish()
}
