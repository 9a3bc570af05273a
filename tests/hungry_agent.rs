//! Behaviour of the hungry agent example: it looks after every need, its actions'
//! lifecycles pair up, a need at 0 is dealt with, death ends the tree cleanly, and the simulation is
//! deterministic; the tree loaded from `agent.xml` gives the compiled tree's log.

#[path = "../examples/hungry_agent/world.rs"]
#[allow(dead_code)]
mod world;
#[path = "../examples/hungry_agent/log.rs"]
#[allow(dead_code)]
#[macro_use]
mod log;

use std::time::Duration;

use bt::{Clock, Exit, Status};
use world::{Activity, Agent, DT, EventKind, FULL, LOW, Need, TARGET_TTL, Task, World, Zone};

/// One event, with the state of the agent at the end of the step it happened in.
#[derive(Clone, Copy, Debug)]
struct Record {
    at: Duration,
    kind: EventKind,
    needs: [f32; 5],
    alive: bool,
}

/// A simulation with everything that happened in it.
struct Run {
    world: World,
    records: Vec<Record>,
    /// Needs after every step.
    samples: Vec<(Duration, [f32; 5])>,
    status: Status,
}

impl Run {
    fn new(agent: Agent) -> Self {
        Run {
            world: World::with_agent(agent),
            records: Vec::new(),
            samples: Vec::new(),
            status: Status::Running,
        }
    }

    /// Steps for `minutes` of game time, or until the tree completes.
    fn minutes(mut self, minutes: u64) -> Self {
        let steps = minutes * 60 * 1000 / DT.as_millis() as u64;
        for _ in 0..steps {
            self.status = self.world.step();
            self.drain();
            self.samples.push((self.world.now(), self.world.agent.needs));
            if self.status != Status::Running {
                break;
            }
        }
        self
    }

    /// Ends the simulation: halts the tree.
    fn stop(mut self) -> Self {
        self.world.stop();
        self.drain();
        self
    }

    fn drain(&mut self) {
        let agent = &mut self.world.agent;
        let (needs, alive) = (agent.needs, agent.is_alive());
        while let Some(e) = agent.events.pop() {
            self.records.push(Record { at: e.at, kind: e.kind, needs, alive });
        }
        assert_eq!(agent.events.dropped(), 0, "the event ring overflowed within one step");
    }

    fn count(&self, wanted: EventKind) -> usize {
        self.records.iter().filter(|r| r.kind == wanted).count()
    }
}

fn demo(minutes: u64) -> Run {
    Run::new(Agent::new()).minutes(minutes)
}

/// The agent looks after `need`: every walk to its zone starts because the need is low, every walk
/// that arrives is followed at once by the activity, every activity that completes leaves the need
/// full, and a low need is acted upon within a bounded time.
fn looks_after(need: Need) {
    let run = demo(30);
    let zone = need.zone();
    let task = Task::Refill(need);
    let i = need.index();

    let walks: Vec<&Record> =
        run.records.iter().filter(|r| r.kind == EventKind::Enter(Task::WalkTo(zone))).collect();
    assert!(walks.len() >= 3, "{}: only {} walks to {} in 30 minutes", need.name(), walks.len(), zone.name());
    for walk in &walks {
        assert!(
            walk.needs[i] < LOW,
            "walked to {} at {:?} with {} {}",
            zone.name(),
            walk.at,
            need.name(),
            walk.needs[i]
        );
    }

    let mut completed = 0;
    for (k, r) in run.records.iter().enumerate() {
        match r.kind {
            // Arriving is followed, in the same tick, by the activity.
            EventKind::Exit(Task::WalkTo(z), Exit::Success) if z == zone => {
                let next = run.records[k + 1..].iter().find(|n| !matches!(n.kind, EventKind::Depleted(_)));
                let next = next.expect("something follows an arrival");
                assert_eq!(next.kind, EventKind::Enter(task), "arrived at {} at {:?}", zone.name(), r.at);
                assert_eq!(next.at, r.at);
            }
            // An activity is only ever entered in its zone, right after walking there.
            EventKind::Enter(t) if t == task => {
                let before = run.records[..k].iter().rev().find(|p| matches!(p.kind, EventKind::Exit(..)));
                assert_eq!(before.map(|p| p.kind), Some(EventKind::Exit(Task::WalkTo(zone), Exit::Success)));
            }
            EventKind::Exit(t, Exit::Success) if t == task => {
                completed += 1;
                assert_eq!(
                    r.needs[i],
                    FULL,
                    "{} ended at {:?} with {} {}",
                    need.activity(),
                    r.at,
                    need.name(),
                    r.needs[i]
                );
            }
            _ => {}
        }
    }
    assert!(completed >= 3, "{}: completed only {completed} times", need.activity());
    assert_eq!(completed, run.world.agent.stats.completed[i] as usize);

    // Whenever the need is low, the agent is on its way within two minutes (it may be busy with
    // another need first: the needs selector is not reactive).
    let mut low_since: Option<Duration> = None;
    let mut walk_starts = walks.iter().map(|w| w.at).peekable();
    for &(t, needs) in &run.samples {
        while walk_starts.peek().is_some_and(|&w| w <= t) {
            walk_starts.next();
            low_since = None;
        }
        if needs[i] < LOW {
            let since = *low_since.get_or_insert(t);
            assert!(
                t - since < Duration::from_secs(120),
                "{} has been below {LOW} since {since:?} and nothing was done by {t:?}",
                need.name()
            );
        } else {
            low_since = None;
        }
    }
}

