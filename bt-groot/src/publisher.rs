//! The publisher: an [`Observer`] that keeps Groot2's view of the tree and answers Groot2 from
//! a thread of its own.

use std::collections::{BTreeMap, VecDeque};
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bt_blackboard::Blackboard;
use bt_runtime::{NodeId, Observer, Status, TreeDescription};

use crate::model::TreeModel;
use crate::protocol::{Hook, HookMode, Position};
use crate::shadow::{BtStatus, Shadow, Transition};

/// The most transitions kept while recording (BehaviorTree.CPP keeps 1000).
pub(crate) const MAX_TRANSITIONS: usize = 1000;

const PRE: u8 = 1;
const POST: u8 = 2;

/// Locks, going on with the data of a thread that panicked while holding it.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// What the tick writes and Groot2 reads: statuses and recorded transitions.
pub(crate) struct Statuses {
    /// The reply to `STATUS`: for each node in [`TreeModel::status_order`], its `_uid` (16 bits,
    /// little-endian) and its status byte (`10 + previous` for an idle node that had one).
    pub(crate) buffer: Vec<u8>,
    /// Node id → index of its status byte in `buffer`.
    pub(crate) at: Vec<usize>,
    pub(crate) recording: bool,
    pub(crate) start: Instant,
    /// Recorded transitions, 9 bytes each as `GET_TRANSITIONS` sends them.
    pub(crate) transitions: VecDeque<[u8; 9]>,
}

/// A hook and whether a paused tick may go on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HookState {
    pub(crate) hook: Hook,
    pub(crate) ready: bool,
}

/// The hooks, by position and `_uid`.
#[derive(Default)]
pub(crate) struct Hooks {
    pub(crate) pre: BTreeMap<u16, HookState>,
    pub(crate) post: BTreeMap<u16, HookState>,
}

impl Hooks {
    pub(crate) fn at(&mut self, position: Position) -> &mut BTreeMap<u16, HookState> {
        match position {
            Position::Pre => &mut self.pre,
            Position::Post => &mut self.post,
        }
    }
}

/// The latest blackboard snapshot, as `{name: entries}` in JSON.
#[derive(Default)]
pub(crate) struct Snapshot {
    pub(crate) value: Option<serde_json::Value>,
    pub(crate) version: u64,
}

/// The state the tick and the server thread share.
pub(crate) struct Shared {
    pub(crate) model: TreeModel,
    pub(crate) statuses: Mutex<Statuses>,
    pub(crate) hooks: Mutex<Hooks>,
    /// Wakes a tick paused at a breakpoint.
    pub(crate) wake: Condvar,
    /// By node id: whether it has a pre (1) or post (2) hook; read without a lock on every tick.
    pub(crate) flags: Vec<AtomicU8>,
    pub(crate) snapshot: Mutex<Snapshot>,
    pub(crate) snapshot_ready: Condvar,
    /// Groot2 asked for the blackboard: the next `serve_blackboard` takes a snapshot.
    pub(crate) snapshot_wanted: AtomicBool,
    /// Until when Groot2 counts as watching the blackboard: every `serve_blackboard` takes a
    /// snapshot until then (so the snapshot is current when the tree pauses at a breakpoint).
    pub(crate) watching_until: Mutex<Instant>,
    /// The tick is paused at a breakpoint (no snapshot will come until it goes on).
    pub(crate) paused: AtomicBool,
    pub(crate) closed: AtomicBool,
}

impl Shared {
    pub(crate) fn set_flag(&self, uid: u16, position: Position, on: bool) {
        let Some(node) = self.model.node_of_uid(uid) else { return };
        let bit = match position {
            Position::Pre => PRE,
            Position::Post => POST,
        };
        if on {
            self.flags[node].fetch_or(bit, Ordering::Relaxed);
        } else {
            self.flags[node].fetch_and(!bit, Ordering::Relaxed);
        }
    }
}

