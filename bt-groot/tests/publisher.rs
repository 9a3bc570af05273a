//! bt's Groot2 publisher against a client written from the protocol (`bt::groot::client`), on
//! the loopback interface: every request type, breakpoints that pause the tick, replacements
//! before and after a node, recording, blackboards, and trees built at run time.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use bt::blackboard::{Blackboard, Key};
use bt::dynamic::{DynChildren, DynTree, boxed};
use bt::groot::client::{Client, Subscriber, is_error};
use bt::groot::protocol::{RequestType, from_msgpack};
use bt::groot::{Groot2Publisher, TreeModel};
use bt::{Sequence, Status, TreeDescription, action, bt};

struct Robot {
    tick: u64,
    bb: Blackboard,
    moves: u32,
}

fn robot() -> Robot {
    Robot { tick: 0, bb: Blackboard::new(), moves: 0 }
}

fn moving(r: &mut Robot) -> Status {
    r.moves += 1;
    if r.moves.is_multiple_of(3) { Status::Success } else { Status::Running }
}

/// A publisher on a free pair of ports.
fn publisher(desc: &TreeDescription) -> (Groot2Publisher, u16) {
    let base = 30000 + (std::process::id() % 500) as u16 * 40;
    for k in 0..200u16 {
        let port = base.wrapping_add(k * 2);
        if let Ok(p) = Groot2Publisher::new(desc, port) {
            return (p, port);
        }
    }
    panic!("no free ports for the publisher");
}

fn text(frame: &[u8]) -> String {
    String::from_utf8_lossy(frame).into_owned()
}

fn hook(uid: u16, mode: u8, position: u8, once: bool, status: &str) -> String {
    format!(
        r#"{{"enabled":true,"uid":{uid},"mode":{mode},"once":{once},"desired_status":"{status}","position":{position}}}"#
    )
}

/// The status byte of `uid` in a `STATUS` reply.
fn status_of(reply: &[u8], uid: u16) -> u8 {
    reply
        .chunks(3)
        .find(|c| u16::from_le_bytes([c[0], c[1]]) == uid)
        .map(|c| c[2])
        .expect("uid in the buffer")
}

