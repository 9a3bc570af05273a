//! `gtest_loop.cpp`: the `Loop*` decorators (bt's `bt::ports::Loop`), each tree compiled by
//! `bt_xml!`.

use std::collections::VecDeque;

use bt::ports::{Input, Queue};
use bt::{Action, Status, bt_xml};

use crate::support::*;
use crate::{Case, Verdict};

const SUCCESS: Status = Status::Success;
const FAILURE: Status = Status::Failure;

macro_rules! recorders {
    ($($name:ident: $t:ty),*) => {$(
        /// BehaviorTree.CPP's `Record…Value`: logs the value it reads and succeeds.
        #[derive(bt::ports::Ports)]
        pub struct $name {
            value: Input<$t>,
        }
        impl Action<W> for $name {
            fn execute(&mut self, w: &mut W) -> Status {
                if let Some(v) = self.value.get(w).cloned() {
                    w.log.push(format!("{v:?}"));
                }
                SUCCESS
            }
        }
    )*};
}
recorders!(RecordIntValue: i32, RecordDoubleValue: f64, RecordStringValue: String, RecordBoolValue: bool);

/// `FailOnThird`: fails on its third tick.
pub struct FailOnThird;
impl Action<W> for FailOnThird {
    fn execute(&mut self, w: &mut W) -> Status {
        w.counters[0] += 1;
        if w.counters[0] == 3 { FAILURE } else { SUCCESS }
    }
}

/// `CountTicks`.
#[derive(bt::ports::Ports)]
pub struct CountTicks;
impl Action<W> for CountTicks {
    fn execute(&mut self, w: &mut W) -> Status {
        w.counters[0] += 1;
        SUCCESS
    }
}

fn static_int_queue() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
              <LoopInt queue="1;2;3;4;5" value="{val}"><RecordIntValue value="{val}"/></LoopInt>
           </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.log, ["1", "2", "3", "4", "5"]);
}

fn static_double_queue() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
              <LoopDouble queue="1.5;2.5;3.5" value="{val}"><RecordDoubleValue value="{val}"/></LoopDouble>
           </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.log, ["1.5", "2.5", "3.5"]);
}

fn static_string_queue() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
              <LoopString queue="hello;world;test" value="{val}"><RecordStringValue value="{val}"/></LoopString>
           </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.log, ["\"hello\"", "\"world\"", "\"test\""]);
}

fn empty_queue_success() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
              <LoopInt queue="" if_empty="SUCCESS" value="{val}"><CountTicks/></LoopInt>
           </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 0);
}

fn empty_queue_failure() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
              <LoopInt queue="" if_empty="FAILURE" value="{val}"><CountTicks/></LoopInt>
           </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
    assert_eq!(w.counters[0], 0);
}

fn empty_queue_skipped() {
    // bt's loop answers `SUCCESS` or `FAILURE`: the file is refused when it is loaded (and
    // compiled, `tests/xml_loops.rs`).
    let xml = r#"<root BTCPP_format="4"><BehaviorTree>
          <LoopInt queue="" if_empty="SKIPPED" value="{val}"><CountTicks/></LoopInt>
       </BehaviorTree></root>"#;
    let r = bt::load::Registry::<W>::new().with_blackboard().action::<CountTicks>("CountTicks");
    let Err(e) = r.load_str("t.xml", xml) else { panic!("refused") };
    assert!(e.to_string().contains("`SUCCESS` or `FAILURE`"), "{e}");
}

fn child_failure_stops_loop() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
              <LoopInt queue="1;2;3;4;5" value="{val}"><FailOnThird/></LoopInt>
           </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
    assert_eq!(w.counters[0], 3);
}

bt_xml! { struct DynamicQueue for W = r#"<root BTCPP_format="4"><BehaviorTree>
      <LoopInt queue="{my_queue}" value="{val}"><RecordIntValue value="{val}"/></LoopInt>
   </BehaviorTree></root>"# }

fn dynamic_queue_from_blackboard() {
    let mut t = DynamicQueue::new();
    let mut w = W::default();
    w.set("my_queue", VecDeque::from([10, 20, 30]));
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.log, ["10", "20", "30"]);
}

