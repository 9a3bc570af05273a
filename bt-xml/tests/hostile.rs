//! Hostile input: files nested, wide or large far beyond any real tree, and mutations of them.
//! Whatever the text, the loader returns (an error beyond a limit, naming it) and never panics;
//! the XML parser never sees a text deeper or with more attributes per element than the limits
//! (a 10 000-deep file would overflow this test thread's stack inside the parser otherwise).
//!
//! The property tests run 64 cases each; `PROPTEST_CASES=20000 cargo test --release -p bt-xml
//! --test hostile` runs them longer.

use std::path::Path;

use bt_xml::limits::{
    MAX_ATTRIBUTES, MAX_CHILDREN, MAX_DEPTH, MAX_FILE_BYTES, MAX_FILES, MAX_NESTING, MAX_NODES,
    MAX_TOTAL_BYTES,
};
use proptest::prelude::*;

const HEAD: &str = "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\">\n<BehaviorTree ID=\"Main\">\n";
const TAIL: &str = "\n</BehaviorTree>\n</root>\n";

fn load(text: &str) -> Result<bt_xml::Tree, Vec<bt_xml::Error>> {
    bt_xml::load_str("hostile.xml", text, None)
}

/// The messages of a load that must fail.
fn errors(text: &str) -> Vec<String> {
    match load(text) {
        Ok(t) => panic!("loaded a tree of {} nodes", t.root.iter().count()),
        Err(e) => e.iter().map(ToString::to_string).collect(),
    }
}

/// `n` elements `<kind>` nested in one another around a leaf, in a tree.
fn nested(kind: &str, n: usize) -> String {
    format!("{HEAD}{}<A/>{}{TAIL}", format!("<{kind}>").repeat(n), format!("</{kind}>").repeat(n))
}

/// A chain of `n` trees, each a `<Sequence>` around a SubTree of the next, then a leaf: `n + 1`
/// nodes deep once inlined (each subtree's root takes its SubTree element's place), with no
/// element nested deeper than 4 in the file.
fn subtree_chain(n: usize) -> String {
    let mut s = String::from("<root BTCPP_format=\"4\" main_tree_to_execute=\"T0\">\n");
    for i in 0..n {
        s += &format!(
            "<BehaviorTree ID=\"T{i}\"><Sequence><SubTree ID=\"T{}\"/></Sequence></BehaviorTree>\n",
            i + 1
        );
    }
    s + &format!("<BehaviorTree ID=\"T{n}\"><A/></BehaviorTree>\n</root>\n")
}

fn attributes(n: usize) -> String {
    (0..n).map(|i| format!(" a{i}=\"{{k{i}}}\"")).collect()
}

#[test]
fn ten_thousand_levels_are_refused_before_the_parser() {
    let e = errors(&nested("Sequence", 10_000));
    assert_eq!(e.len(), 1);
    // `<root>`, `<BehaviorTree>`, then the 63rd `<Sequence>` is the 65th element, on line 3.
    assert!(e[0].starts_with("hostile.xml:3:"), "{}", e[0]);
    assert!(e[0].contains(&format!("nested more than {MAX_NESTING} elements deep")), "{}", e[0]);
}

#[test]
fn trees_at_the_depth_limit_load_and_one_deeper_is_refused() {
    // `MAX_DEPTH - 1` inverters around a leaf: a tree `MAX_DEPTH` nodes deep.
    let t = load(&nested("Inverter", MAX_DEPTH - 1)).unwrap();
    assert_eq!(t.root.iter().count(), MAX_DEPTH);
    let e = errors(&nested("Inverter", MAX_DEPTH));
    assert_eq!(e.len(), 1);
    assert!(e[0].contains(&format!("is {} nodes deep", MAX_DEPTH + 1)), "{}", e[0]);
    assert!(e[0].contains(&format!("at most {MAX_DEPTH} nodes deep")), "{}", e[0]);
}

#[test]
fn inlined_subtrees_count_towards_the_depth() {
    assert_eq!(depth(&load(&subtree_chain(MAX_DEPTH - 1)).unwrap().root), MAX_DEPTH);
    let e = errors(&subtree_chain(MAX_DEPTH));
    assert_eq!(e.len(), 1);
    assert!(e[0].contains(&format!("is {} nodes deep once subtrees are inlined", MAX_DEPTH + 1)), "{}", e[0]);
}

