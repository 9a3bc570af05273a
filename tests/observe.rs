//! Observers: `ChangeObserver` (status changes and halts), combined and optional observers.
mod viz_fixture;

use bt::{Change, ChangeObserver, NodeId, Observer, Status};
use viz_fixture::{Agent, HUNGRY, hungry_tree};

use Status::*;

fn st(node: NodeId, previous: Option<Status>, new: Status) -> Change {
    Change::Ticked { node, previous, new }
}

/// Every raw event, as the runtime reports it.
#[derive(Default)]
struct Raw(Vec<(NodeId, Option<Status>)>);

impl Observer for Raw {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.0.push((node, Some(status)));
    }
    fn halted(&mut self, node: NodeId) {
        self.0.push((node, None));
    }
}

#[test]
fn changes_and_halts_of_the_hungry_agent() {
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let mut obs = ChangeObserver::for_tree(&tree, Vec::new());
    assert_eq!(obs.statuses().len(), HUNGRY.len());
    let mut ticks = Vec::new();
    for _ in 0..13 {
        assert_eq!(tree.tick_with(&mut agent, &mut obs), Running);
        ticks.push(std::mem::take(obs.listener_mut()));
        agent.step();
    }
    // Tick 1: everything is new; the needs all fail and `Alive` runs.
    assert_eq!(
        ticks[0],
        [
            st(4, None, Failure),
            st(3, None, Failure),
            st(8, None, Failure),
            st(7, None, Failure),
            st(12, None, Failure),
            st(11, None, Failure),
            st(2, None, Failure),
            st(15, None, Running),
            st(1, None, Running),
            st(0, None, Running),
        ]
    );
    // Ticks 2 and 3 return the same statuses: nothing to report.
    assert!(ticks[1].is_empty() && ticks[2].is_empty());
    // Tick 4: thirsty, the agent starts walking to the water.
    assert_eq!(
        ticks[3],
        [
            st(8, Some(Failure), Success),
            st(9, None, Running),
            st(7, Some(Failure), Running),
            st(2, Some(Failure), Running)
        ]
    );
    assert!(ticks[4].is_empty());
    // Tick 6: it drinks; the parallel succeeds and halts `Alive`, which was running.
    assert_eq!(
        ticks[5],
        [
            st(9, Some(Running), Success),
            st(10, None, Success),
            st(7, Some(Running), Success),
            st(2, Some(Running), Success),
            Change::Halted { node: 15 },
            st(1, Some(Running), Success),
        ]
    );
    // Tick 7: the next iteration of `repeat`; hungry now. `Alive` was idle after its halt.
    assert_eq!(
        ticks[6],
        [
            st(4, Some(Failure), Success),
            st(5, None, Running),
            st(3, Some(Failure), Running),
            st(2, Some(Success), Running),
            st(15, None, Running),
            st(1, Some(Success), Running),
        ]
    );
    // The thirst branch's action and walk were not ticked since tick 6: they keep their results.
    assert_eq!(obs.status(9), Some(Success));
    assert_eq!(obs.status(10), Some(Success));
    // Tick 12: eats. Tick 13: all needs satisfied again.
    assert_eq!(
        ticks[11][..3],
        [st(5, Some(Running), Success), st(6, None, Success), st(3, Some(Running), Success)]
    );
    assert_eq!(ticks[12][0], st(4, Some(Success), Failure));

    // Halting the tree reports the running nodes, depth-first, each after its running children.
    let _ = tree.tick_with(&mut agent, &mut obs);
    (agent.food, agent.x) = (10, 0);
    let _ = tree.tick_with(&mut agent, &mut obs);
    assert_eq!(obs.status(5), Some(Running));
    obs.listener_mut().clear();
    tree.halt_with(&mut agent, &mut obs);
    let halted: Vec<_> =
        obs.listener().iter().map(|c| if let Change::Halted { node } = c { *node } else { 99 }).collect();
    assert_eq!(halted, [5, 3, 2, 15, 1, 0]);
    for node in halted {
        assert_eq!(obs.status(node), None);
    }
    assert_eq!(obs.status(4), Some(Success), "completed nodes keep their result");
    obs.reset();
    assert!(obs.statuses().iter().all(Option::is_none));
}

/// The changes are exactly the raw events whose status differs from the node's last one (idle
/// after a halt), over a long run.
#[test]
fn changes_match_the_raw_event_stream() {
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let mut obs = (Raw::default(), ChangeObserver::for_tree(&tree, Vec::new()));
    for _ in 0..300 {
        let _ = tree.tick_with(&mut agent, &mut obs);
        agent.step();
    }
    tree.halt_with(&mut agent, &mut obs);
    let (raw, changes) = obs;
    let mut last = vec![None; HUNGRY.len()];
    let mut expected = Vec::new();
    for &(node, status) in &raw.0 {
        match status {
            Some(s) if last[node] != Some(s) => expected.push(st(node, last[node], s)),
            Some(_) => {}
            None => expected.push(Change::Halted { node }),
        }
        last[node] = status;
    }
    let (changes, statuses) = changes.into_parts();
    assert_eq!(changes, expected);
    assert_eq!(statuses, last);
    assert!(changes.len() < raw.0.len() / 3, "{} changes for {} events", changes.len(), raw.0.len());
}

