//! `gtest_ports.cpp`.

use std::sync::Arc;

use bt::ports::{Input, Output};
use bt::{Action, Status, bt_xml};

use crate::support::*;
use crate::{Case, Verdict};

const SUCCESS: Status = Status::Success;
const FAILURE: Status = Status::Failure;

/// Succeeds when `in_port_A` is 42 and `in_port_B` 66.
#[derive(bt::ports::Ports)]
#[allow(non_snake_case)]
pub struct NodeWithPorts {
    /// magic_number
    #[port(default = "42")]
    in_port_A: Input<i32>,
    in_port_B: Input<i32>,
}
impl Action<W> for NodeWithPorts {
    fn execute(&mut self, w: &mut W) -> Status {
        match (self.in_port_A.get(w).copied(), self.in_port_B.get(w).copied()) {
            (Some(42), Some(66)) => SUCCESS,
            _ => FAILURE,
        }
    }
}

fn default_ports() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" >
            <BehaviorTree ID="MainTree">
                <NodeWithPorts in_port_B="66" />
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    assert_eq!(t.tick_until_done(&mut W::default(), |_| {}), SUCCESS);
}

fn registry() -> bt::load::Registry<W> {
    bt::load::Registry::<W>::new()
        .action::<NodeWithPorts>("NodeWithPorts")
        .action::<NodeInPorts>("NodeInPorts")
        .action::<NodeOutPorts>("NodeOutPorts")
        .action::<NodeWithDefaultNullptr>("NodeWithDefaultNullptr")
}

fn missing_port() {
    let xml = r#"<root BTCPP_format="4" >
        <BehaviorTree ID="MainTree"><NodeWithPorts/></BehaviorTree>
    </root>"#;
    let Err(err) = registry().load_str("t.xml", xml) else { panic!("refused") };
    assert!(err.to_string().contains("in_port_B"), "{err}");
}

fn wrong_port() {
    let xml = r#"<root BTCPP_format="4" >
        <BehaviorTree ID="MainTree"><NodeWithPorts da_port="66" /></BehaviorTree>
    </root>"#;
    let Err(err) = registry().load_str("t.xml", xml) else { panic!("refused") };
    assert!(err.to_string().contains("da_port"), "{err}");
}

fn descriptions() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="MainTree" _description="this is my tree" >
                <Sequence>
                    <NodeWithPorts name="first"  in_port_B="66" _description="this is my action" />
                    <SubTree ID="mySubTree" name="second" _description="this is a subtree"/>
                </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="mySubTree" _description="this is a subtree" >
                <NodeWithPorts name="third" in_port_B="99" />
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    // Failure because in_port_B="99".
    assert_eq!(t.tick_until_done(&mut W::default(), |_| {}), FAILURE);
}

/// A type of the user's, without a text form.
#[derive(Clone, Debug, Default)]
pub struct MyType;

/// Succeeds when both inputs have a value.
#[derive(bt::ports::Ports)]
pub struct NodeInPorts {
    int_port: Input<i32>,
    any_port: Input<MyType>,
}
impl Action<W> for NodeInPorts {
    fn execute(&mut self, w: &mut W) -> Status {
        if self.int_port.get(w).is_some() && self.any_port.get(w).is_some() { SUCCESS } else { FAILURE }
    }
}

/// Writes nothing.
#[derive(bt::ports::Ports)]
pub struct NodeOutPorts {
    int_port: Output<i32>,
    any_port: Output<MyType>,
}
impl Action<W> for NodeOutPorts {
    fn execute(&mut self, _: &mut W) -> Status {
        let _ = (&self.int_port, &self.any_port);
        SUCCESS
    }
}

fn empty_port() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" >
            <BehaviorTree ID="MainTree">
                <Sequence>
                    <NodeInPorts  int_port="{ip}" any_port="{ap}" />
                    <NodeOutPorts int_port="{ip}" any_port="{ap}" />
                </Sequence>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    assert_eq!(t.tick_until_done(&mut W::default(), |_| {}), FAILURE);
}

/// Logs the strings of its `states`.
#[derive(bt::ports::Ports)]
pub struct ActionVectorStringIn {
    states: Input<Vec<String>>,
}
impl Action<W> for ActionVectorStringIn {
    fn execute(&mut self, w: &mut W) -> Status {
        let states = self.states.get(w).cloned().unwrap_or_default();
        w.log.extend(states);
        SUCCESS
    }
}

