//! `gtest_sequence.cpp`, `gtest_fallback.cpp`, `gtest_reactive.cpp`.

use bt::{Status, bt_xml};

use crate::support::*;
use crate::{Case, Verdict};

const RUNNING: Status = Status::Running;
const SUCCESS: Status = Status::Success;
const FAILURE: Status = Status::Failure;

macro_rules! simple_sequence {
    () => {
        bt_xml!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T">
                <Sequence><Condition1/><Action1/></Sequence>
            </BehaviorTree></root>"#,
            ctx = W
        )
    };
}

fn simple_sequence_condition_true() {
    let (mut t, mut w) = (simple_sequence!(), W::default());
    assert_eq!(t.tick(&mut w), RUNNING);
    assert!(w.running[0]);
}

fn simple_sequence_condition_turn_to_false() {
    let (mut t, mut w) = (simple_sequence!(), W::default());
    w.cond[0] = false;
    let _ = t.tick(&mut w);
    assert_eq!(t.tick(&mut w), FAILURE);
    assert!(!w.running[0]);
    assert_eq!(w.act_ticks[0], 0);
}

macro_rules! complex_sequence {
    () => {
        bt_xml!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T">
                <ReactiveSequence>
                    <Sequence><Condition1/><Condition2/></Sequence>
                    <Action1/>
                </ReactiveSequence>
            </BehaviorTree></root>"#,
            ctx = W
        )
    };
}

fn complex_sequence_conditions_true() {
    let (mut t, mut w) = (complex_sequence!(), W::default());
    assert_eq!(t.tick(&mut w), RUNNING);
    assert!(w.running[0]);
}

fn complex_sequence_conditions_to_false(i: usize) {
    let (mut t, mut w) = (complex_sequence!(), W::default());
    let _ = t.tick(&mut w);
    w.cond[i] = false;
    assert_eq!(t.tick(&mut w), FAILURE);
    assert!(!w.running[0]);
    assert_eq!(w.halts[0], 1);
}

fn triple_action() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Sequence><Condition1/><Action1/><SyncAction1/><Action2/></Sequence>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    w.act_ms = [300, 300, 100, 100];
    let timeout = 600 + 20;
    let mut state = t.tick(&mut w);
    assert_eq!(state, RUNNING);
    assert!(w.running[0]);
    assert!(!w.running[1]);
    assert_eq!(w.sync_ticks[0], 0);
    while state != SUCCESS && w.ms() < timeout {
        w.sleep(1);
        state = t.tick(&mut w);
    }
    assert_eq!(state, SUCCESS);
    assert_eq!((w.cond_ticks[0], w.act_ticks[0], w.sync_ticks[0], w.act_ticks[1]), (1, 1, 1, 1));
    assert_eq!(w.running, [false; 4]);
    assert!(w.ms() < timeout);
}

fn complex_sequence_2_actions() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Sequence>
                <Sequence><Condition1/><Action1/></Sequence>
                <Sequence><Condition2/><Action2/></Sequence>
            </Sequence>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    let _ = t.tick(&mut w);
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_last[0], Some(true));
    assert!(w.running[0]);
    assert_eq!(w.cond_last[1], None);
    assert!(!w.running[1]);
    w.sleep(300);
    assert_eq!(t.tick(&mut w), RUNNING);
    assert!(!w.running[0]);
    assert_eq!(w.cond_last[1], Some(true));
    assert!(w.running[1]);
    let _ = t.tick(&mut w);
}

macro_rules! sequence_with_memory {
    () => {
        bt_xml!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T">
                <SequenceWithMemory><Condition1/><Action1/></SequenceWithMemory>
            </BehaviorTree></root>"#,
            ctx = W
        )
    };
}

fn simple_sequence_with_memory_condition_true() {
    let (mut t, mut w) = (sequence_with_memory!(), W::default());
    assert_eq!(t.tick(&mut w), RUNNING);
    w.sleep(50);
    assert_eq!(w.cond_last[0], Some(true));
    assert!(w.running[0]);
}

fn simple_sequence_with_memory_condition_turn_to_false() {
    let (mut t, mut w) = (sequence_with_memory!(), W::default());
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_last[0], Some(true));
    assert!(w.running[0]);
    w.cond[0] = false;
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_last[0], Some(true));
    assert!(w.running[0]);
}

