//! `gtest_parallel.cpp`, `gtest_switch.cpp`.

use bt::{Status, bt_xml};

use crate::support::*;
use crate::{Case, Verdict};

const RUNNING: Status = Status::Running;
const SUCCESS: Status = Status::Success;
const FAILURE: Status = Status::Failure;

/// `SimpleParallelTest`'s world: action 1 takes 100 ms, action 2 300 ms.
fn simple_world() -> W {
    let mut w = W::default();
    w.act_ms = [100, 300, 100, 100];
    w
}

fn simple_parallel_conditions_true() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Parallel success_count="4"><Condition1/><Action1/><Condition2/><Action2/></Parallel>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = simple_world();
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_last[..2], [Some(true), Some(true)]);
    assert_eq!(w.running[..2], [true, true]);
    w.sleep(200);
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.act_last[0], Some(true));
    assert!(w.running[1]);
    w.sleep(200);
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.running, [false; 4]);
    // Completed children are not ticked again.
    assert_eq!(w.cond_ticks[..2], [1, 1]);
}

macro_rules! threshold_3 {
    ($xml:tt) => {{
        let mut t = bt_xml!($xml, ctx = W);
        let mut w = simple_world();
        w.act_ms[1] = 500;
        assert_eq!(t.tick(&mut w), RUNNING);
        assert_eq!(w.cond_last[..2], [Some(true), Some(true)]);
        assert_eq!(w.running[..2], [true, true]);
        w.sleep(150);
        assert_eq!(t.tick(&mut w), SUCCESS);
        assert_eq!(w.running, [false; 4]);
        assert_eq!(w.halts[1], 1);
    }};
}

fn simple_parallel_threshold_3() {
    threshold_3!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Parallel success_count="3"><Condition1/><Action1/><Condition2/><Action2/></Parallel>
        </BehaviorTree></root>"#
    );
}

fn simple_parallel_threshold_neg2() {
    threshold_3!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Parallel success_count="-2"><Condition1/><Action1/><Condition2/><Action2/></Parallel>
        </BehaviorTree></root>"#
    );
}

fn simple_parallel_threshold_neg1() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Parallel success_count="-1"><Condition1/><Action1/><Condition2/><Action2/></Parallel>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = simple_world();
    w.act_ms[1] = 500;
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.running[..2], [true, true]);
    w.sleep(150);
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.act_last[0], Some(true));
    assert!(w.running[1]);
    w.sleep(650);
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.running, [false; 4]);
}

fn simple_parallel_threshold_f_neg1() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Parallel success_count="1" failure_count="-1"><Condition1/><Action1/><Condition2/><Action2/></Parallel>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = simple_world();
    w.act_ms[1] = 200;
    w.act_ok = [false, false, true, true];
    w.cond = [false, false, true, true];
    assert_eq!(t.tick(&mut w), RUNNING);
    w.sleep(250);
    assert_eq!(t.tick(&mut w), FAILURE);
}

fn simple_parallel_threshold_2() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Parallel success_count="2"><Condition1/><Action1/><Condition2/><Action2/></Parallel>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = simple_world();
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.running, [false; 4]);
}

/// `ComplexParallelTest`'s world: actions of 100, 200 and 400 ms.
fn complex_world() -> W {
    let mut w = W::default();
    w.act_ms = [100, 200, 400, 100];
    w
}

fn complex_parallel_conditions_true() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Parallel success_count="2">
                <Parallel success_count="3"><Condition1/><Action1/><Condition2/><Action2/></Parallel>
                <Parallel success_count="1"><Condition3/><Action3/></Parallel>
            </Parallel>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = complex_world();
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_last[..2], [Some(true), Some(true)]);
    assert_eq!(w.running[..3], [true, true, false]);
    assert_eq!(w.act_ticks[2], 0);
    w.sleep(200);
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.running, [false; 4]);
}

fn complex_parallel_conditions_left_false() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Parallel success_count="2">
                <Parallel success_count="3" failure_count="3"><Condition1/><Action1/><Condition2/><Action2/></Parallel>
                <Parallel success_count="1"><Condition3/><Action3/></Parallel>
            </Parallel>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = complex_world();
    w.cond[..2].copy_from_slice(&[false, false]);
    assert_eq!(t.tick(&mut w), FAILURE);
    assert_eq!(w.running, [false; 4]);
}