#[test]
fn ten_thousand_siblings_give_one_error() {
    let text = format!("{HEAD}<Sequence>{}</Sequence>{TAIL}", "<A x=\"{k}\"/>\n".repeat(10_000));
    let e = errors(&text);
    assert_eq!(
        e,
        [
            "hostile.xml:3:1: `<Sequence>` has 10000 children: it takes 1 to 16 children (split a larger one into nested `<Sequence>`s)"
        ]
    );
    let text = format!("{HEAD}<Gate>{}</Gate>{TAIL}", "<A/>".repeat(MAX_CHILDREN + 1));
    let e = errors(&text);
    assert_eq!(e.len(), 1);
    assert!(e[0].contains("has 17 children: a node has at most 16"), "{}", e[0]);
}

#[test]
fn a_hundred_thousand_attributes_are_refused_at_the_first_too_many() {
    let text = format!("{HEAD}<A{}/>{TAIL}", attributes(100_000));
    let e = errors(&text);
    assert_eq!(e.len(), 1);
    assert!(e[0].contains("larger than 1 MiB"), "{}", e[0]);
    let text = format!("{HEAD}<A{}/>{TAIL}", attributes(10_000));
    let e = errors(&text);
    assert_eq!(e.len(), 1);
    assert!(e[0].contains(&format!("`<A>` has more than {MAX_ATTRIBUTES} attributes")), "{}", e[0]);
    let ok = format!("{HEAD}<A{}/>{TAIL}", attributes(MAX_ATTRIBUTES));
    assert_eq!(load(&ok).unwrap().root.ports.len(), MAX_ATTRIBUTES);
}

#[test]
fn trees_beyond_the_node_limit_are_refused_once() {
    // 16 × 16 × 16 leaves under 273 sequences, through subtrees: 4369 nodes.
    let mut s = String::from("<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\">\n");
    let sixteen = |inner: &str| format!("<Sequence>{}</Sequence>", inner.repeat(16));
    s += &format!("<BehaviorTree ID=\"Main\">{}</BehaviorTree>\n", sixteen("<SubTree ID=\"B\"/>"));
    s += &format!("<BehaviorTree ID=\"B\">{}</BehaviorTree>\n", sixteen("<SubTree ID=\"C\"/>"));
    s += &format!("<BehaviorTree ID=\"C\">{}</BehaviorTree>\n</root>\n", sixteen("<A/>"));
    let e = errors(&s);
    assert_eq!(e.len(), 1);
    assert!(e[0].contains(&format!("more than {MAX_NODES} nodes")), "{}", e[0]);
    // One leaf fewer per innermost sequence: 1 + 16 + 256 + 16 × 16 × 15 = 4113 nodes, still too
    // many; fifteen sequences of the middle level instead: 1 + 16 + 240 + 3840 = 4097.
    let s = s.replacen(
        &sixteen("<SubTree ID=\"C\"/>"),
        &format!("<Sequence>{}</Sequence>", "<SubTree ID=\"C\"/>".repeat(15)),
        1,
    );
    assert!(errors(&s)[0].contains("is node 4097"));
}