#[test]
fn eats_when_hungry() {
    looks_after(Need::Food);
}

#[test]
fn drinks_when_thirsty() {
    looks_after(Need::Water);
}

#[test]
fn rests_when_tired() {
    looks_after(Need::Energy);
}

#[test]
fn has_fun_when_bored() {
    looks_after(Need::Mood);
}

#[test]
fn works_when_poor() {
    looks_after(Need::Money);
}

#[test]
fn food_goes_back_up_after_a_meal() {
    let run = demo(10);
    let food = Need::Food.index();
    let meals: Vec<(Duration, Duration)> = {
        let mut start = None;
        let mut meals = Vec::new();
        for r in &run.records {
            match r.kind {
                EventKind::Enter(Task::Refill(Need::Food)) => start = Some(r.at),
                EventKind::Exit(Task::Refill(Need::Food), Exit::Success) => {
                    meals.push((start.unwrap(), r.at))
                }
                _ => {}
            }
        }
        meals
    };
    assert!(!meals.is_empty());
    for (from, to) in meals {
        let during: Vec<f32> =
            run.samples.iter().filter(|(t, _)| *t >= from && *t <= to).map(|(_, n)| n[food]).collect();
        assert!(during.windows(2).all(|w| w[1] >= w[0]), "food does not only go up while eating");
        assert!(during[0] < LOW);
        assert_eq!(*during.last().unwrap(), FULL);
    }
}

#[test]
fn no_need_stays_at_zero() {
    // Three hours of game time: needs may touch 0 when several run low together, but never for
    // long, and the agent survives.
    let run = demo(180);
    assert_eq!(run.status, Status::Running, "the agent died");
    assert!(run.world.agent.is_alive());
    for need in Need::ALL {
        let i = need.index();
        let mut zero_since: Option<Duration> = None;
        for &(t, needs) in &run.samples {
            if needs[i] == 0.0 {
                let since = *zero_since.get_or_insert(t);
                assert!(
                    t - since < Duration::from_secs(30),
                    "{} stayed at 0 from {since:?} to {t:?}",
                    need.name()
                );
            } else {
                zero_since = None;
            }
        }
        // Every need is refilled regularly over the whole run, not only at the start.
        let last =
            run.records.iter().rev().find(|r| r.kind == EventKind::Exit(Task::Refill(need), Exit::Success));
        let last = last.expect("refilled at least once").at;
        assert!(
            run.world.now() - last < Duration::from_secs(600),
            "{} last refilled at {last:?}",
            need.name()
        );
    }
}

/// Every exit matches an enter of the same task, no task is entered twice, and after the tree is
/// halted nothing is left open.
#[test]
fn every_exit_matches_an_enter() {
    let run = demo(60).stop();
    let mut open: [Option<Task>; 7] = [None; 7];
    for r in &run.records {
        match r.kind {
            EventKind::Enter(task) => {
                let slot = &mut open[task.slot() as usize];
                assert_eq!(*slot, None, "{task:?} entered at {:?} while {slot:?} was active", r.at);
                *slot = Some(task);
                // At most one zone action (a walk or an activity) runs at a time.
                assert!(open[1..].iter().flatten().count() <= 1, "{open:?} at {:?}", r.at);
            }
            EventKind::Exit(task, _) => {
                let slot = &mut open[task.slot() as usize];
                assert_eq!(*slot, Some(task), "{task:?} exited at {:?} without being entered", r.at);
                *slot = None;
            }
            _ => {}
        }
    }
    assert_eq!(open, [None; 7], "activities left open after halting the tree");
    let stats = run.world.agent.stats;
    assert_eq!(stats.lifecycle_errors, 0);
    assert_eq!(stats.entered, stats.exited);
    assert!(stats.entered > 100);
    // `Alive` runs all along: it is halted when a need has been handled and entered again on the
    // next round of `repeat`, so it is entered once per handled need (plus the first round).
    let alive_enters = run.count(EventKind::Enter(Task::Alive));
    let handled: usize =
        Need::ALL.iter().map(|n| run.count(EventKind::Exit(Task::Refill(*n), Exit::Success))).sum();
    assert_eq!(alive_enters, handled + 1);
    assert_eq!(run.count(EventKind::Exit(Task::Alive, Exit::Failure)), 0);
}

