//! `gtest_decorator.cpp`, `gtest_if_then_else.cpp`, `gtest_while_do_else.cpp`.

use bt::{Action, Status, bt_xml};

use crate::support::*;
use crate::{Case, ONE_PER_TICK, Verdict};

const RUNNING: Status = Status::Running;
const SUCCESS: Status = Status::Success;
const FAILURE: Status = Status::Failure;

macro_rules! deadline {
    () => {
        bt_xml!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T">
                <Timeout msec="100"><Action1/></Timeout>
            </BehaviorTree></root>"#,
            ctx = W
        )
    };
}

fn deadline_triggered() {
    let (mut t, mut w) = (deadline!(), W::default());
    w.act_ms[0] = 150;
    assert_eq!(t.tick(&mut w), RUNNING);
    assert!(w.running[0]);
    w.sleep(150 + 20);
    assert_eq!(t.tick(&mut w), FAILURE);
    assert!(!w.running[0]);
}

fn deadline_not_triggered() {
    let (mut t, mut w) = (deadline!(), W::default());
    w.act_ms[0] = 30;
    assert_eq!(t.tick(&mut w), RUNNING);
    assert!(w.running[0]);
    w.sleep(30 + 20);
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert!(!w.running[0]);
}

fn retry_test_a() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <RetryUntilSuccessful num_attempts="3"><SyncAction1/></RetryUntilSuccessful>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    w.sync_ok[0] = false;
    // BehaviorTree.CPP: FAILURE after 3 attempts in one tick. bt: one attempt per tick.
    assert_eq!([t.tick(&mut w), t.tick(&mut w), t.tick(&mut w)], [RUNNING, RUNNING, FAILURE]);
    assert_eq!(w.sync_ticks[0], 3);
    w.sync_ok[0] = true;
    w.sync_ticks[0] = 0;
    assert_eq!(t.tick(&mut w), SUCCESS);
    assert_eq!(w.sync_ticks[0], 1);
}

fn repeat_test_async() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Repeat num_cycles="3"><Action1/></Repeat>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    w.act_ms[0] = 20;
    assert_eq!(t.tick_until_done(&mut w, |w| w.sleep(20)), SUCCESS);
    assert_eq!((w.act_success[0], w.act_failure[0]), (3, 0));
    w.act_ok[0] = false;
    w.act_success[0] = 0;
    assert_eq!(t.tick_until_done(&mut w, |w| w.sleep(20)), FAILURE);
    assert_eq!((w.act_success[0], w.act_failure[0]), (0, 1));
}

fn repeat_test_a() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Repeat num_cycles="3"><SyncAction1/></Repeat>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    w.sync_ok[0] = false;
    assert_eq!(t.tick(&mut w), FAILURE);
    assert_eq!(w.sync_ticks[0], 1);
    w.sync_ticks[0] = 0;
    w.sync_ok[0] = true;
    // BehaviorTree.CPP: SUCCESS after 3 rounds in one tick. bt: one round per tick.
    assert_eq!([t.tick(&mut w), t.tick(&mut w), t.tick(&mut w)], [RUNNING, RUNNING, SUCCESS]);
    assert_eq!(w.sync_ticks[0], 3);
}

fn timeout_and_retry_issue_57() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree ID="T">
            <Timeout msec="9">
                <RetryUntilSuccessful num_attempts="1000"><SyncAction1/></RetryUntilSuccessful>
            </Timeout>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    w.sync_ok[0] = false;
    // For 2 s, every tick answers (BehaviorTree.CPP's test: never IDLE, never stuck), and the
    // child never succeeds.
    let mut failures = 0;
    while w.ms() < 2000 {
        match t.tick(&mut w) {
            RUNNING => {}
            FAILURE => failures += 1,
            SUCCESS => panic!("the retried action never succeeds"),
        }
        w.clock.advance(core::time::Duration::from_micros(50));
    }
    assert!(failures > 0);
}

fn run_once() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" >
           <BehaviorTree>
              <Sequence>
                <RunOnce> <TestA/> </RunOnce>
                <TestB/>
              </Sequence>
           </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    for _ in 0..5 {
        assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    }
    assert_eq!(w.counters[..2], [1, 5]);
}

fn delay_with_xml() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" >
           <BehaviorTree>
              <Delay delay_msec="100">
                <AlwaysSuccess/>
              </Delay>
           </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick(&mut w), RUNNING);
    w.sleep(50);
    let mut status = t.tick(&mut w);
    assert_eq!(status, RUNNING);
    while status == RUNNING {
        w.sleep(1);
        status = t.tick(&mut w);
    }
    let elapsed = w.ms();
    assert_eq!(status, SUCCESS);
    assert!((80..=200).contains(&elapsed), "{elapsed}");
}

