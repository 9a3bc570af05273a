//! `gtest_blackboard.cpp` (the cases written as XML trees).

use bt::ports::{Input, Output};
use bt::{Action, Status, bt_xml};

use crate::support::*;
use crate::{Case, Verdict};

const SUCCESS: Status = Status::Success;
const FAILURE: Status = Status::Failure;

/// Writes twice its input.
#[derive(bt::ports::Ports)]
pub struct BbTestNode {
    in_port: Input<i32>,
    out_port: Output<i32>,
}
impl Action<W> for BbTestNode {
    fn execute(&mut self, w: &mut W) -> Status {
        let Some(v) = self.in_port.get(w).copied() else { return FAILURE };
        self.out_port.set(w, v * 2);
        SUCCESS
    }
}

fn with_factory() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" >
            <BehaviorTree ID="MainTree">
                <Sequence>
                    <BbTestNode in_port="11"
                                 out_port="{my_input_port}"/>
                    <BbTestNode in_port="{my_input_port}"
                                 out_port="{my_input_port}" />
                    <BbTestNode in_port="{my_input_port}"
                                 out_port="{my_output_port}" />
                </Sequence>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.get::<i32>("my_input_port"), Some(44));
    assert_eq!(w.get::<i32>("my_output_port"), Some(88));
}

fn typo_in_port_name() {
    let xml = r#"<root BTCPP_format="4" >
        <BehaviorTree ID="MainTree"><BbTestNode inpuuuut_port="{value}" /></BehaviorTree>
    </root>"#;
    let registry = bt::load::Registry::<W>::new().with_blackboard().action::<BbTestNode>("BbTestNode");
    let Err(err) = registry.load_str("t.xml", xml) else { panic!("refused") };
    assert!(err.to_string().contains("inpuuuut_port"), "{err}");
}

fn issue_605_whitespaces() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="MySubtree">
              <Script code=" sub_value:=false " />
            </BehaviorTree>
            <BehaviorTree ID="MainTree">
              <Sequence>
                <Script code=" my_value:=true " />
                <SubTree ID="MySubtree" sub_value="{my_value}  "/>
              </Sequence>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS, "{:?}", w.faults);
    assert_eq!(w.get::<bool>("my_value"), Some(false));
}

/// Compares `first` and `second` with `operator`.
#[derive(bt::ports::Ports)]
pub struct ComparisonNode {
    first: Input<i32>,
    second: Input<i32>,
    operator: Input<String>,
}
impl Action<W> for ComparisonNode {
    fn execute(&mut self, w: &mut W) -> Status {
        let (Some(a), Some(b)) = (self.first.get(w).copied(), self.second.get(w).copied()) else {
            return FAILURE;
        };
        let ok = match self.operator.get(w).map(String::as_str) {
            Some("==") => a == b,
            Some("!=") => a != b,
            Some("<=") => a <= b,
            Some(">=") => a >= b,
            Some("<") => a < b,
            Some(">") => a > b,
            _ => false,
        };
        if ok { SUCCESS } else { FAILURE }
    }
}

fn issue_set_blackboard() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="MySubtree">
              <ComparisonNode first="{value}" second="42" operator="==" />
            </BehaviorTree>
            <BehaviorTree ID="MainTree">
              <Sequence>
                <SetBlackboard value="42" output_key="value" />
                <SubTree ID="MySubtree" value="{value}  "/>
              </Sequence>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS, "{:?}", w.faults);
    assert_eq!(w.get::<i32>("value"), Some(42));
}

/// A point of the user's.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// Scripts (`SetBlackboard`) copy points between entries.
impl bt::script::ScriptValue for Point {}

/// Reads a point (so that the entries have a type).
#[derive(bt::ports::Ports)]
pub struct UsePoint {
    point: Input<Point>,
}
impl Action<W> for UsePoint {
    fn execute(&mut self, w: &mut W) -> Status {
        if self.point.get(w).is_some() { SUCCESS } else { FAILURE }
    }
}

fn set_blackboard_issue_725() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4">
            <BehaviorTree ID="MainTree">
              <Sequence>
                <SetBlackboard value="{first_point}" output_key="other_point" />
                <UsePoint point="{other_point}"/>
              </Sequence>
            </BehaviorTree>
        </root>"#,
        ctx = W,
        keys(first_point: Point)
    );
    let mut w = W::default();
    let point = Point { x: 2.0, y: 7.0 };
    w.set("first_point", point);
    assert_eq!(t.tick(&mut w), SUCCESS, "{:?}", w.faults);
    assert_eq!(w.get::<Point>("other_point"), Some(point));
}

/// The cases of this file.
pub const CASES: &[Case] = &[
    Case { name: "gtest_blackboard::BlackboardTest.WithFactory", verdict: Verdict::Pass, run: with_factory },
    Case {
        name: "gtest_blackboard::BlackboardTest.TypoInPortName",
        verdict: Verdict::Pass,
        run: typo_in_port_name,
    },
    Case {
        name: "gtest_blackboard::ParserTest.Issue605_whitespaces",
        verdict: Verdict::Pass,
        run: issue_605_whitespaces,
    },
    Case {
        name: "gtest_blackboard::BlackboardTest.IssueSetBlackboard",
        verdict: Verdict::Pass,
        run: issue_set_blackboard,
    },
    Case {
        name: "gtest_blackboard::BlackboardTest.SetBlackboard_Issue725",
        verdict: Verdict::Pass,
        run: set_blackboard_issue_725,
    },
];
