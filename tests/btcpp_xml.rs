//! The BehaviorTree.CPP v4 XML export (`description().btcpp_xml()`): the output pinned for the
//! hungry agent, the patrolling enemy and Nav2's tree; a hand-built description with ports,
//! subtrees, aliases and characters to escape; and random descriptions (every kind of node, leaves
//! with ports, embedded trees shared or not) whose output is parsed with a real XML parser and
//! checked element by element against the description. The examples' `--xml` is run too.
//!
//! The pinned files are in `tests/btcpp_xml/`; after a deliberate change of the output, rewrite
//! them with `BTCPP_XML_BLESS=1 cargo test --test btcpp_xml` and read the diff.
#![cfg(feature = "std")]
// The hungry agent's and the patrol's worlds both include the examples' shared `common` modules.
#![allow(clippy::duplicate_mod)]

#[path = "../examples/hungry_agent/world.rs"]
#[allow(dead_code)]
mod hungry;
#[path = "../examples/patrol/world.rs"]
#[allow(dead_code)]
mod patrol;
#[path = "../examples/nav2_recovery/sim.rs"]
#[allow(dead_code)]
mod sim;
#[path = "../examples/nav2_recovery/tree.rs"]
#[allow(dead_code)]
mod tree;

use std::collections::BTreeMap;

use bt::testing::Rng;
use std::time::Duration;

use bt::{
    ArgValue, Argument, BindingValue, NodeInfo, NodeScript, PortBinding, PortDirection, PortInfo, ScriptHook,
    TreeDescription,
};

// ----- pinned output ----------------------------------------------------------------------------

fn check_pinned(name: &str, actual: &str) {
    let path = format!("{}/tests/btcpp_xml/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("BTCPP_XML_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        expected == actual,
        "the XML differs from {path} (rewrite it with BTCPP_XML_BLESS=1 if the change is meant):\n{actual}"
    );
    roxmltree::Document::parse(actual).expect("well-formed XML");
}

#[test]
fn hungry_agent() {
    let brain = hungry::AgentBrain::new();
    let desc = brain.description();
    let xml = desc.btcpp_xml().to_string();
    check_pinned("hungry_agent.xml", &xml);
    check_structure(desc, &xml);
}

#[test]
fn patrol() {
    let brain = patrol::EnemyBrain::new(patrol::A, patrol::B);
    let desc = brain.description();
    let xml = desc.btcpp_xml().to_string();
    check_pinned("patrol.xml", &xml);
    check_structure(desc, &xml);
}

#[test]
fn nav2_recovery() {
    let tree = tree::NavigateToPose::new();
    let desc = tree.description();
    let xml = desc.btcpp_xml().to_string();
    check_pinned("nav2_recovery.xml", &xml);
    check_structure(desc, &xml);
}

/// Writing into any `fmt::Write` gives what `Display` gives.
#[test]
fn write_to_matches_display() {
    let brain = hungry::AgentBrain::new();
    let desc = brain.description();
    let mut s = String::new();
    desc.btcpp_xml().write_to(&mut s).unwrap();
    assert_eq!(s, desc.btcpp_xml().to_string());
}

// ----- a hand-built description -------------------------------------------------------------------

const fn info(
    kind: &'static str,
    label: &'static str,
    args: &'static str,
    depth: u16,
    children: u16,
) -> NodeInfo {
    NodeInfo::keyword(kind, label, args, depth, children, 1, 1)
}

const GOTO_PORTS: &[PortInfo] = &[
    PortInfo {
        name: "goal",
        direction: PortDirection::Input,
        type_name: "Pose",
        default: None,
        optional: false,
        description: "where to go",
        accepts: &[],
    },
    PortInfo {
        name: "speed",
        direction: PortDirection::Input,
        type_name: "f64",
        default: Some("0.5"),
        optional: false,
        description: "",
        accepts: &[],
    },
    PortInfo {
        name: "path",
        direction: PortDirection::Output,
        type_name: "Vec<Pose>",
        default: None,
        optional: false,
        description: "the path <taken> & \"kept\"",
        accepts: &[],
    },
    PortInfo {
        name: "odometer",
        direction: PortDirection::InOut,
        type_name: "f64",
        default: None,
        optional: false,
        description: "",
        accepts: &[],
    },
];

const DOCK: TreeDescription = TreeDescription::new(
    "Dock",
    "Robot",
    "dock.rs",
    &[
        info("sequence", "sequence", "", 0, 2),
        NodeInfo { ports: GOTO_PORTS, ..info("leaf", "GoTo::new(DOCK)", "", 1, 0) },
        info("leaf", "{ |r: &Robot| r.docked }", "", 1, 0).with_condition(true),
    ],
);

/// Another tree named `Dock`: its `<BehaviorTree>` gets another ID.
const OTHER_DOCK: TreeDescription =
    TreeDescription::new("Dock", "Robot", "other.rs", &[info("always_success", "always_success", "", 0, 0)]);