macro_rules! once {
    ($xml:tt) => {{
        let mut t = bt_xml!($xml, ctx = W);
        let mut w = W::default();
        (t.tick_until_done(&mut w, |w| w.sleep(1)), w.counters)
    }};
}

fn force_failure_child_success() {
    let (s, _) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><ForceFailure><AlwaysSuccess/></ForceFailure></BehaviorTree></root>"#
    );
    assert_eq!(s, FAILURE);
}

fn force_failure_child_failure() {
    let (s, _) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><ForceFailure><AlwaysFailure/></ForceFailure></BehaviorTree></root>"#
    );
    assert_eq!(s, FAILURE);
}

fn force_success_child_failure() {
    let (s, _) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><ForceSuccess><AlwaysFailure/></ForceSuccess></BehaviorTree></root>"#
    );
    assert_eq!(s, SUCCESS);
}

fn force_success_child_success() {
    let (s, _) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><ForceSuccess><AlwaysSuccess/></ForceSuccess></BehaviorTree></root>"#
    );
    assert_eq!(s, SUCCESS);
}

fn inverter_child_success() {
    let (s, _) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><Inverter><AlwaysSuccess/></Inverter></BehaviorTree></root>"#
    );
    assert_eq!(s, FAILURE);
}

fn inverter_child_failure() {
    let (s, _) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><Inverter><AlwaysFailure/></Inverter></BehaviorTree></root>"#
    );
    assert_eq!(s, SUCCESS);
}

fn inverter_in_sequence() {
    let (s, _) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <Sequence><Inverter><AlwaysFailure/></Inverter><AlwaysSuccess/></Sequence>
        </BehaviorTree></root>"#
    );
    assert_eq!(s, SUCCESS);
}

/// Succeeds on its first two ticks, then fails.
pub struct SuccessThenFail;
impl Action<W> for SuccessThenFail {
    fn execute(&mut self, w: &mut W) -> Status {
        w.counters[0] += 1;
        if w.counters[0] < 3 { SUCCESS } else { FAILURE }
    }
}

fn keep_running_until_failure() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <KeepRunningUntilFailure><SuccessThenFail/></KeepRunningUntilFailure>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!((t.tick(&mut w), w.counters[0]), (RUNNING, 1));
    assert_eq!((t.tick(&mut w), w.counters[0]), (RUNNING, 2));
    assert_eq!((t.tick(&mut w), w.counters[0]), (FAILURE, 3));
}

/// Running on its first tick, then succeeding (a condition cannot run in bt: an action).
pub struct RunningThenSuccess;
impl Action<W> for RunningThenSuccess {
    fn execute(&mut self, w: &mut W) -> Status {
        w.cond_ticks[0] += 1;
        if w.cond_ticks[0] == 1 { RUNNING } else { SUCCESS }
    }
}

/// Succeeds on its first tick, fails after (and the mirror).
pub struct ToggleCondition;
impl Action<W> for ToggleCondition {
    fn execute(&mut self, w: &mut W) -> Status {
        w.cond_ticks[0] += 1;
        if w.cond_ticks[0] == 1 { FAILURE } else { SUCCESS }
    }
}
/// Succeeds on its first tick, fails after.
pub struct ToggleCondition2;
impl Action<W> for ToggleCondition2 {
    fn execute(&mut self, w: &mut W) -> Status {
        w.cond_ticks[0] += 1;
        if w.cond_ticks[0] == 1 { SUCCESS } else { FAILURE }
    }
}

fn ite_condition_true() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><IfThenElse><AlwaysSuccess/><TestA/><TestB/></IfThenElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0], c[1]), (SUCCESS, 1, 0));
}
fn ite_condition_false() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><IfThenElse><AlwaysFailure/><TestA/><TestB/></IfThenElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0], c[1]), (SUCCESS, 0, 1));
}
fn ite_two_children() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><IfThenElse><AlwaysFailure/><TestA/></IfThenElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0]), (FAILURE, 0));
}
fn ite_then_fails() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><IfThenElse><AlwaysSuccess/><AlwaysFailure/><TestA/></IfThenElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0]), (FAILURE, 0));
}
fn ite_else_fails() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><IfThenElse><AlwaysFailure/><TestA/><AlwaysFailure/></IfThenElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0]), (FAILURE, 0));
}
fn ite_condition_running() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <IfThenElse><RunningThenSuccess/><TestA/><TestB/></IfThenElse>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.counters[0], 0);
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 1);
}
fn ite_halt() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <IfThenElse><AlwaysSuccess/><TestA/><TestB/></IfThenElse>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 1);
    t.halt(&mut w);
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 2);
}

