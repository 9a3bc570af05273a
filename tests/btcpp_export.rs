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

/// One element of a tree: its depth, its name and its attributes (sorted).
type Element = (usize, String, Vec<(String, String)>);

/// The first `<BehaviorTree>` of a document, as its elements in pre-order.
fn nodes(doc: &roxmltree::Document) -> Vec<Element> {
    fn walk(n: roxmltree::Node, depth: usize, out: &mut Vec<Element>) {
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

// ----- random trees for BehaviorTree.CPP (scripts/btcpp/export.sh) ----------------------------

/// The context of the random trees: the tree's tick number (1-based), which the leaves follow.
struct Ticks(u64);

/// The status of a script (`"RRS"`) at tick `t` (1-based), the script starting over at its end:
/// BehaviorTree.CPP's harness answers its rule `R R S ...` alike.
fn scripted(script: &str, t: u64) -> Status {
    let b = script.as_bytes();
    match b[((t - 1) % b.len() as u64) as usize] {
        b'R' => Status::Running,
        b'S' => Status::Success,
        _ => Status::Failure,
    }
}

/// An action whose status follows its script by the tree's tick number.
struct ScriptedAction(&'static str);

impl bt::Action<Ticks> for ScriptedAction {
    fn execute(&mut self, c: &mut Ticks) -> Status {
        scripted(self.0, c.0)
    }
}

/// A condition whose answer follows its script by the tree's tick number.
struct ScriptedCondition(&'static str);

impl bt::Condition<Ticks> for ScriptedCondition {
    fn check(&mut self, c: &Ticks) -> bool {
        scripted(self.0, c.0) == Status::Success
    }
}

/// The actions' and conditions' scripts, by ID.
const ACTIONS: [(&str, &str); 5] = [("A0", "RS"), ("A1", "RRF"), ("A2", "S"), ("A3", "FRS"), ("A4", "RSF")];
const CONDITIONS: [(&str, &str); 3] = [("C0", "SF"), ("C1", "SSF"), ("C2", "F")];

fn registry() -> bt::load::Registry<Ticks> {
    let mut r = bt::load::Registry::new();
    for (id, s) in ACTIONS {
        r = r.node(id, move |_| Ok(bt::ActionNode::new(ScriptedAction(s))));
    }
    for (id, s) in CONDITIONS {
        r = r.condition_with(id, move || ScriptedCondition(s));
    }
    r
}

/// The leaf rules of BehaviorTree.CPP's harness that answer as [`registry`]'s leaves.
fn rules() -> String {
    let rule = |s: &str| s.chars().map(|c| format!("{c} ")).collect::<String>() + "...";
    ACTIONS.iter().chain(&CONDITIONS).map(|(id, s)| format!("{id}: {}\n", rule(s))).collect()
}

/// A random tree of the nodes whose BehaviorTree.CPP counterparts tick as bt's do, over the
/// scripted leaves: `Sequence`, `Fallback`, `ReactiveSequence`, `ReactiveFallback`, `IfThenElse`
/// and `WhileDoElse` (a condition first), `Inverter`, `ForceSuccess`, `ForceFailure`, `KeepRunningUntilFailure`,
/// `AlwaysSuccess`, `AlwaysFailure`, with instance names here and there.
fn random_tree(rng: &mut bt::testing::Rng, depth: u32, budget: &mut i32, out: &mut String) {
    *budget -= 1;
    let name = if rng.chance(1, 4) { format!(" name=\"n{}\"", rng.below(100)) } else { String::new() };
    if depth == 0 || *budget <= 0 || rng.chance(1, 3) {
        match rng.below(10) {
            0 => out.push_str("<AlwaysSuccess/>"),
            1 => out.push_str("<AlwaysFailure/>"),
            2..=4 => out.push_str(&format!("<{}{name}/>", rng.pick(&CONDITIONS).0)),
            _ => out.push_str(&format!("<{}{name}/>", rng.pick(&ACTIONS).0)),
        }
        return;
    }
    let (element, children) = match rng.below(10) {
        0 => ("Sequence", rng.range(1, 3)),
        1 => ("Fallback", rng.range(1, 3)),
        2 => ("ReactiveSequence", rng.range(1, 3)),
        3 => ("ReactiveFallback", rng.range(1, 3)),
        4 => ("IfThenElse", rng.range(2, 3)),
        5 => ("WhileDoElse", rng.range(2, 3)),
        6 => ("Inverter", 1),
        7 => ("ForceSuccess", 1),
        8 => ("ForceFailure", 1),
        _ => ("KeepRunningUntilFailure", 1),
    };
    out.push_str(&format!("<{element}{name}>"));
    for k in 0..children {
        // The first child of `IfThenElse` and `WhileDoElse` is a condition, as BehaviorTree.CPP
        // means it: it does not reset that child, so an action there answers its last status
        // again on the next tick where bt ticks it afresh.
        if k == 0 && matches!(element, "IfThenElse" | "WhileDoElse") {
            out.push_str(&format!("<{}/>", rng.pick(&CONDITIONS).0));
            continue;
        }
        random_tree(rng, depth - 1, budget, out);
    }
    out.push_str(&format!("</{element}>"));
}

/// The root's status at each of `ticks` ticks of a tree loaded over [`registry`].
fn root_statuses(xml: &str, ticks: u64) -> Result<Vec<Status>, String> {
    let mut tree = registry().load_str("random.xml", xml).map_err(|e| e.to_string())?;
    let mut c = Ticks(0);
    Ok((1..=ticks)
        .map(|t| {
            c.0 = t;
            tree.tick_with(&mut c, &mut bt::NoObserver)
        })
        .collect())
}

/// Random trees (300, of the nodes whose semantics agree with BehaviorTree.CPP's) loaded, exported
/// and the export loaded back: the export ticks as the original, root status for root status
/// over 12 ticks. With `BTCPP_EXPORT_DIR` set, writes each export (`rN.xml`), the statuses bt
/// gives it (`rN.expected`, lines `tick T STATUS`) and BehaviorTree.CPP's leaf rules
/// (`leaves.rules`), for `scripts/btcpp/export.sh` to load and tick them in BehaviorTree.CPP.
#[test]
fn random_exports_tick_as_their_originals() {
    const TREES: u64 = 300;
    const TICKS: u64 = 12;
    let dir = std::env::var_os("BTCPP_EXPORT_DIR").map(std::path::PathBuf::from);
    if let Some(dir) = &dir {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join("leaves.rules"), rules()).unwrap();
    }
    let mut nodes = 0;
    for i in 0..TREES {
        let mut rng = bt::testing::Rng::new(i);
        let (mut body, mut budget) = (String::new(), 4 + (i % 17) as i32);
        random_tree(&mut rng, 4, &mut budget, &mut body);
        let original = format!(
            "<root BTCPP_format=\"4\" main_tree_to_execute=\"R{i}\"><BehaviorTree ID=\"R{i}\">{body}</BehaviorTree></root>"
        );
        let loaded =
            registry().load_str("random.xml", &original).unwrap_or_else(|e| panic!("{e}\n{original}"));
        nodes += loaded.description().len();
        let exported = loaded.description().btcpp_xml().to_string();
        let (a, b) = (root_statuses(&original, TICKS).unwrap(), root_statuses(&exported, TICKS));
        assert_eq!(Ok(a.clone()), b, "tree {i}:\n{original}\n{exported}");
        if let Some(dir) = &dir {
            std::fs::write(dir.join(format!("r{i}.xml")), &exported).unwrap();
            let expected: String = a
                .iter()
                .enumerate()
                .map(|(t, s)| format!("tick {} {}\n", t + 1, format!("{s:?}").to_uppercase()))
                .collect();
            std::fs::write(dir.join(format!("r{i}.expected")), expected).unwrap();
        }
    }
    assert!(nodes > 3 * TREES as usize, "the trees are not trivial ({nodes} nodes)");
}