fn complex_parallel_condition_right_false() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Parallel success_count="2">
                <Parallel success_count="3"><Condition1/><Action1/><Condition2/><Action2/></Parallel>
                <Parallel success_count="1"><Condition3/><Action3/></Parallel>
            </Parallel>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = complex_world();
    w.cond[2] = false;
    assert_eq!(t.tick(&mut w), FAILURE);
    assert_eq!(w.running, [false; 4]);
}

fn complex_parallel_condition_right_false_threshold_f_2() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Parallel success_count="2">
                <Parallel success_count="3"><Condition1/><Action1/><Condition2/><Action2/></Parallel>
                <Parallel success_count="1" failure_count="2"><Condition3/><Action3/></Parallel>
            </Parallel>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = complex_world();
    w.cond[2] = false;
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_last[..3], [Some(true), Some(true), Some(false)]);
    assert_eq!(w.running[..3], [true, true, true]);
    w.sleep(500);
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.running, [false; 4]);
}

fn complex_parallel_condition_right_false_action_1_done() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Parallel success_count="2">
                <Parallel success_count="4"><Condition1/><Action1/><Condition2/><Action2/></Parallel>
                <Parallel success_count="1" failure_count="2"><Condition3/><Action3/></Parallel>
            </Parallel>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = complex_world();
    w.cond[2] = false;
    let _ = t.tick(&mut w);
    w.sleep(300);
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.act_last[..2], [Some(true), Some(true)]);
    assert_eq!(w.running[..3], [false, false, true]);
    w.sleep(300);
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.running, [false; 4]);
}

fn failing_parallel() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4">
          <BehaviorTree ID="MainTree">
            <Parallel name="parallel" success_count="1" failure_count="3">
              <Action1 name="first"/>
              <Action2 name="second"/>
              <Action3 name="third"/>
            </Parallel>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    w.act_ms = [200, 100, 300, 0];
    w.act_ok = [true, false, true, true];
    assert_eq!(t.tick_until_done(&mut w, |w| w.sleep(10)), SUCCESS);
    assert_eq!((w.act_success[0], w.act_failure[1], w.act_failure[2]), (1, 1, 0));
}

fn parallel_all() {
    let mut w = W::default();
    w.act_ms = [100, 300, 300, 0];
    w.act_ok = [false, true, true, true];
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4">
          <BehaviorTree ID="MainTree">
            <ParallelAll max_failures="1">
              <Action1 name="first"/>
              <Action2 name="second"/>
              <Action3 name="third"/>
            </ParallelAll>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    assert_eq!(t.tick_until_done(&mut w, |w| w.sleep(10)), FAILURE);
    assert_eq!((w.act_failure[0], w.act_success[1], w.act_success[2]), (1, 1, 1));
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4">
          <BehaviorTree ID="MainTree">
            <ParallelAll max_failures="2">
              <Action1 name="first"/>
              <Action2 name="second"/>
              <Action3 name="third"/>
            </ParallelAll>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    (w.act_failure, w.act_success) = ([0; 4], [0; 4]);
    assert_eq!(t.tick_until_done(&mut w, |w| w.sleep(10)), SUCCESS);
    assert_eq!((w.act_failure[0], w.act_success[1], w.act_success[2]), (1, 1, 1));
}

fn issue_593() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4">
          <BehaviorTree ID="TestTree">
            <Sequence>
              <Script code="test := true"/>
              <Parallel failure_count="1" success_count="-1">
                <TestA _skipIf="test == true"/>
                <Sleep msec="100"/>
              </Parallel>
            </Sequence>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    let _ = t.tick_until_done(&mut w, |w| w.sleep(10));
    assert_eq!(w.counters[0], 0);
}

fn pause_with_retry() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4">
          <BehaviorTree ID="TestTree">
            <Parallel>
              <Sequence>
                <Sleep msec="150"/>
                <Script code="paused := false"/>
                <Sleep msec="150"/>
              </Sequence>
              <Sequence>
                <Script code="paused := true; done := false"/>
                <RetryUntilSuccessful _while="paused" num_attempts="-1" _onHalted="done = true">
                  <AlwaysFailure/>
                </RetryUntilSuccessful>
              </Sequence>
            </Parallel>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    let mut done_time = None;
    let mut status = t.tick(&mut w);
    while status == RUNNING {
        w.sleep(1);
        if done_time.is_none() && w.get::<bool>("done") == Some(true) {
            done_time = Some(w.ms());
        }
        status = t.tick(&mut w);
    }
    assert_eq!(status, SUCCESS, "{:?}", w.faults);
    let margin = 80;
    assert!(done_time.expect("`done` was set") - 150 <= margin);
    assert!(w.ms() - 300 <= margin * 2);
}

