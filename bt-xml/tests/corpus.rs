//! Every corpus file (`tests/xml/corpus/`), read and mapped, or rejected with an error that names
//! its line; and the reader never panics on random or mutated input.

use std::path::{Path, PathBuf};

use proptest::prelude::*;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/xml/corpus")
}

fn corpus() -> Vec<PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xml"))
        .collect();
    v.sort();
    v
}

/// The tree each file builds (`None`: the file's own choice), and whether it is expected to load.
fn expectation(name: &str) -> (Option<&'static str>, bool) {
    match name {
        "BehaviorTree.CPP__log_test.xml" => (Some("Main"), true),
        "pb2025_sentry_behavior__rmul_2025.xml" => (Some("rmul_2025"), true),
        "BehaviorTree.CPP__corpus3.xml" | "navigation2__nav2_tree_nodes.xml" => (None, false),
        _ => (None, true),
    }
}

/// The sibling files of the files that name trees of other files.
fn siblings(name: &str) -> Vec<PathBuf> {
    let dir = corpus_dir().join("siblings");
    match name {
        "BehaviorTree.CPP__subtree_test.xml" => vec![dir.join("BehaviorTree.CPP")],
        "moveit_pro_example_ws__automated_return_tool_subtree.xml" => vec![dir.join("moveit_pro")],
        _ => Vec::new(),
    }
}

#[test]
fn sibling_files_give_subtrees_and_includes() {
    let name = "BehaviorTree.CPP__subtree_test.xml";
    // Without its siblings, the include is missing; with them, it is found in their directory.
    let errors = bt_xml::load(&corpus_dir().join(name), None).unwrap_err();
    assert!(errors[0].message.starts_with("cannot read the included file"), "{errors:?}");
    let t = bt_xml::load_among(&corpus_dir().join(name), None, &siblings(name)).unwrap();
    let leaves: Vec<&str> =
        t.root.iter().filter(|n| n.children.is_empty()).map(|n| n.element.as_str()).collect();
    assert_eq!(
        leaves,
        ["CheckBattery", "CheckTemperature", "OpenGripper", "CloseGripper", "SaySomething", "SayHello"]
    );
    // Each file once, though the directory also lists the included `Check.xml`.
    assert_eq!(t.files.len(), 3, "{:?}", t.files);
    let name = "moveit_pro_example_ws__automated_return_tool_subtree.xml";
    let t = bt_xml::load_among(&corpus_dir().join(name), None, &siblings(name)).unwrap();
    let detach: Vec<&bt_xml::Node> = t.root.iter().filter(|n| n.element == "DetachTool").collect();
    assert_eq!(detach.len(), 2);
    assert_eq!(detach[1].ports[0].value, bt_xml::Value::Key { name: "tool_2_name".into(), root: false });
}

#[test]
fn corpus_reads_or_explains() {
    let files = corpus();
    assert_eq!(files.len(), 16);
    for p in files {
        let name = p.file_name().unwrap().to_str().unwrap();
        let (tree, ok) = expectation(name);
        match bt_xml::load_among(&p, tree, &siblings(name)) {
            Ok(t) => {
                assert!(ok, "{name} loaded but was expected to fail");
                assert!(t.root.iter().count() > 1, "{name}");
            }
            Err(errors) => {
                assert!(
                    !ok,
                    "{name}: {}",
                    errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
                );
                for e in &errors {
                    assert!(e.file.ends_with(name) || e.file.to_str().unwrap().contains("corpus"), "{e}");
                    assert!(e.line > 0, "{e}");
                }
            }
        }
    }
}