#[test]
fn every_request_type_is_answered() {
    let mut tree = bt! {
        Robot => sequence<{ |r: &Robot| r.tick > 0 }, { |r: &mut Robot| moving(r) }>
    };
    let (mut groot, port) = publisher(tree.description());
    let mut client = Client::connect(port).unwrap();
    let mut r = robot();
    r.bb.set(Key::new("goal"), String::from("kitchen"));
    r.bb.set(Key::new("speed"), 1.5f64);
    groot.serve_blackboard(&r.bb, Duration::ZERO);

    let tree_reply = client.request(RequestType::FullTree, None).unwrap();
    assert_eq!(tree_reply.len(), 2);
    assert_eq!(tree_reply[0].len(), 22);
    let xml = text(&tree_reply[1]);
    assert_eq!(xml, TreeModel::new(tree.description()).xml());
    assert!(xml.contains(r#"<Sequence name="Sequence" _uid="1">"#), "{xml}");

    let start = client.request(RequestType::ToggleRecording, Some(b"start")).unwrap();
    assert!(text(&start[1]).parse::<u64>().is_ok());
    r.tick = 1;
    assert_eq!(tree.tick_with(&mut r, &mut groot), Status::Running);
    let status = client.request(RequestType::StatusBuffer, None).unwrap();
    assert_eq!(status[1].len(), 3 * 3);
    assert_eq!([1, 2, 3].map(|uid| status_of(&status[1], uid)), [1, 2, 1]); // running, success, running
    r.tick = 2;
    let _ = tree.tick_with(&mut r, &mut groot);
    r.tick = 3;
    assert_eq!(tree.tick_with(&mut r, &mut groot), Status::Success);
    let status = client.request(RequestType::StatusBuffer, None).unwrap();
    // All idle after the sequence completed, each remembering how it ended (10 + status).
    assert_eq!([1, 2, 3].map(|uid| status_of(&status[1], uid)), [12, 12, 12]);
    let transitions = client.request(RequestType::GetTransitions, None).unwrap();
    let got: Vec<(u16, u8)> =
        transitions[1].chunks(9).map(|c| (u16::from_le_bytes([c[6], c[7]]), c[8])).collect();
    assert_eq!(got, [(1, 1), (2, 2), (3, 1), (3, 2), (2, 0), (3, 0), (1, 2), (1, 0)]);
    assert!(client.request(RequestType::GetTransitions, None).unwrap()[1].is_empty());
    client.request(RequestType::ToggleRecording, Some(b"stop")).unwrap();

    let bb = client.request(RequestType::Blackboards, Some(b"MainTree;Other")).unwrap();
    assert_eq!(
        from_msgpack(&bb[1]).unwrap(),
        serde_json::json!({"MainTree": {"goal": "kitchen", "speed": 1.5}})
    );

    client.request(RequestType::HookInsert, Some(hook(3, 1, 0, false, "FAILURE").as_bytes())).unwrap();
    let dump = client.request(RequestType::HooksDump, None).unwrap();
    assert_eq!(
        text(&dump[1]),
        r#"[{"desired_status":"FAILURE","enabled":true,"mode":1,"once":false,"position":0,"uid":3}]"#
    );
    client.request(RequestType::DisableAllHooks, None).unwrap();
    assert!(text(&client.request(RequestType::HooksDump, None).unwrap()[1]).contains(r#""enabled":false"#));
    client.request(RequestType::HookRemove, Some(br#"{"uid":3,"position":0}"#)).unwrap();
    client.request(RequestType::RemoveAllHooks, None).unwrap();
    assert_eq!(text(&client.request(RequestType::HooksDump, None).unwrap()[1]), "[]");

    let errors = [
        (RequestType::HookRemove, Some(&br#"{"uid":3,"position":0}"#[..]), "Node ID not found"),
        (
            RequestType::BreakpointUnlock,
            Some(br#"{"uid":3,"position":0,"desired_status":"SUCCESS","remove_when_done":true}"#),
            "Node ID not found",
        ),
        (
            RequestType::HookInsert,
            Some(br#"{"enabled":true}"#),
            "[json.exception.out_of_range.403] key 'uid' not found",
        ),
        (RequestType::Blackboards, None, "must be 2 parts message"),
        (RequestType::BreakpointReached, None, "Request not recognized"),
    ];
    for (kind, payload, message) in errors {
        let reply = client.request(kind, payload).unwrap();
        assert!(is_error(&reply), "{kind:?}");
        assert_eq!(text(&reply[1]), message);
    }
    let reply = client.raw(&[b"\x02T"]).unwrap();
    assert_eq!((text(&reply[0]), text(&reply[1])), ("error".into(), "wrong request header".into()));
}

#[test]
fn a_breakpoint_pauses_the_tick_until_groot2_resumes_it() {
    let mut tree = bt! {
        Robot => sequence<{ |r: &Robot| r.tick > 0 }, { |r: &mut Robot| moving(r) }>
    };
    let (mut groot, port) = publisher(tree.description());
    let mut client = Client::connect(port).unwrap();
    let mut notes = Subscriber::connect(port).unwrap();
    thread::sleep(Duration::from_millis(200));
    // A breakpoint before the action (_uid 3), and a replacement after the condition (_uid 2).
    client.request(RequestType::HookInsert, Some(hook(3, 0, 0, false, "SKIPPED").as_bytes())).unwrap();
    let (done, results) = mpsc::channel();
    let ticking = thread::spawn(move || {
        let mut r = robot();
        r.tick = 1;
        done.send(tree.tick_with(&mut r, &mut groot)).unwrap();
        r.tick = 2;
        done.send(tree.tick_with(&mut r, &mut groot)).unwrap();
        (r.moves, groot)
    });
    let note = notes.next(Duration::from_secs(5)).expect("BREAKPOINT_REACHED");
    assert_eq!((note[0][1], text(&note[1])), (b'N', "3".to_string()));
    // Paused: the tick has not returned, and Groot2 sees the sequence running.
    thread::sleep(Duration::from_millis(100));
    assert!(results.try_recv().is_err());
    let status = client.request(RequestType::StatusBuffer, None).unwrap();
    assert_eq!([1, 2, 3].map(|uid| status_of(&status[1], uid)), [1, 2, 0]);
    // Resume, replacing the action's result with a failure, once.
    let unlock = br#"{"uid":3,"position":0,"desired_status":"FAILURE","remove_when_done":true}"#;
    client.request(RequestType::BreakpointUnlock, Some(unlock)).unwrap();
    assert_eq!(results.recv_timeout(Duration::from_secs(5)), Ok(Status::Failure));
    // The hook is gone: the next tick runs the action.
    assert_eq!(results.recv_timeout(Duration::from_secs(5)), Ok(Status::Running));
    let (moves, _groot) = ticking.join().unwrap();
    assert_eq!(moves, 1);
    assert_eq!(text(&client.request(RequestType::HooksDump, None).unwrap()[1]), "[]");
}

#[test]
fn hooks_after_a_node_replace_its_result_and_groot2_going_away_releases_a_breakpoint() {
    let mut tree = bt! {
        Robot => sequence<{ |r: &Robot| r.tick > 0 }, { |r: &mut Robot| moving(r) }>
    };
    let (mut groot, port) = publisher(tree.description());
    let mut client = Client::connect(port).unwrap();
    // After the action: success instead of running; the action is halted (its moves stay).
    client
        .request(RequestType::HookInsert, Some(format!("[{}]", hook(3, 1, 1, false, "SUCCESS")).as_bytes()))
        .unwrap();
    let mut r = robot();
    r.tick = 1;
    assert_eq!(tree.tick_with(&mut r, &mut groot), Status::Success);
    assert_eq!(r.moves, 1);
    client.request(RequestType::HookRemove, Some(br#"{"uid":3,"position":1}"#)).unwrap();
    assert_eq!(tree.tick_with(&mut r, &mut groot), Status::Running);

    // A breakpoint, and Groot2 silent for longer than the heartbeat delay: the hook is disabled
    // and the tick goes on.
    groot.set_max_heartbeat_delay(Duration::from_millis(300));
    client.request(RequestType::HookInsert, Some(hook(1, 0, 0, false, "SKIPPED").as_bytes())).unwrap();
    let started = std::time::Instant::now();
    assert_eq!(tree.tick_with(&mut r, &mut groot), Status::Success);
    assert!(started.elapsed() >= Duration::from_millis(250));
    let dump = text(&client.request(RequestType::HooksDump, None).unwrap()[1]);
    assert!(dump.contains(r#""enabled":false"#), "{dump}");
}

#[test]
fn a_tree_built_at_run_time_is_served_with_its_description() {
    use bt::{NodeInfo, TreeDescription};
    const NODES: [NodeInfo; 3] = [
        NodeInfo::leaf("x", 0, 1, 1, None),
        NodeInfo::leaf("Ready", 1, 2, 1, None),
        NodeInfo::leaf("Move", 1, 3, 1, None),
    ];
    let mut infos = NODES;
    infos[0] = NodeInfo { kind: "sequence", label: "sequence", children: 2, ..NODES[0] };
    let infos: &'static [NodeInfo] = Box::leak(Box::new(infos));
    let desc: &'static TreeDescription = Box::leak(Box::new(TreeDescription::new("Dyn", "Robot", "", infos)));
    let children = DynChildren::new(vec![
        (boxed(action(|r: &mut Robot| if r.tick > 0 { Status::Success } else { Status::Failure })), 1),
        (boxed(action(moving)), 1),
    ]);
    let mut tree = DynTree::described(boxed(Sequence::new(children)), desc);
    let (mut groot, port) = publisher(tree.description());
    let mut client = Client::connect(port).unwrap();
    let xml = text(&client.request(RequestType::FullTree, None).unwrap()[1]);
    assert!(xml.contains(r#"<BehaviorTree ID="Dyn" _fullpath="">"#), "{xml}");
    assert!(xml.contains(r#"<Move name="Move" _uid="3"/>"#), "{xml}");
    client.request(RequestType::HookInsert, Some(hook(3, 1, 0, true, "FAILURE").as_bytes())).unwrap();
    let mut r = robot();
    r.tick = 1;
    assert_eq!(tree.tick_with(&mut r, &mut groot), Status::Failure);
    assert_eq!(r.moves, 0);
    assert_eq!(tree.tick_with(&mut r, &mut groot), Status::Running);
    let status = client.request(RequestType::StatusBuffer, None).unwrap();
    assert_eq!([1, 2, 3].map(|uid| status_of(&status[1], uid)), [1, 2, 1]);
}
