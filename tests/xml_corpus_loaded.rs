//! The XML corpus loaded at run time: every file that `bt_xml!` imports (over the mock leaves of
//! `tests/xml/corpus_mocks.rs`) is also loaded with its tree's `registry()`, and both are ticked
//! side by side over the same world: the leaves they run and every status and halt they report,
//! with node ids, must be equal, tick after tick. The compiled tree's BehaviorTree.CPP export
//! (`description().btcpp_xml()`), loaded back with the same registry, is ticked beside them and
//! must run alike too.
#![cfg(feature = "load")]

use bt::{NodeId, Observer, Status};

#[allow(dead_code)]
mod mocks {
    include!("xml/corpus_mocks.rs");
}

#[derive(Default)]
struct Seen(Vec<(NodeId, Option<Status>)>);

impl Observer for Seen {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.0.push((node, Some(status)));
    }
    fn halted(&mut self, node: NodeId) {
        self.0.push((node, None));
    }
}

macro_rules! compare {
    ($($m:ident $(= $tree:literal)?),* $(,)?) => {{
        let mut files = 0;
        $(
            let file = concat!("tests/xml/corpus/", stringify!($m));
            let path = std::fs::read_dir("tests/xml/corpus")
                .unwrap()
                .map(|e| e.unwrap().path())
                .find(|p| mocks_name(p) == stringify!($m))
                .unwrap_or_else(|| panic!("{file}"));
            let registry = mocks::$m::Tree::registry();
            let tree: Option<&str> = None $(.or(Some($tree)))?;
            let mut loaded = match tree {
                Some(id) => registry.load_tree(&path, id),
                None => registry.load(&path),
            }
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let mut compiled = mocks::$m::Tree::new();
            assert_eq!(loaded.size(), compiled.description().len(), "{}", path.display());
            // The two engines describe the tree alike, node by node (all but where a leaf is
            // written: a compiled tree's leaves are at the macro).
            for (c, l) in compiled.description().nodes().zip(loaded.description().nodes()) {
                let strip = |n: bt::NodeInfo| bt::NodeInfo { line: 0, column: 0, ..n };
                let (c, l) = (strip(c), strip(l));
                assert_eq!((c.kind, c.label, c.args, c.depth, c.children), (l.kind, l.label, l.args, l.depth, l.children), "{}", path.display());
                assert_eq!((c.id, c.name, c.condition, c.arguments, c.bindings, c.ports, c.scripts), (l.id, l.name, l.condition, l.arguments, l.bindings, l.ports, l.scripts), "{}: {}", path.display(), c.label);
            }
            let xml = compiled.description().btcpp_xml().to_string();
            let mut exported = registry
                .load_str("exported.xml", &xml)
                .unwrap_or_else(|e| panic!("{}: the export does not load: {e}\n{xml}", path.display()));
            assert_eq!(exported.size(), compiled.description().len(), "{}", path.display());
            let mut e = mocks::World::default();
            let mut se = Seen::default();
            let (mut a, mut b) = (mocks::World::default(), mocks::World::default());
            let (mut sa, mut sb) = (Seen::default(), Seen::default());
            for tick in 0..60 {
                let x = compiled.tick_with(&mut a, &mut sa);
                let y = loaded.tick_with(&mut b, &mut sb);
                let z = exported.tick_with(&mut e, &mut se);
                assert_eq!(x, y, "{} tick {tick}", path.display());
                assert_eq!(x, z, "{} tick {tick}: the export", path.display());
                e.clock.advance(core::time::Duration::from_millis(150));
                a.clock.advance(core::time::Duration::from_millis(150));
                b.clock.advance(core::time::Duration::from_millis(150));
            }
            compiled.halt_with(&mut a, &mut sa);
            loaded.halt_with(&mut b, &mut sb);
            exported.halt_with(&mut e, &mut se);
            assert_eq!(a.ticks, b.ticks, "{}", path.display());
            assert_eq!(sa.0, sb.0, "{}", path.display());
            assert_eq!(a.ticks, e.ticks, "{}: the export", path.display());
            assert_eq!(sa.0, se.0, "{}: the export", path.display());
            files += 1;
        )*
        files
    }};
}

/// The module name the mock generator gives a corpus file.
fn mocks_name(p: &std::path::Path) -> String {
    let stem = p.file_stem().unwrap().to_string_lossy();
    let raw: String =
        stem.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    raw.split('_').filter(|w| !w.is_empty()).collect::<Vec<_>>().join("_")
}

#[test]
fn every_imported_corpus_file_loads_and_ticks_as_compiled() {
    let files = compare!(
        behaviortree_cpp_check,
        behaviortree_cpp_subtree_test,
        moveit_pro_example_ws_automated_return_tool_subtree,
        behaviortree_cpp_log_test = "Main",
        book_ros2_patrolling,
        navigation2_follow_point,
        navigation2_navigate_to_pose_w_replanning_and_recovery,
        navigation2_navigate_w_replanning_and_recovery,
        navigation2_navigate_w_replanning_distance,
        navigation2_navigate_w_replanning_only_if_path_becomes_invalid,
        pb2025_sentry_behavior_rmul_2025 = "rmul_2025",
        auto_apms_orchestrator_base,
        panther_ros_lights,
        turtlebot3_behavior_demos_tree_queue,
    );
    println!("xml corpus loaded at run time: {files} files, compiled, loaded and exported alike");
}