macro_rules! complex_sequence_with_memory {
    () => {
        bt_xml!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T">
                <SequenceWithMemory>
                    <SequenceWithMemory><Condition1/><Condition2/></SequenceWithMemory>
                    <SequenceWithMemory><Action1/><Action2/></SequenceWithMemory>
                </SequenceWithMemory>
            </BehaviorTree></root>"#,
            ctx = W
        )
    };
}

fn complex_sequence_with_memory_conditions_true() {
    let (mut t, mut w) = (complex_sequence_with_memory!(), W::default());
    assert_eq!(t.tick(&mut w), RUNNING);
    assert!(w.running[0]);
    assert!(!w.running[1]);
}

fn complex_sequence_with_memory_conditions_1_to_false() {
    let (mut t, mut w) = (complex_sequence_with_memory!(), W::default());
    let _ = t.tick(&mut w);
    w.cond[0] = false;
    // The change does not matter: the conditions' sequence has completed.
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_ticks[0], 1);
    assert!(w.running[0]);
    assert!(!w.running[1]);
}

fn issue_636() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="MainTree">
                <SequenceWithMemory>
                    <Script code = " var := 0 " />
                    <TestA/>
                    <ScriptCondition code = "var+=1; var >= 5" />
                    <TestB/>
                    <TestC/>
                </SequenceWithMemory>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    let mut res = t.tick(&mut w);
    let mut tick_count = 1;
    while res != SUCCESS {
        res = t.tick(&mut w);
        tick_count += 1;
        assert!(tick_count < 100);
    }
    assert_eq!(w.counters[..3], [1, 1, 1]);
    assert_eq!(tick_count, 5);
}

macro_rules! simple_fallback {
    () => {
        bt_xml!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T">
                <Fallback><Condition1/><Action1/></Fallback>
            </BehaviorTree></root>"#,
            ctx = W
        )
    };
}

fn simple_fallback_condition_true() {
    let (mut t, mut w) = (simple_fallback!(), W::default());
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert!(!w.running[0]);
    assert_eq!(w.act_ticks[0], 0);
}

/// `ConditionChangeWhileRunning` and `SimpleFallbackWithMemoryTest.ConditionTurnToTrue`.
fn simple_fallback_condition_change_while_running() {
    let (mut t, mut w) = (simple_fallback!(), W::default());
    w.cond[0] = false;
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_last[0], Some(false));
    assert!(w.running[0]);
    w.cond[0] = true;
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_last[0], Some(false));
    assert!(w.running[0]);
}

fn simple_fallback_with_memory_condition_false() {
    let (mut t, mut w) = (simple_fallback!(), W::default());
    w.cond[0] = false;
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_last[0], Some(false));
    assert!(w.running[0]);
}

macro_rules! reactive_fallback {
    () => {
        bt_xml!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T">
                <ReactiveFallback><Condition1/><Condition2/><Action1/></ReactiveFallback>
            </BehaviorTree></root>"#,
            ctx = W
        )
    };
}

fn reactive_fallback_condition_to_true(i: usize) {
    let (mut t, mut w) = (reactive_fallback!(), W::default());
    w.cond = [false, false, true, true];
    assert_eq!(t.tick(&mut w), RUNNING);
    assert!(w.running[0]);
    w.cond[i] = true;
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert!(!w.running[0]);
    assert_eq!(w.halts[0], 1);
}

macro_rules! complex_fallback {
    () => {
        bt_xml!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T">
                <Fallback>
                    <Fallback><Condition1/><Condition2/></Fallback>
                    <Fallback><Action1/><Action2/></Fallback>
                </Fallback>
            </BehaviorTree></root>"#,
            ctx = W
        )
    };
}

fn complex_fallback_conditions_true() {
    let (mut t, mut w) = (complex_fallback!(), W::default());
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.running, [false; 4]);
    assert_eq!(w.act_ticks, [0; 4]);
}

fn complex_fallback_condition_1_false() {
    let (mut t, mut w) = (complex_fallback!(), W::default());
    w.cond[0] = false;
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.running, [false; 4]);
    assert_eq!(w.act_ticks, [0; 4]);
}

