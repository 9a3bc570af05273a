//! Groot2's protocol, as BehaviorTree.CPP 4.10 defines it (`loggers/groot2_protocol.h`).
//!
//! Every exchange is a ZeroMQ multipart request and reply on the server port. A request's first
//! part is a 6-byte header: the protocol (2), the request type (one ASCII letter) and a 32-bit
//! request id (little-endian); some requests carry a second part. A reply's first part is that
//! header again followed by the 16 bytes of the tree's id; data follows in a second part. A
//! request that cannot be served gets the two parts `error` and a message instead. The publisher
//! port (server port + 1) publishes `BREAKPOINT_REACHED` when a node reaches a breakpoint: a
//! request header with a random id, then the node's `_uid` in decimal.

use crate::shadow::BtStatus;

/// The protocol version of the headers.
pub const PROTOCOL_ID: u8 = 2;

/// The size of a request header.
pub const REQUEST_HEADER_SIZE: usize = 6;

/// The size of a reply header (the request header and the tree's 16-byte id).
pub const REPLY_HEADER_SIZE: usize = REQUEST_HEADER_SIZE + 16;

/// A request type (`BT::Monitor::RequestType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum RequestType {
    /// The tree as XML (`T`).
    FullTree = b'T',
    /// Every node's status (`S`, `STATUS`).
    StatusBuffer = b'S',
    /// The values of some blackboards (`B`, `BLACKBOARD`); the second part names them,
    /// `;`-separated.
    Blackboards = b'B',
    /// Inserts or updates a hook (`I`); the second part is a hook (or an array of hooks) in JSON.
    HookInsert = b'I',
    /// Removes a hook (`R`): `{"uid": …, "position": …}`.
    HookRemove = b'R',
    /// Published when a node reaches a breakpoint (`N`).
    BreakpointReached = b'N',
    /// Resumes a node paused at a breakpoint (`U`):
    /// `{"uid", "position", "desired_status", "remove_when_done"}`.
    BreakpointUnlock = b'U',
    /// Every hook, in JSON (`D`).
    HooksDump = b'D',
    /// Removes every hook (`A`).
    RemoveAllHooks = b'A',
    /// Disables every hook (`X`).
    DisableAllHooks = b'X',
    /// Starts (`start`) or stops (`stop`) recording transitions (`r`).
    ToggleRecording = b'r',
    /// The transitions recorded since the last request (`t`).
    GetTransitions = b't',
}

impl RequestType {
    /// Every request type the protocol defines.
    pub const ALL: [RequestType; 12] = [
        RequestType::FullTree,
        RequestType::StatusBuffer,
        RequestType::Blackboards,
        RequestType::HookInsert,
        RequestType::HookRemove,
        RequestType::BreakpointReached,
        RequestType::BreakpointUnlock,
        RequestType::HooksDump,
        RequestType::RemoveAllHooks,
        RequestType::DisableAllHooks,
        RequestType::ToggleRecording,
        RequestType::GetTransitions,
    ];

    /// The type of a header's type byte.
    pub fn from_byte(b: u8) -> Option<RequestType> {
        RequestType::ALL.into_iter().find(|t| *t as u8 == b)
    }

    /// BehaviorTree.CPP's name (`full_tree`, `status`, …).
    pub fn name(self) -> &'static str {
        match self {
            RequestType::FullTree => "full_tree",
            RequestType::StatusBuffer => "status",
            RequestType::Blackboards => "blackboard",
            RequestType::HookInsert => "hook_insert",
            RequestType::HookRemove => "hook_remove",
            RequestType::BreakpointReached => "breakpoint_reached",
            RequestType::BreakpointUnlock => "breakpoint_unlock",
            RequestType::HooksDump => "hooks_dump",
            RequestType::RemoveAllHooks => "hooks_remove_all",
            RequestType::DisableAllHooks => "disable_hooks",
            RequestType::ToggleRecording => "toggle_recording",
            RequestType::GetTransitions => "get_transitions",
        }
    }
}

/// A request header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RequestHeader {
    /// The request's id, echoed by the reply.
    pub id: u32,
    /// The protocol byte.
    pub protocol: u8,
    /// The type byte (a [`RequestType`] when valid).
    pub kind: u8,
}