const MAIN: TreeDescription = TreeDescription::new(
    "",
    "Robot",
    "main.rs",
    &[
        info("selector", "fallback", "", 0, 7),
        NodeInfo { subtree: Some(&DOCK), ..info("subtree", "Dock::new()", "", 1, 1) },
        info("guard", "guard", "|r: &Robot| r.battery < 0.2, abort = both", 1, 1).with_arguments(&[
            Argument { name: "condition", value: ArgValue::Code("|r: &Robot| r.battery < 0.2") },
            Argument { name: "abort", value: ArgValue::Text("both") },
        ]),
        NodeInfo { subtree: Some(&DOCK), ..info("subtree", "Dock::new()", "", 2, 1) },
        info("Persist", "nav::Persist", "2, backoff = 1s", 1, 2).with_arguments(&[
            Argument { name: "arg1", value: ArgValue::Int(2) },
            Argument { name: "backoff", value: ArgValue::Code("1s") },
        ]),
        info("timeout", "timeout", "1.5s", 2, 1).with_arguments(&[Argument {
            name: "duration",
            value: ArgValue::Duration(Duration::from_millis(1500)),
        }]),
        NodeInfo { ports: GOTO_PORTS, ..info("leaf", "GoTo::new(KITCHEN)", "", 3, 0) },
        info("sleep", "sleep", "TICK", 2, 0)
            .with_arguments(&[Argument { name: "duration", value: ArgValue::Code("TICK") }]),
        info("switch", "switch", "|r: &Robot| r.mode; Mode::A, Mode::B | Mode::C, _", 1, 3)
            .with_arguments(&[Argument { name: "selector", value: ArgValue::Code("|r: &Robot| r.mode") }]),
        info("threshold_parallel", "threshold_parallel", "success = 16, failure = 2", 2, 2).with_arguments(
            &[
                Argument { name: "success", value: ArgValue::Int(16) },
                Argument { name: "failure", value: ArgValue::Int(2) },
            ],
        ),
        info("leaf", "{ |r: &mut Robot| Status::Running }", "", 3, 0),
        info("leaf", "Beep", "", 3, 0),
        NodeInfo { subtree: Some(&OTHER_DOCK), ..info("subtree", "other::Dock::new()", "", 2, 1) },
        info("retry", "retry", "3usize", 2, 1)
            .with_arguments(&[Argument { name: "n", value: ArgValue::Int(3) }]),
        info("leaf", "Beep", "", 3, 0),
        info("boxed", "sequence<A, B>", "", 1, 0),
        info("repeat", "loop", "", 1, 1),
        info("leaf", "Tab\tand\u{7}bell", "", 2, 0),
        // As read from XML: its element, instance name, bindings and scripts.
        NodeInfo { ports: GOTO_PORTS, ..info("leaf", "GoTo goal=\"{target}\"", "", 1, 0) }
            .with_id("GoTo")
            .with_name("go <home>")
            .with_bindings(&[
                PortBinding { port: "goal", value: BindingValue::Key("target") },
                PortBinding { port: "speed", value: BindingValue::Literal("0.8") },
                PortBinding { port: "path", value: BindingValue::RootKey("path") },
                PortBinding { port: "extra", value: BindingValue::Literal("x & y") },
            ])
            .with_scripts(&[
                NodeScript { hook: ScriptHook::SkipIf, code: "done == true" },
                NodeScript { hook: ScriptHook::Post, code: "trips += 1" },
            ]),
    ],
);

#[global_allocator]
static ALLOC: bt_perf::CountingAlloc = bt_perf::CountingAlloc::new();

/// A `fmt::Write` into a fixed buffer.
struct Buffer {
    bytes: [u8; 8192],
    len: usize,
}

