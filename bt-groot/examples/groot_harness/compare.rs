//! Comparing bt with BehaviorTree.CPP: two `.btlog` files, and two Groot2 publishers request by
//! request.

use std::time::Duration;

use bt::groot::client::{Client, Reply, Subscriber, is_error};
use bt::groot::protocol::{RequestType, from_msgpack};

/// A node of a Groot2 XML: its `_uid`, element, name, `_fullpath` (SubTree), parent's `_uid`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct XmlNode {
    uid: String,
    element: String,
    name: Option<String>,
    fullpath: Option<String>,
    parent: Option<String>,
    attributes: Vec<(String, String)>,
}

fn xml_nodes(xml: &str) -> Result<Vec<XmlNode>, String> {
    let doc = roxmltree::Document::parse(xml).map_err(|e| format!("unreadable XML: {e}"))?;
    let mut out = Vec::new();
    for e in doc.descendants().filter(|e| e.attribute("_uid").is_some()) {
        let parent = e.parent_element().and_then(|p| p.attribute("_uid")).map(str::to_string);
        // A subtree's root hangs under its SubTree node, found by `_fullpath`.
        let parent = parent.or_else(|| {
            let tree = e.parent_element().filter(|p| p.has_tag_name("BehaviorTree"))?;
            let path = tree.attribute("_fullpath").filter(|p| !p.is_empty())?;
            doc.descendants()
                .find(|s| s.has_tag_name("SubTree") && s.attribute("_fullpath") == Some(path))
                .and_then(|s| s.attribute("_uid"))
                .map(str::to_string)
        });
        let mut attributes: Vec<(String, String)> = e
            .attributes()
            .filter(|a| !matches!(a.name(), "_uid" | "name" | "_fullpath" | "ID"))
            .map(|a| (a.name().to_string(), a.value().to_string()))
            .collect();
        attributes.sort();
        out.push(XmlNode {
            uid: e.attribute("_uid").unwrap_or("").to_string(),
            element: e.tag_name().name().to_string(),
            name: e.attribute("name").map(str::to_string),
            fullpath: e.attribute("_fullpath").map(str::to_string),
            parent,
            attributes,
        });
    }
    out.sort_by_key(|n| n.uid.parse::<u32>().unwrap_or(0));
    Ok(out)
}

/// Compares two Groot2 XMLs: the same nodes (element, `_uid`, parent) or an error; differences in
/// names, `_fullpath`, attributes and bytes are reported.
fn compare_xml(what: &str, btcpp: &str, bt: &str) -> Result<(), String> {
    let (a, b) = (xml_nodes(btcpp)?, xml_nodes(bt)?);
    if a.len() != b.len() {
        return Err(format!("{what}: {} nodes in BehaviorTree.CPP's tree, {} in bt's", a.len(), b.len()));
    }
    let mut notes = Vec::new();
    for (x, y) in a.iter().zip(&b) {
        if (&x.uid, &x.element, &x.parent) != (&y.uid, &y.element, &y.parent) {
            return Err(format!("{what}: node differs: BehaviorTree.CPP {x:?}, bt {y:?}"));
        }
        if x.name != y.name || x.fullpath != y.fullpath || x.attributes != y.attributes {
            notes.push(format!("_uid {}: BehaviorTree.CPP {x:?}, bt {y:?}", x.uid));
        }
    }
    println!("{what}: same {} nodes (element, _uid, parent)", a.len());
    for n in &notes {
        println!("  differs: {n}");
    }
    if btcpp == bt {
        println!("  XML byte for byte equal");
    } else {
        let models = |x: &str| x.find("<TreeNodesModel").map_or(x.len(), |i| i);
        if btcpp[..models(btcpp)] == bt[..models(bt)] {
            println!(
                "  XML byte for byte equal up to <TreeNodesModel> ({} bytes); the models differ ({} bytes in BehaviorTree.CPP's, which lists its built-in nodes, {} in bt's)",
                models(bt),
                btcpp.len() - models(btcpp),
                bt.len() - models(bt)
            );
        } else {
            println!("  XML bytes differ ({} vs {} bytes)", btcpp.len(), bt.len());
        }
    }
    Ok(())
}