#[test]
fn fixed_buffer_and_closure_listener() {
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let mut seen = Vec::new();
    {
        // Too small for the tree: nodes 4 and up are not tracked, so every tick of theirs is a
        // change from idle.
        let mut obs = ChangeObserver::new(|c: Change| seen.push(c), [Some(Success); 4]);
        assert!(obs.statuses().iter().all(Option::is_none), "the buffer starts idle");
        let _ = tree.tick_with(&mut agent, &mut obs);
        let _ = tree.tick_with(&mut agent, &mut obs);
        assert_eq!(obs.statuses(), [Some(Running), Some(Running), Some(Failure), Some(Failure)]);
    }
    let second_tick: Vec<_> = seen[10..].to_vec();
    assert_eq!(
        second_tick,
        [
            st(4, None, Failure),
            st(8, None, Failure),
            st(7, None, Failure),
            st(12, None, Failure),
            st(11, None, Failure),
            st(15, None, Running),
        ]
    );
}

#[test]
fn combined_and_optional_observers() {
    let mut plain = hungry_tree();
    let mut observed = hungry_tree();
    let (mut a, mut b) = (Agent::new(), Agent::new());
    let mut none: Option<Raw> = None;
    let mut some = Some(Raw::default());
    for _ in 0..50 {
        assert_eq!(plain.tick(&mut a), observed.tick_with(&mut b, &mut (&mut none, &mut some)));
        a.step();
        b.step();
    }
    let mut alone = Raw::default();
    let mut fresh = hungry_tree();
    let mut c = Agent::new();
    for _ in 0..50 {
        let _ = fresh.tick_with(&mut c, &mut alone);
        c.step();
    }
    assert_eq!(some.unwrap().0, alone.0);
}

#[test]
fn statuses_render() {
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let mut obs = ChangeObserver::for_tree(&tree, ());
    for _ in 0..4 {
        let _ = tree.tick_with(&mut agent, &mut obs);
        agent.step();
    }
    let text = HUNGRY.text().statuses(&obs).to_string();
    let line = |id: usize| text.lines().nth(id).unwrap().split_whitespace().last().unwrap().to_string();
    assert_eq!(line(0), "Running");
    assert_eq!(line(8), "Success");
    assert_eq!(line(9), "Running");
    assert_eq!(line(10), "DrinkWater", "idle: no status");
    assert_eq!(line(4), "Failure");
    assert!(
        HUNGRY
            .dot()
            .statuses(&obs)
            .to_string()
            .contains("n9 [label=\"WalkTo(WATER)\", shape=ellipse, style=\"filled\", fillcolor=\"#fde68a\"")
    );
}

/// An observer that replaces the tick of node `node` by `status` from the root tick `from` on.
struct Override {
    node: NodeId,
    status: Status,
    ticks: u32,
    from: u32,
    raw: Raw,
}

impl Observer for Override {
    fn ticked(&mut self, node: NodeId, status: Status) {
        if node == 0 {
            self.ticks += 1;
        }
        self.raw.ticked(node, status);
    }
    fn halted(&mut self, node: NodeId) {
        self.raw.halted(node);
    }
    fn intercept(&mut self, node: NodeId) -> Option<Status> {
        (node == self.node && self.ticks >= self.from).then_some(self.status)
    }
}

#[test]
fn an_observer_can_replace_a_tick_and_a_running_node_is_halted_first() {
    use std::cell::RefCell;
    let log = RefCell::new(Vec::new());
    struct Walk<'a>(&'a RefCell<Vec<&'static str>>);
    impl bt::Action<()> for Walk<'_> {
        fn enter(&mut self, _: &mut ()) {
            self.0.borrow_mut().push("enter");
        }
        fn execute(&mut self, _: &mut ()) -> Status {
            self.0.borrow_mut().push("run");
            Running
        }
        fn exit(&mut self, _: &mut (), how: bt::Exit) {
            self.0.borrow_mut().push(if how == bt::Exit::Halted { "halted" } else { "exit" });
        }
    }
    let mut tree = bt::bt! { () => sequence<{ Walk(&log) }, always_success> };
    let mut obs = Override { node: 1, status: Success, ticks: 0, from: 2, raw: Raw::default() };
    assert_eq!(tree.tick_with(&mut (), &mut obs), Running);
    assert_eq!(tree.tick_with(&mut (), &mut obs), Running);
    // Third tick: `Walk` is replaced by `Success` (and halted, it was running); the sequence goes on.
    assert_eq!(tree.tick_with(&mut (), &mut obs), Success);
    assert_eq!(*log.borrow(), ["enter", "run", "run", "halted"]);
    assert_eq!(
        obs.raw.0[obs.raw.0.len() - 4..],
        [(1, None), (1, Some(Success)), (2, Some(Success)), (0, Some(Success))]
    );
    // A plain tick is not intercepted.
    assert_eq!(tree.tick(&mut ()), Running);
}
