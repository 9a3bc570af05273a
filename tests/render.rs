//! The static description of a tree: navigation, paths, and the text, Graphviz DOT and Mermaid
//! renderings (the DOT is checked by Graphviz itself when `dot` is installed).
mod viz_fixture;

use std::collections::{HashMap, HashSet};
use std::io::Write as _;
use std::process::{Command, Stdio};

use bt::{NodeInfo, Status, TreeDescription};
use viz_fixture::{HUNGRY, TRICKY};

#[test]
fn navigation() {
    let d = &HUNGRY;
    assert_eq!(d.len(), 16);
    assert!(!d.is_empty() && TreeDescription::EMPTY.is_empty());
    assert_eq!(d.children(0).collect::<Vec<_>>(), [1]);
    assert_eq!(d.children(1).collect::<Vec<_>>(), [2, 15]);
    assert_eq!(d.children(2).collect::<Vec<_>>(), [3, 7, 11]);
    assert_eq!(d.children(7).collect::<Vec<_>>(), [8, 9, 10]);
    assert_eq!(d.children(15).count(), 0);
    assert_eq!(d.children(99).count(), 0);
    for id in 0..d.len() {
        assert_eq!(d.children(id).count(), d.node(id).unwrap().children as usize, "children of {id}");
        for c in d.children(id) {
            assert_eq!(d.parent(c), Some(id));
        }
    }
    assert_eq!(d.parent(0), None);
    assert_eq!(d.parent(15), Some(1));
    assert_eq!(d.parent(11), Some(2));
    assert_eq!(d.subtree(2), 2..15);
    assert_eq!(d.subtree(7), 7..11);
    assert_eq!(d.subtree(0), 0..16);
    assert_eq!(d.subtree(15), 15..16);
    assert_eq!(d.child_index(11), Some(2));
    assert_eq!(d.child_index(0), None);
    assert_eq!(d.ancestors(13).collect::<Vec<_>>(), [11, 2, 1, 0]);
    assert!(d.is_last_child(15) && d.is_last_child(14) && !d.is_last_child(2) && d.is_last_child(0));
    assert_eq!(d.node(4).map(|n| n.label), Some("FeelHungry"));
    let depths: Vec<_> = d.iter().map(|(id, n)| (id, n.depth)).take(6).collect();
    assert_eq!(depths, [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 4)]);
    assert!(
        d.node(1).unwrap().is_composite()
            && !d.node(1).unwrap().is_decorator()
            && !d.node(1).unwrap().is_leaf()
    );
    assert!(d.node(0).unwrap().is_decorator() && !d.node(0).unwrap().is_composite());
    assert!(d.node(4).unwrap().is_leaf());
    assert!(TRICKY.node(4).unwrap().is_decorator());
    // Unknown kinds: by number of children; childless nodes (such as `boxed`) are leaves.
    let info = |kind, children| NodeInfo::keyword(kind, kind, "", 0, children, 1, 1);
    assert!(info("boxed", 0).is_leaf());
    assert!(info("my_decorator", 1).is_decorator());
    assert!(info("my_composite", 3).is_composite());
    assert!(info("sequence", 1).is_composite());
}

#[test]
fn paths_are_readable_and_unique() {
    let d = &HUNGRY;
    assert_eq!(d.path(0).to_string(), "repeat");
    assert_eq!(d.path(2).to_string(), "repeat/parallel(1)/selector");
    assert_eq!(d.path(8).to_string(), "repeat/parallel(1)/selector/sequence[1]/FeelThirsty");
    assert_eq!(d.path(15).to_string(), "repeat/parallel(1)/Alive");
    assert_eq!(d.path(99).to_string(), "#99");
    let mut seen = HashSet::new();
    for desc in [&HUNGRY, &TRICKY] {
        seen.clear();
        for id in 0..desc.len() {
            let path = desc.path(id).to_string();
            assert!(seen.insert(path.clone()), "duplicate path {path}");
            assert_eq!(desc.find(&path), Some(id), "{path}");
        }
    }
    assert_eq!(d.find("repeat/parallel(1)"), Some(1));
    assert_eq!(d.find("repeat/parallel(1)/selector/sequence/FeelThirsty"), None);
    // Names in paths are collapsed to one line and cut.
    assert_eq!(
        TRICKY.path(5).to_string(),
        "sequence/precondition({ |a: &Agent| matches!(a.m…/{ match x { A | B => Status::Success, _…"
    );
}