struct Btlog {
    head: Vec<u8>,
    xml: String,
    records: Vec<[u8; 9]>,
}

fn read_btlog(path: &str) -> Result<Btlog, String> {
    let data = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let bad = || format!("{path}: not a .btlog file");
    let head = data.get(..19).ok_or_else(bad)?.to_vec();
    let len = i32::from_le_bytes(data.get(19..23).ok_or_else(bad)?.try_into().map_err(|_| bad())?) as usize;
    let xml = String::from_utf8(data.get(23..23 + len).ok_or_else(bad)?.to_vec()).map_err(|_| bad())?;
    let rest = data.get(23 + len + 8..).ok_or_else(bad)?;
    if rest.len() % 9 != 0 {
        return Err(format!("{path}: {} bytes of transitions, not a multiple of 9", rest.len()));
    }
    let records = rest.chunks(9).map(|c| c.try_into().unwrap_or([0; 9])).collect();
    Ok(Btlog { head, xml, records })
}

fn record_text(r: &[u8; 9]) -> String {
    let uid = u16::from_le_bytes([r[6], r[7]]);
    let status = ["IDLE", "RUNNING", "SUCCESS", "FAILURE", "SKIPPED"].get(usize::from(r[8])).unwrap_or(&"?");
    format!("_uid {uid} -> {status}")
}

/// Compares the `.btlog` files `a` (BehaviorTree.CPP's) and `b` (bt's).
pub fn btlogs(a: &str, b: &str) -> Result<(), String> {
    let (x, y) = (read_btlog(a)?, read_btlog(b)?);
    if x.head != y.head {
        return Err(format!("headers differ: {:?} vs {:?}", x.head, y.head));
    }
    compare_xml("tree", &x.xml, &y.xml)?;
    let strip = |r: &[u8; 9]| r[6..].to_vec();
    for (i, (p, q)) in x.records.iter().zip(&y.records).enumerate() {
        if strip(p) != strip(q) {
            return Err(format!(
                "transition {} differs: BehaviorTree.CPP {}, bt {}",
                i + 1,
                record_text(p),
                record_text(q)
            ));
        }
    }
    if x.records.len() != y.records.len() {
        let extra = if x.records.len() > y.records.len() { &x.records } else { &y.records };
        return Err(format!(
            "{} transitions in BehaviorTree.CPP's log, {} in bt's; the first extra: {}",
            x.records.len(),
            y.records.len(),
            record_text(&extra[x.records.len().min(y.records.len())])
        ));
    }
    let monotonic = |r: &[[u8; 9]]| {
        let t = |r: &[u8; 9]| u64::from_le_bytes([r[0], r[1], r[2], r[3], r[4], r[5], 0, 0]);
        r.windows(2).all(|w| t(&w[0]) <= t(&w[1]))
    };
    if !monotonic(&y.records) {
        return Err("bt's transition times go back".into());
    }
    println!(
        "transitions: {} records, byte for byte equal but for their 6-byte times (header equal, start times differ)",
        x.records.len()
    );
    Ok(())
}

/// Both publishers: BehaviorTree.CPP's first.
struct Pair {
    clients: [Client; 2],
    subs: [Subscriber; 2],
    checked: Vec<&'static str>,
}

fn describe(r: &Reply) -> String {
    r.iter().map(|f| format!("{} bytes", f.len())).collect::<Vec<_>>().join(", ")
}

