//! `gtest_subtree.cpp`.

use bt::ports::{Input, Output};
use bt::{Action, Status, bt_xml};

use crate::support::*;
use crate::{Case, Verdict};

const SUCCESS: Status = Status::Success;
const FAILURE: Status = Status::Failure;

/// `DummyNodes::SaySomething`: logs its message.
#[derive(bt::ports::Ports)]
pub struct SaySomething {
    message: Input<String>,
}
impl Action<W> for SaySomething {
    fn execute(&mut self, w: &mut W) -> Status {
        match self.message.get(w).cloned() {
            Some(m) => {
                w.log.push(m);
                SUCCESS
            }
            None => FAILURE,
        }
    }
}

/// `PrintToConsole`: the same, under the name of `gtest_subtree.cpp`'s node.
pub type PrintToConsole = SaySomething;

/// Copies `in` to `out` (BehaviorTree.CPP throws when `in` has no value; this fails).
#[derive(bt::ports::Ports)]
pub struct CopyPorts {
    r#in: Input<String>,
    out: Output<String>,
}
impl Action<W> for CopyPorts {
    fn execute(&mut self, w: &mut W) -> Status {
        let Some(m) = self.r#in.get(w).cloned() else { return FAILURE };
        self.out.set(w, m);
        SUCCESS
    }
}

/// Succeeds when its `condition` holds.
#[derive(bt::ports::Ports)]
pub struct Assert {
    condition: Input<bool>,
}
impl Action<W> for Assert {
    fn execute(&mut self, w: &mut W) -> Status {
        if self.condition.get(w).copied() == Some(true) { SUCCESS } else { FAILURE }
    }
}

fn sibling_ports_issue_72() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree" >
            <BehaviorTree ID="MainTree">
                <Sequence>
                    <Script code = " myParam = 'hello' " />
                    <SubTree ID="mySubtree" param="{myParam}" />
                    <Script code = " myParam = 'world' " />
                    <SubTree ID="mySubtree" param="{myParam}" />
                </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="mySubtree">
                    <SaySomething message="{param}" />
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS, "{:?}", w.faults);
    assert_eq!(w.log, ["hello", "world"]);
}

fn good_remapping() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="MainTree">
                <Sequence>
                    <Script code = " thoughts = 'hello' " />
                    <SubTree ID="CopySubtree" in_arg="{thoughts}" out_arg="{greetings}"/>
                    <SaySomething  message="{greetings}" />
                </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="CopySubtree">
                    <CopyPorts in="{in_arg}" out="{out_arg}"/>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS, "{:?}", w.faults);
    assert_eq!(w.log, ["hello"]);
}

fn bad_remapping() {
    // `in_arg` is not remapped: the subtree's own entry, which nothing writes.
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="MainTree">
                <Sequence>
                    <Script code = " thoughts='hello' " />
                    <SubTree ID="CopySubtree" out_arg="{greetings}"/>
                    <SaySomething  message="{greetings}" />
                </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="CopySubtree">
                    <CopyPorts in="{in_arg}" out="{out_arg}"/>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
    assert!(w.log.is_empty());
    // `out_arg` is not remapped: `greetings` is never written.
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="MainTree">
                <Sequence>
                    <Script code = " thoughts='hello' " />
                    <SubTree ID="CopySubtree" in_arg="{thoughts}"/>
                    <SaySomething  message="{greetings}" />
                </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="CopySubtree">
                    <CopyPorts in="{in_arg}" out="{out_arg}"/>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
    assert!(w.log.is_empty());
}

fn subtree_plus_a() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="MainTree">
                <Sequence>
                    <Script code = "myParam = 'Hello' " />
                    <SubTree ID="mySubtree" param="{myParam}" />
                    <SubTree ID="mySubtree" param="World" />
                    <Script code = "param = 'Auto remapped' " />
                    <SubTree ID="mySubtree" _autoremap="1"  />
                </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="mySubtree">
                    <SaySomething message="{param}" />
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS, "{:?}", w.faults);
    assert_eq!(w.log, ["Hello", "World", "Auto remapped"]);
}