impl RequestHeader {
    /// A header of type `kind` with id `id`.
    pub fn new(kind: RequestType, id: u32) -> RequestHeader {
        RequestHeader { id, protocol: PROTOCOL_ID, kind: kind as u8 }
    }

    /// The 6 bytes: protocol, type, id (little-endian).
    pub fn encode(&self) -> [u8; REQUEST_HEADER_SIZE] {
        let id = self.id.to_le_bytes();
        [self.protocol, self.kind, id[0], id[1], id[2], id[3]]
    }

    /// Reads a header from exactly 6 bytes.
    pub fn decode(bytes: &[u8]) -> Option<RequestHeader> {
        let b: [u8; REQUEST_HEADER_SIZE] = bytes.try_into().ok()?;
        Some(RequestHeader { protocol: b[0], kind: b[1], id: u32::from_le_bytes([b[2], b[3], b[4], b[5]]) })
    }
}

/// Where a hook acts: before the node's tick, or after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Position {
    /// Before the tick (`0`): a breakpoint pauses there; a replacement skips the tick.
    Pre = 0,
    /// After the tick (`1`): a breakpoint pauses there; a replacement changes the result.
    Post = 1,
}

/// What a hook does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HookMode {
    /// Pauses the tree until Groot2 unlocks it (`0`).
    Breakpoint = 0,
    /// Replaces the node's result with the desired status without pausing (`1`).
    Replace = 1,
}

/// A hook on a node (`BT::Monitor::Hook`): a breakpoint or a replacement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hook {
    /// Whether it acts.
    pub enabled: bool,
    /// Before or after the tick.
    pub position: Position,
    /// The node's `_uid`.
    pub uid: u16,
    /// Breakpoint or replacement.
    pub mode: HookMode,
    /// Removed once it has acted.
    pub once: bool,
    /// The status given to the node's parent: `SUCCESS` or `FAILURE` replace the node's; any
    /// other (`SKIPPED`, the default) lets the node tick (or keeps its result).
    pub desired_status: BtStatus,
}

impl Hook {
    /// The hook in JSON, as BehaviorTree.CPP's `to_json` writes it (keys in order).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "desired_status": self.desired_status.name(),
            "enabled": self.enabled,
            "mode": self.mode as u8,
            "once": self.once,
            "position": self.position as u8,
            "uid": self.uid,
        })
    }

    /// Reads a hook as BehaviorTree.CPP's `from_json` does: every key is required.
    ///
    /// # Errors
    ///
    /// A message naming the missing or mistyped key.
    pub fn from_json(js: &serde_json::Value) -> Result<Hook, String> {
        Ok(Hook {
            enabled: bool_at(js, "enabled")?,
            uid: uid_at(js)?,
            once: bool_at(js, "once")?,
            mode: if int_at(js, "mode")? == 1 { HookMode::Replace } else { HookMode::Breakpoint },
            position: position_at(js)?,
            desired_status: status_at(js, "desired_status")?,
        })
    }
}

fn key<'a>(js: &'a serde_json::Value, k: &str) -> Result<&'a serde_json::Value, String> {
    js.get(k).ok_or_else(|| format!("[json.exception.out_of_range.403] key '{k}' not found"))
}

fn type_error(k: &str, want: &str) -> String {
    format!("[json.exception.type_error.302] type must be {want}, but is another type (key '{k}')")
}

pub(crate) fn bool_at(js: &serde_json::Value, k: &str) -> Result<bool, String> {
    key(js, k)?.as_bool().ok_or_else(|| type_error(k, "boolean"))
}

pub(crate) fn int_at(js: &serde_json::Value, k: &str) -> Result<i64, String> {
    let v = key(js, k)?;
    v.as_i64().or_else(|| v.as_f64().map(|f| f as i64)).ok_or_else(|| type_error(k, "number"))
}

pub(crate) fn uid_at(js: &serde_json::Value) -> Result<u16, String> {
    Ok(int_at(js, "uid")? as u16)
}

pub(crate) fn position_at(js: &serde_json::Value) -> Result<Position, String> {
    Ok(if int_at(js, "position")? == 1 { Position::Post } else { Position::Pre })
}