impl std::fmt::Write for Buffer {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Subtrees written once, models merged, ports, escaping: all without allocating.
#[test]
fn hand_built_writes_without_allocating() {
    let mut buffer = Box::new(Buffer { bytes: [0; 8192], len: 0 });
    let (written, allocations) = ALLOC.count(|| MAIN.btcpp_xml().write_to(&mut *buffer).is_ok());
    assert!(written, "the buffer is too small");
    assert_eq!(allocations, 0, "the XML export allocated");
    assert_eq!(std::str::from_utf8(&buffer.bytes[..buffer.len]).unwrap(), MAIN.btcpp_xml().to_string());
}

#[test]
fn hand_built() {
    let xml = MAIN.btcpp_xml().to_string();
    check_pinned("hand_built.xml", &xml);
    check_structure(&MAIN, &xml);
    // The shared subtree is written once, the other `Dock` under its own ID.
    assert_eq!(xml.matches("<BehaviorTree ID=\"Dock\">").count(), 1, "{xml}");
    assert_eq!(xml.matches("<BehaviorTree ID=\"Dock_2\">").count(), 1, "{xml}");
    assert_eq!(xml.matches("<SubTree ID=\"Dock\" _autoremap=\"true\"/>").count(), 2, "{xml}");
}

// ----- checking an XML file against a description ----------------------------------------------

/// What the export writes for a node, worked out here independently from the mapping table of the
/// documentation, from the node's structured arguments: the element, and the attributes other
/// than `ID` and `name`, in order.
fn expected_element(info: &NodeInfo) -> (&'static str, Vec<(String, String)>) {
    let mut attrs: Vec<(String, String)> = Vec::new();
    let arg = |name: &str| info.argument(name).map(ToString::to_string);
    let mut attr = |k: &str, v: String| attrs.push((k.to_string(), v));
    // Milliseconds where BehaviorTree.CPP takes them; a duration known only as code stays code.
    let millis = |name: &str| match info.argument(name) {
        Some(ArgValue::Duration(d)) if d.as_nanos() % 1_000_000 == 0 => d.as_millis().to_string(),
        Some(v) => v.to_string(),
        None => panic!("no {name}"),
    };
    let element = match info.kind {
        _ if info.subtree.is_some() => {
            attr("_autoremap", "true".into());
            "SubTree"
        }
        "leaf" if !info.id.is_empty() => {
            for b in info.bindings {
                attr(b.port, b.value.to_string());
            }
            info.id
        }
        "leaf" => leaf_id(info.label, info.condition),
        "sequence" => "Sequence",
        "selector" => "Fallback",
        "reactive_sequence" => "ReactiveSequence",
        "reactive_selector" => "ReactiveFallback",
        "mem_sequence" => "SequenceWithMemory",
        "async_sequence" => "AsyncSequence",
        "try_catch" => "TryCatch",
        "if_then_else" => "IfThenElse",
        "while_do_else" => "WhileDoElse",
        "pipeline_sequence" => "PipelineSequence",
        "round_robin" => "RoundRobin",
        "invert" => "Inverter",
        "force_success" => "ForceSuccess",
        "force_failure" => "ForceFailure",
        "until_failure" => "KeepRunningUntilFailure",
        "until_success" => "until_success",
        "always_success" => "AlwaysSuccess",
        "always_failure" => "AlwaysFailure",
        "mem_selector" => "mem_selector",
        "boxed" => "boxed",
        "threshold_parallel" => {
            for (param, name) in [("success", "success_count"), ("failure", "failure_count")] {
                if let Some(ArgValue::Int(n)) = info.argument(param) {
                    let v = if *n >= i128::from(info.children) { "-1".to_string() } else { n.to_string() };
                    attr(name, v);
                }
            }
            "Parallel"
        }
        "parallel_all" => {
            if let Some(v) = arg("max_failures") {
                attr("max_failures", v);
            }
            "ParallelAll"
        }
        "parallel" => {
            attr("n", arg("n").unwrap());
            "parallel"
        }
        "random" => {
            if let Some(v) = arg("seed") {
                attr("seed", v);
            }
            "random"
        }
        "recovery" => {
            attr("number_of_retries", arg("retries").unwrap());
            "RecoveryNode"
        }
        "repeat" => match arg("n") {
            Some(n) => {
                attr("num_cycles", n);
                "Repeat"
            }
            None => "repeat",
        },
        "retry" => {
            attr("num_attempts", arg("n").unwrap());
            "RetryUntilSuccessful"
        }
        "timeout" => {
            attr("msec", millis("duration"));
            "Timeout"
        }
        "delay" => {
            attr("delay_msec", millis("duration"));
            "Delay"
        }
        "sleep" => {
            attr("msec", millis("duration"));
            "Sleep"
        }
        "cooldown" => {
            attr("duration", arg("duration").unwrap());
            "cooldown"
        }
        "rate_controller" => {
            attr("hz", arg("hz").unwrap());
            "RateController"
        }
        "run_once" => {
            attr("then_skip", "false".into());
            "RunOnce"
        }
        "precondition" => {
            attr("if", arg("condition").unwrap());
            attr("else", "FAILURE".into());
            "Precondition"
        }
        "guard" => {
            attr("condition", arg("condition").unwrap());
            if let Some(v) = arg("abort") {
                attr("abort", v);
            }
            "guard"
        }
        "service" => {
            attr("interval", arg("interval").unwrap());
            attr("leaf", arg("leaf").unwrap());
            "service"
        }
        "switch" => {
            let (_, patterns) = info.args.rsplit_once("; ").unwrap();
            let patterns: Vec<&str> = patterns.split(", ").collect();
            attr("variable", arg("selector").unwrap());
            let k = patterns.len() - 1;
            let builtin = patterns.last() == Some(&"_") && (2..=6).contains(&k);
            for (i, p) in patterns.iter().enumerate().take(if builtin { k } else { patterns.len() }) {
                attr(&format!("case_{}", i + 1), p.to_string());
            }
            if builtin {
                ["", "", "Switch2", "Switch3", "Switch4", "Switch5", "Switch6"][k]
            } else {
                "switch"
            }
        }
        // A node kind of one's own: its arguments by name.
        kind => {
            for a in info.arguments {
                attr(a.name, a.value.to_string());
            }
            leak(kind.to_string())
        }
    };
    for s in info.scripts {
        attrs.push((s.hook.attribute().to_string(), s.code.to_string()));
    }
    (element, attrs)
}

/// The structured arguments `bt!` describes for the arguments `args` of a node of kind `kind`:
/// named after the keyword's parameters (a node kind of one's own: `arg1`, `arg2`, … for those
/// written by position), literals as values, anything else as its code.
fn structured(kind: &str, args: &str) -> &'static [Argument] {
    if kind == "switch" {
        let (selector, _) = args.rsplit_once("; ").unwrap();
        return Box::leak(Box::new([Argument {
            name: "selector",
            value: ArgValue::Code(leak(selector.into())),
        }]));
    }
    let names = params(kind);
    let user = kind.starts_with(|c: char| c.is_ascii_uppercase());
    let mut positional = 0;
    let out: Vec<Argument> = split_args(args)
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let (name, text) = match a.split_once(" = ") {
                Some((k, v)) => (leak(k.into()), v),
                None if user => {
                    positional += 1;
                    (leak(format!("arg{positional}")), a.as_str())
                }
                None => (names[i], a.as_str()),
            };
            let duration = |t: &str| {
                if let Some(ms) = t.strip_suffix("ms").and_then(|n| n.parse::<u64>().ok()) {
                    Some(std::time::Duration::from_millis(ms))
                } else {
                    t.strip_suffix('s')
                        .and_then(|n| n.parse::<f64>().ok())
                        .map(std::time::Duration::from_secs_f64)
                }
            };
            let value = match (name, text) {
                _ if user => match text.parse::<i128>() {
                    Ok(n) => ArgValue::Int(n),
                    Err(_) => ArgValue::Code(leak(text.into())),
                },
                ("abort", t) => ArgValue::Text(leak(t.into())),
                ("duration" | "interval", t) if duration(t).is_some() => {
                    ArgValue::Duration(duration(t).unwrap())
                }
                ("hz", t) if t.parse::<f64>().is_ok() => ArgValue::Float(leak(t.into())),
                (_, t) => match t.trim_end_matches("usize").parse::<i128>() {
                    Ok(n) => ArgValue::Int(n),
                    Err(_) => ArgValue::Code(leak(t.into())),
                },
            };
            Argument { name, value }
        })
        .collect();
    Box::leak(out.into_boxed_slice())
}