fn subtree_plus_b() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="MainTree">
                <Sequence>
                    <Script code = "myParam = 'Hello World'; param3='Auto remapped' " />
                    <SubTree ID="mySubtree" _autoremap="1" param1="{myParam}" param2="Straight Talking" />
                </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="mySubtree">
                <Sequence>
                    <SaySomething message="{param1}" />
                    <SaySomething message="{param2}" />
                    <SaySomething message="{param3}" />
                </Sequence>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS, "{:?}", w.faults);
    assert_eq!(w.log, ["Hello World", "Straight Talking", "Auto remapped"]);
}

fn subtree_plus_d() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="MainTree">
                <Sequence>
                    <SubTree ID="mySubtree" _autoremap="1"/>
                </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="mySubtree">
                    <SaySomething message="{message}" />
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    w.set::<String>("message", "hello".into());
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS);
    assert_eq!(w.log, ["hello"]);
}

fn script_remap() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="MainTree">
                <Sequence>
                    <Script code = "value:=0" />
                    <SubTree ID="mySubtree" value="{value}"  />
                </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="mySubtree">
                <Script code = "value:=1" />
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    let _ = t.tick(&mut w);
    assert_eq!(w.get::<i64>("value"), Some(1));
}

/// A 2D pose, `"x;y;theta"` as text.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pose2D {
    pub x: f64,
    pub y: f64,
    pub theta: f64,
}
impl core::str::FromStr for Pose2D {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        let mut it = s.split(';').map(|p| p.trim().parse::<f64>());
        match (it.next(), it.next(), it.next(), it.next()) {
            (Some(Ok(x)), Some(Ok(y)), Some(Ok(theta)), None) => Ok(Pose2D { x, y, theta }),
            _ => Err(()),
        }
    }
}

/// Doubles the pose's angle.
#[derive(bt::ports::Ports)]
pub struct ModifyPose {
    pose: bt::ports::InOut<Pose2D>,
}
impl Action<W> for ModifyPose {
    fn execute(&mut self, w: &mut W) -> Status {
        let mut p = self.pose.get(w).copied().unwrap_or_default();
        p.theta *= 2.0;
        self.pose.set(w, p);
        SUCCESS
    }
}

fn string_conversions_issue_530() {
    let xml = r#"<root BTCPP_format="4" >
      <BehaviorTree ID="MainTree">
        <Sequence>
          <Script code=" pose:='1;2;3' "/>
          <ModifyPose pose="{pose}"/>
          <Script code=" pose:='1;2;3' "/>
        </Sequence>
      </BehaviorTree>
    </root>"#;
    let registry = bt::load::Registry::<W>::new().with_blackboard().action::<ModifyPose>("ModifyPose");
    let Err(err) = registry.load_str("t.xml", xml) else { panic!("an entry of two types is refused") };
    assert!(err.to_string().contains("pose"), "{err}");
}

fn subtree_nav2_issue_563() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="Tree1">
            <BehaviorTree ID="Tree1">
              <Sequence>
                <SetBlackboard output_key="the_message" value="hello world"/>
                <SubTree ID="Tree2" _autoremap="true"/>
                <SaySomething message="{reply}" />
              </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="Tree2">
                <SubTree ID="Tree3" _autoremap="true"/>
            </BehaviorTree>
            <BehaviorTree ID="Tree3">
                <SubTree ID="Talker" _autoremap="true"/>
            </BehaviorTree>
            <BehaviorTree ID="Talker">
              <Sequence>
                <SaySomething message="{the_message}" />
                <Script code=" reply:='done' "/>
              </Sequence>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick(&mut w), SUCCESS, "{:?}", w.faults);
    assert_eq!(w.log, ["hello world", "done"]);
}

fn subtree_issue_592() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="Outer_Tree">
          <BehaviorTree ID="Outer_Tree">
            <Sequence>
              <Script code="variable := 'test'"/>
              <Script code="var := 'test'"/>
              <SubTree ID="Inner_Tree" _autoremap="false" variable="{var}" />
              <SubTree ID="Inner_Tree" _autoremap="true"/>
            </Sequence>
          </BehaviorTree>
          <BehaviorTree ID="Inner_Tree">
            <Sequence>
              <TestA _skipIf="variable != 'test'"/>
            </Sequence>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS, "{:?}", w.faults);
    assert_eq!(w.counters[0], 2);
}

