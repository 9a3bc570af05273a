//! The XML corpus (`tests/xml/corpus/`, 16 real files): every file that `bt` imports is compiled by
//! `bt_xml!` over mock leaves generated from its usage (`tests/xml/corpus_mocks.rs`, generated and
//! checked by `tests/xml_corpus_mocks.rs`) and ticked; every other file is rejected by the import
//! with an error that says why (printed here). Prints `xml corpus: N of 16 import`.

use std::path::{Path, PathBuf};

use bt::Status;

mod mocks {
    include!("xml/corpus_mocks.rs");
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/xml/corpus")
}

macro_rules! tick_all {
    ($($m:ident),* $(,)?) => {{
        let mut n = 0;
        $(
            let mut tree = mocks::$m::Tree::new();
            let mut w = mocks::World::default();
            for _ in 0..5 {
                let s: Status = tree.tick(&mut w);
                let _ = s;
                w.clock.advance(core::time::Duration::from_millis(200));
            }
            assert!(tree.description().len() > 1);
            n += 1;
        )*
        n
    }};
}

#[test]
fn corpus_imports_and_ticks() {
    let files: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|f| f.extension().is_some_and(|e| e == "xml"))
        .collect();
    let ticked = tick_all!(
        behaviortree_cpp_check,
        behaviortree_cpp_subtree_test,
        moveit_pro_example_ws_automated_return_tool_subtree,
        behaviortree_cpp_log_test,
        book_ros2_patrolling,
        navigation2_follow_point,
        navigation2_navigate_to_pose_w_replanning_and_recovery,
        navigation2_navigate_w_replanning_and_recovery,
        navigation2_navigate_w_replanning_distance,
        navigation2_navigate_w_replanning_only_if_path_becomes_invalid,
        pb2025_sentry_behavior_rmul_2025,
        auto_apms_orchestrator_base,
        panther_ros_lights,
        turtlebot3_behavior_demos_tree_queue,
    );
    let mut rejected = 0;
    for f in &files {
        // The files the trees above do not come from: the import rejects each, saying why.
        let name = f.file_name().unwrap().to_string_lossy();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let siblings: Vec<PathBuf> = mocks::SIBLINGS
            .iter()
            .filter(|(file, _)| *file == name)
            .flat_map(|(_, dirs)| dirs.iter().map(|d| root.join(d)))
            .collect();
        if let Err(errors) = bt_xml::load_among(f, None, &siblings) {
            if errors.iter().any(|e| e.message.starts_with("the file has several trees")) {
                continue; // imported above, with `tree = …`
            }
            rejected += 1;
            let first = &errors[0];
            println!("  not imported: {name}: {}", first.message);
        }
    }
    assert_eq!(ticked + rejected, files.len());
    println!("xml corpus: {ticked} of {} import", files.len());
}

#[path = "../examples/nav2_recovery/sim.rs"]
#[allow(dead_code)]
mod sim;
#[path = "../examples/nav2_recovery/tree.rs"]
#[allow(dead_code)]
mod tree;

/// Nav2's default tree, imported from its XML, has the structure of the Nav2 example's `bt!` tree
/// (written by hand from the same file): the same node kinds, arguments, depths and numbers of
/// children, in the same order.
#[test]
fn nav2_xml_has_the_structure_of_the_example() {
    let xml = mocks::navigation2_navigate_to_pose_w_replanning_and_recovery::Tree::new();
    let written = tree::NavigateToPose::new();
    let shape = |d: &bt::TreeDescription| -> Vec<(&'static str, &'static str, u16, u16)> {
        d.nodes().map(|n| (n.kind, n.args, n.depth, n.children)).collect()
    };
    assert_eq!(shape(xml.description()), shape(written.description()));
    assert_eq!(xml.description().len(), 38);
}