pub(crate) fn string_at(js: &serde_json::Value, k: &str) -> Result<String, String> {
    key(js, k)?.as_str().map(str::to_string).ok_or_else(|| type_error(k, "string"))
}

pub(crate) fn status_at(js: &serde_json::Value, k: &str) -> Result<BtStatus, String> {
    let s = key(js, k)?.as_str().ok_or_else(|| type_error(k, "string"))?;
    BtStatus::from_name(s).ok_or_else(|| format!("Cannot convert this to NodeStatus: {s}"))
}

/// Encodes a JSON value in MessagePack as nlohmann::json's `to_msgpack` does (what
/// BehaviorTree.CPP sends for `BLACKBOARD`): maps with their keys sorted (nlohmann's objects are
/// `std::map`s), the smallest integer
/// encoding, a float as float32 when that loses nothing, else float64.
pub fn to_msgpack(value: &serde_json::Value, out: &mut Vec<u8>) {
    use serde_json::Value;
    match value {
        Value::Null => out.push(0xc0),
        Value::Bool(b) => out.push(if *b { 0xc3 } else { 0xc2 }),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                put_uint(out, u);
            } else if let Some(i) = n.as_i64() {
                put_int(out, i);
            } else if let Some(f) = n.as_f64() {
                let f32v = f as f32;
                if f64::from(f32v) == f && f.is_finite() {
                    out.push(0xca);
                    out.extend_from_slice(&f32v.to_be_bytes());
                } else {
                    out.push(0xcb);
                    out.extend_from_slice(&f.to_be_bytes());
                }
            }
        }
        Value::String(s) => {
            let n = s.len();
            if n <= 31 {
                out.push(0xa0 | n as u8);
            } else if n <= 0xff {
                out.push(0xd9);
                out.push(n as u8);
            } else if n <= 0xffff {
                out.push(0xda);
                out.extend_from_slice(&(n as u16).to_be_bytes());
            } else {
                out.push(0xdb);
                out.extend_from_slice(&(n as u32).to_be_bytes());
            }
            out.extend_from_slice(s.as_bytes());
        }
        Value::Array(a) => {
            let n = a.len();
            if n <= 15 {
                out.push(0x90 | n as u8);
            } else if n <= 0xffff {
                out.push(0xdc);
                out.extend_from_slice(&(n as u16).to_be_bytes());
            } else {
                out.push(0xdd);
                out.extend_from_slice(&(n as u32).to_be_bytes());
            }
            for v in a {
                to_msgpack(v, out);
            }
        }
        Value::Object(m) => {
            let n = m.len();
            if n <= 15 {
                out.push(0x80 | n as u8);
            } else if n <= 0xffff {
                out.push(0xde);
                out.extend_from_slice(&(n as u16).to_be_bytes());
            } else {
                out.push(0xdf);
                out.extend_from_slice(&(n as u32).to_be_bytes());
            }
            let mut entries: Vec<_> = m.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            for (k, v) in entries {
                to_msgpack(&Value::String(k.clone()), out);
                to_msgpack(v, out);
            }
        }
    }
}

fn put_uint(out: &mut Vec<u8>, u: u64) {
    if u < 128 {
        out.push(u as u8);
    } else if u <= 0xff {
        out.extend_from_slice(&[0xcc, u as u8]);
    } else if u <= 0xffff {
        out.push(0xcd);
        out.extend_from_slice(&(u as u16).to_be_bytes());
    } else if u <= 0xffff_ffff {
        out.push(0xce);
        out.extend_from_slice(&(u as u32).to_be_bytes());
    } else {
        out.push(0xcf);
        out.extend_from_slice(&u.to_be_bytes());
    }
}

fn put_int(out: &mut Vec<u8>, i: i64) {
    if i >= 0 {
        put_uint(out, i as u64);
    } else if i >= -32 {
        out.push(i as i8 as u8);
    } else if i >= i64::from(i8::MIN) {
        out.extend_from_slice(&[0xd0, i as i8 as u8]);
    } else if i >= i64::from(i16::MIN) {
        out.push(0xd1);
        out.extend_from_slice(&(i as i16).to_be_bytes());
    } else if i >= i64::from(i32::MIN) {
        out.push(0xd2);
        out.extend_from_slice(&(i as i32).to_be_bytes());
    } else {
        out.push(0xd3);
        out.extend_from_slice(&i.to_be_bytes());
    }
}