fn issue_653_set_blackboard() {
    let mut t = bt_xml!(
        r#"<root main_tree_to_execute = "MainTree" BTCPP_format="4">
          <BehaviorTree ID="MainTree">
            <Sequence>
              <SubTree ID="Init" test="{test}" />
              <Assert condition="{test}" />
            </Sequence>
          </BehaviorTree>
          <BehaviorTree ID="Init">
            <SetBlackboard output_key="test" value="true"/>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS, "{:?}", w.faults);
}

fn subtree_models() {
    let mut t = bt_xml!(
        r#"<root main_tree_to_execute = "MainTree" BTCPP_format="4">
          <TreeNodesModel>
            <SubTree ID="MySub">
              <input_port name="in_value" default="42"/>
              <input_port name="in_name"/>
              <output_port name="out_result" default="{output}"/>
              <output_port name="out_state"/>
            </SubTree>
          </TreeNodesModel>
          <BehaviorTree ID="MainTree">
            <Sequence>
              <Script code="my_name:= 'john' "/>
              <SubTree ID="MySub" in_name="{my_name}"  out_state="{my_state}"/>
              <ScriptCondition code=" output==69 &amp;&amp; my_state=='ACTIVE' " />
            </Sequence>
          </BehaviorTree>
          <BehaviorTree ID="MySub">
            <Sequence>
              <ScriptCondition code="in_name=='john' &amp;&amp; in_value==42" />
              <Script code="out_result:=69; out_state:='ACTIVE'" />
            </Sequence>
          </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), SUCCESS, "{:?}", w.faults);
}

fn remapping_issue_696() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="Subtree1">
              <Sequence>
                <PrintToConsole message="{msg1}"/>
                <PrintToConsole message="{msg2}"/>
              </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="Subtree2">
              <Sequence>
                <SubTree ID="Subtree1" msg1="foo1" _autoremap="true"/>
                <SubTree ID="Subtree1" msg1="foo2" _autoremap="true"/>
              </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="MainTree">
              <SubTree ID="Subtree2" msg2="bar"/>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    let _ = t.tick_until_done(&mut w, |_| {});
    assert_eq!(w.log, ["foo1", "bar", "foo2", "bar"]);
}

fn private_auto_remapping() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
            <BehaviorTree ID="Subtree">
              <Sequence>
                <SetBlackboard output_key="public_value"   value="hello"/>
                <SetBlackboard output_key="_private_value" value="world"/>
              </Sequence>
            </BehaviorTree>
            <BehaviorTree ID="MainTree">
              <Sequence>
                <SubTree ID="Subtree" _autoremap="true"/>
                <PrintToConsole message="{public_value}"/>
                <PrintToConsole message="{_private_value}"/>
              </Sequence>
            </BehaviorTree>
        </root>"#,
        ctx = W
    );
    let mut w = W::default();
    assert_eq!(t.tick_until_done(&mut w, |_| {}), FAILURE);
    assert_eq!(w.log, ["hello"]);
}

/// The run-time loader refuses the tree (and `bt_xml!` when compiling).
fn refused(xml: &str, what: &str) {
    let Err(err) = bt::load::Registry::<W>::new().load_str("t.xml", xml) else {
        panic!("the tree is refused")
    };
    assert!(err.to_string().contains(what), "{err}");
}

fn recursive_subtree() {
    refused(
        r#"<root BTCPP_format="4" >
          <BehaviorTree ID="MainTree">
             <Sequence name="root">
                 <AlwaysSuccess/>
                 <SubTree ID="MainTree" />
             </Sequence>
          </BehaviorTree>
        </root>"#,
        "MainTree",
    );
}

