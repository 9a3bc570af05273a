//! Status changes as `tracing` events (feature `tracing`), caught by a small capturing subscriber.
mod viz_fixture;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use bt::ChangeObserver;
use bt::trace::TraceListener;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};
use viz_fixture::{Agent, HUNGRY, hungry_tree};

type Fields = BTreeMap<String, String>;

/// Keeps every event's fields (plus `target` and `level`) as strings.
#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<Fields>>>);

struct Visitor<'a>(&'a mut Fields);

impl Visit for Visitor<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0.insert(field.name().into(), format!("{value:?}"));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().into(), value.into());
    }
}

impl Subscriber for Capture {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }
    fn record(&self, _: &Id, _: &Record<'_>) {}
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut fields = Fields::new();
        event.record(&mut Visitor(&mut fields));
        fields.insert("target".into(), event.metadata().target().into());
        fields.insert("level".into(), event.metadata().level().to_string());
        self.0.lock().unwrap().push(fields);
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

fn fields(pairs: &[(&str, &str)]) -> Fields {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

#[test]
fn status_changes_become_events() {
    let capture = Capture::default();
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    tracing::subscriber::with_default(capture.clone(), || {
        let mut observer = bt::trace::observer(&tree);
        for _ in 0..6 {
            let _ = tree.tick_with(&mut agent, &mut observer);
            agent.step();
        }
        tree.halt_with(&mut agent, &mut observer);
    });
    let events = capture.0.lock().unwrap().clone();
    let path = |id: usize| HUNGRY.path(id).to_string();
    // Tick 1: ten nodes go from idle to a status; ticks 2 and 3 change nothing.
    assert_eq!(
        events[0],
        fields(&[
            ("message", "status changed"),
            ("target", "bt"),
            ("level", &Level::DEBUG.to_string()),
            ("node", "4"),
            ("path", &path(4)),
            ("kind", "leaf"),
            ("label", "FeelHungry"),
            ("previous", "idle"),
            ("new", "Failure"),
        ])
    );
    assert_eq!(events[9]["path"], "repeat");
    assert_eq!(events[9]["new"], "Running");
    // Tick 4: thirsty.
    assert_eq!(events[10]["path"], "repeat/parallel(1)/selector/sequence[1]/FeelThirsty");
    assert_eq!((events[10]["previous"].as_str(), events[10]["new"].as_str()), ("Failure", "Success"));
    assert_eq!(events[11]["label"], "WalkTo(WATER)");
    assert_eq!(events[12]["kind"], "sequence");
    // Tick 6: drinks, and the parallel halts `Alive`.
    let halt = events.iter().position(|e| e["message"] == "halted").unwrap();
    assert_eq!(
        events[halt],
        fields(&[
            ("message", "halted"),
            ("target", "bt"),
            ("level", "DEBUG"),
            ("node", "15"),
            ("path", "repeat/parallel(1)/Alive"),
            ("kind", "leaf"),
            ("label", "Alive"),
            ("previous", "Running"),
            ("new", "idle"),
        ])
    );
    // The final halt of the tree: after tick 6 only the root is running (its parallel child
    // completed an iteration).
    let last = events.last().unwrap();
    assert_eq!((last["message"].as_str(), last["path"].as_str()), ("halted", "repeat"));
    assert_eq!(events.len(), 10 + 4 + 6 + 1);
}

#[test]
fn fixed_buffer_observer() {
    let capture = Capture::default();
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    tracing::subscriber::with_default(capture.clone(), || {
        let mut observer = ChangeObserver::new(TraceListener::new(&HUNGRY), [None; 16]);
        let _ = tree.tick_with(&mut agent, &mut observer);
        let _ = tree.tick_with(&mut agent, &mut observer);
    });
    assert_eq!(capture.0.lock().unwrap().len(), 10);
}

#[test]
fn events_name_nodes_inside_subtrees() {
    use bt::{Node, Status, bt};
    fn inner() -> impl Node<Agent> {
        bt! { Agent => sequence<{ |_: &Agent| true }, { |_: &mut Agent| Status::Running }> }
    }
    let capture = Capture::default();
    let mut tree = bt! { Agent => sequence<{ inner() }> };
    let mut agent = Agent::new();
    tracing::subscriber::with_default(capture.clone(), || {
        let mut observer = bt::trace::observer(&tree);
        let _ = tree.tick_with(&mut agent, &mut observer);
    });
    let events = capture.0.lock().unwrap().clone();
    let paths: Vec<_> =
        events.iter().map(|e| (e["node"].as_str(), e["path"].as_str(), e["kind"].as_str())).collect();
    assert_eq!(
        paths,
        [
            ("3", "sequence/{ inner() }/sequence/{ |_: &Agent| true }", "leaf"),
            ("4", "sequence/{ inner() }/sequence/{ |_: &mut Agent| Status::Running }", "leaf"),
            ("2", "sequence/{ inner() }/sequence", "sequence"),
            ("1", "sequence/{ inner() }", "subtree"),
            ("0", "sequence", "sequence"),
        ]
    );
}

#[test]
fn every_event_keys_its_node_by_id_and_full_path() {
    use bt::{Status, bt};
    let capture = Capture::default();
    // Two leaves whose labels are longer than a rendering shows, and alike in their first 40
    // characters: the cut names clash, the full ones do not.
    let mut tree = bt! { Agent => sequence<
        { |_: &mut Agent| { let first_leaf_of_the_sequence = 1; let _ = first_leaf_of_the_sequence; Status::Success } },
        { |_: &mut Agent| { let first_leaf_of_the_sequence = 2; let _ = first_leaf_of_the_sequence; Status::Running } },
    > };
    let mut agent = Agent::new();
    tracing::subscriber::with_default(capture.clone(), || {
        let mut observer = bt::trace::observer(&tree);
        let _ = tree.tick_with(&mut agent, &mut observer);
    });
    let events = capture.0.lock().unwrap().clone();
    let keys: Vec<_> = events.iter().map(|e| (e["node"].as_str(), e["path"].as_str())).collect();
    let desc = tree.description();
    assert!(desc.path(1).to_string().contains('…'), "the rendering cuts the name");
    assert_eq!(
        keys,
        [
            (
                "1",
                "sequence/{ |_: &mut Agent| { let first_leaf_of_the_sequence = 1; let _ = first_leaf_of_the_sequence; Status::Success } }[0]"
            ),
            (
                "2",
                "sequence/{ |_: &mut Agent| { let first_leaf_of_the_sequence = 2; let _ = first_leaf_of_the_sequence; Status::Running } }[1]"
            ),
            ("0", "sequence"),
        ]
    );
    // Every key finds its node again.
    for (id, path) in keys {
        assert_eq!(desc.find(path).map(|n| n.to_string()), Some(id.to_string()));
    }
}