impl Pair {
    /// Sends the request to both; returns both replies, having checked that both are errors or
    /// both are replies with the same frame count and header (the tree id aside).
    fn ask(&mut self, kind: RequestType, payload: Option<&[u8]>) -> Result<[Reply; 2], String> {
        let a = self.clients[0].request(kind, payload).map_err(|e| format!("BehaviorTree.CPP: {e}"))?;
        let b = self.clients[1].request(kind, payload).map_err(|e| format!("bt: {e}"))?;
        let what = format!("{} {:?}", kind.name(), payload.map(String::from_utf8_lossy));
        if is_error(&a) != is_error(&b) || a.len() != b.len() {
            return Err(format!(
                "{what}: BehaviorTree.CPP replied [{}], bt [{}]",
                describe(&a),
                describe(&b)
            ));
        }
        if !is_error(&a) && a[0].len() != b[0].len() {
            return Err(format!("{what}: reply headers of {} and {} bytes", a[0].len(), b[0].len()));
        }
        if !self.checked.contains(&kind.name()) {
            self.checked.push(kind.name());
        }
        Ok([a, b])
    }

    fn same(&mut self, kind: RequestType, payload: Option<&[u8]>) -> Result<[Reply; 2], String> {
        let r = self.ask(kind, payload)?;
        if r[0][1..] != r[1][1..] {
            return Err(format!(
                "{} {:?}: BehaviorTree.CPP replied {:?}, bt {:?}",
                kind.name(),
                payload.map(String::from_utf8_lossy),
                r[0][1..].iter().map(|f| String::from_utf8_lossy(f)).collect::<Vec<_>>(),
                r[1][1..].iter().map(|f| String::from_utf8_lossy(f)).collect::<Vec<_>>()
            ));
        }
        Ok(r)
    }

    fn error_like(&mut self, kind: RequestType, payload: Option<&[u8]>) -> Result<(), String> {
        let r = self.ask(kind, payload)?;
        if !is_error(&r[0]) {
            return Err(format!("{}: expected an error from both", kind.name()));
        }
        let (a, b) = (String::from_utf8_lossy(&r[0][1]), String::from_utf8_lossy(&r[1][1]));
        if a == b {
            println!("  {} {:?}: both `error`, `{a}`", kind.name(), payload.map(String::from_utf8_lossy));
        } else {
            println!(
                "  {} {:?}: both `error`; messages differ: `{a}` / `{b}`",
                kind.name(),
                payload.map(String::from_utf8_lossy)
            );
        }
        Ok(())
    }

    /// Waits for both to publish `BREAKPOINT_REACHED` for `uid`; the notifications before it (of
    /// replacement hooks) must be the same on both.
    fn reached(&mut self, uid: u16) -> Result<(), String> {
        let mut seen: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        for ((sub, who), seen) in self.subs.iter_mut().zip(["BehaviorTree.CPP", "bt"]).zip(&mut seen) {
            loop {
                let n = sub
                    .next(Duration::from_secs(5))
                    .ok_or_else(|| format!("{who}: no BREAKPOINT_REACHED for _uid {uid}"))?;
                let ok = n.len() == 2 && n[0].len() == 6 && n[0][0] == 2 && n[0][1] == b'N';
                if !ok {
                    return Err(format!("{who}: unexpected notification {n:?}"));
                }
                let at = String::from_utf8_lossy(&n[1]).into_owned();
                let done = at == uid.to_string();
                seen.push(at);
                if done {
                    break;
                }
            }
        }
        if seen[0] != seen[1] {
            return Err(format!(
                "breakpoint_reached: BehaviorTree.CPP published {:?}, bt {:?}",
                seen[0], seen[1]
            ));
        }
        if !self.checked.contains(&"breakpoint_reached") {
            self.checked.push("breakpoint_reached");
        }
        Ok(())
    }
}

fn hook(uid: u16, mode: u8, position: u8, once: bool, status: &str) -> String {
    format!(
        r#"{{"enabled":true,"uid":{uid},"mode":{mode},"once":{once},"desired_status":"{status}","position":{position}}}"#
    )
}

