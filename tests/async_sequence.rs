//! `async_sequence` (BehaviorTree.CPP's `AsyncSequence`), tick by tick: it returns `Running` after
//! a child that succeeded in the tick it started, goes on in the same tick after a child that was
//! running, restarts after a failure or a halt; under a `reactive_sequence`, the conditions are
//! checked between its steps. The XML element and its rule under a `ReactiveSequence` are checked
//! through `bt_xml!` and `bt::load`.
mod support;

use bt::*;
use support::*;

#[test]
fn yields_after_each_child_that_succeeded_at_once() {
    let mut w = World::new();
    let mut t = tree(AsyncSequence::new((act("a", 0, S), act("b", 0, S), act("c", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S"]),
            (R, &["b>", "b=S", "b<S"]),
            (S, &["c>", "c=S", "c<S"]),
            // A completed sequence starts a fresh activation.
            (R, &["a>", "a=S", "a<S"]),
        ],
    );
}

#[test]
fn goes_on_in_the_same_tick_after_a_child_that_was_running() {
    let mut w = World::new();
    let mut t = tree(AsyncSequence::new((act("a", 1, S), act("b", 0, S), act("c", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[(R, &["a>", "a=R"]), (R, &["a=S", "a<S", "b>", "b=S", "b<S"]), (S, &["c>", "c=S", "c<S"])],
    );
}

#[test]
fn a_failure_restarts_from_the_first_child() {
    let mut w = World::new();
    let mut t = tree(AsyncSequence::new((act("a", 0, S), act("b", 0, F), act("c", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[(R, &["a>", "a=S", "a<S"]), (F, &["b>", "b=F", "b<F"]), (R, &["a>", "a=S", "a<S"])],
    );
}

#[test]
fn a_halt_after_a_yield_restarts_from_the_first_child() {
    let mut w = World::new();
    let mut t = tree(AsyncSequence::new((act("a", 0, S), act("b", 0, S))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S"])]);
    // No child runs: nothing to halt below it.
    assert!(halt(&mut t, &mut w).is_empty());
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S"]), (S, &["b>", "b=S", "b<S"])]);
}

#[test]
fn a_halt_halts_the_running_child() {
    let mut w = World::new();
    let mut t = tree(AsyncSequence::new((act("a", 0, S), forever("b"))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S"]), (R, &["b>", "b=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["b<H"]);
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S"])]);
}

#[test]
fn a_reactive_parent_checks_its_condition_between_the_steps() {
    let mut w = World::new();
    let mut t = tree(ReactiveSequence::new((
        check("c", &[true, false, true, true]),
        AsyncSequence::new((act("a", 0, S), act("b", 0, S))),
    )));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["c?T", "a>", "a=S", "a<S"]),
            // The condition turned false between `a` and `b`: `b` never starts.
            (F, &["c?F"]),
            (R, &["c?T", "a>", "a=S", "a<S"]),
            (S, &["c?T", "b>", "b=S", "b<S"]),
        ],
    );
}

#[test]
fn a_plain_sequence_runs_the_same_steps_in_one_tick() {
    let mut w = World::new();
    let mut t = tree(ReactiveSequence::new((
        check("c", &[true, false]),
        Sequence::new((act("a", 0, S), act("b", 0, S))),
    )));
    expect(&mut t, &mut w, &[(S, &["c?T", "a>", "a=S", "a<S", "b>", "b=S", "b<S"])]);
}

#[derive(Default)]
struct Steps {
    log: Vec<&'static str>,
}

struct StepA;
struct StepB;

impl Action<Steps> for StepA {
    fn execute(&mut self, s: &mut Steps) -> Status {
        s.log.push("a");
        Status::Success
    }
}

impl Action<Steps> for StepB {
    fn execute(&mut self, s: &mut Steps) -> Status {
        s.log.push("b");
        Status::Success
    }
}

#[test]
fn the_keyword_and_the_xml_element_build_the_same_node() {
    let mut keyword = bt! { Steps => async_sequence<StepA, StepB> };
    let mut xml = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T"><AsyncSequence><StepA/><StepB/></AsyncSequence></BehaviorTree></root>"#,
        ctx = Steps
    );
    let mut s = Steps::default();
    assert_eq!([keyword.tick(&mut s), keyword.tick(&mut s)], [Status::Running, Status::Success]);
    let mut x = Steps::default();
    assert_eq!([xml.tick(&mut x), xml.tick(&mut x)], [Status::Running, Status::Success]);
    assert_eq!((s.log, x.log), (vec!["a", "b"], vec!["a", "b"]));
    assert_eq!(keyword.description().node(0).map(|n| n.kind), Some("async_sequence"));
    assert_eq!(xml.description().node(0).map(|n| n.kind), Some("async_sequence"));
}

#[test]
fn the_loader_refuses_two_async_sequences_under_a_reactive_sequence() {
    let xml = r#"<root BTCPP_format="4"><BehaviorTree ID="T">
        <ReactiveSequence>
          <AsyncSequence><AlwaysSuccess/></AsyncSequence>
          <AsyncSequence><AlwaysSuccess/></AsyncSequence>
        </ReactiveSequence>
      </BehaviorTree></root>"#;
    let Err(err) = bt::load::Registry::<()>::new().load_str("t.xml", xml) else {
        panic!("the tree is refused")
    };
    let text = err.to_string();
    assert!(text.contains("t.xml:4:11"), "{text}");
    assert!(text.contains("cannot have more than one `AsyncSequence` child"), "{text}");
    // One is fine, and so are two under a plain `Sequence`.
    let one = xml.replacen("<AsyncSequence>", "<Sequence>", 1).replacen("</AsyncSequence>", "</Sequence>", 1);
    assert!(bt::load::Registry::<()>::new().load_str("t.xml", &one).is_ok());
}