#[test]
fn the_simulation_is_deterministic() {
    let checksums = |minutes: u64| {
        let mut world = World::new();
        let mut sums = Vec::new();
        for _ in 0..minutes {
            for _ in 0..600 {
                assert_eq!(world.step(), Status::Running);
            }
            sums.push(world.checksum());
        }
        sums
    };
    let a = checksums(20);
    let b = checksums(20);
    assert_eq!(a, b);
    // The checksum follows the state: it changes from one minute to the next.
    let mut distinct = a.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), a.len());
}

#[test]
fn updating_alone_decides_nothing() {
    // The world update is physics only: without ticking the tree the agent never moves, never
    // starts anything, and in the end dies of neglect.
    let mut world = World::new();
    let start = world.agent.pos;
    let mut died = false;
    for _ in 0..20 * 600 {
        world.update(DT);
        while let Some(e) = world.agent.events.pop() {
            assert!(matches!(e.kind, EventKind::Depleted(_) | EventKind::Died), "{e:?}");
            died |= e.kind == EventKind::Died;
        }
    }
    assert_eq!(world.agent.pos, start);
    assert_eq!(world.agent.activity, Activity::Idle);
    assert!(died && !world.agent.is_alive());
    assert_eq!(world.ticks, 0);
}

#[test]
fn a_dying_agent_ends_the_tree() {
    // Everything at 0 and little health left: the agent sets off but dies on the way. Its walk
    // fails, `Alive` fails, and the tree returns Failure in the tick after the death.
    let mut agent = Agent::with_needs([0.0; 5]);
    agent.health = 5.0;
    let run = Run::new(agent).minutes(1);
    assert_eq!(run.status, Status::Failure);
    assert!(!run.world.agent.is_alive());
    let died = run.records.iter().position(|r| r.kind == EventKind::Died).expect("the agent died");
    let after: Vec<EventKind> = run.records[died + 1..].iter().map(|r| r.kind).collect();
    assert_eq!(
        after,
        [
            EventKind::Exit(Task::WalkTo(Zone::Park), Exit::Failure),
            EventKind::Exit(Task::Alive, Exit::Failure)
        ]
    );
    assert!(run.records[died..].iter().all(|r| !r.alive));
    let stats = run.world.agent.stats;
    assert_eq!((stats.entered, stats.lifecycle_errors), (stats.exited, 0));
    // The tree stopped with the agent: in the very step it died.
    assert_eq!(run.world.now(), run.records[died].at);
}

#[test]
fn an_expired_note_makes_the_agent_decide_again() {
    // Exhausted at the well, far from the bed: the walk takes longer than the blackboard note
    // lives, so `WalkTo` fails when the note expires, the agent decides again (still tired) and
    // sets off anew, and finally rests.
    let mut agent = Agent::with_needs([100.0, 100.0, 10.0, 100.0, 100.0]);
    agent.pos = Zone::Well.pos();
    let run = Run::new(agent).minutes(2);
    let kinds: Vec<(Duration, EventKind)> = run
        .records
        .iter()
        .filter(|r| !matches!(r.kind, EventKind::Enter(Task::Alive) | EventKind::Exit(Task::Alive, _)))
        .map(|r| (r.at, r.kind))
        .take(5)
        .collect();
    let walk = EventKind::Enter(Task::WalkTo(Zone::Bed));
    assert_eq!(kinds[0].1, walk);
    assert_eq!(kinds[1].1, EventKind::Exit(Task::WalkTo(Zone::Bed), Exit::Failure));
    assert!(kinds[1].0 - kinds[0].0 > TARGET_TTL, "the walk was abandoned before the note expired");
    // The tired branch is the fourth: when it fails the selector tries the last branch in the
    // same tick, fails, and starts again from the top on the next tick.
    assert_eq!(kinds[2], (kinds[1].0 + DT, walk), "the agent did not decide again at once");
    assert_eq!(kinds[3].1, EventKind::Exit(Task::WalkTo(Zone::Bed), Exit::Success));
    assert_eq!(kinds[4].1, EventKind::Enter(Task::Refill(Need::Energy)));
    assert_eq!(run.world.agent.stats.walks_abandoned, 1);
    assert!(run.world.agent.now() > kinds[4].0);
}