/// Decodes MessagePack into JSON (maps' keys must be strings): for clients and tests.
pub fn from_msgpack(bytes: &[u8]) -> Option<serde_json::Value> {
    let mut pos = 0;
    let v = decode(bytes, &mut pos, 0)?;
    (pos == bytes.len()).then_some(v)
}

fn take<'a>(b: &'a [u8], pos: &mut usize, n: usize) -> Option<&'a [u8]> {
    let s = b.get(*pos..pos.checked_add(n)?)?;
    *pos += n;
    Some(s)
}

fn be(b: &[u8]) -> u64 {
    b.iter().fold(0, |a, &x| (a << 8) | u64::from(x))
}

fn decode(b: &[u8], pos: &mut usize, depth: usize) -> Option<serde_json::Value> {
    use serde_json::Value;
    if depth > 64 {
        return None;
    }
    let t = *take(b, pos, 1)?.first()?;
    let len = |pos: &mut usize, n: usize| take(b, pos, n).map(|x| be(x) as usize);
    let str_of = |pos: &mut usize, n: usize| {
        take(b, pos, n).and_then(|s| core::str::from_utf8(s).ok()).map(|s| Value::String(s.into()))
    };
    Some(match t {
        0x00..=0x7f => Value::from(t),
        0x80..=0x8f => map(b, pos, usize::from(t & 0x0f), depth)?,
        0x90..=0x9f => array(b, pos, usize::from(t & 0x0f), depth)?,
        0xa0..=0xbf => str_of(pos, usize::from(t & 0x1f))?,
        0xc0 => Value::Null,
        0xc2 => Value::Bool(false),
        0xc3 => Value::Bool(true),
        0xca => Value::from(f64::from(f32::from_bits(be(take(b, pos, 4)?) as u32))),
        0xcb => Value::from(f64::from_bits(be(take(b, pos, 8)?))),
        0xcc => Value::from(be(take(b, pos, 1)?)),
        0xcd => Value::from(be(take(b, pos, 2)?)),
        0xce => Value::from(be(take(b, pos, 4)?)),
        0xcf => Value::from(be(take(b, pos, 8)?)),
        0xd0 => Value::from(be(take(b, pos, 1)?) as u8 as i8),
        0xd1 => Value::from(be(take(b, pos, 2)?) as u16 as i16),
        0xd2 => Value::from(be(take(b, pos, 4)?) as u32 as i32),
        0xd3 => Value::from(be(take(b, pos, 8)?) as i64),
        0xd9 => {
            let n = len(pos, 1)?;
            str_of(pos, n)?
        }
        0xda => {
            let n = len(pos, 2)?;
            str_of(pos, n)?
        }
        0xdb => {
            let n = len(pos, 4)?;
            str_of(pos, n)?
        }
        0xdc => {
            let n = len(pos, 2)?;
            array(b, pos, n, depth)?
        }
        0xdd => {
            let n = len(pos, 4)?;
            array(b, pos, n, depth)?
        }
        0xde => {
            let n = len(pos, 2)?;
            map(b, pos, n, depth)?
        }
        0xdf => {
            let n = len(pos, 4)?;
            map(b, pos, n, depth)?
        }
        0xe0..=0xff => Value::from(t as i8),
        _ => return None,
    })
}

fn array(b: &[u8], pos: &mut usize, n: usize, depth: usize) -> Option<serde_json::Value> {
    let mut v = Vec::with_capacity(n.min(1024));
    for _ in 0..n {
        v.push(decode(b, pos, depth + 1)?);
    }
    Some(serde_json::Value::Array(v))
}

fn map(b: &[u8], pos: &mut usize, n: usize, depth: usize) -> Option<serde_json::Value> {
    let mut m = serde_json::Map::new();
    for _ in 0..n {
        let serde_json::Value::String(k) = decode(b, pos, depth + 1)? else { return None };
        let v = decode(b, pos, depth + 1)?;
        m.insert(k, v);
    }
    Some(serde_json::Value::Object(m))
}