/// The arguments of the descriptions built here: separated by `, ` outside brackets.
fn split_args(args: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    let mut quoted = false;
    for c in args.chars() {
        match c {
            '"' => quoted = !quoted,
            _ if quoted => {}
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

fn elements<'a, 'i>(node: roxmltree::Node<'a, 'i>) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> {
    node.children().filter(roxmltree::Node::is_element)
}

/// BehaviorTree.CPP's built-in elements: no model.
const BUILTINS: &[&str] = &[
    "Sequence",
    "Fallback",
    "ReactiveSequence",
    "ReactiveFallback",
    "SequenceWithMemory",
    "AsyncSequence",
    "TryCatch",
    "Parallel",
    "ParallelAll",
    "IfThenElse",
    "WhileDoElse",
    "Inverter",
    "ForceSuccess",
    "ForceFailure",
    "RetryUntilSuccessful",
    "KeepRunningUntilFailure",
    "Repeat",
    "Timeout",
    "Delay",
    "RunOnce",
    "Precondition",
    "Sleep",
    "AlwaysSuccess",
    "AlwaysFailure",
    "Switch2",
    "Switch3",
    "Switch4",
    "Switch5",
    "Switch6",
    "SubTree",
];

/// A node that needs a model: its category when the node fixes it (a leaf), its ID, its ports.
type Used = (Option<&'static str>, String, &'static [PortInfo]);

/// Parses `xml` and checks it against `desc`, element by element: the root, the main tree, every
/// node's element, name, attributes and children in order, every embedded tree once under its
/// ID, and a model for every node that is not a BehaviorTree.CPP built-in, listing every
/// attribute the node is written with.
fn check_structure(desc: &'static TreeDescription, xml: &str) {
    let doc = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("{e}:\n{xml}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "root");
    assert_eq!(root.attribute("BTCPP_format"), Some("4"));
    let main = root.attribute("main_tree_to_execute").expect("main_tree_to_execute");
    let trees: Vec<_> = elements(root).filter(|e| e.tag_name().name() == "BehaviorTree").collect();
    let mut ids: Vec<&str> = trees.iter().map(|t| t.attribute("ID").unwrap()).collect();
    let tree_count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), tree_count, "BehaviorTree IDs are unique:\n{xml}");
    let tree = |id: &str| {
        *trees.iter().find(|t| t.attribute("ID") == Some(id)).unwrap_or_else(|| panic!("no tree {id}"))
    };
    // Description of each tree ID, to check that one ID is always the same description.
    let mut seen: BTreeMap<String, &TreeDescription> = BTreeMap::new();
    let mut used: Vec<Used> = Vec::new();
    check_tree(desc, tree(main), &tree, &mut seen, &mut used, xml);
    assert_eq!(seen.len() + 1, tree_count, "one BehaviorTree per distinct embedded tree:\n{xml}");

    // The models: one per ID, covering every custom node used and its attributes.
    let model = elements(root).find(|e| e.tag_name().name() == "TreeNodesModel");
    let mut models: BTreeMap<String, (String, Vec<String>)> = BTreeMap::new();
    for m in model.iter().flat_map(|m| elements(*m)) {
        let id = m.attribute("ID").unwrap().to_string();
        assert!(!BUILTINS.contains(&id.as_str()), "a model for the built-in {id}:\n{xml}");
        let ports = elements(m).map(|p| p.attribute("name").unwrap().to_string()).collect();
        assert!(
            models.insert(id.clone(), (m.tag_name().name().to_string(), ports)).is_none(),
            "model {id} twice:\n{xml}"
        );
    }
    for (category, id, _) in &used {
        let model = models.get(id);
        assert!(model.is_some(), "no model for <{id}>:\n{xml}");
        if let Some(category) = category {
            assert_eq!(model.unwrap().0, *category, "the category of {id}:\n{xml}");
        }
    }
    // A leaf's declared ports, as its first use declares them: direction, type, default, text.
    let mut described: Vec<(&str, &str)> = Vec::new();
    for (_, id, ports) in &used {
        for port in ports.iter() {
            if described.contains(&(id, port.name)) {
                continue;
            }
            described.push((id, port.name));
            let model =
                model.iter().flat_map(|m| elements(*m)).find(|m| m.attribute("ID") == Some(id)).unwrap();
            let p = elements(model).find(|p| p.attribute("name") == Some(port.name)).unwrap();
            let tag = match port.direction {
                PortDirection::Input => "input_port",
                PortDirection::Output => "output_port",
                PortDirection::InOut => "inout_port",
            };
            assert_eq!(p.tag_name().name(), tag, "{id}.{}:\n{xml}", port.name);
            assert_eq!(p.attribute("type"), Some(port.type_name), "{id}.{}:\n{xml}", port.name);
            assert_eq!(p.attribute("default"), port.default, "{id}.{}:\n{xml}", port.name);
            assert_eq!(p.text().unwrap_or(""), port.description, "{id}.{}:\n{xml}", port.name);
        }
    }
    for tree in &trees {
        for node in tree.descendants().filter(|n| n.is_element() && *n != *tree) {
            let element = node.tag_name().name();
            let Some((_, ports)) = models.get(element) else { continue };
            for a in node.attributes() {
                if !matches!(a.name(), "ID" | "name") && !a.name().starts_with('_') {
                    assert!(
                        ports.iter().any(|p| p == a.name()),
                        "<{element}> has `{}`, which its model lacks:\n{xml}",
                        a.name()
                    );
                }
            }
        }
    }
}

type TreeLookup<'x, 'a, 'i> = dyn Fn(&str) -> roxmltree::Node<'a, 'i> + 'x;

fn check_tree<'a, 'i>(
    desc: &'static TreeDescription,
    element: roxmltree::Node<'a, 'i>,
    tree: &TreeLookup<'_, 'a, 'i>,
    seen: &mut BTreeMap<String, &'static TreeDescription>,
    used: &mut Vec<Used>,
    xml: &str,
) {
    let entries = desc.entries();
    let tops: Vec<_> = elements(element).collect();
    let mut next = 0;
    for top in tops {
        next = check_node(entries, next, top, tree, seen, used, xml);
    }
    assert_eq!(next, entries.len(), "every entry is written:\n{xml}");
}

fn check_node<'a, 'i>(
    entries: &'static [NodeInfo],
    i: usize,
    element: roxmltree::Node<'a, 'i>,
    tree: &TreeLookup<'_, 'a, 'i>,
    seen: &mut BTreeMap<String, &'static TreeDescription>,
    used: &mut Vec<Used>,
    xml: &str,
) -> usize {
    let info = &entries[i];
    let (expected, attrs) = expected_element(info);
    let name = element.tag_name().name();
    assert_eq!(name, expected, "node {info:?}:\n{xml}");
    // Attributes: ID and name, then exactly the expected ones, in order.
    let written: Vec<(&str, &str)> = element
        .attributes()
        .filter(|a| !matches!(a.name(), "ID" | "name"))
        .map(|a| (a.name(), a.value()))
        .collect();
    let expected_attrs: Vec<(&str, &str)> = attrs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(written, expected_attrs, "attributes of {info:?}:\n{xml}");
    if let Some(sub) = info.subtree {
        let id = element.attribute("ID").expect("SubTree ID");
        match seen.get(id) {
            Some(earlier) => assert!(*earlier == sub, "one ID, two trees:\n{xml}"),
            None => {
                seen.insert(id.to_string(), sub);
                check_tree(sub, tree(id), tree, seen, used, xml);
            }
        }
        assert_eq!(elements(element).count(), 0);
        return i + 1;
    }
    assert_eq!(element.attribute("ID"), None, "the compact form:\n{xml}");
    if !BUILTINS.contains(&name) {
        assert!(
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
            "ID `{name}`"
        );
        let category = match (info.kind, info.condition) {
            ("leaf", true) => Some("Condition"),
            ("leaf" | "boxed", false) => Some("Action"),
            _ => None,
        };
        used.push((category, name.to_string(), info.ports));
    }
    if info.kind == "leaf" || info.kind == "boxed" {
        // XML cannot hold control characters other than tab and line breaks: they become U+FFFD.
        let kept: String = info
            .label
            .chars()
            .map(|c| if c.is_control() && !matches!(c, '\t' | '\n' | '\r') { '\u{fffd}' } else { c })
            .collect();
        let label = if info.name.is_empty() { kept.as_str() } else { info.name };
        assert_eq!(element.attribute("name").unwrap_or(name), label, "a leaf keeps its label:\n{xml}");
    } else {
        assert_eq!(element.attribute("name"), (info.label != info.kind).then_some(info.label), "{xml}");
    }
    let children: Vec<_> = elements(element).collect();
    assert_eq!(children.len(), usize::from(info.children), "arity of {info:?}:\n{xml}");
    let mut next = i + 1;
    for child in children {
        next = check_node(entries, next, child, tree, seen, used, xml);
    }
    next
}

// ----- random descriptions ----------------------------------------------------------------------

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

const PORT_NAMES: &[&str] = &["goal", "path", "speed", "target", "pose", "count"];
const TYPES: &[&str] = &["f64", "Pose", "Vec<Pose>", "u32", "bool", "String"];
const LEAF_LABELS: &[&str] = &[
    "FeelHungry",
    "WalkTo::new(FOOD)",
    "nav::Spin { spin_dist: 1.57 }",
    "patrol::go_to(3)",
    "{ |a: &Agent| a.food < 30 && a.name != \"x\" }",
    "{ |a: &mut Agent| { a.food = 100; Status::Success } }",
    "GoalUpdated::default()",
    "Say(\"<hello> & 'bye'\")",
];

struct Gen<'r> {
    rng: &'r mut Rng,
    /// Descriptions made so far, to embed again.
    made: Vec<&'static TreeDescription>,
    nesting: usize,
}

impl Gen<'_> {
    fn ports(&mut self) -> &'static [PortInfo] {
        if self.rng.chance(1, 2) {
            return &[];
        }
        let n = self.rng.range(1, 3) as usize;
        let ports: Vec<PortInfo> = (0..n)
            .map(|_| PortInfo {
                name: self.rng.pick(PORT_NAMES),
                direction: self.rng.pick(&[
                    PortDirection::Input,
                    PortDirection::Output,
                    PortDirection::InOut,
                ]),
                type_name: self.rng.pick(TYPES),
                default: self.rng.chance(1, 3).then_some("1.0"),
                optional: false,
                description: self.rng.pick(&["", "what it <is> & does"]),
                accepts: &[],
            })
            .collect();
        // Names are unique within one leaf.
        let mut unique: Vec<PortInfo> = Vec::new();
        for p in ports {
            if !unique.iter().any(|u| u.name == p.name) {
                unique.push(p);
            }
        }
        Box::leak(unique.into_boxed_slice())
    }

    fn duration(&mut self) -> String {
        match self.rng.below(4) {
            0 => format!("{}ms", self.rng.range(0, 5000)),
            1 => format!("{}s", self.rng.range(1, 60)),
            2 => format!("{}.5s", self.rng.range(0, 9)),
            _ => "TIMEOUT".into(),
        }
    }

    /// Pushes a node and its descendants; `depth` is the node's, `parent` its parent's kind.
    fn node(&mut self, out: &mut Vec<NodeInfo>, depth: u16, parent: &str) {
        let leaf_only = depth >= 4 || out.len() > 30;
        let choice = if leaf_only { self.rng.below(4) } else { self.rng.below(34) };
        let at = out.len();
        let mut push = |kind: &'static str, label: &'static str, args: String, children: u16| {
            let arguments = structured(kind, &args);
            out.push(
                NodeInfo::keyword(kind, label, leak(args), depth, children, 1, 1).with_arguments(arguments),
            );
        };
        let arity = 2 + self.rng.below(3) as u16;
        let (children, kind): (u16, &str) = match choice {
            0 => {
                let label = self.rng.pick(LEAF_LABELS);
                push("leaf", label, String::new(), 0);
                out[at].ports = self.ports();
                // The closure that only reads the agent is a condition, as its type would say.
                out[at].condition = label.starts_with("{ |a: &Agent|");
                return;
            }
            1 => {
                let kind = self.rng.pick(&["always_success", "always_failure"]);
                push(kind, kind, String::new(), 0);
                return;
            }
            2 => {
                let d = self.duration();
                push("sleep", "sleep", d, 0);
                return;
            }
            3 => {
                if self.nesting < 3 && self.rng.chance(1, 2) {
                    let sub = if !self.made.is_empty() && self.rng.chance(1, 2) {
                        self.made[self.rng.below(self.made.len() as u64) as usize]
                    } else {
                        self.description()
                    };
                    let label = self.rng.pick(&["Dock::new()", "patrol()", "{ make() }"]);
                    out.push(NodeInfo { subtree: Some(sub), ..info("subtree", label, "", depth, 1) });
                } else {
                    push("boxed", "sequence<A, B>", String::new(), 0);
                }
                return;
            }
            4..=11 => {
                let (kind, label) = self.rng.pick(&[
                    ("sequence", "sequence"),
                    ("selector", "selector"),
                    ("selector", "fallback"),
                    ("reactive_sequence", "reactive_sequence"),
                    ("reactive_selector", "reactive_fallback"),
                    ("mem_sequence", "mem_sequence"),
                    ("mem_selector", "mem_selector"),
                    ("pipeline_sequence", "pipeline"),
                    ("round_robin", "round_robin"),
                ]);
                push(kind, label, String::new(), arity);
                (arity, kind)
            }
            12 => {
                push("parallel", "parallel", format!("{}", self.rng.range(1, u64::from(arity))), arity);
                (arity, "")
            }
            13 => {
                let s = self.rng.range(1, 16);
                let f = self.rng.range(1, 16);
                let args = match self.rng.below(4) {
                    0 => String::new(),
                    1 => format!("success = {s}"),
                    2 => format!("failure = {f}"),
                    _ => format!("success = {s}, failure = {f}"),
                };
                push("threshold_parallel", "threshold_parallel", args, arity);
                (arity, "")
            }
            14 => {
                let args = match self.rng.below(3) {
                    0 => String::new(),
                    1 => format!("{}", self.rng.range(1, 3)),
                    _ => format!("max_failures = {}", self.rng.range(1, 3)),
                };
                push("parallel_all", "parallel_all", args, arity);
                (arity, "")
            }
            15 => {
                let args = if self.rng.chance(1, 2) {
                    format!("seed = {}", self.rng.next_u64())
                } else {
                    String::new()
                };
                push("random", "random", args, arity);
                (arity, "")
            }
            16 => {
                let n = 2 + self.rng.below(2) as u16;
                let kind = self.rng.pick(&["if_then_else", "while_do_else"]);
                push(kind, kind, String::new(), n);
                (n, "")
            }
            17 => {
                push("recovery", "recovery", format!("{}", self.rng.range(0, 9)), 2);
                (2, "")
            }
            18 => {
                let cases = 1 + self.rng.below(7) as u16;
                let mut patterns: Vec<String> = (0..cases).map(|i| format!("Mode::M{i}")).collect();
                if self.rng.chance(2, 3) {
                    *patterns.last_mut().unwrap() = "_".into();
                }
                if self.rng.chance(1, 4) {
                    patterns[0] = "Mode::A | Mode::B".into();
                }
                let selector = self.rng.pick(&["|r: &Robot| r.mode", "|r: &Robot| { let m = r.mode; m }"]);
                push("switch", "switch", format!("{selector}; {}", patterns.join(", ")), cases);
                (cases, "")
            }
            19 => {
                let args =
                    if self.rng.chance(1, 2) { format!("{}", self.rng.range(0, 9)) } else { String::new() };
                let label = self.rng.pick(&["repeat", "loop"]);
                push("repeat", label, args, 1);
                (1, "")
            }
            20..=25 => {
                let (kind, label) = self.rng.pick(&[
                    ("invert", "invert"),
                    ("invert", "inverter"),
                    ("force_success", "force_success"),
                    ("force_failure", "force_failure"),
                    ("until_failure", "until_failure"),
                    ("until_success", "until_success"),
                    ("run_once", "run_once"),
                ]);
                push(kind, label, String::new(), 1);
                (1, "")
            }
            26 => {
                let n = self.rng.range(1, 5);
                let args = if self.rng.chance(1, 2) { format!("{n}") } else { format!("{n}usize") };
                push("retry", "retry", args, 1);
                (1, "")
            }
            27 => {
                let kind = self.rng.pick(&["timeout", "delay"]);
                let d = self.duration();
                push(kind, kind, d, 1);
                (1, "")
            }
            28 => {
                let d = self.duration();
                push("cooldown", "cooldown", d, 1);
                (1, "")
            }
            29 => {
                let hz = self.rng.pick(&["10.0", "1.0", "RATE"]);
                push("rate_controller", "rate_controller", hz.into(), 1);
                (1, "")
            }
            30 => {
                let c = self.rng.pick(&["IsReady", "|r: &Robot| r.battery > 0.5"]);
                push("precondition", "precondition", c.into(), 1);
                (1, "")
            }
            31 => {
                let c = self.rng.pick(&["IsReady", "|r: &Robot| r.battery > 0.5"]);
                // A lower-priority abort only where it takes effect (else the import refuses it).
                let asks = matches!(parent, "selector" | "mem_selector");
                let args = match self.rng.below(3) {
                    0 => c.to_string(),
                    2 if asks => format!("{c}, abort = lower_priority"),
                    _ => format!("{c}, abort = self_"),
                };
                push("guard", "guard", args, 1);
                (1, "")
            }
            32 => {
                let d = self.duration();
                push("service", "service", format!("{d}, UpdateTarget::new(3)"), 1);
                (1, "")
            }
            _ => {
                let n = 1 + self.rng.below(3) as u16;
                let (kind, label) = self.rng.pick(&[("Persist", "nav::Persist"), ("Blend", "Blend")]);
                let args = match self.rng.below(3) {
                    0 => String::new(),
                    1 => "2, backoff = 1s".into(),
                    _ => "f(a, b), \"x, y\"".into(),
                };
                push(kind, label, args, n);
                (n, "")
            }
        };
        for _ in 0..children {
            self.node(out, depth + 1, kind);
        }
    }

    fn description(&mut self) -> &'static TreeDescription {
        self.nesting += 1;
        let mut entries = Vec::new();
        self.node(&mut entries, 0, "");
        self.nesting -= 1;
        let name = self.rng.pick(&["", "", "Dock", "Brain"]);
        let entries: &'static [NodeInfo] = Box::leak(entries.into_boxed_slice());
        let desc: &'static TreeDescription =
            Box::leak(Box::new(TreeDescription::new(name, "Robot", "random.rs", entries)));
        self.made.push(desc);
        desc
    }
}