fn complex_fallback_conditions_false() {
    let (mut t, mut w) = (complex_fallback!(), W::default());
    w.cond = [false, false, true, true];
    assert_eq!(t.tick(&mut w), RUNNING);
    assert!(w.running[0]);
    assert!(!w.running[1]);
}

fn complex_fallback_conditions_to_true(i: usize) {
    let (mut t, mut w) = (complex_fallback!(), W::default());
    w.cond = [false, false, true, true];
    let _ = t.tick(&mut w);
    w.cond[i] = true;
    // Not reactive: the running action is resumed, the conditions are not ticked again.
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_ticks[..2], [1, 1]);
    assert!(w.running[0]);
    assert!(!w.running[1]);
}

fn complex_fallback_action_1_failed() {
    let (mut t, mut w) = (complex_fallback!(), W::default());
    w.act_ok[0] = false;
    w.act_ok[1] = true;
    w.cond = [false, false, true, true];
    let _ = t.tick(&mut w);
    let _ = t.tick(&mut w);
    w.sleep(500);
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.act_last[0], Some(false));
    assert!(!w.running[0]);
    assert!(w.running[1]);
}

fn issue_587() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" >
          <BehaviorTree ID="Example_A">
            <Sequence>
              <Script code="test := false"/>
              <ReactiveSequence>
                <RetryUntilSuccessful name="Retry 1" num_attempts="-1" _skipIf="test ">
                  <TestA name="Success 1" _onSuccess="test = true"/>
                </RetryUntilSuccessful>
                <RetryUntilSuccessful name="Retry 2" num_attempts="5">
                  <AlwaysFailure name="Failure 2"/>
                </RetryUntilSuccessful>
              </ReactiveSequence>
            </Sequence>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
    assert_eq!(w.counters[0], 1);
}

fn test_logging() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" >
          <BehaviorTree ID="Main">
            <ReactiveSequence>
              <TestA name="testA"/>
              <AlwaysSuccess name="success"/>
              <Sleep msec="100"/>
            </ReactiveSequence>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    // `tickWhileRunning` sleeps between ticks; here the clock moves 10 ms.
    assert_eq!(t.tick_until_done(&mut w, |w| w.sleep(10)), SUCCESS);
    assert!(w.counters[0] >= 5, "{}", w.counters[0]);
}

fn reactive_sequence_first_child_fails() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <ReactiveSequence><AlwaysFailure/><TestA/></ReactiveSequence>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
    assert_eq!(w.counters[0], 0);
}

fn reactive_sequence_halt_on_condition_change() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <ReactiveSequence><Condition1/><Action1/></ReactiveSequence>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    w.act_ms[0] = 1_000_000;
    assert_eq!(t.tick(&mut w), RUNNING);
    assert!(w.act_ticks[0] >= 1);
    assert_eq!(w.halts[0], 0);
    assert_eq!(t.tick(&mut w), RUNNING);
    w.cond[0] = false;
    assert_eq!(t.tick(&mut w), FAILURE);
    assert_eq!(w.halts[0], 1);
}

fn reactive_fallback_first_child_succeeds() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <ReactiveFallback><AlwaysSuccess/><TestA/></ReactiveFallback>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 0);
}

fn reactive_fallback_all_children_fail() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <ReactiveFallback><AlwaysFailure/><AlwaysFailure/><AlwaysFailure/></ReactiveFallback>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
}

fn reactive_fallback_second_child_succeeds() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <ReactiveFallback><AlwaysFailure/><TestA/></ReactiveFallback>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 1);
}

fn reactive_sequence_all_children_succeed() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <ReactiveSequence><TestA/><TestB/><TestC/></ReactiveSequence>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[..3], [1, 1, 1]);
}

fn reactive_sequence_re_evaluates_on_every_tick() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <ReactiveSequence><Condition1/><Sleep msec="50"/></ReactiveSequence>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |w| w.sleep(10)), SUCCESS);
    assert!(w.cond_ticks[0] >= 2);
}

/// The registry of `RegisterTestTick`'s actions, for the tree `bt_xml!` refuses to compile.
fn test_registry() -> bt::load::Registry<W> {
    bt::load::Registry::<W>::new()
        .action::<TestA>("TestA")
        .action::<TestB>("TestB")
        .action::<TestC>("TestC")
        .action::<TestD>("TestD")
        .action::<TestE>("TestE")
        .action::<TestF>("TestF")
}