fn unlock(uid: u16, status: &str) -> String {
    format!(r#"{{"uid":{uid},"position":0,"desired_status":"{status}","remove_when_done":false}}"#)
}

/// A hooks dump, its hooks ordered by position and `_uid` (BehaviorTree.CPP lists them in its hash
/// map's order).
fn hooks(r: &Reply) -> Option<Vec<serde_json::Value>> {
    let mut v: Vec<serde_json::Value> =
        serde_json::from_slice::<serde_json::Value>(r.get(1)?).ok()?.as_array()?.clone();
    v.sort_by_key(|h| (h["position"].as_u64(), h["uid"].as_u64()));
    Some(v)
}

fn transitions(r: &[u8]) -> Vec<(u16, u8)> {
    r.chunks(9).map(|c| (u16::from_le_bytes([c[6], c[7]]), c[8])).collect()
}

/// The protocol comparison: both publishers serve the same tree with the same script, paused
/// before their first tick (`--delay`); the client puts a breakpoint on the root and steps both
/// tick by tick, comparing every reply.
pub fn run(btcpp: u16, bt: u16, ticks: u64) -> Result<(), String> {
    let connect = |p| Client::connect(p).map_err(|e| format!("port {p}: {e}"));
    let subscribe = |p| Subscriber::connect(p).map_err(|e| format!("port {p}: {e}"));
    let mut pair = Pair {
        clients: [connect(btcpp)?, connect(bt)?],
        subs: [subscribe(btcpp)?, subscribe(bt)?],
        checked: Vec::new(),
    };
    std::thread::sleep(Duration::from_millis(200)); // subscriptions travel before the first message

    let [a, b] = pair.ask(RequestType::FullTree, None)?;
    let (xa, xb) = (String::from_utf8_lossy(&a[1]).into_owned(), String::from_utf8_lossy(&b[1]).into_owned());
    compare_xml("full_tree", &xa, &xb)?;
    let doc = roxmltree::Document::parse(&xb).map_err(|e| e.to_string())?;
    let main = doc
        .descendants()
        .find(|e| e.has_tag_name("BehaviorTree"))
        .and_then(|e| e.attribute("ID"))
        .unwrap_or("");
    let leaves: Vec<u16> = doc
        .descendants()
        .filter(|e| {
            e.attribute("_uid").is_some()
                && !e.children().any(|c| c.is_element())
                && !e.has_tag_name("SubTree")
        })
        .filter_map(|e| e.attribute("_uid")?.parse().ok())
        .collect();
    // A leaf other than the root, for hooks of its own (`None`: the tree is one leaf).
    let leaf = leaves.iter().copied().find(|&u| u != 1);

    println!("errors:");
    pair.error_like(RequestType::HookInsert, Some(b"{"))?;
    pair.error_like(RequestType::HookInsert, Some(br#"{"enabled":true}"#))?;
    pair.error_like(RequestType::HookInsert, None)?;
    pair.error_like(RequestType::BreakpointUnlock, Some(unlock(1, "SUCCESS").as_bytes()))?;
    pair.error_like(RequestType::HookRemove, Some(br#"{"uid":1,"position":0}"#))?;
    pair.error_like(RequestType::HookRemove, Some(br#"{"uid":999,"position":0}"#))?;
    pair.error_like(RequestType::BreakpointReached, None)?;
    pair.error_like(RequestType::ToggleRecording, None)?;
    pair.error_like(RequestType::Blackboards, None)?;
    let wrong = [2u8, b'S', 0, 0];
    let r = [pair.clients[0].raw(&[&wrong]), pair.clients[1].raw(&[&wrong])];
    match r {
        [Ok(a), Ok(b)] if is_error(&a) && a == b => {
            println!("  a 4-byte header: both `error`, `{}`", String::from_utf8_lossy(&a[1]))
        }
        r => return Err(format!("a 4-byte header: {r:?}")),
    }

    // Stop both before the root's first tick.
    pair.same(RequestType::HookInsert, Some(hook(1, 0, 0, false, "SKIPPED").as_bytes()))?;
    pair.same(RequestType::HookInsert, Some(hook(999, 0, 0, false, "SKIPPED").as_bytes()))?;
    let [a, b] = pair.ask(RequestType::ToggleRecording, Some(b"start"))?;
    let stamp = |r: &Reply| String::from_utf8_lossy(&r[1]).parse::<u64>().is_ok();
    if !(stamp(&a) && stamp(&b)) {
        return Err("toggle_recording start: the second part is not a time in microseconds".into());
    }
    let mut total = 0;
    for t in 1..=ticks {
        pair.reached(1).map_err(|e| format!("before tick {t}: {e}"))?;
        let [st, _] = pair.same(RequestType::StatusBuffer, None)?;
        // The root's status (the first record is `_uid` 1): running or not.
        let root_running = st[1].get(2) == Some(&1);
        pair.same(RequestType::Blackboards, Some(main.as_bytes()))?;
        let r = pair.same(RequestType::Blackboards, Some(format!("{main};Nothing").as_bytes()))?;
        let dump = from_msgpack(&r[0][1]).ok_or("blackboard: not MessagePack")?;
        let [a, b] = pair.ask(RequestType::GetTransitions, None)?;
        if transitions(&a[1]) != transitions(&b[1]) {
            return Err(format!(
                "get_transitions before tick {t}: {:?} vs {:?}",
                transitions(&a[1]),
                transitions(&b[1])
            ));
        }
        total += a[1].len() / 9;
        let [a, b] = pair.ask(RequestType::HooksDump, None)?;
        if hooks(&a) != hooks(&b) || hooks(&a).is_none() {
            return Err(format!("hooks_dump: {:?} vs {:?}", hooks(&a), hooks(&b)));
        }
        if t == 1 {
            println!("blackboard {main:?}: {dump}");
        }
        // Now and then, hooks of every kind on a leaf.
        match (leaf, t % 6) {
            (None, _) => {}
            (Some(leaf), 2) => {
                pair.same(RequestType::HookInsert, Some(hook(leaf, 1, 0, true, "FAILURE").as_bytes()))?;
            }
            (Some(leaf), 3) => {
                pair.same(
                    RequestType::HookInsert,
                    Some(format!("[{}]", hook(leaf, 1, 1, false, "SUCCESS")).as_bytes()),
                )?;
            }
            (Some(leaf), 4) => {
                pair.same(
                    RequestType::HookRemove,
                    Some(format!(r#"{{"uid":{leaf},"position":1}}"#).as_bytes()),
                )?;
            }
            _ => {}
        }
        // Now and then the root's tick is replaced (only when idle: a running node whose tick is
        // replaced is halted in bt, left running in BehaviorTree.CPP).
        let status = if t.is_multiple_of(5) && !root_running { "SUCCESS" } else { "SKIPPED" };
        pair.same(RequestType::BreakpointUnlock, Some(unlock(1, status).as_bytes()))?;
    }
    pair.reached(1)?;
    pair.same(RequestType::StatusBuffer, None)?;
    pair.same(RequestType::ToggleRecording, Some(b"stop"))?;
    pair.same(RequestType::DisableAllHooks, None)?;
    let [a, b] = pair.ask(RequestType::HooksDump, None)?;
    if hooks(&a) != hooks(&b) {
        return Err(format!("hooks_dump after disable_hooks: {:?} vs {:?}", hooks(&a), hooks(&b)));
    }
    pair.same(RequestType::RemoveAllHooks, None)?;
    pair.same(RequestType::HooksDump, None)?;
    let [a, b] = pair.ask(RequestType::GetTransitions, None)?;
    if transitions(&a[1]) != transitions(&b[1]) {
        return Err(format!(
            "get_transitions at the end: {:?} vs {:?}",
            transitions(&a[1]),
            transitions(&b[1])
        ));
    }
    total += a[1].len() / 9;
    println!(
        "{ticks} ticks in lockstep: statuses, blackboards, {total} transitions (times aside), hook dumps equal"
    );
    let mut names: Vec<&str> = pair.checked.clone();
    names.sort_unstable();
    println!("request types compared: {} of {}: {}", names.len(), RequestType::ALL.len(), names.join(", "));
    if names.len() != RequestType::ALL.len() {
        return Err("not every request type was compared".into());
    }
    Ok(())
}