fn issue_819() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4">
          <BehaviorTree ID="TestTree">
            <Parallel success_count="2" failure_count="1">
              <Sequence><Condition1 name="cond1"/><Sleep msec="200"/></Sequence>
              <Sequence><Condition2 name="cond2"/><Sleep msec="200"/></Sequence>
            </Parallel>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_ticks[..2], [1, 1]);
    w.sleep(50);
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_ticks[..2], [1, 1]);
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4">
          <BehaviorTree ID="TestTree">
            <Parallel success_count="2" failure_count="1">
              <ReactiveSequence><Condition1 name="cond1"/><Sleep msec="200"/></ReactiveSequence>
              <ReactiveSequence><Condition2 name="cond2"/><Sleep msec="200"/></ReactiveSequence>
            </Parallel>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_ticks[..2], [1, 1]);
    w.sleep(50);
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.cond_ticks[..2], [2, 2]);
}

macro_rules! switch2 {
    () => {
        bt_xml!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T">
                <Switch2 name="simple_switch" variable="{my_var}" case_1="1" case_2="42">
                    <Action1 name="action_1"/>
                    <Action2 name="action_42"/>
                    <Action3 name="action_default"/>
                </Switch2>
            </BehaviorTree></root>"#,
            ctx = W
        )
    };
}

/// `SwitchTest`'s world: actions of 200 ms, `my_var` set when `var` is given.
fn switch_world(var: Option<&str>) -> W {
    let mut w = W::default();
    w.act_ms = [200; 4];
    if let Some(v) = var {
        w.set::<String>("my_var", v.into());
    }
    w
}

fn switch_runs(var: Option<&str>, running: [bool; 3]) {
    let (mut t, mut w) = (switch2!(), switch_world(var));
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.running[..3], running);
    w.sleep(300);
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.running, [false; 4]);
}

fn switch_default_case() {
    switch_runs(None, [false, false, true]);
}
fn switch_case_1() {
    switch_runs(Some("1"), [true, false, false]);
}
fn switch_case_2() {
    switch_runs(Some("42"), [false, true, false]);
}
fn switch_case_none() {
    switch_runs(Some("none"), [false, false, true]);
}

fn switch_to_default() {
    let (mut t, mut w) = (switch2!(), switch_world(Some("1")));
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.running[..3], [true, false, false]);
    w.sleep(20);
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.running[..3], [true, false, false]);
    w.sleep(20);
    w.set::<String>("my_var", String::new());
    w.sleep(20);
    assert_eq!(w.running[..3], [true, false, false]);
    w.sleep(20);
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.running[..3], [false, false, true]);
    assert_eq!(w.halts[0], 1);
    w.sleep(300);
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.running, [false; 4]);
}

fn switch_to_action_2() {
    let (mut t, mut w) = (switch2!(), switch_world(Some("1")));
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.running[..3], [true, false, false]);
    w.set::<String>("my_var", "42".into());
    w.sleep(20);
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.running[..3], [false, true, false]);
    w.sleep(300);
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.running, [false; 4]);
}

fn switch_action_failure() {
    let (mut t, mut w) = (switch2!(), switch_world(Some("1")));
    assert_eq!(t.tick(&mut w), RUNNING);
    w.act_ok[0] = false;
    assert_eq!(w.running[..3], [true, false, false]);
    w.sleep(300);
    assert_eq!(t.tick(&mut w), FAILURE);
    assert_eq!(w.running, [false; 4]);
}

/// `CheckStringEquality`, through a `Switch2` whose cases are `5` and `1.0`: the entry is equal
/// to a case as text, as integers or as reals, and nothing may follow the number.
fn switch_rejects_trailing_characters() {
    for (var, case) in
        [("5", 0), ("5.0", 0), ("1.0", 1), ("1", 1), ("5abc", 2), ("1.0junk", 2), ("5 ", 2), ("none", 2)]
    {
        let mut t = bt_xml!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T">
                <Switch2 variable="{my_var}" case_1="5" case_2="1.0">
                    <TestA/><TestB/><TestC/>
                </Switch2>
            </BehaviorTree></root>"#,
            ctx = W
        );
        let mut w = switch_world(Some(var));
        assert_eq!(t.tick(&mut w), SUCCESS);
        let mut expected = [0; 3];
        expected[case] = 1;
        assert_eq!(w.counters[..3], expected, "{var:?}");
    }
}

