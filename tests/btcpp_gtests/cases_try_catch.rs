//! `gtest_try_catch.cpp`: `TryCatch` (bt's `try_catch`), each tree compiled by `bt_xml!`, but the
//! one BehaviorTree.CPP refuses, which `bt::load` refuses too.

use bt::{Action, Status, bt_xml};

use crate::support::*;
use crate::{Case, Verdict};

const SUCCESS: Status = Status::Success;
const FAILURE: Status = Status::Failure;
const RUNNING: Status = Status::Running;

macro_rules! simple {
    ($($name:ident = $i:expr => |$n:ident| $answer:expr),* $(,)?) => {$(
        /// A simple node the gtest registers for itself: counts its ticks in `simple[i]` and
        /// answers by that count.
        pub struct $name;
        impl Action<W> for $name {
            fn execute(&mut self, w: &mut W) -> Status {
                w.simple[$i] += 1;
                let $n = w.simple[$i];
                $answer
            }
        }
    )*};
}
simple!(
    RunningThenSuccess = 0 => |n| if n == 1 { RUNNING } else { SUCCESS },
    RunningThenFailure = 1 => |n| if n == 1 { RUNNING } else { FAILURE },
    FailThenSucceed = 2 => |n| if n == 1 { FAILURE } else { SUCCESS },
    CountCatch = 3 => |_n| SUCCESS,
    AlwaysRunning = 0 => |_n| RUNNING,
    RunningCatch = 1 => |_n| RUNNING,
    AsyncCleanup = 2 => |n| if n <= 5 { RUNNING } else { SUCCESS },
);

fn all_try_children_succeed() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><TestA/><TestB/><TestC/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[..3], [1, 1, 0]);
}

fn first_child_fails_catch_executed() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><AlwaysFailure/><TestA/><TestB/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
    assert_eq!(w.counters[..2], [0, 1]);
}

fn second_child_fails_catch_executed() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><TestA/><AlwaysFailure/><TestB/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
    assert_eq!(w.counters[..2], [1, 1]);
}

fn catch_returns_failure() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><AlwaysFailure/><AlwaysFailure/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    assert_eq!(t.tick_until_done(&mut W::default(), |_| {}), FAILURE);
}

fn catch_returns_success() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><AlwaysFailure/><AlwaysSuccess/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    assert_eq!(t.tick_until_done(&mut W::default(), |_| {}), FAILURE);
}

fn try_child_running() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><RunningThenSuccess/><TestA/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 0);
}

fn catch_child_running() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><AlwaysFailure/><RunningThenFailure/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
}

/// A `TryCatch` with one child: BehaviorTree.CPP refuses it when it parses the file, bt when it
/// loads it (and `bt_xml!` when it compiles it, `tests/ui/xml_try_catch_one_child.rs`).
fn minimum_two_children() {
    let xml = r#"<root BTCPP_format="4"><BehaviorTree>
        <TryCatch><AlwaysSuccess/></TryCatch>
    </BehaviorTree></root>"#;
    let Err(err) = bt::load::Registry::<W>::new().load_str("t.xml", xml) else {
        panic!("the tree is refused")
    };
    assert!(err.to_string().contains("TryCatch"), "{err}");
}

fn re_execute_after_success() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><TestA/><TestB/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 1);
    t.halt(&mut w);
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[..2], [2, 0]);
}

fn re_execute_after_failure() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><FailThenSucceed/><TestA/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
    assert_eq!(w.counters[0], 1);
    t.halt(&mut w);
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 1);
}

fn catch_on_halt_disabled() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><AlwaysRunning/><CountCatch/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick(&mut w), RUNNING);
    t.halt(&mut w);
    assert_eq!(w.simple[3], 0);
}

fn catch_on_halt_enabled() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch catch_on_halt="true"><AlwaysRunning/><CountCatch/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick(&mut w), RUNNING);
    t.halt(&mut w);
    assert_eq!(w.simple[3], 1);
}

fn catch_on_halt_not_triggered_when_already_in_catch() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch catch_on_halt="true"><AlwaysFailure/><RunningCatch/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick(&mut w), RUNNING);
    assert_eq!(w.simple[1], 1);
    t.halt(&mut w);
    assert_eq!(w.simple[1], 1);
}

fn async_catch_completes_inside_sequence() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <Sequence>
              <TryCatch><AlwaysFailure/><AsyncCleanup/></TryCatch>
              <TestA/>
            </Sequence>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    for i in 1..=5 {
        assert_eq!(t.tick(&mut w), RUNNING, "tick {i}");
        assert_eq!(w.simple[2], i);
    }
    assert_eq!(t.tick(&mut w), FAILURE);
    assert_eq!(w.simple[2], 6);
    assert_eq!(w.counters[0], 0);
}

fn single_try_child_success() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><TestA/><TestB/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[..2], [1, 0]);
}

fn many_try_children_third_fails() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
            <TryCatch><TestA/><TestB/><AlwaysFailure/><TestC/></TryCatch>
        </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
    assert_eq!(w.counters[..3], [1, 1, 1]);
}

/// The cases of this file.
pub const CASES: &[Case] = &[
    Case {
        name: "gtest_try_catch::TryCatchTest.AllTryChildrenSucceed",
        verdict: Verdict::Pass,
        run: all_try_children_succeed,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.FirstChildFails_CatchExecuted",
        verdict: Verdict::Pass,
        run: first_child_fails_catch_executed,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.SecondChildFails_CatchExecuted",
        verdict: Verdict::Pass,
        run: second_child_fails_catch_executed,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.CatchReturnsFailure_NodeStillReturnsFAILURE",
        verdict: Verdict::Pass,
        run: catch_returns_failure,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.CatchReturnsSuccess_NodeStillReturnsFAILURE",
        verdict: Verdict::Pass,
        run: catch_returns_success,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.TryChildRunning",
        verdict: Verdict::Pass,
        run: try_child_running,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.CatchChildRunning",
        verdict: Verdict::Pass,
        run: catch_child_running,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.MinimumTwoChildren_ParseTimeValidation",
        verdict: Verdict::Pass,
        run: minimum_two_children,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.ReExecuteAfterSuccess",
        verdict: Verdict::Pass,
        run: re_execute_after_success,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.ReExecuteAfterFailure",
        verdict: Verdict::Pass,
        run: re_execute_after_failure,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.CatchOnHalt_Disabled",
        verdict: Verdict::Pass,
        run: catch_on_halt_disabled,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.CatchOnHalt_Enabled",
        verdict: Verdict::Pass,
        run: catch_on_halt_enabled,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.CatchOnHalt_NotTriggeredWhenAlreadyInCatch",
        verdict: Verdict::Pass,
        run: catch_on_halt_not_triggered_when_already_in_catch,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.AsyncCatchCompletesInsideSequence",
        verdict: Verdict::Pass,
        run: async_catch_completes_inside_sequence,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.SingleTryChild_Success",
        verdict: Verdict::Pass,
        run: single_try_child_success,
    },
    Case {
        name: "gtest_try_catch::TryCatchTest.ManyTryChildren_ThirdFails",
        verdict: Verdict::Pass,
        run: many_try_children_third_fails,
    },
];
