//! The BehaviorTree.CPP export of a tree read from XML, checked by behaviour: Nav2's
//! `navigate_to_pose_w_replanning_and_recovery.xml`, compiled by `bt_xml!` (the Nav2 example's
//! `NavigateToPoseXml`) and exported, has every element, instance name and attribute of Nav2's
//! file; the export, compiled back by `bt_xml!` over the same leaf types, runs the example's
//! scenario with the same events, node activations, outcomes and final state.
//!
//! The export is pinned in `tests/btcpp_xml/nav2_from_xml.xml` (the file `bt_xml!` compiles back
//! below), and checked to be what the export writes today; after a deliberate change of the
//! output, rewrite it with `BTCPP_XML_BLESS=1 cargo test --test btcpp_export` and read the diff.
#![cfg(feature = "std")]

#[path = "../examples/nav2_recovery/sim.rs"]
#[allow(dead_code)]
mod sim;
#[path = "../examples/nav2_recovery/tree.rs"]
#[allow(dead_code)]
mod tree;

use bt::ports::Ports;
use bt::{Observer, Status, TreeDescription};
use sim::{Event, Robot, SEED};
use tree::*;

const ORIGINAL: &str = "tests/xml/corpus/navigation2__navigate_to_pose_w_replanning_and_recovery.xml";
const EXPORTED: &str = "tests/btcpp_xml/nav2_from_xml.xml";

bt::bt_xml! {
    /// The export of `NavigateToPoseXml`, compiled back, with the leaf types of the example.
    pub struct Exported for Robot =
        "tests/btcpp_xml/nav2_from_xml.xml",
        nodes(GlobalUpdatedGoal = GlobalUpdatedGoal::unbound(), GoalUpdated = GoalUpdated::unbound())
}

impl NavTree for Exported {
    fn tick_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O) -> Status {
        (**self).tick_with(robot, observer)
    }
    fn halt_on<O: Observer>(&mut self, robot: &mut Robot, observer: &mut O) {
        (**self).halt_with(robot, observer)
    }
    fn describe(&self) -> &'static TreeDescription {
        (**self).description()
    }
}

impl Build for Exported {
    fn build() -> Self {
        Exported::new()
    }
}

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The export of `NavigateToPoseXml` is the pinned file.
#[test]
fn the_pinned_file_is_the_export() {
    let xml = NavigateToPoseXml::new().description().btcpp_xml().to_string();
    if std::env::var_os("BTCPP_XML_BLESS").is_some() {
        std::fs::write(format!("{}/{EXPORTED}", env!("CARGO_MANIFEST_DIR")), &xml).unwrap();
    }
    assert!(read(EXPORTED) == xml, "the export differs from {EXPORTED}:\n{xml}");
}

fn elements<'a, 'i>(node: roxmltree::Node<'a, 'i>) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> {
    node.children().filter(roxmltree::Node::is_element)
}

/// The first `<BehaviorTree>` of a document, as (depth, element, attributes) in pre-order.
fn nodes(doc: &roxmltree::Document) -> Vec<(usize, String, Vec<(String, String)>)> {
    fn walk(n: roxmltree::Node, depth: usize, out: &mut Vec<(usize, String, Vec<(String, String)>)>) {
        let mut attrs: Vec<(String, String)> =
            n.attributes().map(|a| (a.name().to_string(), a.value().to_string())).collect();
        attrs.sort();
        out.push((depth, n.tag_name().name().to_string(), attrs));
        for c in elements(n) {
            walk(c, depth + 1, out);
        }
    }
    let tree = elements(doc.root_element()).find(|e| e.has_tag_name("BehaviorTree")).unwrap();
    let mut out = Vec::new();
    for top in elements(tree) {
        walk(top, 0, &mut out);
    }
    out
}

