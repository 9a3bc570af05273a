//! The publisher's network thread: Groot2's requests on the server port, breakpoint
//! notifications on the publisher port, and the heartbeat that disables hooks when Groot2 is
//! gone. Everything here runs on its own thread, never on the tick's.

use std::io;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use zeromq::{Socket, SocketRecv, SocketSend, ZmqMessage};

use crate::protocol::{
    self, Hook, HookMode, Position, REQUEST_HEADER_SIZE, RequestHeader, RequestType, bool_at, position_at,
    string_at, uid_at,
};
use crate::publisher::{HookState, Shared, join, lock};
use crate::shadow::BtStatus;

/// How long `BLACKBOARD` waits for the tick to hand a fresh snapshot before answering with the
/// last one.
const SNAPSHOT_WAIT: Duration = Duration::from_millis(250);

/// How long after a `BLACKBOARD` request every `serve_blackboard` takes a snapshot.
const WATCHING: Duration = Duration::from_secs(2);

/// The network thread of a publisher.
pub(crate) struct Server {
    thread: Option<JoinHandle<()>>,
    stop: tokio::sync::watch::Sender<bool>,
    notify: tokio::sync::mpsc::UnboundedSender<u16>,
    heartbeat: Arc<Mutex<Heartbeat>>,
}

struct Heartbeat {
    last: Instant,
    max: Duration,
}

/// A small generator for request ids and the tree id (no cryptographic need).
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new() -> Rng {
        use std::hash::{BuildHasher, Hasher};
        let seed = std::collections::hash_map::RandomState::new().build_hasher().finish();
        let t = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        Rng((seed ^ t) | 1)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A random UUID (version 4), as BehaviorTree.CPP's tree id.
fn tree_id(rng: &mut Rng) -> [u8; 16] {
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&rng.next().to_le_bytes());
    out[8..].copy_from_slice(&rng.next().to_le_bytes());
    out[8] = (out[8] & 0xbf) | 0x80;
    out[6] = (out[6] & 0x4f) | 0x40;
    out
}

impl Server {
    pub(crate) fn start(shared: Arc<Shared>, port: u16) -> io::Result<Server> {
        let (stop, stop_rx) = tokio::sync::watch::channel(false);
        let (notify, notify_rx) = tokio::sync::mpsc::unbounded_channel();
        let heartbeat = Arc::new(Mutex::new(Heartbeat { last: Instant::now(), max: Duration::from_secs(5) }));
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let beat = Arc::clone(&heartbeat);
        let thread = std::thread::Builder::new().name(format!("groot2-{port}")).spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(r) => r,
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                    return;
                }
            };
            runtime.block_on(serve(shared, port, beat, stop_rx, notify_rx, ready_tx));
        })?;
        let server = Server { thread: Some(thread), stop, notify, heartbeat };
        match ready_rx.recv() {
            Ok(Ok(())) => Ok(server),
            Ok(Err(e)) => {
                server.stop();
                Err(e)
            }
            Err(_) => {
                server.stop();
                Err(io::Error::other("the Groot2 server thread stopped"))
            }
        }
    }

    pub(crate) fn set_max_heartbeat_delay(&self, delay: Duration) {
        lock(&self.heartbeat).max = delay;
    }

    /// Publishes `BREAKPOINT_REACHED` for `uid` (queued; the tick does not wait).
    pub(crate) fn breakpoint_reached(&self, uid: u16) {
        let _ = self.notify.send(uid);
    }

    pub(crate) fn stop(mut self) {
        let _ = self.stop.send(true);
        if let Some(t) = self.thread.take() {
            join(t);
        }
    }
}

fn bind_error(port: u16, e: zeromq::ZmqError) -> io::Error {
    io::Error::new(io::ErrorKind::AddrInUse, format!("cannot serve Groot2 on port {port}: {e}"))
}

