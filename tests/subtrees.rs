//! Transparent subtrees: a named tree, or a function returning a `bt!` tree, used as a leaf of
//! another tree shows all its nodes in that tree's description, observers, renderings, live view
//! and recordings, with ids that match.

use bt::record::{Recorder, Recording};
use bt::view::{LiveView, Mode};
use bt::{Action, Change, ChangeObserver, Node, NodeId, Observer, Status, bt};

#[derive(Default)]
struct Bot {
    x: i32,
    log: Vec<String>,
}

/// Walks one step per tick towards `self.0`.
struct Go(i32);
impl Action<Bot> for Go {
    fn execute(&mut self, b: &mut Bot) -> Status {
        if b.x == self.0 {
            return Status::Success;
        }
        b.x += (self.0 - b.x).signum();
        Status::Running
    }
}

/// Logs its word and succeeds.
struct Say(&'static str);
impl Action<Bot> for Say {
    fn execute(&mut self, b: &mut Bot) -> Status {
        b.log.push(self.0.into());
        Status::Success
    }
}

bt! {
    /// Two legs.
    struct Leg(a: i32, b: i32) for Bot {
        sequence<Go(a), Go(b)>
    }

    /// A leg, then a word: a named tree embedding a named tree.
    struct Round for Bot {
        sequence<Leg::new(2, 0), Say("round")>
    }
}

fn greet() -> impl Node<Bot> {
    bt! { sequence<Say("hello"), Say("world")> }
}

fn build() -> bt::BehaviorTree<impl Node<Bot>, Bot, impl bt::Describe> {
    bt! { Bot => sequence<{ greet() }, Round::new(), invert(Say("done"))> }
}

#[test]
fn description_has_every_node_in_place() {
    let t = build();
    let d = t.description();
    assert_eq!(d.len(), t.node_count());
    let rows: Vec<_> = d.iter().map(|(id, n)| (id, n.kind, n.label, n.depth)).collect();
    assert_eq!(
        rows,
        [
            (0, "sequence", "sequence", 0),
            (1, "subtree", "{ greet() }", 1),
            (2, "sequence", "sequence", 2),
            (3, "leaf", "Say(\"hello\")", 3),
            (4, "leaf", "Say(\"world\")", 3),
            (5, "subtree", "Round::new()", 1),
            (6, "sequence", "sequence", 2),
            (7, "subtree", "Leg::new(2, 0)", 3),
            (8, "sequence", "sequence", 4),
            (9, "leaf", "Go(a)", 5),
            (10, "leaf", "Go(b)", 5),
            (11, "leaf", "Say(\"round\")", 3),
            (12, "invert", "invert", 1),
            (13, "leaf", "Say(\"done\")", 2),
        ]
    );
    // Where each node was written.
    let (origin, index) = d.origin(9).unwrap();
    assert_eq!((origin.name, index, origin.file), ("Leg", 1, file!()));
    assert_eq!(d.origin(11).map(|(o, i)| (o.name, i)), Some(("Round", 2)));
    assert_eq!(d.origin(13).map(|(o, i)| (o.name, i)), Some(("", 4)));
    // Navigation crosses the subtree boundaries.
    assert_eq!(d.children(5).collect::<Vec<_>>(), [6]);
    assert_eq!(d.children(6).collect::<Vec<_>>(), [7, 11]);
    assert_eq!(d.parent(8), Some(7));
    assert_eq!(d.subtree(5), 5..12);
    assert_eq!(d.path(10).to_string(), "sequence/Round::new()/sequence/Leg::new(2, 0)/sequence/Go(b)");
    assert_eq!(d.find("sequence/{ greet() }/sequence/Say(\"world\")"), Some(4));
}

/// Every observer event, as the runtime reports it.
#[derive(Default)]
struct Events(Vec<(NodeId, Option<Status>)>);
impl Observer for Events {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.0.push((node, Some(status)));
    }
    fn halted(&mut self, node: NodeId) {
        self.0.push((node, None));
    }
}

#[test]
fn observers_see_inside_subtrees() {
    let mut t = build();
    let mut bot = Bot::default();
    let mut events = Events::default();
    use Status::*;
    assert_eq!(t.tick_with(&mut bot, &mut events), Running);
    assert_eq!(
        events.0,
        [
            (3, Some(Success)),
            (4, Some(Success)),
            (2, Some(Success)),
            (1, Some(Success)),
            (9, Some(Running)),
            (8, Some(Running)),
            (7, Some(Running)),
            (6, Some(Running)),
            (5, Some(Running)),
            (0, Some(Running)),
        ]
    );
    events.0.clear();
    t.halt_with(&mut bot, &mut events);
    assert_eq!(events.0, [(9, None), (8, None), (7, None), (6, None), (5, None), (0, None)]);

    // The statuses a change observer keeps line up with the description.
    let mut t = build();
    let mut bot = Bot::default();
    let mut changes = Vec::new();
    let mut obs = ChangeObserver::new(|c: Change| changes.push(c), vec![None; t.node_count()]);
    while t.tick_with(&mut bot, &mut obs).is_running() {}
    let desc = t.description();
    let text = desc.text().statuses(&obs).to_string();
    assert!(text.contains("▸ Round::new()"), "{text}");
    assert!(text.contains("│     │     ├─ Go(a)"), "{text}");
    assert_eq!(obs.status(10), Some(Success));
    assert_eq!(bot.log, ["hello", "world", "round", "done"]);
}