fn wde_condition_true() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><WhileDoElse><AlwaysSuccess/><TestA/><TestB/></WhileDoElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0], c[1]), (SUCCESS, 1, 0));
}
fn wde_condition_false() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><WhileDoElse><AlwaysFailure/><TestA/><TestB/></WhileDoElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0], c[1]), (SUCCESS, 0, 1));
}
fn wde_two_children() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><WhileDoElse><AlwaysFailure/><TestA/></WhileDoElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0]), (FAILURE, 0));
}
fn wde_do_fails() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><WhileDoElse><AlwaysSuccess/><AlwaysFailure/><TestA/></WhileDoElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0]), (FAILURE, 0));
}
fn wde_else_fails() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><WhileDoElse><AlwaysFailure/><TestA/><AlwaysFailure/></WhileDoElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0]), (FAILURE, 0));
}
fn wde_halts_else() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><WhileDoElse><ToggleCondition/><TestA/><TestB/></WhileDoElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0], c[1]), (SUCCESS, 0, 1));
}
fn wde_halts_do() {
    let (s, c) = once!(
        r#"<root BTCPP_format="4"><BehaviorTree><WhileDoElse><ToggleCondition2/><TestA/><TestB/></WhileDoElse></BehaviorTree></root>"#
    );
    assert_eq!((s, c[0], c[1]), (SUCCESS, 1, 0));
}
fn wde_halt() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <WhileDoElse><AlwaysSuccess/><TestA/><TestB/></WhileDoElse>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 1);
    t.halt(&mut w);
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 2);
}
fn wde_condition_running() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <WhileDoElse><RunningThenSuccess/><TestA/><TestB/></WhileDoElse>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.counters[..2], [0, 0]);
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 1);
}

/// The run-time loader refuses the tree, as BehaviorTree.CPP throws (`bt_xml!` refuses it when
/// compiling: `tests/ui/btcpp_child_count.rs`).
fn refused(xml: &str) {
    let registry = bt::load::Registry::<W>::new()
        .action::<TestA>("TestA")
        .action::<TestB>("TestB")
        .action::<TestC>("TestC");
    let Err(err) = registry.load_str("t.xml", xml) else { panic!("the tree is refused") };
    assert!(err.to_string().contains("children: it takes 2 to 3 children"), "{err}");
}
fn ite_one_child() {
    refused(
        r#"<root BTCPP_format="4"><BehaviorTree><IfThenElse><AlwaysSuccess/></IfThenElse></BehaviorTree></root>"#,
    );
}
fn ite_four_children() {
    refused(
        r#"<root BTCPP_format="4"><BehaviorTree><IfThenElse><AlwaysSuccess/><TestA/><TestB/><TestC/></IfThenElse></BehaviorTree></root>"#,
    );
}
fn wde_one_child() {
    refused(
        r#"<root BTCPP_format="4"><BehaviorTree><WhileDoElse><AlwaysSuccess/></WhileDoElse></BehaviorTree></root>"#,
    );
}
fn wde_four_children() {
    refused(
        r#"<root BTCPP_format="4"><BehaviorTree><WhileDoElse><AlwaysSuccess/><TestA/><TestB/><TestC/></WhileDoElse></BehaviorTree></root>"#,
    );
}