fn recursive_cycle() {
    refused(
        r#"<root BTCPP_format="4" main_tree_to_execute="MainTree">
          <BehaviorTree ID="MainTree">
             <Sequence name="root"><AlwaysSuccess/><SubTree ID="TreeA" /></Sequence>
          </BehaviorTree>
          <BehaviorTree ID="TreeA">
             <Sequence name="root"><AlwaysSuccess/><SubTree ID="TreeB" /></Sequence>
          </BehaviorTree>
          <BehaviorTree ID="TreeB">
             <Sequence name="root"><AlwaysSuccess/><SubTree ID="MainTree" /></Sequence>
          </BehaviorTree>
        </root>"#,
        "TreeA",
    );
}

fn substring_tree_ids_are_not_recursive() {
    let mut t = bt_xml!(
        r#"<root BTCPP_format="4" main_tree_to_execute="Tree">
          <BehaviorTree ID="Tree"><SubTree ID="TreeABC" /></BehaviorTree>
          <BehaviorTree ID="TreeABC"><AlwaysSuccess/></BehaviorTree>
        </root>"#,
        ctx = W
    );
    assert_eq!(t.tick(&mut W::default()), SUCCESS);
}

/// The cases of this file.
pub const CASES: &[Case] = &[
    Case {
        name: "gtest_subtree::SubTree.SiblingPorts_Issue_72",
        verdict: Verdict::Pass,
        run: sibling_ports_issue_72,
    },
    Case { name: "gtest_subtree::SubTree.GoodRemapping", verdict: Verdict::Pass, run: good_remapping },
    Case {
        name: "gtest_subtree::SubTree.BadRemapping",
        verdict: Verdict::Difference {
            btcpp: "the tick throws: the input has no value",
            why: "bt has no exceptions: an input without a value reads as `None` (`Input::get`'s docs) and the leaf \
                  decides; this one fails, and so does the tree",
        },
        run: bad_remapping,
    },
    Case { name: "gtest_subtree::SubTree.SubtreePlusA", verdict: Verdict::Pass, run: subtree_plus_a },
    Case { name: "gtest_subtree::SubTree.SubtreePlusB", verdict: Verdict::Pass, run: subtree_plus_b },
    Case { name: "gtest_subtree::SubTree.SubtreePlusD", verdict: Verdict::Pass, run: subtree_plus_d },
    Case { name: "gtest_subtree::SubTree.ScriptRemap", verdict: Verdict::Pass, run: script_remap },
    Case {
        name: "gtest_subtree::SubTree.StringConversions_Issue530",
        verdict: Verdict::Difference {
            btcpp: "the script's string '1;2;3' is converted to the port's Pose2D when the node reads it",
            why: "every entry has one Rust type for the whole tree (README, scripts): an entry a script writes as a \
                  string and a port reads as `Pose2D` is refused when the tree is loaded or compiled",
        },
        run: string_conversions_issue_530,
    },
    Case {
        name: "gtest_subtree::SubTree.SubtreeNav2_Issue563",
        verdict: Verdict::Pass,
        run: subtree_nav2_issue_563,
    },
    Case { name: "gtest_subtree::SubTree.SubtreeIssue592", verdict: Verdict::Pass, run: subtree_issue_592 },
    Case {
        name: "gtest_subtree::SubTree.Issue653_SetBlackboard",
        verdict: Verdict::Pass,
        run: issue_653_set_blackboard,
    },
    Case { name: "gtest_subtree::SubTree.SubtreeModels", verdict: Verdict::Pass, run: subtree_models },
    Case {
        name: "gtest_subtree::SubTree.RemappingIssue696",
        verdict: Verdict::Pass,
        run: remapping_issue_696,
    },
    Case {
        name: "gtest_subtree::SubTree.PrivateAutoRemapping",
        verdict: Verdict::Pass,
        run: private_auto_remapping,
    },
    Case { name: "gtest_subtree::SubTree.RecursiveSubtree", verdict: Verdict::Pass, run: recursive_subtree },
    Case { name: "gtest_subtree::SubTree.RecursiveCycle", verdict: Verdict::Pass, run: recursive_cycle },
    Case {
        name: "gtest_subtree::SubTree.SubstringTreeIDsAreNotRecursive",
        verdict: Verdict::Pass,
        run: substring_tree_ids_are_not_recursive,
    },
];