/// Serves a tree to Groot2 as BehaviorTree.CPP's `Groot2Publisher` does, and observes its ticks.
///
/// Created for a tree's description, it binds the server port and the publisher port (the next
/// one) and answers Groot2 from a thread of its own; tick the tree with it as the observer
/// (`tree.tick_with(&mut ctx, &mut publisher)`). See the [crate docs](crate) for what Groot2 sees
/// and how it differs from BehaviorTree.CPP.
///
/// The tick never waits for the network: it updates the shared statuses once per tick (and
/// before pausing), under a lock the server thread holds only to copy them. It waits on purpose at
/// a breakpoint, until Groot2 unlocks it, removes or disables the hook, stops sending requests for
/// [`max_heartbeat_delay`](Self::set_max_heartbeat_delay) (every hook is then disabled until it
/// comes back), or the publisher is dropped.
pub struct Groot2Publisher {
    shared: Arc<Shared>,
    shadow: Shadow,
    /// Whether `serve_blackboard` has taken a snapshot yet.
    served: bool,
    /// The node whose result a hook replaced, and what its tick returned (`None`: not ticked).
    replaced: Option<(NodeId, Option<Status>)>,
    server: Option<crate::server::Server>,
    port: u16,
}

impl core::fmt::Debug for Groot2Publisher {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Groot2Publisher")
            .field("port", &self.port)
            .field("nodes", &self.shared.model.len())
            .finish()
    }
}

impl Groot2Publisher {
    /// Serves the tree described by `desc` on `port` (Groot2's default is 1667) and `port + 1`, on
    /// every interface.
    ///
    /// # Errors
    ///
    /// When a port cannot be bound (in use, or not allowed).
    pub fn new(desc: &TreeDescription, port: u16) -> io::Result<Groot2Publisher> {
        Self::with_model(TreeModel::new(desc), port)
    }

    /// Serves a tree whose model is given.
    ///
    /// # Errors
    ///
    /// When a port cannot be bound.
    pub fn with_model(model: TreeModel, port: u16) -> io::Result<Groot2Publisher> {
        let mut buffer = Vec::with_capacity(3 * model.len());
        let mut at = vec![0; model.len()];
        for &node in model.status_order() {
            buffer.extend_from_slice(&TreeModel::uid(node).to_le_bytes());
            at[node] = buffer.len();
            buffer.push(BtStatus::IDLE.0);
        }
        let shadow = Shadow::new(&model);
        let flags = (0..model.len()).map(|_| AtomicU8::new(0)).collect();
        let shared = Arc::new(Shared {
            model,
            statuses: Mutex::new(Statuses {
                buffer,
                at,
                recording: false,
                start: Instant::now(),
                transitions: VecDeque::with_capacity(MAX_TRANSITIONS),
            }),
            hooks: Mutex::new(Hooks::default()),
            wake: Condvar::new(),
            flags,
            snapshot: Mutex::new(Snapshot::default()),
            snapshot_ready: Condvar::new(),
            snapshot_wanted: AtomicBool::new(false),
            watching_until: Mutex::new(Instant::now()),
            paused: AtomicBool::new(false),
            closed: AtomicBool::new(false),
        });
        let server = crate::server::Server::start(Arc::clone(&shared), port)?;
        Ok(Groot2Publisher { shared, shadow, served: false, replaced: None, server: Some(server), port })
    }

    /// The server port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The tree as Groot2 sees it.
    pub fn model(&self) -> &TreeModel {
        &self.shared.model
    }

    /// How long without a request from Groot2 before every hook is disabled, so that a tree paused
    /// at a breakpoint goes on when Groot2 goes away (5 s by default, as BehaviorTree.CPP's).
    pub fn set_max_heartbeat_delay(&self, delay: Duration) {
        if let Some(server) = &self.server {
            server.set_max_heartbeat_delay(delay);
        }
    }

    /// Hands Groot2 the values of `bb` (read at time `now`): call it between ticks. It takes a
    /// snapshot on its first call, and then only while Groot2 watches the blackboard (it asked for
    /// it in the last 2 s); otherwise it costs an atomic load and a lock. Groot2 sees the values as
    /// the blackboard of the main tree; a subtree's blackboard is empty (`null`), as an embedded
    /// tree shares its parent's context. How each value shows is [`Blackboard::show`]'s table.
    pub fn serve_blackboard(&mut self, bb: &Blackboard, now: Duration) {
        let wanted = self.shared.snapshot_wanted.swap(false, Ordering::Acquire);
        if !(wanted || !self.served || Instant::now() < *lock(&self.shared.watching_until)) {
            return;
        }
        self.served = true;
        let value = bb.to_json(now);
        let mut s = lock(&self.shared.snapshot);
        s.value = Some(value);
        s.version += 1;
        drop(s);
        self.shared.snapshot_ready.notify_all();
    }