#[test]
fn text_rendering() {
    let expected = "\
↻ repeat
└─ ⇉ parallel(1)
   ├─ ? selector
   │  ├─ → sequence
   │  │  ├─ FeelHungry
   │  │  ├─ WalkTo(FOOD)
   │  │  └─ EatFood
   │  ├─ → sequence
   │  │  ├─ FeelThirsty
   │  │  ├─ WalkTo(WATER)
   │  │  └─ DrinkWater
   │  └─ → sequence
   │     ├─ FeelTired
   │     ├─ WalkTo(BED)
   │     └─ Sleep
   └─ Alive
";
    assert_eq!(HUNGRY.text().to_string(), expected);
    assert_eq!(TreeDescription::EMPTY.text().to_string(), "");
    // One line per node, in pre-order.
    let lines: Vec<_> = HUNGRY.text().lines().map(|l| (l.id(), l.to_string())).collect();
    assert_eq!(lines.len(), HUNGRY.len());
    for ((id, line), text) in lines.iter().zip(expected.lines()) {
        assert_eq!(line, text, "line {id}");
    }

    let tricky = TRICKY.text().to_string();
    assert!(tricky.contains("├─ { |a: &Agent| a.name == \"x\\\"y\" }\n"), "{tricky}");
    assert!(
        tricky.contains("├─ ◇ precondition({ |a: &Agent| matches!(a.m…\n│  └─ { match x { A | B"),
        "{tricky}"
    );
    assert!(tricky.contains("├─ ◇ timeout(2s)\n│  └─ Tag { name: `#1` & 'q' \\ [x] }\n└─ Done\n"));
    assert_eq!(TRICKY.text().max_label(6).lines().nth(2).unwrap().to_string(), "├─ { |a:…");
}

#[test]
fn text_with_statuses_and_lines() {
    let mut statuses = [None; 16];
    statuses[0] = Some(Status::Running);
    statuses[1] = Some(Status::Running);
    statuses[2] = Some(Status::Failure);
    statuses[15] = Some(Status::Running);
    let text = HUNGRY.text().statuses(&statuses[..]).to_string();
    let lines: Vec<_> = text.lines().collect();
    // The status column starts two characters after the widest line, `   │  │  ├─ WalkTo(WATER)`.
    let col = |line: &str, status: &str| format!("{line:27}{status}");
    assert_eq!(lines[0], col("↻ repeat", "Running"));
    assert_eq!(lines[2], col("   ├─ ? selector", "Failure"));
    assert_eq!(lines[3], "   │  ├─ → sequence");
    assert_eq!(lines[15], col("   └─ Alive", "Running"));
    // Arrays work as well as slices.
    assert_eq!(HUNGRY.text().statuses(statuses).to_string(), text);

    let with_lines = HUNGRY.text().statuses(statuses).source_lines(true).to_string();
    let lines: Vec<_> = with_lines.lines().collect();
    assert_eq!(lines[0], col("↻ repeat", "Running  line 10"));
    assert_eq!(lines[3], col("   │  ├─ → sequence", "         line 12"));
}

/// Text nodes of an SVG, with XML entities decoded.
fn svg_texts(svg: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find("<text") {
        rest = &rest[start..];
        let open_end = rest.find('>').unwrap();
        let close = rest.find("</text>").unwrap();
        out.push(xml_unescape(&rest[open_end + 1..close]));
        rest = &rest[close..];
    }
    out
}

fn xml_unescape(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let semi = rest[amp..].find(';').unwrap() + amp;
        let entity = &rest[amp + 1..semi];
        out.push(match entity {
            "lt" => '<',
            "gt" => '>',
            "amp" => '&',
            "quot" => '"',
            "apos" => '\'',
            "nbsp" => ' ',
            e if e.starts_with("#x") => char::from_u32(u32::from_str_radix(&e[2..], 16).unwrap()).unwrap(),
            e if e.starts_with('#') => char::from_u32(e[1..].parse().unwrap()).unwrap(),
            e => panic!("unknown entity {e}"),
        });
        rest = &rest[semi + 1..];
    }
    out.push_str(rest);
    // Graphviz writes non-breaking spaces for runs of spaces.
    out.replace('\u{a0}', " ")
}

fn run_dot(input: &str) -> Option<String> {
    let mut child = match Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => panic!("cannot run dot: {e}"),
    };
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && stderr.trim().is_empty(), "dot rejected the graph: {stderr}\n{input}");
    Some(String::from_utf8(out.stdout).unwrap())
}

