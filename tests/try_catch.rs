//! `try_catch` (BehaviorTree.CPP's `TryCatch`), tick by tick: the try block as a sequence, the
//! catch block started in the tick a child of the try block fails, `Failure` once it completes;
//! `catch_on_halt`, which runs the catch block within a halt of the try block. The keyword, the
//! XML element (with its attribute) and the loader build the same node.
mod support;

use bt::*;
use support::*;

#[test]
fn the_try_block_runs_as_a_sequence_and_the_catch_block_does_not_run() {
    let mut w = World::new();
    let mut t = tree(TryCatch::new((act("a", 0, S), act("b", 1, S), act("catch", 0, S))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S", "b>", "b=R"]), (S, &["b=S", "b<S"])]);
}

#[test]
fn a_failure_starts_the_catch_block_in_the_same_tick_and_fails_when_it_completes() {
    let mut w = World::new();
    let mut t = tree(TryCatch::new((act("a", 0, S), act("b", 0, F), act("c", 0, S), act("catch", 1, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S", "b>", "b=F", "b<F", "catch>", "catch=R"]),
            // Only the catch block is ticked while it runs; its success is the node's failure.
            (F, &["catch=S", "catch<S"]),
            // A fresh activation starts at the try block.
            (R, &["a>", "a=S", "a<S", "b>", "b=F", "b<F", "catch>", "catch=R"]),
        ],
    );
}

#[test]
fn a_halt_halts_the_running_child_without_the_flag() {
    let mut w = World::new();
    let mut t = tree(TryCatch::new((forever("a"), act("catch", 0, S))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
}

#[test]
fn catch_on_halt_runs_the_catch_block_within_the_halt() {
    let mut w = World::new();
    let mut t = tree(TryCatch::with_catch_on_halt(true, (forever("a"), act("catch", 0, S))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H", "catch>", "catch=S", "catch<S"]);
    // A catch block that runs on is halted: the tree is idle after the halt.
    let mut t = tree(TryCatch::with_catch_on_halt(true, (forever("a"), forever("catch"))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H", "catch>", "catch=R", "catch<H"]);
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]);
}

#[test]
fn catch_on_halt_does_not_run_the_catch_block_again_when_it_is_running() {
    let mut w = World::new();
    let mut t = tree(TryCatch::with_catch_on_halt(true, (act("a", 0, F), forever("catch"))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=F", "a<F", "catch>", "catch=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["catch<H"]);
}

#[derive(Default)]
struct Steps {
    log: Vec<&'static str>,
}

#[derive(bt::ports::Ports)]
struct Work;
#[derive(bt::ports::Ports)]
struct Cleanup;

impl Action<Steps> for Work {
    fn execute(&mut self, s: &mut Steps) -> Status {
        s.log.push("work");
        Status::Running
    }
}

impl Action<Steps> for Cleanup {
    fn execute(&mut self, s: &mut Steps) -> Status {
        s.log.push("cleanup");
        Status::Success
    }
}

const XML: &str = r#"<root BTCPP_format="4"><BehaviorTree ID="T">
    <TryCatch catch_on_halt="true"><Work/><Cleanup/></TryCatch>
</BehaviorTree></root>"#;

#[test]
fn the_keyword_the_xml_element_and_the_loader_build_the_same_node() {
    let mut keyword = bt! { Steps => try_catch(catch_on_halt = true)<Work, Cleanup> };
    let mut xml = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
    <TryCatch catch_on_halt="true"><Work/><Cleanup/></TryCatch>
</BehaviorTree></root>"#,
        ctx = Steps
    );
    let registry = bt::load::Registry::<Steps>::new().action::<Work>("Work").action::<Cleanup>("Cleanup");
    let mut loaded = registry.load_str("t.xml", XML).expect("loads");
    let mut logs = Vec::new();
    for run in [
        &mut |s: &mut Steps| (keyword.tick(s), keyword.halt(s)).0,
        &mut |s: &mut Steps| (xml.tick(s), xml.halt(s)).0,
        &mut |s: &mut Steps| (loaded.tick(s), loaded.halt(s)).0,
    ] as [&mut dyn FnMut(&mut Steps) -> Status; 3]
    {
        let mut s = Steps::default();
        assert_eq!(run(&mut s), Status::Running);
        logs.push(s.log);
    }
    assert_eq!(logs, [["work", "cleanup"]; 3]);
    assert_eq!(keyword.description().node(0).map(|n| n.kind), Some("try_catch"));
    // Without the flag, the keyword does not run the catch block on a halt.
    let mut plain = bt! { Steps => try_catch<Work, Cleanup> };
    let mut s = Steps::default();
    assert_eq!(plain.tick(&mut s), Status::Running);
    plain.halt(&mut s);
    assert_eq!(s.log, ["work"]);
    assert_eq!(xml.description().node(0).map(|n| n.kind), Some("try_catch"));
    assert!(xml.description().btcpp_xml().to_string().contains(r#"<TryCatch catch_on_halt="true">"#));
}

#[test]
fn the_loader_refuses_a_try_catch_with_one_child_or_a_wrong_flag() {
    let registry = bt::load::Registry::<Steps>::new().action::<Work>("Work");
    let one =
        r#"<root BTCPP_format="4"><BehaviorTree ID="T"><TryCatch><Work/></TryCatch></BehaviorTree></root>"#;
    let Err(err) = registry.load_str("t.xml", one) else { panic!("refused") };
    let err = err.to_string();
    assert!(err.contains("TryCatch"), "{err}");
    let flag = XML.replace(r#"catch_on_halt="true""#, r#"catch_on_halt="{on_halt}""#);
    let registry = registry.action::<Cleanup>("Cleanup");
    let Err(err) = registry.load_str("t.xml", &flag) else { panic!("refused") };
    let err = err.to_string();
    assert!(err.contains("`catch_on_halt=\"{on_halt}\"` must be `true` or `false`"), "{err}");
}