#[test]
fn includes_are_regular_files_of_bounded_size() {
    let dir = std::env::temp_dir().join(format!("bt-xml-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A sparse file: larger than the limit, and nothing of it is read.
    let huge = dir.join("huge.xml");
    std::fs::File::create(&huge).unwrap().set_len(1 << 30).unwrap();
    let include = |path: &str| {
        format!(
            "<root BTCPP_format=\"4\">\n<include path=\"{path}\"/>\n<BehaviorTree ID=\"Main\"><A/></BehaviorTree>\n</root>\n"
        )
    };
    let first = dir.join("main.xml");
    for (path, expected) in [
        ("/dev/zero", "the included file `/dev/zero` is not a regular file"),
        (".", "is not a regular file"),
        ("huge.xml", "is larger than 1 MiB (1073741824 bytes)"),
    ] {
        std::fs::write(&first, include(path)).unwrap();
        let e = bt_xml::load(&first, None).unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!((e[0].line, e[0].column), (2, 1));
        assert!(e[0].message.contains(expected), "{}", e[0]);
    }
    let e = bt_xml::load(&huge, None).unwrap_err();
    assert!(e[0].message.starts_with("the file `") && e[0].message.contains("larger than 1 MiB"), "{}", e[0]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn readers_are_held_to_the_limits_too() {
    // A reader that returns too much for one file, and files that are too many or too large
    // together.
    let first = Path::new("main.xml");
    let e = bt_xml::load_with(first, None, &mut |_| Ok("x".repeat(MAX_FILE_BYTES + 1))).unwrap_err();
    assert!(e[0].message.contains("larger than 1 MiB"), "{}", e[0]);
    let chain = |p: &Path| {
        let n: usize =
            p.to_string_lossy().trim_start_matches("f").trim_end_matches(".xml").parse().unwrap_or(0);
        let pad = " ".repeat(MAX_FILE_BYTES / 2);
        Ok(format!(
            "<root BTCPP_format=\"4\"><include path=\"f{}.xml\"/>{pad}<BehaviorTree ID=\"T{n}\"><A/></BehaviorTree></root>",
            n + 1
        ))
    };
    let e = bt_xml::load_with(Path::new("f0.xml"), None, &mut |p| chain(p)).unwrap_err();
    assert!(
        e.iter().any(|e| e.message.contains(&format!("larger than {} MiB", MAX_TOTAL_BYTES >> 20))),
        "{e:?}"
    );
    let small = |p: &Path| {
        let n: usize =
            p.to_string_lossy().trim_start_matches("f").trim_end_matches(".xml").parse().unwrap_or(0);
        Ok(format!("<root BTCPP_format=\"4\"><include path=\"f{}.xml\"/></root>", n + 1))
    };
    let e = bt_xml::load_with(Path::new("f0.xml"), None, &mut |p| small(p)).unwrap_err();
    assert!(e.iter().any(|e| e.message.contains(&format!("more than {MAX_FILES} files"))), "{e:?}");
}

/// Element names: built-ins of every arity, a node kind of the user's, a subtree, a leaf.
fn kind() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "Sequence",
        "Fallback",
        "Inverter",
        "Parallel",
        "Gate",
        "SubTree",
        "A",
        "root",
        "BehaviorTree",
    ])
}

/// Deep, wide and attribute-heavy files, and files mixing the three.
fn hostile() -> impl Strategy<Value = String> {
    prop_oneof![
        (kind(), 1usize..3000).prop_map(|(k, n)| nested(k, n)),
        (1usize..60).prop_map(subtree_chain),
        (kind(), 1usize..5000)
            .prop_map(|(k, n)| format!("{HEAD}<{k}>{}</{k}>{TAIL}", "<A a=\"1\"/>".repeat(n))),
        (kind(), 1usize..2000).prop_map(|(k, n)| format!("{HEAD}<{k}{}/>{TAIL}", attributes(n))),
        (1usize..200, 1usize..200, 1usize..100).prop_map(|(d, w, a)| {
            let leaf = format!("<A{}/>", attributes(a));
            format!("{HEAD}{}{}{}{TAIL}", "<Sequence>".repeat(d), leaf.repeat(w), "</Sequence>".repeat(d))
        }),
    ]
}

/// Byte edits that break the structure: markup characters inserted, bytes removed or replaced.
fn mutate(text: &str, ops: &[(usize, u8)]) -> String {
    let mut b = text.as_bytes().to_vec();
    for &(at, op) in ops {
        if b.is_empty() {
            break;
        }
        let i = at % b.len();
        match op % 6 {
            0 => {
                b.remove(i);
            }
            1 => b.insert(i, b'<'),
            2 => b.insert(i, b'"'),
            3 => b.splice(i..i, b"<!--".iter().copied()).for_each(drop),
            4 => b.insert(i, b'/'),
            _ => b[i] = op,
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

fn depth(n: &bt_xml::Node) -> usize {
    1 + n.children.iter().map(depth).max().unwrap_or(0)
}

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    /// The load returns, and a tree it builds is within every limit; it never panics.
    #[test]
    fn hostile_files_load_within_the_limits_or_fail(text in hostile()) {
        match load(&text) {
            Ok(t) => {
                prop_assert!(t.root.iter().count() <= MAX_NODES);
                prop_assert!(depth(&t.root) <= MAX_DEPTH);
                prop_assert!(t.root.iter().all(|n| n.children.len() <= MAX_CHILDREN && n.ports.len() <= MAX_ATTRIBUTES));
            }
            Err(e) => prop_assert!(!e.is_empty()),
        }
    }

    /// Mutated hostile files: the parser meets unterminated comments, quotes and tags in deep and
    /// wide text, and still never nests deeper than the limits.
    #[test]
    fn mutated_hostile_files_never_panic(text in hostile(), ops in prop::collection::vec((any::<usize>(), any::<u8>()), 1..12)) {
        let _ = load(&mutate(&text, &ops));
    }
}