#[test]
fn dot_is_accepted_by_graphviz() {
    let mut statuses = vec![None; TRICKY.len()];
    statuses[0] = Some(Status::Running);
    statuses[4] = Some(Status::Failure);
    statuses[7] = Some(Status::Success);
    let cases = [
        (&HUNGRY, HUNGRY.dot().to_string()),
        (&TRICKY, TRICKY.dot().to_string()),
        (&TRICKY, TRICKY.dot().statuses(&statuses).to_string()),
        (&TRICKY, TRICKY.dot().max_label(usize::MAX).to_string()),
    ];
    for (i, (desc, dot)) in cases.iter().enumerate() {
        // Structure: every node declared once, one edge into every node but the root.
        for id in 0..desc.len() {
            assert_eq!(dot.matches(&format!("\n  n{id} [label=")).count(), 1, "{dot}");
            let edges_in = dot.matches(&format!(" -> n{id};\n")).count();
            assert_eq!(edges_in, usize::from(id > 0), "{dot}");
        }
        let Some(svg) = run_dot(dot) else {
            // CI installs Graphviz (.ci/run), so there the check is never skipped.
            assert!(std::env::var_os("CI").is_none(), "Graphviz `dot` must be installed under CI");
            println!("notice: Graphviz `dot` is not installed; skipped checking the DOT with it");
            return;
        };
        // Graphviz drew every label exactly as the node's name.
        let texts = svg_texts(&svg);
        for (id, info) in desc.iter() {
            let name =
                if i == 3 { info.name().max_chars(usize::MAX).to_string() } else { info.name().to_string() };
            assert!(texts.contains(&name), "label of node {id} {name:?} not in {texts:?}");
        }
        if i == 0 {
            assert!(texts.contains(&"HungryBrain for Agent".to_string()));
        }
        if i == 2 {
            assert!(svg.contains("fill=\"#fde68a\"") && svg.contains("fill=\"#bbf7d0\""));
            assert!(svg.contains("fill=\"#fecaca\""));
        }
    }
}