/// Exported and compared with Nav2's file attribute by attribute: the same nodes in the same
/// places, each with the same element (its node type), instance name and port values, and no
/// attribute more or less; the leaves have their models, and BehaviorTree.CPP's and Nav2's
/// controls and decorators theirs where BehaviorTree.CPP lacks them.
#[test]
fn the_export_of_the_xml_tree_is_nav2s_file() {
    let xml = NavigateToPoseXml::new().description().btcpp_xml().to_string();
    let (original, exported) = (read(ORIGINAL), xml);
    let original = roxmltree::Document::parse(&original).unwrap();
    let exported = roxmltree::Document::parse(&exported).unwrap();
    let (a, b) = (nodes(&original), nodes(&exported));
    assert_eq!(a.len(), 38);
    assert_eq!(a.len(), b.len(), "node count");
    let mut attributes = 0;
    for (i, (o, e)) in a.iter().zip(&b).enumerate() {
        assert_eq!(o, e, "node {i}");
        attributes += o.2.len();
    }
    // Instance names, arguments and port values: every attribute of the file, 68 of them.
    assert_eq!(attributes, 68);
    assert_eq!(exported.root_element().attribute("main_tree_to_execute"), Some("NavigateToPoseXml"));
    // A model for every leaf type (none is BehaviorTree.CPP's) and for Nav2's controls.
    let model = elements(exported.root_element()).find(|e| e.has_tag_name("TreeNodesModel")).unwrap();
    let modelled: Vec<(&str, &str)> =
        elements(model).map(|m| (m.tag_name().name(), m.attribute("ID").unwrap())).collect();
    for (_, element, _) in &a {
        let builtin = ["Sequence", "Fallback", "ReactiveSequence", "ReactiveFallback", "Inverter"]
            .contains(&element.as_str());
        assert_eq!(modelled.iter().any(|(_, id)| id == element), !builtin, "the model of {element}");
    }
    for (category, id) in
        [("Control", "RecoveryNode"), ("Control", "PipelineSequence"), ("Decorator", "RateController")]
    {
        assert!(modelled.contains(&(category, id)), "{category} {id}");
    }
    // The example's leaves are actions (each has a lifecycle), Nav2's condition nodes included.
    for id in ["GoalUpdated", "IsGoalNearby", "FollowPath"] {
        assert!(modelled.contains(&("Action", id)), "{id}");
    }
}

/// A run of the example's scenario: its events, node activations (as (time, node) starts),
/// outcomes and final state.
fn run<T: NavTree>(mut nav: Navigation<T>) -> (Vec<Event>, Vec<String>, u64) {
    let mut events = Vec::new();
    let mut watch = Statuses(Vec::new());
    while nav.step_with(&mut watch).is_some() {
        while let Some(e) = nav.robot.events.pop() {
            events.push(e);
        }
    }
    let outcomes = nav.outcomes.iter().map(|o| format!("{o:?}")).collect::<Vec<_>>();
    watch.0.extend(outcomes);
    (events, watch.0, nav.robot.checksum())
}

/// Every status and halt the tree reports, with node ids.
struct Statuses(Vec<String>);

impl Observer for Statuses {
    fn ticked(&mut self, node: bt::NodeId, status: Status) {
        self.0.push(format!("#{node} {status:?}"));
    }
    fn halted(&mut self, node: bt::NodeId) {
        self.0.push(format!("#{node} halted"));
    }
}

/// The export compiled back by `bt_xml!` runs as the tree it was exported from: over several
/// seeds, the same events at the same times, the same statuses of every node at every tick, the
/// same outcomes and the same final state.
#[test]
fn the_export_compiled_back_behaves_the_same() {
    assert_eq!(Exported::new().description().len(), 38);
    for seed in [SEED, SEED + 1, SEED + 2, 7] {
        let from_xml = run(Navigation::<NavigateToPoseXml>::of(seed));
        let exported = run(Navigation::<Exported>::of(seed));
        assert!(!from_xml.0.is_empty());
        assert_eq!(from_xml.0, exported.0, "seed {seed}: events");
        assert_eq!(from_xml.1, exported.1, "seed {seed}: statuses and outcomes");
        assert_eq!(from_xml.2, exported.2, "seed {seed}: checksum");
    }
}

/// The export of the export is the export: nothing drifts.
#[test]
fn exporting_the_compiled_export_gives_the_same_file() {
    let again = Exported::new().description().btcpp_xml().to_string();
    let first = read(EXPORTED).replace("NavigateToPoseXml", "Exported");
    assert_eq!(again, first);
}