/// The cases of this file.
pub const CASES: &[Case] = &[
    Case {
        name: "gtest_parallel::SimpleParallelTest.ConditionsTrue",
        verdict: Verdict::Pass,
        run: simple_parallel_conditions_true,
    },
    Case {
        name: "gtest_parallel::SimpleParallelTest.Threshold_3",
        verdict: Verdict::Pass,
        run: simple_parallel_threshold_3,
    },
    Case {
        name: "gtest_parallel::SimpleParallelTest.Threshold_neg2",
        verdict: Verdict::Pass,
        run: simple_parallel_threshold_neg2,
    },
    Case {
        name: "gtest_parallel::SimpleParallelTest.Threshold_neg1",
        verdict: Verdict::Pass,
        run: simple_parallel_threshold_neg1,
    },
    Case {
        name: "gtest_parallel::SimpleParallelTest.Threshold_thresholdFneg1",
        verdict: Verdict::Pass,
        run: simple_parallel_threshold_f_neg1,
    },
    Case {
        name: "gtest_parallel::SimpleParallelTest.Threshold_2",
        verdict: Verdict::Pass,
        run: simple_parallel_threshold_2,
    },
    Case {
        name: "gtest_parallel::ComplexParallelTest.ConditionsTrue",
        verdict: Verdict::Pass,
        run: complex_parallel_conditions_true,
    },
    Case {
        name: "gtest_parallel::ComplexParallelTest.ConditionsLeftFalse",
        verdict: Verdict::Pass,
        run: complex_parallel_conditions_left_false,
    },
    Case {
        name: "gtest_parallel::ComplexParallelTest.ConditionRightFalse",
        verdict: Verdict::Pass,
        run: complex_parallel_condition_right_false,
    },
    Case {
        name: "gtest_parallel::ComplexParallelTest.ConditionRightFalse_thresholdF_2",
        verdict: Verdict::Pass,
        run: complex_parallel_condition_right_false_threshold_f_2,
    },
    Case {
        name: "gtest_parallel::ComplexParallelTest.ConditionRightFalseAction1Done",
        verdict: Verdict::Pass,
        run: complex_parallel_condition_right_false_action_1_done,
    },
    Case { name: "gtest_parallel::Parallel.FailingParallel", verdict: Verdict::Pass, run: failing_parallel },
    Case { name: "gtest_parallel::Parallel.ParallelAll", verdict: Verdict::Pass, run: parallel_all },
    Case { name: "gtest_parallel::Parallel.Issue593", verdict: Verdict::Pass, run: issue_593 },
    Case { name: "gtest_parallel::Parallel.PauseWithRetry", verdict: Verdict::Pass, run: pause_with_retry },
    Case {
        name: "gtest_parallel::Parallel.Issue819_SequenceVsReactiveSequence",
        verdict: Verdict::Pass,
        run: issue_819,
    },
    Case { name: "gtest_switch::SwitchTest.DefaultCase", verdict: Verdict::Pass, run: switch_default_case },
    Case { name: "gtest_switch::SwitchTest.Case1", verdict: Verdict::Pass, run: switch_case_1 },
    Case { name: "gtest_switch::SwitchTest.Case2", verdict: Verdict::Pass, run: switch_case_2 },
    Case { name: "gtest_switch::SwitchTest.CaseNone", verdict: Verdict::Pass, run: switch_case_none },
    Case {
        name: "gtest_switch::SwitchTest.CaseSwitchToDefault",
        verdict: Verdict::Pass,
        run: switch_to_default,
    },
    Case {
        name: "gtest_switch::SwitchTest.CaseSwitchToAction2",
        verdict: Verdict::Pass,
        run: switch_to_action_2,
    },
    Case {
        name: "gtest_switch::SwitchTest.ActionFailure",
        verdict: Verdict::Pass,
        run: switch_action_failure,
    },
    Case {
        name: "gtest_switch::SwitchStringEquality.RejectsTrailingCharacters",
        verdict: Verdict::Pass,
        run: switch_rejects_trailing_characters,
    },
];