#[test]
fn nav2_default_tree_maps_to_keywords() {
    let t =
        bt_xml::load(&corpus_dir().join("navigation2__navigate_to_pose_w_replanning_and_recovery.xml"), None)
            .unwrap();
    let kinds: Vec<String> = t
        .root
        .iter()
        .map(|n| match &n.kind {
            bt_xml::Kind::Keyword { name, args } if args.is_empty() => (*name).to_string(),
            bt_xml::Kind::Keyword { name, args } => format!("{name}({})", bt_xml::dsl(name, args)),
            bt_xml::Kind::Leaf { type_name } | bt_xml::Kind::Custom { type_name } => type_name.clone(),
            bt_xml::Kind::Script { script, .. } => script.text.clone(),
        })
        .collect();
    assert_eq!(&kinds[..3], ["recovery(6)", "pipeline_sequence", "ProgressCheckerSelector"]);
    assert!(kinds.contains(&"rate_controller(1.0)".to_string()));
    assert!(kinds.contains(&"round_robin".to_string()));
    assert!(kinds.contains(&"reactive_selector".to_string()));
    assert!(kinds.contains(&"invert".to_string()));
    let spin = t.root.iter().find(|n| n.element == "Spin").unwrap();
    assert_eq!(spin.ports[0].name, "spin_dist");
    assert_eq!(spin.ports[0].value, bt_xml::Value::Literal("1.57".into()));
    assert_eq!(spin.ports[1].value, bt_xml::Value::Key { name: "spin_error_code".into(), root: false });
    assert_eq!((spin.pos.line, spin.pos.column), (55, 13));
}

#[test]
fn v3_names_map() {
    let t = bt_xml::load(&corpus_dir().join("book_ros2__patrolling.xml"), None).unwrap();
    let par = t.root.iter().find(|n| n.element == "Parallel").unwrap();
    let bt_xml::Kind::Keyword { name: "threshold_parallel", args } = &par.kind else {
        panic!("{:?}", par.kind)
    };
    assert_eq!(bt_xml::dsl("threshold_parallel", args), "success = 1, failure = 1");
    let t = bt_xml::load(&corpus_dir().join("navigation2__navigate_w_replanning_and_recovery.xml"), None)
        .unwrap();
    assert!(t.root.iter().any(|n| n.element == "SequenceStar"
        && n.kind == bt_xml::Kind::Keyword { name: "mem_sequence", args: Vec::new() }));
}

fn mutate(text: &str, ops: &[(usize, u8, u8)]) -> String {
    let mut b = text.as_bytes().to_vec();
    for &(at, op, byte) in ops {
        if b.is_empty() {
            b.push(byte);
            continue;
        }
        let i = at % b.len();
        match op % 4 {
            0 => b[i] = byte,
            1 => {
                b.remove(i);
            }
            2 => b.insert(i, byte),
            _ => {
                let j = (i + usize::from(byte)).min(b.len());
                let chunk = b[i..j].to_vec();
                b.splice(i..i, chunk);
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn never_panics_on_random_text(s in "\\PC{0,300}") {
        let _ = bt_xml::load_str("random.xml", &s, None);
        let _ = bt_xml::models_str(&s);
    }

    #[test]
    fn never_panics_on_random_trees(s in "(<(Sequence|Fallback|Parallel|Repeat|SubTree|Timeout|A|root|BehaviorTree)( (ID|num_cycles|msec|success_count)=\"(-1|0|3|A|Main|\\{x\\}|\\{=\\})\")*>|</(Sequence|Fallback|Parallel|Repeat|SubTree|Timeout|A|root|BehaviorTree)>|<A/>){0,30}") {
        let _ = bt_xml::load_str("random.xml", &format!("<root main_tree_to_execute=\"Main\"><BehaviorTree ID=\"Main\">{s}</BehaviorTree><BehaviorTree ID=\"A\">{s}</BehaviorTree></root>"), None);
    }

    #[test]
    fn never_panics_on_mutated_corpus(file in 0usize..16, ops in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..8)) {
        let files = corpus();
        let p = &files[file % files.len()];
        let text = std::fs::read_to_string(p).unwrap();
        let m = mutate(&text, &ops);
        let _ = bt_xml::load_str(p.to_str().unwrap(), &m, None);
        let _ = bt_xml::models_str(&m);
    }
}
