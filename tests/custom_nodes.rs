//! Node kinds written outside the crates, used in `bt!` like keywords: built through
//! `bt::Compose`, described, observed, in anonymous and named trees. The kinds are in
//! `tests/user_nodes/` (`tests/kit.rs` checks them against the node contract).

mod user_nodes;

use std::time::Duration;

use bt::{Compose, NodeId, Status, bt};
use user_nodes::{Both, Countdown};

#[derive(Default)]
struct Ctx {
    log: Vec<String>,
}

mod nav {
    pub(crate) use super::Both as Pair;
}

fn say(s: &'static str) -> impl FnMut(&mut Ctx) -> Status {
    move |c: &mut Ctx| {
        c.log.push(s.to_string());
        Status::Success
    }
}

#[test]
fn positional_and_named_arguments() {
    let mut tree =
        bt! { Ctx => sequence<Countdown(2, label = "twice", pause = 150ms)<{ say("a") }>, { say("b") }> };
    let mut c = Ctx::default();
    assert_eq!(tree.tick(&mut c), Status::Running);
    assert_eq!(tree.tick(&mut c), Status::Success);
    assert_eq!(c.log, ["a", "a", "b"]);
    let d = tree.description();
    let n = d.node(1).unwrap();
    assert_eq!((n.kind, n.label, n.args), ("Countdown", "Countdown", "2, label = \"twice\", pause = 150ms"));
    assert!(n.is_decorator());
    assert_eq!(d.path(2).to_string(), "sequence/Countdown(2, label = \"twice\", pause = 1…/{ say(\"a\") }");
}

#[test]
fn named_arguments_only_start_from_default() {
    let mut tree = bt! { Countdown(n = 3)<{ say("x") }> };
    let mut c = Ctx::default();
    assert_eq!(tree.tick_until_done_within(&mut c, 10, |_| {}), Status::Success);
    assert_eq!(c.log.len(), 3);
}

#[test]
fn a_composite_through_a_path_is_described_and_observed() {
    let mut tree = bt! { nav::Pair<{ |_: &Ctx| true }, invert({ |_: &Ctx| false })> };
    let d = tree.description();
    let rows: Vec<_> = d.nodes().map(|n| (n.kind, n.label, n.depth)).collect();
    assert_eq!(
        rows,
        [
            ("Pair", "nav::Pair", 0),
            ("leaf", "{ |_: &Ctx| true }", 1),
            ("invert", "invert", 1),
            ("leaf", "{ |_: &Ctx| false }", 2)
        ]
    );
    assert!(d.node(0).unwrap().is_composite());
    let mut seen = Vec::new();
    {
        let mut obs = bt::ChangeObserver::new(|c: bt::Change| seen.push(c), [None; 4]);
        assert_eq!(tree.tick_with(&mut Ctx::default(), &mut obs), Status::Success);
    }
    let ids: Vec<NodeId> = seen
        .iter()
        .map(|c| match c {
            bt::Change::Ticked { node, .. } | bt::Change::Halted { node } => *node,
        })
        .collect();
    assert_eq!(ids, [1, 3, 2, 0]);
}

bt! {
    /// A named tree using node kinds of the user's: their types are written out.
    struct Named for Ctx {
        Countdown(2)<self::Both<Countdown(n = 1)<Countdown(1)<Echo>>, Echo>>
    }
}

/// An action that logs its name.
struct Echo;
impl bt::Action<Ctx> for Echo {
    fn execute(&mut self, c: &mut Ctx) -> Status {
        c.log.push("echo".into());
        Status::Success
    }
}

#[test]
fn named_trees_spell_user_node_types() {
    let mut t = Named::new();
    let mut c = Ctx::default();
    assert_eq!(t.tick(&mut c), Status::Running);
    assert_eq!(t.tick(&mut c), Status::Success);
    assert_eq!(c.log.len(), 4);
    assert_eq!(t.description().len(), t.node_count());
    let kinds: Vec<_> = t.description().nodes().map(|n| n.kind).collect();
    assert_eq!(kinds, ["Countdown", "Both", "Countdown", "Countdown", "leaf", "leaf"]);
}

#[test]
fn built_in_specs_are_usable_as_paths() {
    let mut by_keyword = bt! { Ctx => retry(2)<sequence<{ say("k") }, { |_: &Ctx| false }>> };
    let mut by_path =
        bt! { Ctx => bt::kind::Retry(bt::Const::<2>)<bt::kind::Sequence<{ say("k") }, { |_: &Ctx| false }>> };
    let (mut a, mut b) = (Ctx::default(), Ctx::default());
    for _ in 0..4 {
        assert_eq!(by_keyword.tick(&mut a), by_path.tick(&mut b));
    }
    assert_eq!(a.log, b.log);
    assert_eq!(std::mem::size_of_val(&by_keyword), std::mem::size_of_val(&by_path));
}

/// `Wait(Some(2s))<A>`: a spec with an optional duration.
#[derive(Default)]
struct Pause {
    after: Option<Duration>,
    each: [Duration; 2],
}

impl Pause {
    fn new(after: Option<Duration>) -> Self {
        Pause { after, each: [Duration::ZERO; 2] }
    }
}

impl<N> Compose<(N,)> for Pause {
    type Node = N;
    fn compose(self, (child,): (N,)) -> N {
        assert_eq!(self.after, Some(Duration::from_millis(1500)));
        assert_eq!(self.each, [Duration::from_secs(1), Duration::from_micros(20)]);
        child
    }
}

#[test]
fn duration_literals_inside_arguments() {
    let mut tree = bt! { Ctx => Pause(Some(1.5s), each = [1s, 20us])<{ say("p") }> };
    let mut c = Ctx::default();
    assert_eq!(tree.tick(&mut c), Status::Success);
    assert_eq!(c.log, ["p"]);
}