#[test]
fn renderings_draw_subtrees() {
    let t = build();
    let d = t.description();
    let text = d.text().to_string();
    assert_eq!(
        text,
        "\
→ sequence
├─ ▸ { greet() }
│  └─ → sequence
│     ├─ Say(\"hello\")
│     └─ Say(\"world\")
├─ ▸ Round::new()
│  └─ → sequence
│     ├─ ▸ Leg::new(2, 0)
│     │  └─ → sequence
│     │     ├─ Go(a)
│     │     └─ Go(b)
│     └─ Say(\"round\")
└─ ¬ invert
   └─ Say(\"done\")
"
    );
    let dot = d.dot().to_string();
    assert!(dot.contains("n7 [label=\"Leg::new(2, 0)\", shape=component"), "{dot}");
    assert!(dot.contains("n7 -> n8;") && dot.contains("n8 -> n10;"), "{dot}");
    let mermaid = d.mermaid().to_string();
    assert!(mermaid.contains("n5[[\"Round::new()\"]]") && mermaid.contains("n6 --> n11"), "{mermaid}");
}

#[test]
fn live_view_and_recorder_show_subtree_nodes() {
    let mut t = build();
    let mut bot = Bot::default();
    let desc = t.description();
    let recorder = Recorder::new(Vec::new(), desc).unwrap();
    let view = LiveView::new(desc, Vec::new(), Mode::Plain);
    let mut obs = (view, recorder);
    let _ = t.tick_with(&mut bot, &mut obs);
    obs.0.frame(format_args!("tick 1")).unwrap();
    let (view, recorder) = obs;
    let out = String::from_utf8(view.finish().unwrap()).unwrap();
    let lines: Vec<_> = out.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 1 + desc.len());
    assert!(lines[1 + 9].contains("Go(a)") && lines[1 + 9].contains("Running"), "{out}");

    let rec = Recording::read(&recorder.finish().unwrap()[..]).unwrap();
    let read: Vec<_> = rec.description().nodes().map(|n| (n.kind, n.label, n.depth)).collect();
    let written: Vec<_> = desc.nodes().map(|n| (n.kind, n.label, n.depth)).collect();
    assert_eq!(read, written);
    assert!(rec.description().node(5).unwrap().is_subtree());
}

#[test]
fn a_subtree_wrapped_twice_is_embedded_once() {
    use bt::Leaf;
    // A named tree turned into its node by hand, then embedded: `Subtree<Subtree<…>>`.
    fn round() -> impl Node<Bot> {
        Leaf::<Bot>::into_node(Round::new())
    }
    let mut t = bt! { Bot => sequence<{ round() }, { bt::Subtree(greet()) }> };
    let d = t.description();
    assert_eq!(d.len(), t.node_count());
    let kinds: Vec<_> = d.nodes().map(|n| (n.kind, n.depth)).collect();
    assert_eq!(
        kinds,
        [
            ("sequence", 0),
            ("subtree", 1),
            ("sequence", 2),
            ("subtree", 3),
            ("sequence", 4),
            ("leaf", 5),
            ("leaf", 5),
            ("leaf", 3),
            ("subtree", 1),
            ("sequence", 2),
            ("leaf", 3),
            ("leaf", 3),
        ]
    );
    let mut bot = Bot::default();
    let mut events = Events::default();
    let _ = t.tick_with(&mut bot, &mut events);
    // Go(a) (node 5) runs: every id reported is the one the description gives its node.
    assert_eq!(events.0.first(), Some(&(5, Some(Status::Running))));
    assert_eq!(d.node(5).map(|n| n.label), Some("Go(a)"));
}

#[test]
fn a_leaf_written_as_a_node_gets_its_id() {
    /// A leaf implementing `Node` directly (not an `Action`).
    struct Raw;
    impl bt::Activation for Raw {
        // It never returns `Running`: nothing to keep.
        type Active = ();
        fn is_running(_: &()) -> bool {
            false
        }
    }
    impl Node<Bot> for Raw {
        fn tick_with<O: Observer + ?Sized>(
            &mut self,
            _: &mut (),
            b: &mut Bot,
            _: &mut O,
            id: NodeId,
        ) -> Status {
            b.log.push(format!("raw {id}"));
            Status::Success
        }
    }
    let mut t = bt! { Bot => sequence<Say("a"), Raw> };
    let mut bot = Bot::default();
    assert_eq!(t.tick(&mut bot), Status::Success);
    assert_eq!(bot.log, ["a", "raw 2"]);
}