async fn serve(
    shared: Arc<Shared>,
    port: u16,
    heartbeat: Arc<Mutex<Heartbeat>>,
    mut stop: tokio::sync::watch::Receiver<bool>,
    mut notify: tokio::sync::mpsc::UnboundedReceiver<u16>,
    ready: std::sync::mpsc::Sender<io::Result<()>>,
) {
    let mut rep = zeromq::RepSocket::new();
    if let Err(e) = rep.bind(&format!("tcp://0.0.0.0:{port}")).await {
        let _ = ready.send(Err(bind_error(port, e)));
        return;
    }
    let mut publisher = zeromq::PubSocket::new();
    let Some(pub_port) = port.checked_add(1) else {
        let _ = ready.send(Err(io::Error::new(io::ErrorKind::InvalidInput, "port + 1 must be a port too")));
        return;
    };
    if let Err(e) = publisher.bind(&format!("tcp://0.0.0.0:{pub_port}")).await {
        let _ = ready.send(Err(bind_error(pub_port, e)));
        return;
    }
    let _ = ready.send(Ok(()));
    let mut rng = Rng::new();
    let id = tree_id(&mut rng);
    let mut tick = tokio::time::interval(Duration::from_millis(10));
    let mut has_heartbeat = true;
    loop {
        tokio::select! {
            _ = stop.changed() => break,
            request = rep.recv() => {
                let Ok(request) = request else { continue };
                lock(&heartbeat).last = Instant::now();
                let frames: Vec<Bytes> = request.into_vec();
                let reply = handle(&shared, &id, &frames);
                let mut message = ZmqMessage::from(Bytes::from(reply[0].clone()));
                for frame in &reply[1..] {
                    message.push_back(Bytes::from(frame.clone()));
                }
                let _ = rep.send(message).await;
            }
            Some(uid) = notify.recv() => {
                let header = RequestHeader::new(RequestType::BreakpointReached, rng.next() as u32);
                let mut message = ZmqMessage::from(Bytes::from(header.encode().to_vec()));
                message.push_back(Bytes::from(uid.to_string()));
                let _ = publisher.send(message).await;
            }
            _ = tick.tick() => {
                let now_beating = {
                    let h = lock(&heartbeat);
                    h.last.elapsed() < h.max
                };
                if now_beating != has_heartbeat {
                    has_heartbeat = now_beating;
                    enable_all_hooks(&shared, now_beating);
                }
            }
        }
    }
    // Hooks cannot outlive the server: a paused tick goes on.
    remove_all_hooks(&shared);
}

fn error(msg: &str) -> Vec<Vec<u8>> {
    vec![b"error".to_vec(), msg.as_bytes().to_vec()]
}

/// The reply to one request (BehaviorTree.CPP's `serverLoop`, case by case).
pub(crate) fn handle(shared: &Shared, tree_id: &[u8; 16], frames: &[Bytes]) -> Vec<Vec<u8>> {
    let Some(header) =
        frames.first().filter(|f| f.len() == REQUEST_HEADER_SIZE).and_then(|f| RequestHeader::decode(f))
    else {
        return error("wrong request header");
    };
    let mut reply = RequestHeader { protocol: protocol::PROTOCOL_ID, ..header }.encode().to_vec();
    reply.extend_from_slice(tree_id);
    let payload = || {
        if frames.len() == 2 {
            Ok(String::from_utf8_lossy(&frames[1]).into_owned())
        } else {
            Err("must be 2 parts message")
        }
    };
    let json = |text: &str| serde_json::from_str::<serde_json::Value>(text).map_err(|e| e.to_string());
    let result: Result<Vec<Vec<u8>>, String> = (|| {
        let kind = RequestType::from_byte(header.kind).filter(|k| *k != RequestType::BreakpointReached);
        Ok(match kind {
            Some(RequestType::FullTree) => vec![reply, shared.model.xml().as_bytes().to_vec()],
            Some(RequestType::StatusBuffer) => vec![reply, lock(&shared.statuses).buffer.clone()],
            Some(RequestType::Blackboards) => {
                let names = payload()?;
                vec![reply, blackboard_dump(shared, &names)]
            }
            Some(RequestType::HookInsert) => {
                let js = json(&payload()?)?;
                match &js {
                    serde_json::Value::Array(hooks) => {
                        hooks.iter().try_for_each(|h| insert_hook(shared, h))?
                    }
                    h => insert_hook(shared, h)?,
                }
                vec![reply]
            }
            Some(RequestType::BreakpointUnlock) => {
                let js = json(&payload()?)?;
                let uid = uid_at(&js)?;
                let desired = match string_at(&js, "desired_status")?.as_str() {
                    "SUCCESS" => BtStatus::SUCCESS,
                    "FAILURE" => BtStatus::FAILURE,
                    _ => BtStatus::SKIPPED,
                };
                let position = position_at(&js)?;
                let remove = bool_at(&js, "remove_when_done")?;
                if !unlock(shared, position, uid, desired, remove) {
                    return Err("Node ID not found".into());
                }
                vec![reply]
            }
            Some(RequestType::RemoveAllHooks) => {
                remove_all_hooks(shared);
                vec![reply]
            }
            Some(RequestType::DisableAllHooks) => {
                enable_all_hooks(shared, false);
                vec![reply]
            }
            Some(RequestType::HookRemove) => {
                let js = json(&payload()?)?;
                let uid = uid_at(&js)?;
                let position = position_at(&js)?;
                if !remove_hook(shared, position, uid) {
                    return Err("Node ID not found".into());
                }
                vec![reply]
            }
            Some(RequestType::HooksDump) => vec![reply, hooks_dump(shared).into_bytes()],
            Some(RequestType::ToggleRecording) => {
                let cmd = payload()?;
                let mut out = vec![reply];
                if cmd == "start" {
                    let mut st = lock(&shared.statuses);
                    st.start = Instant::now();
                    st.transitions.clear();
                    st.recording = true;
                    drop(st);
                    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_micros());
                    out.push(now.to_string().into_bytes());
                } else if cmd == "stop" {
                    lock(&shared.statuses).recording = false;
                }
                out
            }
            Some(RequestType::GetTransitions) => {
                let transitions = core::mem::take(&mut lock(&shared.statuses).transitions);
                vec![reply, transitions.iter().flatten().copied().collect()]
            }
            Some(RequestType::BreakpointReached) | None => return Err("Request not recognized".into()),
        })
    })();
    result.unwrap_or_else(|e| error(&e))
}

