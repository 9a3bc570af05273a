//! Generates the mock leaves of the XML corpus (`tests/xml/corpus_mocks.rs`, used by
//! `tests/xml_corpus.rs`) from each imported file's usage, and checks that the checked-in file is up
//! to date. Regenerate with `BT_XML_REGENERATE=1 cargo test --test xml_corpus_mocks`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/xml/corpus")
}

/// The tree to build in each imported file (`None`: the file's own choice).
const IMPORTED: &[(&str, Option<&str>)] = &[
    ("BehaviorTree.CPP__Check.xml", None),
    ("BehaviorTree.CPP__subtree_test.xml", None),
    ("moveit_pro_example_ws__automated_return_tool_subtree.xml", None),
    ("BehaviorTree.CPP__log_test.xml", Some("Main")),
    ("book_ros2__patrolling.xml", None),
    ("navigation2__follow_point.xml", None),
    ("navigation2__navigate_to_pose_w_replanning_and_recovery.xml", None),
    ("navigation2__navigate_w_replanning_and_recovery.xml", None),
    ("navigation2__navigate_w_replanning_distance.xml", None),
    ("navigation2__navigate_w_replanning_only_if_path_becomes_invalid.xml", None),
    ("pb2025_sentry_behavior__rmul_2025.xml", Some("rmul_2025")),
    ("auto-apms__orchestrator_base.xml", None),
    ("panther_ros__lights.xml", None),
    ("turtlebot3_behavior_demos__tree_queue.xml", None),
];

/// The sibling files of the files that name trees of other files (`files(…)`), relative to
/// `Cargo.toml`: BehaviorTree.CPP's `subtree_test.xml` includes `Check.xml` and
/// `subtrees/Talk.xml`, which are found in the directory that holds them with their original
/// names; MoveIt Pro's objective names the objective `Place Tool in Tool Holder` of its
/// directory, for which the tests have a stand-in (see `tests/xml/corpus/NOTICE.md`).
const SIBLINGS: &[(&str, &[&str])] = &[
    ("BehaviorTree.CPP__subtree_test.xml", &["tests/xml/corpus/siblings/BehaviorTree.CPP"]),
    ("moveit_pro_example_ws__automated_return_tool_subtree.xml", &["tests/xml/corpus/siblings/moveit_pro"]),
];

fn siblings(file: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    SIBLINGS.iter().filter(|(f, _)| *f == file).flat_map(|(_, s)| s.iter().map(|d| root.join(d))).collect()
}

/// What the program of a file declares for its scripts: the entries it writes and the scripts
/// read (`keys(…)`), and the constants the scripts name (`enums(…)`): panther_ros's lights read
/// the battery's state, published by the robot, and name the constants of ROS's
/// `sensor_msgs/BatteryState`.
const SCRIPT_DECLARATIONS: &[(&str, &str, &str)] = &[
    // MoveIt Pro's objective compares the tool its caller names with its own tools.
    ("moveit_pro_example_ws__automated_return_tool_subtree.xml", "return_tool: String", ""),
    (
        "panther_ros__lights.xml",
        "battery_status: u8, battery_health: u8, e_stop_state: bool, battery_percent: f64, \
     CRITICAL_BATTERY_THRESHOLD_PERCENT: f64, LOW_BATTERY_THRESHOLD_PERCENT: f64",
        "POWER_SUPPLY_STATUS_UNKNOWN = 0, POWER_SUPPLY_STATUS_CHARGING = 1, POWER_SUPPLY_STATUS_DISCHARGING = 2, \
     POWER_SUPPLY_STATUS_NOT_CHARGING = 3, POWER_SUPPLY_STATUS_FULL = 4, POWER_SUPPLY_HEALTH_OVERHEAT = 2",
    ),
];

/// The files not imported, and the error that says why (its start).
const REJECTED: &[(&str, &str)] = &[
    ("BehaviorTree.CPP__corpus3.xml", "`<SetBlackboard>` has no attribute `key`"),
    ("navigation2__nav2_tree_nodes.xml", "the file has no `<BehaviorTree ID=…>`"),
];

fn module_name(file: &str) -> String {
    let stem = file.trim_end_matches(".xml");
    let raw: String =
        stem.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    raw.split('_').filter(|w| !w.is_empty()).collect::<Vec<_>>().join("_")
}

/// A port's Rust type, from how the file binds it.
#[derive(Default)]
struct PortUse {
    bool_lit: bool,
    num_lit: bool,
    text_lit: bool,
    /// Bound to a key somewhere (a spec field must then be a port).
    key: bool,
    /// Bound to an entry a built-in reads its count (`i32`) or duration (`u32`) from.
    entry: Option<&'static str>,
}

impl PortUse {
    fn ty(&self) -> &'static str {
        if let Some(t) = self.entry {
            t
        } else if self.text_lit || (self.bool_lit && self.num_lit) {
            "String"
        } else if self.bool_lit {
            "bool"
        } else if self.num_lit {
            "f64"
        } else {
            "String"
        }
    }
}