fn vector_input() {
    // A `Vec<i32>` entry is not the loop's `VecDeque<i32>`: the loop finds no queue.
    let mut t = DynamicQueue::new();
    let mut w = W::default();
    w.set("my_queue", vec![100, 200, 300]);
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert!(w.log.is_empty());
}

fn bool_queue() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
              <LoopBool queue="true;false;true" value="{val}"><RecordBoolValue value="{val}"/></LoopBool>
           </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.log, ["true", "false", "true"]);
}

fn restart_after_completion() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
              <LoopInt queue="1;2;3" value="{val}"><CountTicks/></LoopInt>
           </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 3);
    t.halt(&mut w);
    w.counters[0] = 0;
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 3);
}

fn restart_after_completion_vector() {
    // The entry is a `VecDeque<i32>`, popped in place (BehaviorTree.CPP's shared queue): set
    // again, it is iterated again.
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree>
              <LoopInt queue="{my_vector}" value="{val}"><CountTicks/></LoopInt>
           </BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    w.set("my_vector", VecDeque::from([1, 2, 3]));
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 3);
    t.halt(&mut w);
    w.counters[0] = 0;
    w.set("my_vector", VecDeque::from([1, 2, 3]));
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.counters[0], 3);
}

fn items<T: std::str::FromStr<Err: std::fmt::Display>>(text: &str) -> Vec<T> {
    match text.parse::<Queue<T>>() {
        Ok(Queue::Items(items)) => items,
        _ => panic!("`{text}` is a queue"),
    }
}

fn convert_int() {
    assert_eq!(items::<i32>("1;2;3;4;5"), [1, 2, 3, 4, 5]);
}

fn convert_double() {
    assert_eq!(items::<f64>("1.1;2.2;3.3"), [1.1, 2.2, 3.3]);
}

fn convert_bool() {
    assert_eq!(items::<bool>("true;false;true;false"), [true, false, true, false]);
}

fn convert_string() {
    assert_eq!(items::<String>("foo;bar;baz"), ["foo", "bar", "baz"]);
}

/// `ProduceVectorDouble`: writes `[10, 20, 30]`.
#[derive(bt::ports::Ports)]
pub struct ProduceVectorDouble {
    numbers: bt::ports::Output<Vec<f64>>,
}
impl Action<W> for ProduceVectorDouble {
    fn execute(&mut self, w: &mut W) -> Status {
        self.numbers.set(w, vec![10.0, 20.0, 30.0]);
        SUCCESS
    }
}

fn loop_accepts_vector() {
    // `nums` is a `Vec<f64>` for the producer and the loop's `VecDeque<f64>`: refused when the
    // file is loaded (and compiled: `tests/ui/xml_loop_two_types.rs`).
    let xml = r#"<root BTCPP_format="4"><BehaviorTree ID="MainTree">
        <Sequence>
          <ProduceVectorDouble numbers="{nums}" />
          <LoopDouble queue="{nums}" value="{val}"><RecordDoubleValue value="{val}" /></LoopDouble>
        </Sequence>
      </BehaviorTree></root>"#;
    let r = bt::load::Registry::<W>::new()
        .with_blackboard()
        .action::<ProduceVectorDouble>("ProduceVectorDouble")
        .action::<RecordDoubleValue>("RecordDoubleValue");
    let Err(e) = r.load_str("t.xml", xml) else { panic!("refused") };
    assert!(e.to_string().contains("the blackboard entry `nums`"), "{e}");
}

fn subtree_literal_to_loop_double() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4">
              <BehaviorTree ID="MainTree"><SubTree ID="LoopSubTree" queue="1;2;3" /></BehaviorTree>
              <BehaviorTree ID="LoopSubTree">
                <LoopDouble queue="{queue}" value="{number}"><RecordDoubleValue value="{number}" /></LoopDouble>
              </BehaviorTree>
           </root>"#,
        ctx = W,
        tree = "MainTree"
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.log, ["1.0", "2.0", "3.0"]);
}