/// `--save FILE --at MM:SS` then `--load FILE`: a world saved at any step (here in the middle of
/// walks and activities) and loaded into a fresh brain goes on exactly as the uninterrupted run:
/// the same events at the same times with the same needs, and the same final state.
#[cfg(feature = "serde")]
#[test]
fn a_saved_world_continues_exactly_as_the_uninterrupted_one() {
    let full = demo(5).stop();
    for at_step in [1u64, 413, 673, 1500, 2999] {
        let mut world = World::new();
        let mut records = Vec::new();
        let run = |world: &mut World, records: &mut Vec<(Duration, EventKind)>, steps: u64| {
            for _ in 0..steps {
                let _ = world.step();
                while let Some(e) = world.agent.events.pop() {
                    records.push((e.at, e.kind));
                }
            }
        };
        run(&mut world, &mut records, at_step);
        let bytes = serde_json::to_vec(&world.save()).unwrap();
        // A fresh world and brain, from the bytes only.
        let mut world = World::load(serde_json::from_slice(&bytes).unwrap()).unwrap();
        run(&mut world, &mut records, 3000 - at_step);
        world.stop();
        while let Some(e) = world.agent.events.pop() {
            records.push((e.at, e.kind));
        }
        let expected: Vec<(Duration, EventKind)> = full.records.iter().map(|r| (r.at, r.kind)).collect();
        assert_eq!(records, expected, "saved after step {at_step}");
        assert_eq!(world.checksum(), full.world.checksum(), "saved after step {at_step}");
    }
}

/// A snapshot of the brain is a copy of its bytes (`Clone`); its size, for the README.
#[cfg(feature = "serde")]
#[test]
fn the_brain_is_a_small_plain_value() {
    let brain = world::AgentBrain::new();
    let copy = brain.clone();
    assert_eq!(std::mem::size_of_val(&copy), std::mem::size_of::<world::AgentBrain>());
    // The figure the README states.
    assert_eq!(std::mem::size_of::<world::AgentBrain>(), 3);
}

// ----- the tree loaded from XML ---------------------------------------------------------------

/// The example's log (header, a line per decision, summary but the wall time) of `minutes` of
/// game time decided by `brain`.
fn log_of<B: world::Brain>(brain: B, minutes: f64) -> Vec<String> {
    log::capture(|| {
        let mut world = World::with_brain(Agent::new(), brain);
        let mut log = log::Log::new(false);
        let mut lowest = world.agent.needs;
        log.header(&world.agent);
        let end = Duration::from_secs_f64(minutes * 60.0);
        let (status, elapsed) =
            log::simulate(&mut world, &mut log, &mut lowest, end, |_, _, _| true).unwrap();
        log::summary(&world, status, elapsed, &lowest, false);
    })
    .into_iter()
    .filter(|line| !line.starts_with("wall time"))
    .collect()
}

/// `--tree-file examples/hungry_agent/agent.xml` gives exactly the compiled run's log, over the
/// demo's 5 minutes and over 30.
#[test]
fn the_tree_loaded_from_agent_xml_gives_the_compiled_log() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/hungry_agent/agent.xml");
    for minutes in [5.0, 30.0] {
        let compiled = log_of(world::AgentBrain::new(), minutes);
        let loaded = log_of(world::registry().load(file).unwrap(), minutes);
        assert!(compiled.len() > 20, "{compiled:?}");
        assert!(compiled.iter().any(|l| l.starts_with("checksum")));
        assert_eq!(compiled, loaded, "{minutes} minutes");
    }
    // The loaded tree is the compiled one, node for node.
    let loaded = world::registry().load(file).unwrap();
    let compiled = world::AgentBrain::new();
    let (a, b) = (compiled.description(), loaded.description());
    assert_eq!(a.len(), b.len());
    for (x, y) in a.nodes().zip(b.nodes()) {
        assert_eq!((x.kind, x.args, x.depth, x.children), (y.kind, y.args, y.depth, y.children));
    }
    // A leaf of the agent's takes no attribute.
    let bad = std::fs::read_to_string(file)
        .unwrap()
        .replace(r#"<Action ID="Alive"/>"#, r#"<Action ID="Alive" speed="2"/>"#);
    let err = world::registry().load_str("agent.xml", &bad).unwrap_err();
    assert!(err.to_string().contains("no port `speed`"), "{err}");
}

/// The compiled tree exported as BehaviorTree.CPP XML (`--xml`) and loaded back over the example's
/// registry gives exactly the compiled run's log: the export of a tree written in Rust whose
/// leaves take no ports runs as written.
#[test]
fn the_exported_tree_loaded_back_gives_the_compiled_log() {
    let xml = world::AgentBrain::new().description().btcpp_xml().to_string();
    let load = || world::registry().load_str("exported.xml", &xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    for minutes in [5.0, 30.0] {
        let compiled = log_of(world::AgentBrain::new(), minutes);
        let exported = log_of(load(), minutes);
        assert!(compiled.len() > 20, "{compiled:?}");
        assert_eq!(compiled, exported, "{minutes} minutes");
    }
}