#[test]
fn dot_escaping() {
    let dot = TRICKY.dot().to_string();
    assert!(dot.contains(r#"n1 [label="{ |a: &Agent| a.name == \"x\\\"y\" }", shape=ellipse"#), "{dot}");
    assert!(dot.contains(r#"n7 [label="Tag { name: `#1` & 'q' \\ [x] }""#), "{dot}");
    assert!(dot.contains(r#"tooltip="C:\\src\\tricky.rs:2:9""#), "{dot}");
    assert!(dot.contains("n4 [label=\"precondition({ |a: &Agent| matches!(a.m…\", shape=hexagon"));
    assert!(dot.starts_with("digraph \"bt\" {\n"));
}

/// What a Mermaid flowchart declares: nodes (id, shape, label with entity codes decoded), edges
/// (from, to) and class lines.
struct Parsed {
    nodes: Vec<(String, &'static str, String)>,
    edges: Vec<(String, String)>,
    classes: Vec<String>,
}

fn parse_mermaid(m: &str) -> Parsed {
    let mut lines = m.lines().peekable();
    if lines.peek() == Some(&"---") {
        lines.next();
        assert!(lines.next().unwrap().starts_with("title: "));
        assert_eq!(lines.next(), Some("---"));
    }
    assert_eq!(lines.next(), Some("flowchart TD"));
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    let mut classes = Vec::new();
    for line in lines {
        let line = line.strip_prefix("  ").unwrap_or_else(|| panic!("unindented line {line:?}"));
        if let Some((from, to)) = line.split_once(" --> ") {
            edges.push((from.to_string(), to.to_string()));
        } else if line.starts_with("classDef ") || line.starts_with("class ") {
            classes.push(line.to_string());
        } else {
            let id_end = line.find(|c: char| !c.is_ascii_alphanumeric()).unwrap();
            let (id, rest) = line.split_at(id_end);
            let shapes = [("[\"", "\"]", "rect"), ("{{\"", "\"}}", "hexagon"), ("([\"", "\"])", "stadium")];
            let (open, close, shape) = shapes
                .iter()
                .find(|(open, close, _)| rest.starts_with(open) && rest.ends_with(close))
                .unwrap_or_else(|| panic!("bad declaration {line:?}"));
            let label = &rest[open.len()..rest.len() - close.len()];
            assert!(!label.contains('"'), "raw quote in {line:?}");
            let decoded = label
                .replace("#quot;", "\"")
                .replace("#lt;", "<")
                .replace("#gt;", ">")
                .replace("#amp;", "&")
                .replace("#96;", "`")
                .replace("#35;", "#");
            nodes.push((id.to_string(), *shape, decoded));
        }
    }
    Parsed { nodes, edges, classes }
}

#[test]
fn mermaid_structure() {
    for desc in [&HUNGRY, &TRICKY] {
        let m = desc.mermaid().to_string();
        let Parsed { nodes, edges, classes } = parse_mermaid(&m);
        assert!(classes.is_empty());
        // Every node declared once, with its name and the shape of its class.
        assert_eq!(nodes.len(), desc.len());
        let mut declared = HashMap::new();
        for (i, (id, shape, label)) in nodes.iter().enumerate() {
            assert_eq!(id, &format!("n{i}"));
            assert!(declared.insert(id.clone(), i).is_none(), "{id} declared twice");
            assert_eq!(label, &desc.node(i).unwrap().name().to_string());
            let n = &desc.node(i).unwrap();
            let expected = if n.is_composite() {
                "rect"
            } else if n.is_decorator() {
                "hexagon"
            } else {
                "stadium"
            };
            assert_eq!(*shape, expected, "{id}");
        }
        // Edges reference declared nodes and are exactly the parent links.
        assert_eq!(edges.len(), desc.len() - 1);
        for (from, to) in &edges {
            let (f, t) = (declared[from], declared[to]);
            assert_eq!(desc.parent(t), Some(f));
        }
    }
    assert!(HUNGRY.mermaid().to_string().starts_with("---\ntitle: HungryBrain\n---\nflowchart TD\n"));
    let tricky = TRICKY.mermaid().to_string();
    assert!(tricky.contains("n2([\"{ |a: #amp;Agent| a.hp #lt; 3 #amp;#amp; a.x #gt; 1 }\"])"), "{tricky}");
    assert!(tricky.contains("n7([\"Tag { name: #96;#35;1#96; #amp; 'q' \\ [x] }\"])"), "{tricky}");
}

#[test]
fn mermaid_with_statuses() {
    let mut statuses = [None; 16];
    statuses[0] = Some(Status::Running);
    statuses[15] = Some(Status::Running);
    statuses[4] = Some(Status::Failure);
    statuses[2] = Some(Status::Failure);
    let m = HUNGRY.mermaid().statuses(statuses).to_string();
    let Parsed { nodes, classes, .. } = parse_mermaid(&m);
    assert_eq!(nodes.len(), 16);
    assert_eq!(
        classes,
        [
            "classDef running fill:#fde68a,stroke:#b45309,color:#111",
            "class n0,n15 running",
            "classDef failure fill:#fecaca,stroke:#b91c1c,color:#111",
            "class n2,n4 failure",
        ]
    );
}

mod described_by_the_macro {
    //! The same checks on descriptions `bt!` emits, and their agreement with observer ids.
    use bt::{Action, ChangeObserver, Condition, Status, bt};

    use super::{run_dot, svg_texts};

    pub struct Agent {
        food: u32,
        x: i32,
    }

    struct FeelHungry;
    impl Condition<Agent> for FeelHungry {
        fn check(&mut self, a: &Agent) -> bool {
            a.food < 30
        }
    }

    struct WalkTo(i32);
    impl Action<Agent> for WalkTo {
        fn execute(&mut self, a: &mut Agent) -> Status {
            if a.x == self.0 {
                return Status::Success;
            }
            a.x += (self.0 - a.x).signum();
            Status::Running
        }
    }

    const FOOD: i32 = 2;

    bt! {
        /// A tree with a name, for the renderings' titles.
        struct Brain for Agent {
            repeat(parallel(1)<
                selector<
                    sequence<FeelHungry, WalkTo(FOOD), WalkTo(0)>,
                    precondition(FeelHungry)<WalkTo(-1)>,
                >,
                invert(FeelHungry),
            >)
        }
    }

    #[test]
    fn named_tree() {
        let tree = Brain::new();
        let d = tree.description();
        assert_eq!((d.name, d.context), ("Brain", "Agent"));
        assert_eq!(d.len(), 11);
        assert_eq!(
            d.text().to_string(),
            "\
↻ repeat
└─ ⇉ parallel(1)
   ├─ ? selector
   │  ├─ → sequence
   │  │  ├─ FeelHungry
   │  │  ├─ WalkTo(FOOD)
   │  │  └─ WalkTo(0)
   │  └─ ◇ precondition(FeelHungry)
   │     └─ WalkTo(-1)
   └─ ¬ invert
      └─ FeelHungry
"
        );
        assert_eq!(d.path(5).to_string(), "repeat/parallel(1)/selector/sequence/WalkTo(FOOD)");
        assert_eq!(d.find("repeat/parallel(1)/invert/FeelHungry"), Some(10));
        assert!(d.node(7).unwrap().is_decorator());
        // Source positions point into this file, in order.
        assert!(d.file.ends_with("render.rs"));
        assert!(
            d.nodes()
                .collect::<Vec<_>>()
                .windows(2)
                .all(|w| (w[0].line, w[0].column) < (w[1].line, w[1].column))
        );
        let m = d.mermaid().to_string();
        assert!(m.starts_with("---\ntitle: Brain\n---\nflowchart TD\n  n0{{\"repeat\"}}\n"), "{m}");
        if let Some(svg) = run_dot(&d.dot().to_string()) {
            let texts = svg_texts(&svg);
            assert!(texts.contains(&"precondition(FeelHungry)".to_string()), "{texts:?}");
            assert!(texts.contains(&"Brain for Agent".to_string()));
        }
    }

    #[test]
    fn observer_ids_match_the_description() {
        let mut tree = bt! {
            Agent => sequence<
                { |a: &Agent| a.food < 30 },
                fallback<invert({ |a: &Agent| a.x != FOOD }), WalkTo(FOOD)>,
                { |a: &mut Agent| { a.food = 100; Status::Success } },
            >
        };
        let d = tree.description();
        assert_eq!(d.node(3).unwrap().label, "invert");
        assert_eq!(d.node(4).unwrap().label, "{ |a: &Agent| a.x != FOOD }");
        let mut agent = Agent { food: 10, x: 0 };
        let mut obs = ChangeObserver::for_tree(&tree, Vec::new());
        assert_eq!(obs.statuses().len(), d.len());
        assert_eq!(tree.tick_with(&mut agent, &mut obs), Status::Running);
        let running: Vec<_> = (0..d.len()).filter(|&id| obs.status(id) == Some(Status::Running)).collect();
        let paths: Vec<_> = running.iter().map(|&id| d.path(id).to_string()).collect();
        assert_eq!(paths, ["sequence", "sequence/fallback", "sequence/fallback/WalkTo(FOOD)"]);
        assert_eq!(obs.status(3), Some(Status::Failure), "not there yet: the invert fails");
        assert_eq!(obs.status(6), None, "the eating closure was not reached");
        while tree.tick_with(&mut agent, &mut obs) == Status::Running {}
        assert_eq!(obs.status(6), Some(Status::Success));
        assert_eq!(agent.food, 100);
        // The status column follows the widest line, the eating closure's (cut at 40 characters).
        let text = d.text().statuses(&obs).to_string();
        let width = d.text().lines().map(|l| l.width()).max().unwrap();
        assert_eq!(width, d.text().lines().last().unwrap().width());
        assert_eq!(
            text.lines().nth(5).unwrap(),
            format!("{:w$}Success", "│  └─ WalkTo(FOOD)", w = width + 2)
        );
    }
}

#[test]
fn navigation_nodes_render_with_their_glyphs_and_arguments() {
    use bt::{Clock, bt};
    struct Robot;
    impl Clock for Robot {
        fn now(&self) -> core::time::Duration {
            core::time::Duration::ZERO
        }
    }
    let tree = bt! {
        Robot => pipeline_sequence<
            rate_controller(2.5)<recovery(1)<{ |_: &mut Robot| Status::Success }, sleep(500ms)>>,
            round_robin<always_success, always_failure>,
            keep_running_until_failure(always_success),
        >
    };
    let d = tree.description();
    assert_eq!(
        d.text().to_string(),
        "\
→ pipeline_sequence
├─ ◇ rate_controller(2.5)
│  └─ ↻ recovery(1)
│     ├─ { |_: &mut Robot| Status::Success }
│     └─ sleep(500ms)
├─ ↺ round_robin
│  ├─ always_success
│  └─ always_failure
└─ ↻ keep_running_until_failure
   └─ always_success
"
    );
    assert_eq!(d.path(4).to_string(), "pipeline_sequence/rate_controller(2.5)/recovery(1)/sleep(500ms)");
    assert_eq!(d.find("pipeline_sequence/round_robin/always_failure"), Some(7));
    assert!(d.node(1).unwrap().is_decorator() && d.node(2).unwrap().is_composite());
    assert!(d.node(4).unwrap().is_leaf() && d.node(8).unwrap().is_decorator());
    // The leaf keywords are named by keyword and arguments in every rendering.
    assert!(d.dot().to_string().contains("sleep(500ms)"));
    assert!(d.mermaid().to_string().contains("always_success"));
}