#[test]
fn random_trees_are_written_node_by_node() {
    let cases: u64 = std::env::var("BTCPP_XML_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut nodes = 0;
    for seed in 0..cases {
        let mut rng = Rng::new(seed);
        let mut g = Gen { rng: &mut rng, made: Vec::new(), nesting: 0 };
        let desc = g.description();
        let xml = desc.btcpp_xml().to_string();
        check_structure(desc, &xml);
        // Deterministic.
        assert_eq!(xml, desc.btcpp_xml().to_string());
        nodes += desc.len();
    }
    assert!(nodes > cases as usize * 5, "the trees are not trivial ({nodes} nodes)");
}

// ----- the examples -------------------------------------------------------------------------------

/// Runs `cargo run --example NAME -- --xml` with this test's features and returns its output.
fn example_xml(name: &str) -> String {
    let mut cmd = std::process::Command::new(env!("CARGO"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR")).args(["run", "--quiet", "--example", name]);
    let features: Vec<&str> = [
        ("tracing", cfg!(feature = "tracing")),
        ("rayon", cfg!(feature = "rayon")),
        ("serde", cfg!(feature = "serde")),
    ]
    .into_iter()
    .filter_map(|(f, on)| on.then_some(f))
    .collect();
    if !features.is_empty() {
        cmd.args(["--features", &features.join(",")]);
    }
    let out = cmd.args(["--", "--xml"]).output().expect("cargo runs");
    assert!(out.status.success(), "{name} --xml: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn examples_print_their_tree_as_xml() {
    let hungry = hungry::AgentBrain::new();
    let patrol = patrol::EnemyBrain::new(patrol::A, patrol::B);
    let nav = tree::NavigateToPose::new();
    for (name, desc) in [
        ("hungry_agent", hungry.description()),
        ("patrol", patrol.description()),
        ("nav2_recovery", nav.description()),
    ] {
        let xml = example_xml(name);
        assert_eq!(xml, desc.btcpp_xml().to_string(), "{name} --xml");
    }
}

// ----- export → import --------------------------------------------------------------------------

/// The ID the export gives a leaf labelled `label`: a closure is a `Closure` (a
/// `ConditionClosure` when it is a condition), anything else the last segment of its path that
/// starts with a capital (else its last segment).
fn leaf_id(label: &str, condition: bool) -> &'static str {
    if label.starts_with("{ |") || label.starts_with("{ move |") {
        return if condition { "ConditionClosure" } else { "Closure" };
    }
    let path = label.split(['(', ' ', '{', '\t']).next().unwrap();
    let segments: Vec<&str> = path.split("::").collect();
    let id = segments.iter().rev().find(|s| s.starts_with(|c: char| c.is_ascii_uppercase()));
    leak(id.unwrap_or(segments.last().unwrap()).to_string())
}

/// The parameters of each keyword with arguments, positional ones first.
fn params(kind: &str) -> &'static [&'static str] {
    match kind {
        "parallel" | "repeat" | "retry" => &["n"],
        "threshold_parallel" => &["success", "failure"],
        "parallel_all" => &["max_failures"],
        "random" => &["seed"],
        "recovery" => &["retries"],
        "timeout" | "delay" | "cooldown" | "sleep" => &["duration"],
        "rate_controller" => &["hz"],
        "precondition" => &["condition"],
        "guard" => &["condition", "abort"],
        "service" => &["interval", "leaf"],
        _ => &[],
    }
}

/// A keyword's arguments as (parameter, value), positional ones named, values normalised as the
/// documentation of the import states: integer suffixes dropped, duration literals in whole
/// milliseconds, thresholds at most the number of children.
fn canonical_args(kind: &str, args: &str, children: u16) -> Vec<(String, String)> {
    if kind == "switch" {
        let (sel, pats) = args.split_once(';').unwrap();
        return vec![
            ("selector".into(), sel.trim().into()),
            ("patterns".into(), split_args(pats).join(", ")),
        ];
    }
    let names = params(kind);
    let mut out: Vec<(String, String)> = split_args(args)
        .iter()
        .enumerate()
        .map(|(i, a)| match a.split_once(" = ") {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (names[i].to_string(), a.clone()),
        })
        .map(|(k, v)| {
            let v = if let Some(ms) = v.strip_suffix("ms").and_then(|n| n.parse::<u64>().ok()) {
                format!("{ms}ms")
            } else if let Some(sec) = v.strip_suffix('s').and_then(|n| n.parse::<f64>().ok()) {
                format!("{}ms", (sec * 1000.0) as u64)
            } else if let Ok(n) = v.trim_end_matches("usize").parse::<u64>() {
                let n = if kind == "threshold_parallel" { n.min(u64::from(children)) } else { n };
                n.to_string()
            } else {
                v
            };
            (k, v)
        })
        .collect();
    out.sort();
    out
}

/// The model's nodes in pre-order with their depths.
fn flatten(n: &bt_xml::Node, depth: u16, out: &mut Vec<(u16, bt_xml::Node)>) {
    out.push((depth, bt_xml::Node { children: Vec::new(), ..n.clone() }));
    for c in &n.children {
        flatten(c, depth + 1, out);
    }
}

/// The description's nodes in pre-order with their depths, embedded trees inlined (a subtree entry
/// is replaced by the embedded root, one level up, as the import inlines `<SubTree>`).
fn inlined(desc: &TreeDescription) -> Vec<(u16, NodeInfo)> {
    let mut out = Vec::new();
    // Depths of the subtree entries above the current node.
    let mut subtrees: Vec<u16> = Vec::new();
    for info in desc.nodes() {
        while subtrees.last().is_some_and(|&d| info.depth <= d) {
            subtrees.pop();
        }
        if info.subtree.is_some() {
            subtrees.push(info.depth);
            continue;
        }
        out.push((info.depth - subtrees.len() as u16, info));
    }
    out
}

/// Compares a description with the model read back from its XML, node by node; returns the
/// differences.
fn round_trip_differences(desc: &TreeDescription, tree: &bt_xml::Tree) -> Vec<String> {
    let mut model = Vec::new();
    flatten(&tree.root, 0, &mut model);
    let original = inlined(desc);
    let mut diffs = Vec::new();
    if model.len() != original.len() {
        diffs.push(format!("{} nodes read back, {} written", model.len(), original.len()));
    }
    for (i, ((d, info), (md, m))) in original.iter().zip(&model).enumerate() {
        let mut diff = |what: String| diffs.push(format!("node {i} ({} {:?}): {what}", info.kind, info.args));
        if d != md {
            diff(format!("depth {md}, written {d}"));
        }
        if usize::from(info.children) != model_children(tree, i) {
            diff(format!("{} children read back", model_children(tree, i)));
        }
        match (info.kind, &m.kind) {
            ("leaf", bt_xml::Kind::Leaf { type_name }) => {
                let id = leaf_id(info.label, info.condition);
                if type_name != id {
                    diff(format!("leaf type {type_name}, expected {id}"));
                }
                let label = if id == info.label { None } else { Some(info.label.to_string()) };
                if m.instance != label {
                    diff(format!("instance {:?}", m.instance));
                }
                let ports: Vec<(String, bt_xml::Value)> =
                    m.ports.iter().map(|p| (p.name.clone(), p.value.clone())).collect();
                // A leaf written in Rust has no known bindings: none is written, none read back.
                if !ports.is_empty() {
                    diff(format!("ports {ports:?}"));
                }
            }
            // Normalised: an opaque node comes back as a leaf type `boxed`.
            ("boxed", bt_xml::Kind::Leaf { type_name }) if type_name == "boxed" => {}
            (kind, bt_xml::Kind::Custom { type_name }) if kind == type_name => {
                let mut positional = 0;
                let expected: Vec<(String, String)> = split_args(info.args)
                    .iter()
                    .map(|a| match a.split_once(" = ") {
                        Some((k, v)) => (k.to_string(), v.to_string()),
                        None => {
                            positional += 1;
                            (format!("arg{positional}"), a.clone())
                        }
                    })
                    .collect();
                let ports: Vec<(String, String)> = m
                    .ports
                    .iter()
                    .map(|p| match &p.value {
                        bt_xml::Value::Literal(t) => (p.name.clone(), t.clone()),
                        other => (p.name.clone(), format!("{other:?}")),
                    })
                    .collect();
                if ports != expected {
                    diff(format!("arguments {ports:?}, expected {expected:?}"));
                }
            }
            (kind, bt_xml::Kind::Keyword { name, args }) if kind == *name => {
                let args = bt_xml::dsl(name, args);
                let (a, b) = (
                    canonical_args(kind, info.args, info.children),
                    canonical_args(name, &args, info.children),
                );
                if a != b {
                    diff(format!("arguments {args:?}: {b:?}, expected {a:?}"));
                }
                let alias = (info.label != info.kind).then(|| info.label.to_string());
                if m.instance != alias {
                    diff(format!("instance {:?}", m.instance));
                }
            }
            (_, other) => diff(format!("read back as {other:?}")),
        }
    }
    diffs
}

/// Number of children of the `i`-th node (pre-order) of the model.
fn model_children(tree: &bt_xml::Tree, i: usize) -> usize {
    tree.root.iter().nth(i).map_or(usize::MAX, |n| n.children.len())
}

#[test]
fn random_trees_round_trip_through_the_import() {
    let cases: u64 = std::env::var("BTCPP_XML_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut nodes = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..cases {
        let mut rng = Rng::new(seed);
        let mut g = Gen { rng: &mut rng, made: Vec::new(), nesting: 0 };
        let desc = g.description();
        let xml = desc.btcpp_xml().to_string();
        let tree = match bt_xml::load_str("random.xml", &xml, None) {
            Ok(t) => t,
            Err(e) => panic!(
                "seed {seed}: {}\n{xml}",
                e.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
            ),
        };
        let diffs = round_trip_differences(desc, &tree);
        assert!(diffs.is_empty(), "seed {seed}:\n{}\n{xml}", diffs.join("\n"));
        nodes += desc.len();
        kinds.extend(desc.nodes().map(|n| n.kind));
    }
    assert!(nodes > cases as usize * 5, "the trees are not trivial ({nodes} nodes)");
    // Every kind the generator makes was read back.
    assert_eq!(kinds.len(), 39, "{kinds:?}");
}