/// The cases of this file.
pub const CASES: &[Case] = &[
    Case {
        name: "gtest_decorator::DeadlineTest.DeadlineTriggeredTest",
        verdict: Verdict::Pass,
        run: deadline_triggered,
    },
    Case {
        name: "gtest_decorator::DeadlineTest.DeadlineNotTriggeredTest",
        verdict: Verdict::Pass,
        run: deadline_not_triggered,
    },
    Case {
        name: "gtest_decorator::RetryTest.RetryTestA",
        verdict: Verdict::Difference {
            btcpp: "FAILURE after 3 attempts within the first tick",
            why: ONE_PER_TICK,
        },
        run: retry_test_a,
    },
    Case {
        name: "gtest_decorator::RepeatTestAsync.RepeatTestAsync",
        verdict: Verdict::Pass,
        run: repeat_test_async,
    },
    Case {
        name: "gtest_decorator::RepeatTest.RepeatTestA",
        verdict: Verdict::Difference { btcpp: "SUCCESS after 3 rounds within one tick", why: ONE_PER_TICK },
        run: repeat_test_a,
    },
    Case {
        name: "gtest_decorator::TimeoutAndRetry.Issue57",
        verdict: Verdict::Pass,
        run: timeout_and_retry_issue_57,
    },
    Case { name: "gtest_decorator::Decorator.RunOnce", verdict: Verdict::Pass, run: run_once },
    Case { name: "gtest_decorator::Decorator.DelayWithXML", verdict: Verdict::Pass, run: delay_with_xml },
    Case {
        name: "gtest_decorator::Decorator.ForceFailure_ChildSuccess",
        verdict: Verdict::Pass,
        run: force_failure_child_success,
    },
    Case {
        name: "gtest_decorator::Decorator.ForceFailure_ChildFailure",
        verdict: Verdict::Pass,
        run: force_failure_child_failure,
    },
    Case {
        name: "gtest_decorator::Decorator.ForceSuccess_ChildFailure",
        verdict: Verdict::Pass,
        run: force_success_child_failure,
    },
    Case {
        name: "gtest_decorator::Decorator.ForceSuccess_ChildSuccess",
        verdict: Verdict::Pass,
        run: force_success_child_success,
    },
    Case {
        name: "gtest_decorator::Decorator.Inverter_ChildSuccess",
        verdict: Verdict::Pass,
        run: inverter_child_success,
    },
    Case {
        name: "gtest_decorator::Decorator.Inverter_ChildFailure",
        verdict: Verdict::Pass,
        run: inverter_child_failure,
    },
    Case {
        name: "gtest_decorator::Decorator.Inverter_InSequence",
        verdict: Verdict::Pass,
        run: inverter_in_sequence,
    },
    Case {
        name: "gtest_decorator::Decorator.KeepRunningUntilFailure",
        verdict: Verdict::Pass,
        run: keep_running_until_failure,
    },
    Case {
        name: "gtest_if_then_else::IfThenElseTest.ConditionTrue_ThenBranch",
        verdict: Verdict::Pass,
        run: ite_condition_true,
    },
    Case {
        name: "gtest_if_then_else::IfThenElseTest.ConditionFalse_ElseBranch",
        verdict: Verdict::Pass,
        run: ite_condition_false,
    },
    Case {
        name: "gtest_if_then_else::IfThenElseTest.ConditionFalse_TwoChildren_ReturnsFailure",
        verdict: Verdict::Pass,
        run: ite_two_children,
    },
    Case {
        name: "gtest_if_then_else::IfThenElseTest.ThenBranchFails",
        verdict: Verdict::Pass,
        run: ite_then_fails,
    },
    Case {
        name: "gtest_if_then_else::IfThenElseTest.ElseBranchFails",
        verdict: Verdict::Pass,
        run: ite_else_fails,
    },
    Case {
        name: "gtest_if_then_else::IfThenElseTest.ConditionRunning",
        verdict: Verdict::Pass,
        run: ite_condition_running,
    },
    Case { name: "gtest_if_then_else::IfThenElseTest.HaltBehavior", verdict: Verdict::Pass, run: ite_halt },
    Case {
        name: "gtest_if_then_else::IfThenElseTest.InvalidChildCount_One",
        verdict: Verdict::Pass,
        run: ite_one_child,
    },
    Case {
        name: "gtest_if_then_else::IfThenElseTest.InvalidChildCount_Four",
        verdict: Verdict::Pass,
        run: ite_four_children,
    },
    Case {
        name: "gtest_while_do_else::WhileDoElseTest.ConditionTrue_DoBranch",
        verdict: Verdict::Pass,
        run: wde_condition_true,
    },
    Case {
        name: "gtest_while_do_else::WhileDoElseTest.ConditionFalse_ElseBranch",
        verdict: Verdict::Pass,
        run: wde_condition_false,
    },
    Case {
        name: "gtest_while_do_else::WhileDoElseTest.ConditionFalse_TwoChildren_ReturnsFailure",
        verdict: Verdict::Pass,
        run: wde_two_children,
    },
    Case {
        name: "gtest_while_do_else::WhileDoElseTest.DoBranchFails",
        verdict: Verdict::Pass,
        run: wde_do_fails,
    },
    Case {
        name: "gtest_while_do_else::WhileDoElseTest.ElseBranchFails",
        verdict: Verdict::Pass,
        run: wde_else_fails,
    },
    Case {
        name: "gtest_while_do_else::WhileDoElseTest.ConditionChanges_HaltsElse",
        verdict: Verdict::Pass,
        run: wde_halts_else,
    },
    Case {
        name: "gtest_while_do_else::WhileDoElseTest.ConditionChanges_HaltsDo",
        verdict: Verdict::Pass,
        run: wde_halts_do,
    },
    Case { name: "gtest_while_do_else::WhileDoElseTest.HaltBehavior", verdict: Verdict::Pass, run: wde_halt },
    Case {
        name: "gtest_while_do_else::WhileDoElseTest.InvalidChildCount_One",
        verdict: Verdict::Pass,
        run: wde_one_child,
    },
    Case {
        name: "gtest_while_do_else::WhileDoElseTest.InvalidChildCount_Four",
        verdict: Verdict::Pass,
        run: wde_four_children,
    },
    Case {
        name: "gtest_while_do_else::WhileDoElseTest.ConditionRunning",
        verdict: Verdict::Pass,
        run: wde_condition_running,
    },
];