fn subtree_string_input_string_vector() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" >
          <BehaviorTree ID="Main">
            <ActionVectorStringIn states="hello;world;with spaces"/>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.log, ["hello", "world", "with spaces"]);
}

/// A point, `"x,y"` as text.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point2D {
    pub x: i32,
    pub y: i32,
}
impl core::str::FromStr for Point2D {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let (x, y) = s.split_once(',').ok_or("invalid input")?;
        Ok(Point2D { x: x.trim().parse().map_err(|_| "x")?, y: y.trim().parse().map_err(|_| "y")? })
    }
}

/// Succeeds when its defaults are as declared.
#[derive(bt::ports::Ports)]
pub struct DefaultTestAction {
    /// the answer
    #[port(default = "42")]
    answer: Input<i32>,
    /// be polite
    #[port(default = "hello")]
    greeting: Input<String>,
    /// where
    #[port(default = "1,2")]
    pos: Input<Point2D>,
}
impl Action<W> for DefaultTestAction {
    fn execute(&mut self, w: &mut W) -> Status {
        let ok = self.answer.get(w) == Some(&42)
            && self.greeting.get(w).map(String::as_str) == Some("hello")
            && self.pos.get(w) == Some(&Point2D { x: 1, y: 2 });
        if ok { SUCCESS } else { FAILURE }
    }
}

fn default_input() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree><DefaultTestAction/></BehaviorTree></root>"#,
        ctx = W,
        nodes(DefaultTestAction = unbound::<DefaultTestAction>())
    );
    assert_eq!(t.tick(&mut W::default()), SUCCESS);
}

/// Checks each of its points (BehaviorTree.CPP's `pointE`, a JSON default, is left out).
#[derive(bt::ports::Ports)]
#[allow(non_snake_case)]
pub struct NodeWithDefaultPoints {
    input: Input<Point2D>,
    #[port(default = "1,2")]
    pointA: Input<Point2D>,
    #[port(default = "{point}")]
    pointB: Input<Point2D>,
    #[port(default = "5,6")]
    pointC: Input<Point2D>,
    #[port(default = "{=}")]
    pointD: Input<Point2D>,
}
impl Action<W> for NodeWithDefaultPoints {
    fn execute(&mut self, w: &mut W) -> Status {
        let p = |x, y| Some(Point2D { x, y });
        let ok = self.pointA.get(w).copied() == p(1, 2)
            && self.pointB.get(w).copied() == p(3, 4)
            && self.pointC.get(w).copied() == p(5, 6)
            && self.pointD.get(w).copied() == p(7, 8)
            && self.input.get(w).copied() == p(-1, -2);
        if ok { SUCCESS } else { FAILURE }
    }
}

fn default_input_point_2d() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree><NodeWithDefaultPoints input="-1,-2"/></BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    w.set("point", Point2D { x: 3, y: 4 });
    w.set("pointD", Point2D { x: 7, y: 8 });
    assert_eq!(t.tick(&mut w), SUCCESS);
}

/// Checks each of its strings.
#[derive(bt::ports::Ports)]
#[allow(non_snake_case)]
pub struct NodeWithDefaultStrings {
    input: Input<String>,
    #[port(default = "hello")]
    msgA: Input<String>,
    #[port(default = "{msg}")]
    msgB: Input<String>,
    #[port(default = "{=}")]
    msgC: Input<String>,
}
impl Action<W> for NodeWithDefaultStrings {
    fn execute(&mut self, w: &mut W) -> Status {
        let s = |v: Option<&String>| v.cloned().unwrap_or_default();
        let got = [s(self.input.get(w)), s(self.msgA.get(w)), s(self.msgB.get(w)), s(self.msgC.get(w))];
        if got == ["from XML", "hello", "ciao", "hola"] { SUCCESS } else { FAILURE }
    }
}

fn default_input_strings() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree><NodeWithDefaultStrings input="from XML"/></BehaviorTree></root>"#,
        ctx = W
    );
    let mut w = W::default();
    w.set::<String>("msg", "ciao".into());
    w.set::<String>("msgC", "hola".into());
    assert_eq!(t.tick(&mut w), SUCCESS);
}