const NO_SKIPPED: &str = "bt's loop answers `SUCCESS` or `FAILURE` for an empty queue; a bt node is skipped only by its `_skipIf` (README, `bt::ports::Loop`)";

pub const CASES: &[Case] = &[
    Case { name: "gtest_loop::LoopNode.StaticIntQueue", verdict: Verdict::Pass, run: static_int_queue },
    Case { name: "gtest_loop::LoopNode.StaticDoubleQueue", verdict: Verdict::Pass, run: static_double_queue },
    Case { name: "gtest_loop::LoopNode.StaticStringQueue", verdict: Verdict::Pass, run: static_string_queue },
    Case {
        name: "gtest_loop::LoopNode.EmptyQueue_ReturnsSuccess",
        verdict: Verdict::Pass,
        run: empty_queue_success,
    },
    Case {
        name: "gtest_loop::LoopNode.EmptyQueue_ReturnsFailure",
        verdict: Verdict::Pass,
        run: empty_queue_failure,
    },
    Case {
        name: "gtest_loop::LoopNode.EmptyQueue_ReturnsSkipped",
        verdict: Verdict::Difference { btcpp: "the loop returns SKIPPED", why: NO_SKIPPED },
        run: empty_queue_skipped,
    },
    Case {
        name: "gtest_loop::LoopNode.ChildFailure_StopsLoop",
        verdict: Verdict::Pass,
        run: child_failure_stops_loop,
    },
    Case {
        name: "gtest_loop::LoopNode.DynamicQueueFromBlackboard",
        verdict: Verdict::Pass,
        run: dynamic_queue_from_blackboard,
    },
    Case {
        name: "gtest_loop::LoopNode.VectorInput_Issue969",
        verdict: Verdict::Difference {
            btcpp: "a std::vector<int> entry is copied into a queue and iterated",
            why: "an entry has one type: the queue is a `VecDeque<T>` (`bt::ports::Loop`), and a `Vec<T>` entry is another entry, so the loop finds its queue empty; a tree that binds the key with both types is refused",
        },
        run: vector_input,
    },
    Case { name: "gtest_loop::LoopNode.BoolQueue", verdict: Verdict::Pass, run: bool_queue },
    Case {
        name: "gtest_loop::LoopNode.RestartAfterCompletion",
        verdict: Verdict::Pass,
        run: restart_after_completion,
    },
    Case {
        name: "gtest_loop::LoopNode.RestartAfterCompletion_VectorFromBlackboard",
        verdict: Verdict::Pass,
        run: restart_after_completion_vector,
    },
    Case { name: "gtest_loop::LoopNode.ConvertFromString_Int", verdict: Verdict::Pass, run: convert_int },
    Case {
        name: "gtest_loop::LoopNode.ConvertFromString_Double",
        verdict: Verdict::Pass,
        run: convert_double,
    },
    Case { name: "gtest_loop::LoopNode.ConvertFromString_Bool", verdict: Verdict::Pass, run: convert_bool },
    Case {
        name: "gtest_loop::LoopNode.ConvertFromString_String",
        verdict: Verdict::Pass,
        run: convert_string,
    },
    Case {
        name: "gtest_ports::PortTest.LoopNodeAcceptsVector_Issue969",
        verdict: Verdict::Difference {
            btcpp: "a std::vector<double> output feeds the loop's queue",
            why: "an entry has one type: a `Vec<f64>` port and the loop's `VecDeque<f64>` on one key are refused when the tree is loaded or compiled (README, `bt::ports::Loop`)",
        },
        run: loop_accepts_vector,
    },
    Case {
        name: "gtest_ports::PortTest.SubtreeStringLiteralToLoopDouble_Issue1065",
        verdict: Verdict::Pass,
        run: subtree_literal_to_loop_double,
    },
];
