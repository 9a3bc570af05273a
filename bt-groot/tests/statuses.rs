//! BehaviorTree.CPP's status changes, derived from bt's events, against a run of BehaviorTree.CPP
//! 4.10 itself: the `.btlog` writer live, and from a recording.

use bt::groot::{BtlogWriter, TreeModel};
use bt::record::{Recorder, Recording};
use bt::{Status, bt};

struct Ctx {
    tick: u64,
}

/// `Go`: running on ticks 1 and 2, failing from tick 3 on (the script `Go: R R F`).
fn go(c: &mut Ctx) -> Status {
    if c.tick <= 2 { Status::Running } else { Status::Failure }
}

fn sub() -> impl bt::Node<Ctx> {
    bt! { Ctx => invert({ |c: &mut Ctx| go(c) }) }
}

/// `btcpp_load --ticks 4 --leaf 'Go: R R F'` on that file (scripts/btcpp), its `change` lines as
/// (tick, node index, new status): BehaviorTree.CPP's index is bt's node id, its `_uid` is one more.
const BTCPP: &[(u64, usize, &str)] = &[
    (1, 0, "RUNNING"),
    (1, 1, "SUCCESS"),
    (1, 2, "RUNNING"),
    (1, 3, "RUNNING"),
    (3, 3, "FAILURE"),
    (3, 4, "SUCCESS"),
    (3, 3, "IDLE"),
    (3, 4, "IDLE"),
    (3, 2, "SUCCESS"),
    (3, 5, "RUNNING"),
    (3, 6, "RUNNING"),
    (3, 7, "FAILURE"),
    (3, 7, "IDLE"),
    (3, 6, "SUCCESS"),
    (3, 6, "IDLE"),
    (3, 5, "SUCCESS"),
    (3, 1, "IDLE"),
    (3, 2, "IDLE"),
    (3, 5, "IDLE"),
    (3, 0, "SUCCESS"),
    (3, 0, "IDLE"),
    (4, 0, "RUNNING"),
    (4, 1, "SUCCESS"),
    (4, 2, "RUNNING"),
    (4, 3, "FAILURE"),
    (4, 4, "SUCCESS"),
    (4, 3, "IDLE"),
    (4, 4, "IDLE"),
    (4, 2, "SUCCESS"),
    (4, 5, "RUNNING"),
    (4, 6, "RUNNING"),
    (4, 7, "FAILURE"),
    (4, 7, "IDLE"),
    (4, 6, "SUCCESS"),
    (4, 6, "IDLE"),
    (4, 5, "SUCCESS"),
    (4, 1, "IDLE"),
    (4, 2, "IDLE"),
    (4, 5, "IDLE"),
    (4, 0, "SUCCESS"),
    (4, 0, "IDLE"),
];

/// The transitions of a `.btlog` file: (uid, status name) per record.
fn records(bytes: &[u8]) -> Vec<(u16, &'static str)> {
    assert!(bytes.starts_with(b"BTCPP4-FileLogger2\x01"));
    let len = i32::from_le_bytes(bytes[19..23].try_into().unwrap()) as usize;
    let rest = &bytes[23 + len + 8..];
    assert_eq!(rest.len() % 9, 0);
    rest.chunks(9)
        .map(|r| {
            let status = ["IDLE", "RUNNING", "SUCCESS", "FAILURE"][usize::from(r[8])];
            (u16::from_le_bytes([r[6], r[7]]), status)
        })
        .collect()
}

/// The tree of
///
/// ```xml
/// <BehaviorTree ID="Main">
///   <Sequence>
///     <Check/>
///     <Fallback name="fb"><Go goal="{g}"/><AlwaysSuccess/></Fallback>
///     <SubTree ID="Sub"/>
///   </Sequence>
/// </BehaviorTree>
/// <BehaviorTree ID="Sub"><Inverter><Go goal="3"/></Inverter></BehaviorTree>
/// ```
///
/// written with `bt!`, an embedded tree for the subtree, ticked 4 times.
#[test]
fn a_btlog_holds_behaviortree_cpps_transitions() {
    let mut t = bt! {
        Ctx => sequence<
            { |_: &Ctx| true },
            selector<{ |c: &mut Ctx| go(c) }, always_success>,
            { sub() },
        >
    };
    let model = TreeModel::new(t.description());
    let ids: Vec<&str> = model.nodes().iter().map(|n| n.id.as_str()).collect();
    assert_eq!(ids[..3], ["Sequence", "ConditionClosure", "Fallback"]);
    assert_eq!(model.nodes()[5].id, "SubTree");
    assert_eq!(model.nodes()[6].id, "Inverter");
    assert!(model.xml().contains(r#"_fullpath="sub::6" _uid="6""#), "{}", model.xml());

    let mut log = BtlogWriter::new(Vec::new(), t.description()).unwrap();
    let mut recorder = Recorder::new(Vec::new(), t.description()).unwrap();
    let mut ctx = Ctx { tick: 0 };
    for tick in 1..=4 {
        ctx.tick = tick;
        let _ = t.tick_with(&mut ctx, &mut (&mut log, &mut recorder));
    }
    let live = log.finish().unwrap();
    let expected: Vec<(u16, &str)> = BTCPP.iter().map(|&(_, index, s)| (index as u16 + 1, s)).collect();
    let got = records(&live);
    assert_eq!(got, expected);

    // The same run replayed from its recording gives the same transitions.
    let recording = Recording::read(&recorder.finish().unwrap()[..]).unwrap();
    let mut replayed = BtlogWriter::new(Vec::new(), t.description()).unwrap().replaying();
    recording.replay(&mut replayed);
    assert_eq!(records(&replayed.finish().unwrap()), got);
}