/// The port type (`Input`, `Output` or `InOut`) and value type of port `port` of leaf `leaf`: as
/// the file's model declares them, else an input of the type the bindings suggest.
fn model_port(models: &[bt_xml::Model], leaf: &str, port: &str, u: &PortUse) -> (&'static str, &'static str) {
    let Some(m) = models.iter().find(|m| m.id == leaf).and_then(|m| m.ports.iter().find(|p| p.name == port))
    else {
        return ("Input", u.ty());
    };
    let direction = match m.direction.as_str() {
        "output_port" => "Output",
        "inout_port" => "InOut",
        _ => "Input",
    };
    let ty = match bt_xml::type_class(m.type_name.as_deref().unwrap_or("")) {
        _ if u.entry.is_some() => u.ty(),
        "bool" => "bool",
        "integer" => "i32",
        "float" => "f64",
        "text" => "String",
        "duration" => "core::time::Duration",
        _ => u.ty(),
    };
    (direction, ty)
}

/// The default of an input of type `ty`.
fn default_of(ty: &str) -> &'static str {
    match ty {
        "bool" => "false",
        "String" => "",
        _ => "0",
    }
}

fn classify(u: &mut PortUse, v: &bt_xml::Value) {
    if let bt_xml::Value::Literal(t) = v {
        let t = t.trim();
        if t == "true" || t == "false" {
            u.bool_lit = true;
        } else if t.parse::<f64>().is_ok()
            && t.chars().any(|c| c.is_ascii_digit())
            && !t.contains(['i', 'n', 'N', 'I'])
        {
            u.num_lit = true;
        } else {
            u.text_lit = true;
        }
    }
}

/// The mock module of one imported file.
fn mock_module(file: &str, tree: Option<&str>) -> String {
    let t = bt_xml::load_among(&dir().join(file), tree, &siblings(file))
        .unwrap_or_else(|e| panic!("{file}: {e:?}"));
    let mut leaves: BTreeMap<String, BTreeMap<String, PortUse>> = BTreeMap::new();
    let mut customs: BTreeMap<String, (usize, BTreeMap<String, PortUse>)> = BTreeMap::new();
    // The entries built-ins read counts and durations from.
    let mut entries: BTreeMap<String, &'static str> = BTreeMap::new();
    for n in t.root.iter() {
        if let bt_xml::Kind::Keyword { name, args } = &n.kind
            && let Some(bt_xml::ArgValue::Key(k)) = args.first().map(|a| &a.value)
        {
            match *name {
                "repeat" | "retry" => entries.insert(k.clone(), "i32"),
                "timeout" | "delay" | "sleep" => entries.insert(k.clone(), "u32"),
                _ => None,
            };
        }
    }
    for n in t.root.iter() {
        match &n.kind {
            bt_xml::Kind::Leaf { type_name } => {
                let ports = leaves.entry(type_name.clone()).or_default();
                for p in &n.ports {
                    let u = ports.entry(p.name.clone()).or_default();
                    classify(u, &p.value);
                    if let bt_xml::Value::Key { name, .. } = &p.value
                        && let Some(t) = entries.get(name)
                    {
                        u.entry = Some(t);
                    }
                }
            }
            bt_xml::Kind::Custom { type_name } => {
                let (arity, ports) = customs.entry(type_name.clone()).or_default();
                *arity = (*arity).max(n.children.len());
                for p in &n.ports {
                    let u = ports.entry(p.name.clone()).or_default();
                    classify(u, &p.value);
                    if matches!(p.value, bt_xml::Value::Key { .. }) {
                        u.key = true;
                    }
                }
            }
            bt_xml::Kind::Keyword { .. } | bt_xml::Kind::Script { .. } => {}
        }
    }
    let mut s = String::new();
    let m = module_name(file);
    writeln!(s, "/// Mocks for `{file}`.\npub mod {m} {{").unwrap();
    writeln!(s, "    #![allow(dead_code, unused_imports)]\n    use super::World;\n    use bt::ports::{{InOut, Input, Output, Ports}};\n    use bt::{{Action, Status}};\n").unwrap();
    for (name, ports) in &leaves {
        if ports.is_empty() {
            // Written without attributes: a unit struct.
            writeln!(s, "    pub struct {name};\n").unwrap();
            writeln!(s, "    impl Action<World> for {name} {{").unwrap();
        } else {
            writeln!(s, "    #[derive(Ports)]\n    pub struct {name} {{").unwrap();
            for (p, u) in ports {
                // The file's model, when it has one, gives the port's direction and type.
                let (direction, ty) = model_port(&t.models, name, p, u);
                let attr = match direction {
                    "Input" => format!("default = {:?}", default_of(ty)),
                    _ => "optional".to_string(),
                };
                writeln!(s, "        #[port({attr})]\n        pub r#{p}: {direction}<{ty}>,").unwrap();
            }
            writeln!(s, "    }}\n").unwrap();
            writeln!(s, "    impl Action<World> for {name} {{").unwrap();
            writeln!(s, "        const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;").unwrap();
        }
        writeln!(s, "        fn execute(&mut self, _w: &mut World) -> Status {{").unwrap();
        for (p, u) in ports {
            if model_port(&t.models, name, p, u).0 != "Output" {
                writeln!(s, "            let _ = self.r#{p}.get(_w);").unwrap();
            }
        }
        writeln!(
            s,
            "            _w.ticks.push({name:?});\n            Status::Success\n        }}\n    }}\n"
        )
        .unwrap();
    }
    for (name, (arity, ports)) in &customs {
        writeln!(s, "    #[derive(Default)]\n    pub struct {name} {{").unwrap();
        for (p, u) in ports {
            let ty = if u.key { format!("Input<{}>", u.ty()) } else { u.ty().to_string() };
            writeln!(s, "        pub r#{p}: {ty},").unwrap();
        }
        writeln!(s, "    }}\n").unwrap();
        if *arity == 1 {
            // A node of its own (a decorator passing its child's status through), as every node
            // kind must be: its id is the one the description gives it.
            writeln!(s, "    impl<N> bt::Compose<(N,)> for {name} {{\n        type Node = bt::Repeat<N>;\n        fn compose(self, (child,): (N,)) -> Self::Node {{\n            bt::Repeat::times(1, child)\n        }}\n    }}\n").unwrap();
        } else {
            writeln!(s, "    impl<C: bt::Arity> bt::Compose<C> for {name} {{\n        type Node = bt::Sequence<C>;\n        fn compose(self, children: C) -> Self::Node {{\n            bt::Sequence::new(children)\n        }}\n    }}\n").unwrap();
        }
    }
    let tree = tree.map(|t| format!(", tree = {t:?}")).unwrap_or_default();
    let mut scripts = match SCRIPT_DECLARATIONS.iter().find(|(f, _, _)| *f == file) {
        Some((_, keys, "")) => format!(",\n        keys({keys})"),
        Some((_, keys, enums)) => format!(",\n        keys({keys}),\n        enums({enums})"),
        None => String::new(),
    };
    if let Some((_, dirs)) = SIBLINGS.iter().find(|(f, _)| *f == file) {
        let dirs: Vec<String> = dirs.iter().map(|d| format!("{d:?}")).collect();
        scripts.push_str(&format!(",\n        files({})", dirs.join(", ")));
    }
    writeln!(s, "    bt::bt_xml! {{\n        pub struct Tree for World = \"tests/xml/corpus/{file}\"{tree}{scripts}\n    }}\n}}\n")
        .unwrap();
    s
}