/// `BLACKBOARD`: the blackboards named in `names` (`;`-separated), in MessagePack.
fn blackboard_dump(shared: &Shared, names: &str) -> Vec<u8> {
    let model = &shared.model;
    let wants_main = names.split(';').any(|n| n == model.main_tree());
    let main = if wants_main { Some(snapshot(shared)) } else { None };
    let mut map = serde_json::Map::new();
    for name in names.split(';') {
        if name == model.main_tree() {
            map.insert(name.into(), main.clone().unwrap_or_default());
        } else if model.subtrees().iter().any(|s| s == name) {
            map.insert(name.into(), serde_json::Value::Null);
        }
    }
    let value = if map.is_empty() { serde_json::Value::Null } else { serde_json::Value::Object(map) };
    let mut out = Vec::new();
    protocol::to_msgpack(&value, &mut out);
    out
}

/// Asks the tick for a snapshot of the blackboard, waits a little for it (unless the tick is
/// paused at a breakpoint), and returns the latest.
fn snapshot(shared: &Shared) -> serde_json::Value {
    *lock(&shared.watching_until) = Instant::now() + WATCHING;
    let version = lock(&shared.snapshot).version;
    shared.snapshot_wanted.store(true, Ordering::Release);
    let s = lock(&shared.snapshot);
    let (s, _) = shared
        .snapshot_ready
        .wait_timeout_while(s, SNAPSHOT_WAIT, |s| {
            s.version == version
                && !shared.closed.load(Ordering::Acquire)
                && !shared.paused.load(Ordering::Acquire)
        })
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    s.value.clone().unwrap_or_default()
}

fn insert_hook(shared: &Shared, js: &serde_json::Value) -> Result<(), String> {
    let uid = uid_at(js)?;
    let position = position_at(js)?;
    let mut hooks = lock(&shared.hooks);
    if let Some(existing) = hooks.at(position).get_mut(&uid) {
        let was_interactive = existing.hook.mode == HookMode::Breakpoint;
        existing.hook = Hook::from_json(js)?;
        if was_interactive && existing.hook.mode == HookMode::Replace {
            existing.ready = true;
            shared.wake.notify_all();
        }
        return Ok(());
    }
    let hook = Hook::from_json(js)?;
    if shared.model.node_of_uid(hook.uid).is_none() {
        return Ok(());
    }
    hooks.at(position).insert(uid, HookState { hook, ready: false });
    shared.set_flag(uid, position, true);
    Ok(())
}

fn unlock(shared: &Shared, position: Position, uid: u16, desired: BtStatus, remove: bool) -> bool {
    if shared.model.node_of_uid(uid).is_none() {
        return false;
    }
    let mut hooks = lock(&shared.hooks);
    let Some(h) = hooks.at(position).get_mut(&uid) else { return false };
    h.hook.desired_status = desired;
    h.hook.once |= remove;
    if h.hook.mode == HookMode::Breakpoint {
        h.ready = true;
        shared.wake.notify_all();
    }
    true
}

fn remove_hook(shared: &Shared, position: Position, uid: u16) -> bool {
    if shared.model.node_of_uid(uid).is_none() {
        return false;
    }
    let mut hooks = lock(&shared.hooks);
    if hooks.at(position).remove(&uid).is_none() {
        return false;
    }
    shared.set_flag(uid, position, false);
    shared.wake.notify_all();
    true
}

pub(crate) fn remove_all_hooks(shared: &Shared) {
    let mut hooks = lock(&shared.hooks);
    for position in [Position::Pre, Position::Post] {
        for uid in core::mem::take(hooks.at(position)).into_keys() {
            shared.set_flag(uid, position, false);
        }
    }
    shared.wake.notify_all();
}

fn enable_all_hooks(shared: &Shared, enable: bool) {
    let mut hooks = lock(&shared.hooks);
    for position in [Position::Pre, Position::Post] {
        for h in hooks.at(position).values_mut() {
            h.hook.enabled = enable;
        }
    }
    shared.wake.notify_all();
}

/// `HOOKS_DUMP`: every hook in JSON, pre-tick hooks first, by `_uid`; keys sorted as
/// nlohmann::json writes them.
fn hooks_dump(shared: &Shared) -> String {
    let mut hooks = lock(&shared.hooks);
    let mut out = String::from("[");
    for position in [Position::Pre, Position::Post] {
        for h in hooks.at(position).values() {
            if out.len() > 1 {
                out.push(',');
            }
            let h = h.hook;
            out.push_str(&format!(
                "{{\"desired_status\":\"{}\",\"enabled\":{},\"mode\":{},\"once\":{},\"position\":{},\"uid\":{}}}",
                h.desired_status.name(),
                h.enabled,
                h.mode as u8,
                h.once,
                h.position as u8,
                h.uid
            ));
        }
    }
    out.push(']');
    out
}