fn running_children() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" >
      <BehaviorTree ID="MainTree">
        <ReactiveSequence>
          <Sequence name="first"><TestA/><TestB/><TestC/></Sequence>
          <AsyncSequence name="second"><TestD/><TestE/><TestF/></AsyncSequence>
        </ReactiveSequence>
      </BehaviorTree>
    </root>"#,
        ctx = W
    );
    let mut w = W::default();
    let mut count = 0;
    let mut status = RUNNING;
    while status == RUNNING && count < 100 {
        count += 1;
        status = t.tick(&mut w);
    }
    assert_eq!(status, SUCCESS);
    assert_eq!(w.counters, [3, 3, 3, 1, 1, 1]);
}

/// BehaviorTree.CPP refuses two asynchronous sequences under a `ReactiveSequence` when it creates
/// the tree; bt refuses it when it loads it (and `bt_xml!` at compile time), for that reason.
fn two_async_nodes_in_reactive_sequence() {
    let xml = r#"<root BTCPP_format="4" >
      <BehaviorTree ID="MainTree">
        <ReactiveSequence>
          <AsyncSequence name="first"><TestA/><TestB/><TestC/></AsyncSequence>
          <AsyncSequence name="second"><TestD/><TestE/><TestF/></AsyncSequence>
        </ReactiveSequence>
      </BehaviorTree>
    </root>"#;
    let Err(err) = test_registry().load_str("t.xml", xml) else { panic!("the tree is refused") };
    assert!(
        err.to_string().contains("more than one `AsyncSequence` child"),
        "refused for another reason: {err}"
    );
}