    /// Publishes the transitions the shadow produced since the last call.
    fn flush(&mut self) {
        if !self.shadow.has_pending() {
            return;
        }
        let mut st = lock(&self.shared.statuses);
        let stamp = if st.recording { st.start.elapsed().as_micros() as u64 } else { 0 };
        for Transition { node, previous, status } in self.shadow.take() {
            let byte = if status == BtStatus::IDLE { 10 + previous.0 } else { status.0 };
            if let Some(&i) = st.at.get(node) {
                st.buffer[i] = byte;
            }
            if st.recording {
                let mut t = [0u8; 9];
                t[..6].copy_from_slice(&stamp.to_le_bytes()[..6]);
                t[6..8].copy_from_slice(&TreeModel::uid(node).to_le_bytes());
                t[8] = status.0;
                if st.transitions.len() == MAX_TRANSITIONS {
                    st.transitions.pop_front();
                }
                st.transitions.push_back(t);
            }
        }
    }

    /// Runs node `node`'s hook at `position`, as BehaviorTree.CPP's `runHook`: tells Groot2, waits
    /// at a breakpoint, and returns the status that replaces the node's (`None`: none).
    fn run_hook(&mut self, node: NodeId, position: Position) -> Option<Status> {
        let uid = TreeModel::uid(node);
        {
            let mut hooks = lock(&self.shared.hooks);
            if !hooks.at(position).get(&uid).is_some_and(|h| h.hook.enabled) {
                return None;
            }
            hooks.at(position).entry(uid).and_modify(|h| h.ready = false);
        }
        self.flush();
        if let Some(server) = &self.server {
            server.breakpoint_reached(uid);
        }
        let mut hooks = lock(&self.shared.hooks);
        self.shared.paused.store(true, Ordering::Release);
        let _unpause = Unpause(&self.shared.paused);
        loop {
            let closed = self.shared.closed.load(Ordering::Acquire);
            let h = hooks.at(position).get_mut(&uid)?;
            if !h.hook.enabled || closed {
                return None;
            }
            if h.hook.mode == HookMode::Replace || h.ready {
                h.ready = false;
                break;
            }
            hooks = self.shared.wake.wait(hooks).unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        let h = hooks.at(position).get(&uid).copied()?;
        if h.hook.once {
            hooks.at(position).remove(&uid);
            self.shared.set_flag(uid, position, false);
        }
        match h.hook.desired_status {
            BtStatus::SUCCESS => Some(Status::Success),
            BtStatus::FAILURE => Some(Status::Failure),
            _ => None,
        }
    }

    #[inline]
    fn has_hook(&self, node: NodeId, bit: u8) -> bool {
        self.shared.flags.get(node).is_some_and(|f| f.load(Ordering::Relaxed) & bit != 0)
    }
}

impl Observer for Groot2Publisher {
    fn intercept(&mut self, node: NodeId) -> Option<Status> {
        if self.has_hook(node, PRE)
            && !self.shadow.status(node).is_completed()
            && let Some(status) = self.run_hook(node, Position::Pre)
        {
            self.replaced = Some((node, None));
            return Some(status);
        }
        self.shadow.enter(node);
        None
    }

    fn intercept_result(&mut self, node: NodeId, status: Status) -> Option<Status> {
        if !self.has_hook(node, POST) {
            return None;
        }
        let replacement = self.run_hook(node, Position::Post).filter(|s| *s != status);
        if replacement.is_some() && self.replaced.is_none_or(|(n, _)| n != node) {
            self.replaced = Some((node, Some(status)));
        }
        replacement
    }

    fn ticked(&mut self, node: NodeId, status: Status) {
        match self.replaced.take_if(|(n, _)| *n == node) {
            Some((_, real)) => self.shadow.replaced(node, real, status),
            None => self.shadow.ticked(node, status),
        }
        if node == 0 {
            self.flush();
        }
    }

    fn halted(&mut self, node: NodeId) {
        self.shadow.halted(node);
        if node == 0 {
            self.flush();
        }
    }
}

impl Drop for Groot2Publisher {
    fn drop(&mut self) {
        self.shared.closed.store(true, Ordering::Release);
        self.shared.wake.notify_all();
        self.shared.snapshot_ready.notify_all();
        if let Some(server) = self.server.take() {
            server.stop();
        }
    }
}

/// Clears the paused flag when a hook returns.
struct Unpause<'a>(&'a AtomicBool);

impl Drop for Unpause<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

/// Joins a thread, ignoring a panic in it.
pub(crate) fn join(handle: JoinHandle<()>) {
    let _ = handle.join();
}