/// A structure of the user's.
#[derive(Debug)]
pub struct TestStruct;

/// An input that may stay unbound (BehaviorTree.CPP: a `shared_ptr` defaulting to `nullptr`).
#[derive(bt::ports::Ports)]
pub struct NodeWithDefaultNullptr {
    /// default value is nullptr
    #[port(optional)]
    input: Input<Arc<TestStruct>>,
}
impl Action<W> for NodeWithDefaultNullptr {
    fn execute(&mut self, w: &mut W) -> Status {
        if self.input.get(w).is_none() { SUCCESS } else { FAILURE }
    }
}

fn default_wrongly_overriden() {
    let wrong =
        r#"<root BTCPP_format="4"><BehaviorTree><NodeWithDefaultNullptr input=""/></BehaviorTree></root>"#;
    let correct = r#"<root BTCPP_format="4"><BehaviorTree><NodeWithDefaultNullptr/></BehaviorTree></root>"#;
    assert!(registry().load_str("t.xml", wrong).is_err());
    let mut t = registry().load_str("t.xml", correct).expect("loads");
    assert_eq!(t.tick(&mut W::default()), SUCCESS);
    // And compiled.
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4"><BehaviorTree><NodeWithDefaultNullptr/></BehaviorTree></root>"#,
        ctx = W,
        nodes(NodeWithDefaultNullptr = unbound::<NodeWithDefaultNullptr>())
    );
    assert_eq!(t.tick(&mut W::default()), SUCCESS);
}

/// Logs `log_name`.
#[derive(bt::ports::Ports)]
pub struct ActionWithDefaultPort {
    /// Logger name
    #[port(default = "my_default_logger")]
    log_name: Input<String>,
    /// Message to be logged
    message: Input<String>,
}
impl Action<W> for ActionWithDefaultPort {
    fn execute(&mut self, w: &mut W) -> Status {
        let _ = self.message.get(w);
        let Some(name) = self.log_name.get(w).cloned() else { return FAILURE };
        w.log.push(name);
        SUCCESS
    }
}

fn get_input_default_value_issue_858() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" >
          <BehaviorTree ID="Main">
            <ActionWithDefaultPort message="hello"/>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.log, ["my_default_logger"]);
}

/// A leaf with its ports unbound (their defaults), for an element without attributes.
fn unbound<T: bt::ports::Ports>() -> T {
    T::unbound()
}

/// The cases of this file.
pub const CASES: &[Case] = &[
    Case { name: "gtest_ports::PortTest.DefaultPorts", verdict: Verdict::Pass, run: default_ports },
    Case {
        name: "gtest_ports::PortTest.MissingPort",
        verdict: Verdict::Difference {
            btcpp: "the tree is created; its tick throws (the input has no value)",
            why: "a port without a default must be bound (`bt::ports::Ports`' docs): the tree is refused when loaded, \
                  and `bt_xml!` does not compile it; `#[port(optional)]` lets it stay unbound",
        },
        run: missing_port,
    },
    Case { name: "gtest_ports::PortTest.WrongPort", verdict: Verdict::Pass, run: wrong_port },
    Case { name: "gtest_ports::PortTest.Descriptions", verdict: Verdict::Pass, run: descriptions },
    Case { name: "gtest_ports::PortTest.EmptyPort", verdict: Verdict::Pass, run: empty_port },
    Case {
        name: "gtest_ports::PortTest.SubtreeStringInput_StringVector",
        verdict: Verdict::Pass,
        run: subtree_string_input_string_vector,
    },
    Case { name: "gtest_ports::PortTest.DefaultInput", verdict: Verdict::Pass, run: default_input },
    Case {
        name: "gtest_ports::PortTest.DefaultInputPoint2D",
        verdict: Verdict::Pass,
        run: default_input_point_2d,
    },
    Case {
        name: "gtest_ports::PortTest.DefaultInputStrings",
        verdict: Verdict::Pass,
        run: default_input_strings,
    },
    Case {
        name: "gtest_ports::PortTest.DefaultWronglyOverriden",
        verdict: Verdict::Pass,
        run: default_wrongly_overriden,
    },
    Case {
        name: "gtest_ports::PortTest.GetInputDefaultValue_Issue858",
        verdict: Verdict::Pass,
        run: get_input_default_value_issue_858,
    },
];