/// The cases of this file.
pub const CASES: &[Case] = &[
    Case {
        name: "gtest_sequence::SimpleSequenceTest.ConditionTrue",
        verdict: Verdict::Pass,
        run: simple_sequence_condition_true,
    },
    Case {
        name: "gtest_sequence::SimpleSequenceTest.ConditionTurnToFalse",
        verdict: Verdict::Pass,
        run: simple_sequence_condition_turn_to_false,
    },
    Case {
        name: "gtest_sequence::ComplexSequenceTest.ComplexSequenceConditionsTrue",
        verdict: Verdict::Pass,
        run: complex_sequence_conditions_true,
    },
    Case {
        name: "gtest_sequence::SequenceTripleActionTest.TripleAction",
        verdict: Verdict::Pass,
        run: triple_action,
    },
    Case {
        name: "gtest_sequence::ComplexSequence2ActionsTest.ConditionsTrue",
        verdict: Verdict::Pass,
        run: complex_sequence_2_actions,
    },
    Case {
        name: "gtest_sequence::ComplexSequenceTest.ComplexSequenceConditions1ToFalse",
        verdict: Verdict::Pass,
        run: || complex_sequence_conditions_to_false(0),
    },
    Case {
        name: "gtest_sequence::ComplexSequenceTest.ComplexSequenceConditions2ToFalse",
        verdict: Verdict::Pass,
        run: || complex_sequence_conditions_to_false(1),
    },
    Case {
        name: "gtest_sequence::SimpleSequenceWithMemoryTest.ConditionTrue",
        verdict: Verdict::Pass,
        run: simple_sequence_with_memory_condition_true,
    },
    Case {
        name: "gtest_sequence::SimpleSequenceWithMemoryTest.ConditionTurnToFalse",
        verdict: Verdict::Pass,
        run: simple_sequence_with_memory_condition_turn_to_false,
    },
    Case {
        name: "gtest_sequence::ComplexSequenceWithMemoryTest.ConditionsTrue",
        verdict: Verdict::Pass,
        run: complex_sequence_with_memory_conditions_true,
    },
    Case {
        name: "gtest_sequence::ComplexSequenceWithMemoryTest.Conditions1ToFalse",
        verdict: Verdict::Pass,
        run: complex_sequence_with_memory_conditions_1_to_false,
    },
    Case { name: "gtest_sequence::SequenceWithMemoryTest.Issue_636", verdict: Verdict::Pass, run: issue_636 },
    Case {
        name: "gtest_fallback::SimpleFallbackTest.ConditionTrue",
        verdict: Verdict::Pass,
        run: simple_fallback_condition_true,
    },
    Case {
        name: "gtest_fallback::SimpleFallbackTest.ConditionChangeWhileRunning",
        verdict: Verdict::Pass,
        run: simple_fallback_condition_change_while_running,
    },
    Case {
        name: "gtest_fallback::ReactiveFallbackTest.Condition1ToTrue",
        verdict: Verdict::Pass,
        run: || reactive_fallback_condition_to_true(0),
    },
    Case {
        name: "gtest_fallback::ReactiveFallbackTest.Condition2ToTrue",
        verdict: Verdict::Pass,
        run: || reactive_fallback_condition_to_true(1),
    },
    Case {
        name: "gtest_fallback::SimpleFallbackWithMemoryTest.ConditionFalse",
        verdict: Verdict::Pass,
        run: simple_fallback_with_memory_condition_false,
    },
    Case {
        name: "gtest_fallback::SimpleFallbackWithMemoryTest.ConditionTurnToTrue",
        verdict: Verdict::Pass,
        run: simple_fallback_condition_change_while_running,
    },
    Case {
        name: "gtest_fallback::ComplexFallbackWithMemoryTest.ConditionsTrue",
        verdict: Verdict::Pass,
        run: complex_fallback_conditions_true,
    },
    Case {
        name: "gtest_fallback::ComplexFallbackWithMemoryTest.Condition1False",
        verdict: Verdict::Pass,
        run: complex_fallback_condition_1_false,
    },
    Case {
        name: "gtest_fallback::ComplexFallbackWithMemoryTest.ConditionsFalse",
        verdict: Verdict::Pass,
        run: complex_fallback_conditions_false,
    },
    Case {
        name: "gtest_fallback::ComplexFallbackWithMemoryTest.Conditions1ToTrue",
        verdict: Verdict::Pass,
        run: || complex_fallback_conditions_to_true(0),
    },
    Case {
        name: "gtest_fallback::ComplexFallbackWithMemoryTest.Conditions2ToTrue",
        verdict: Verdict::Pass,
        run: || complex_fallback_conditions_to_true(1),
    },
    Case {
        name: "gtest_fallback::ComplexFallbackWithMemoryTest.Action1Failed",
        verdict: Verdict::Pass,
        run: complex_fallback_action_1_failed,
    },
    Case { name: "gtest_reactive::Reactive.RunningChildren", verdict: Verdict::Pass, run: running_children },
    Case { name: "gtest_reactive::Reactive.Issue587", verdict: Verdict::Pass, run: issue_587 },
    Case { name: "gtest_reactive::Reactive.TestLogging", verdict: Verdict::Pass, run: test_logging },
    Case {
        name: "gtest_reactive::Reactive.TwoAsyncNodesInReactiveSequence",
        verdict: Verdict::Pass,
        run: two_async_nodes_in_reactive_sequence,
    },
    Case {
        name: "gtest_reactive::Reactive.ReactiveSequence_FirstChildFails",
        verdict: Verdict::Pass,
        run: reactive_sequence_first_child_fails,
    },
    Case {
        name: "gtest_reactive::Reactive.ReactiveSequence_HaltOnConditionChange",
        verdict: Verdict::Pass,
        run: reactive_sequence_halt_on_condition_change,
    },
    Case {
        name: "gtest_reactive::Reactive.ReactiveFallback_FirstChildSucceeds",
        verdict: Verdict::Pass,
        run: reactive_fallback_first_child_succeeds,
    },
    Case {
        name: "gtest_reactive::Reactive.ReactiveFallback_AllChildrenFail",
        verdict: Verdict::Pass,
        run: reactive_fallback_all_children_fail,
    },
    Case {
        name: "gtest_reactive::Reactive.ReactiveFallback_SecondChildSucceeds",
        verdict: Verdict::Pass,
        run: reactive_fallback_second_child_succeeds,
    },
    Case {
        name: "gtest_reactive::Reactive.ReactiveSequence_AllChildrenSucceed",
        verdict: Verdict::Pass,
        run: reactive_sequence_all_children_succeed,
    },
    Case {
        name: "gtest_reactive::Reactive.ReactiveSequence_ReEvaluatesOnEveryTick",
        verdict: Verdict::Pass,
        run: reactive_sequence_re_evaluates_on_every_tick,
    },
];