fn generate() -> String {
    let mut s = String::from(
        "// Generated by `tests/xml_corpus.rs` (`BT_XML_REGENERATE=1 cargo test --test xml_corpus_mocks`): mock\n// leaves for the corpus files that import, one module per file. Do not edit.\n\n",
    );
    s.push_str(
        "/// The context of the corpus trees.\n#[derive(Default)]\npub struct World {\n    pub bb: bt::blackboard::Blackboard,\n    pub clock: bt::ManualClock,\n    pub ticks: Vec<&'static str>,\n}\n\n",
    );
    s.push_str("impl bt::ports::HasBlackboard for World {\n    fn blackboard(&self) -> &bt::blackboard::Blackboard {\n        &self.bb\n    }\n    fn blackboard_mut(&mut self) -> &mut bt::blackboard::Blackboard {\n        &mut self.bb\n    }\n}\n\n");
    s.push_str("impl bt::Clock for World {\n    fn now(&self) -> core::time::Duration {\n        self.clock.now()\n    }\n}\n\n");
    for (file, tree) in IMPORTED {
        s.push_str(&mock_module(file, *tree));
    }
    s.push_str("/// The sibling files of the files that name trees of other files (`files(…)`).\npub const SIBLINGS: &[(&str, &[&str])] = &[\n");
    for (file, dirs) in SIBLINGS {
        let dirs: Vec<String> = dirs.iter().map(|d| format!("{d:?}")).collect();
        s.push_str(&format!("    ({file:?}, &[{}]),\n", dirs.join(", ")));
    }
    s.push_str("];\n");
    s
}

#[test]
fn mocks_are_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/xml/corpus_mocks.rs");
    let want = generate();
    if std::env::var_os("BT_XML_REGENERATE").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "tests/xml/corpus_mocks.rs is stale: run `BT_XML_REGENERATE=1 cargo test --test xml_corpus_mocks`"
    );
}

#[test]
fn lists_cover_the_corpus() {
    let files: Vec<String> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".xml"))
        .collect();
    assert_eq!(files.len(), 16);
    for f in &files {
        assert!(
            IMPORTED.iter().any(|(i, _)| i == f) != REJECTED.iter().any(|(r, _)| r == f),
            "{f} must be listed exactly once"
        );
    }
    for (file, why) in REJECTED {
        let errors = bt_xml::load(&dir().join(file), None).expect_err(file);
        assert!(errors.iter().any(|e| e.message.starts_with(why)), "{file}: {errors:?}");
    }
}
