//! The recorder: a compact, self-describing file of a run, read back as steps and as a timeline.
mod viz_fixture;

use std::io::{self, ErrorKind, Write};

use bt::record::{Event, Recorder, Recording, StepEnd};
use bt::view::{LiveView, Mode};
use bt::{NodeId, Observer, Status};
use viz_fixture::{Agent, HUNGRY, hungry_tree};

/// Every raw event, as the runtime reports it.
#[derive(Default)]
struct Raw(Vec<Event>);

impl Observer for Raw {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.0.push(Event::Ticked(node, status));
    }
    fn halted(&mut self, node: NodeId) {
        self.0.push(Event::Halted(node));
    }
}

/// Records `ticks` ticks of the hungry agent (a note before each, all kept), then halts the tree.
fn record(ticks: u32) -> (Vec<u8>, Raw) {
    record_with(ticks, true)
}

fn record_with(ticks: u32, all_notes: bool) -> (Vec<u8>, Raw) {
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let recorder = Recorder::new(Vec::new(), tree.description()).unwrap().all_notes(all_notes);
    let mut obs = (Raw::default(), recorder);
    for t in 0..ticks {
        obs.1.note(format_args!("t={t} food={} water={}", agent.food, agent.water));
        let _ = tree.tick_with(&mut agent, &mut obs);
        agent.step();
    }
    assert_eq!(obs.1.ticks(), u64::from(ticks));
    tree.halt_with(&mut agent, &mut obs);
    let (raw, recorder) = obs;
    (recorder.finish().unwrap(), raw)
}

#[test]
fn round_trip() {
    let (bytes, raw) = record(300);
    let rec = Recording::read(&bytes[..]).unwrap();
    // The file describes the tree fully.
    let desc = rec.description();
    assert_eq!((desc.name, desc.context, desc.file), (HUNGRY.name, HUNGRY.context, HUNGRY.file));
    assert_eq!(desc.nodes().collect::<Vec<_>>(), HUNGRY.nodes().collect::<Vec<_>>());
    assert_eq!(desc.text().to_string(), HUNGRY.text().to_string());
    // Steps: 300 ticks, then the halt.
    assert_eq!(rec.ticks(), 300);
    let steps = rec.steps();
    assert_eq!(steps.len(), 301);
    for (i, step) in steps[..300].iter().enumerate() {
        assert_eq!(step.tick, i as u64 + 1);
        assert_eq!(step.end, StepEnd::Tick(Status::Running));
        assert_eq!(step.notes.len(), 1);
        assert!(step.notes[0].starts_with(&format!("t={i} food=")), "{:?}", step.notes);
        assert_eq!(step.events.last(), Some(&Event::Ticked(0, Status::Running)));
    }
    assert_eq!(steps[300].end, StepEnd::Halt);
    assert_eq!(steps[300].tick, 300);
    assert_eq!(steps[300].events.last(), Some(&Event::Halted(0)));
    // Every event, in order.
    let events: Vec<Event> = steps.iter().flat_map(|s| s.events.iter().copied()).collect();
    assert_eq!(events, raw.0);
    let mut replayed = Raw::default();
    rec.replay(&mut replayed);
    assert_eq!(replayed.0, raw.0);

    // Compact: a record is mostly one byte, and a tick that repeats the one before is one byte.
    let header = header_len(&bytes);
    let notes: usize = steps.iter().flat_map(|s| &s.notes).map(|n| n.len() + 2).sum();
    let body = bytes.len() - header - notes;
    println!(
        "{} ticks, {} events: header {header} B, events {body} B ({:.2} B/event, {:.1} B/tick), notes {notes} B",
        rec.ticks(),
        events.len(),
        body as f64 / events.len() as f64,
        body as f64 / 300.0
    );
    let repeats = steps.windows(2).filter(|w| w[0].events == w[1].events).count();
    assert!(repeats > 200, "{repeats} repeated ticks");
    let distinct: usize =
        steps.windows(2).filter(|w| w[0].events != w[1].events).map(|w| w[1].events.len()).sum();
    assert!(
        body <= repeats + (distinct + steps[0].events.len()) * 3 / 2,
        "{body} bytes for {} events",
        events.len()
    );
}

/// Length of a recording's header (the recording of zero ticks).
fn header_len(_: &[u8]) -> usize {
    Recorder::new(Vec::new(), &HUNGRY).unwrap().finish().unwrap().len()
}

#[test]
fn timeline() {
    let (bytes, _) = record(14);
    let rec = Recording::read(&bytes[..]).unwrap();
    let timeline = rec.timeline().to_string();
    println!("{timeline}");
    let lines: Vec<_> = timeline.lines().collect();
    assert_eq!(lines[0], "recording of HungryBrain for Agent (tests/viz_fixture/mod.rs): 16 nodes, 14 ticks");
    assert_eq!(lines[1], "tick 1: Running · t=0 food=40 water=34");
    let path = |id: usize| HUNGRY.path(id).to_string();
    let first_tick: Vec<_> = lines[2..12].iter().map(|l| l.split_whitespace().collect::<Vec<_>>()).collect();
    assert_eq!(first_tick[0], [path(4).as_str(), "idle", "→", "Failure"]);
    assert_eq!(first_tick[9], ["repeat", "idle", "→", "Running"]);
    assert_eq!(lines[12], "ticks 2–3: Running, no change");
    assert_eq!(lines[13], "tick 4: Running · t=3 food=31 water=28");
    // Paths are aligned within a tick.
    let w = path(9).chars().count();
    assert_eq!(lines[14], format!("  {:w$}  Failure → Success", path(8)));
    assert_eq!(lines[15], format!("  {}  idle → Running", path(9)));
    assert!(lines[15].ends_with("WalkTo(WATER)  idle → Running"));
    assert!(timeline.contains("\ntick 5: Running, no change\ntick 6: Running · t=5 food=25 water=24\n"));
    assert!(timeline.contains(&format!("  {:w$}  Running → halted\n", path(15))));
    // The final halt of the whole tree lists the running nodes (the selector is not running:
    // its needs are all satisfied).
    let halt = timeline.split("halt after tick 14\n").nth(1).expect("the halt is listed");
    let halted: Vec<_> = halt.lines().map(|l| l.split_whitespace().next().unwrap()).collect();
    assert_eq!(halted, [path(15), path(1), path(0)]);

    // Everything, unchanged results included, without collapsing.
    let all = rec.timeline().all(true).to_string();
    assert!(all.contains("\ntick 2: Running · t=1 food=37 water=32\n"));
    assert!(all.contains(&format!("\n  {:w$}  = Failure\n", path(4), w = path(8).chars().count())));
    assert_eq!(all.lines().filter(|l| l.starts_with("tick ")).count(), 14);
}

#[test]
fn notes_of_quiet_ticks_are_dropped_by_default() {
    let (all, raw) = record_with(300, true);
    let (some, raw2) = record_with(300, false);
    assert_eq!(raw.0, raw2.0);
    let (all, some) = (Recording::read(&all[..]).unwrap(), Recording::read(&some[..]).unwrap());
    // Same events; notes only on the ticks where a status changed.
    assert_eq!(all.steps().len(), some.steps().len());
    for (a, s) in all.steps().iter().zip(some.steps()) {
        assert_eq!((a.tick, a.end, &a.events), (s.tick, s.end, &s.events));
    }
    let mut tracker = bt::ChangeObserver::with_len(HUNGRY.len(), Vec::<bt::Change>::new());
    for (i, (a, s)) in all.steps().iter().zip(some.steps()).enumerate() {
        tracker.listener_mut().clear();
        all.replay_step(i, &mut tracker);
        let changed = !tracker.listener().is_empty();
        assert_eq!(s.notes, if changed { a.notes.clone() } else { Vec::new() }, "tick {}", a.tick);
    }
    assert!(some.steps().iter().filter(|s| !s.notes.is_empty()).count() < 100);
    // The timeline, which shows notes only for those ticks, is the same.
    assert_eq!(all.timeline().to_string(), some.timeline().to_string());
}

#[test]
fn replay_into_a_live_view() {
    // Watching a run live and watching its recording give the same frames.
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let mut live = LiveView::new(&HUNGRY, Vec::new(), Mode::Plain);
    let mut recorder = Recorder::new(Vec::new(), &HUNGRY).unwrap().all_notes(true);
    for t in 0..40 {
        recorder.note(format_args!("t={t}"));
        let _ = tree.tick_with(&mut agent, &mut (&mut live, &mut recorder));
        live.frame(format_args!("t={t}")).unwrap();
        agent.step();
    }
    let live = live.finish().unwrap();
    let rec = Recording::read(&recorder.finish().unwrap()[..]).unwrap();
    let mut replay = LiveView::new(rec.description(), Vec::new(), Mode::Plain);
    for (i, step) in rec.steps().iter().enumerate() {
        rec.replay_step(i, &mut replay);
        replay.frame(&step.notes[0]).unwrap();
    }
    assert_eq!(String::from_utf8(replay.finish().unwrap()).unwrap(), String::from_utf8(live).unwrap());
}

#[test]
fn truncated_and_corrupt_files() {
    let (bytes, _) = record(6);
    let header = header_len(&bytes);
    // Cut in the middle of tick 5: four complete ticks, then an incomplete step.
    let rec = Recording::read(&bytes[..]).unwrap();
    let until_tick_4: usize = header + {
        let mut r = Recorder::new(Vec::new(), &HUNGRY).unwrap().all_notes(true);
        let mut tree = hungry_tree();
        let mut agent = Agent::new();
        for t in 0..4 {
            r.note(format_args!("t={t} food={} water={}", agent.food, agent.water));
            let _ = tree.tick_with(&mut agent, &mut r);
            agent.step();
        }
        r.finish().unwrap().len() - header
    };
    let cut = Recording::read(&bytes[..until_tick_4 + 30]).unwrap();
    assert_eq!(cut.ticks(), 4);
    let last = cut.steps().last().unwrap();
    assert_eq!(last.end, StepEnd::Incomplete);
    assert_eq!(last.tick, 5);
    assert_eq!(last.events[..], rec.steps()[4].events[..last.events.len()]);
    assert!(cut.timeline().to_string().contains("tick 5 (incomplete, the recording ends here)"));

    let err = |data: &[u8]| Recording::read(data).unwrap_err();
    assert_eq!(err(b"").kind(), ErrorKind::InvalidData);
    assert_eq!(err(b"PNG\x0d\x0a").kind(), ErrorKind::InvalidData);
    assert!(err(b"BTRC\x09").to_string().contains("unsupported version"));
    assert!(err(&bytes[..header - 3]).to_string().contains("unexpected end of file"));
    // A reserved record code.
    let mut bad = bytes[..header].to_vec();
    bad.push(0b110);
    assert!(err(&bad).to_string().contains("unknown record code 6"));
    // A repeat with no step before it.
    let mut bad = bytes[..header].to_vec();
    bad.push(0b101);
    assert!(err(&bad).to_string().contains("misplaced repeat record"));
    // A node past the tree's end (delta +16 from node 0).
    let mut bad = bytes[..header].to_vec();
    bad.extend_from_slice(&[0x80, 0x02]);
    assert!(err(&bad).to_string().contains("node 16 in a tree of 16 nodes"), "{}", err(&bad));
}

#[test]
fn write_errors_are_reported_by_finish() {
    #[derive(Debug)]
    struct Full(usize);
    impl Write for Full {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.0 < buf.len() {
                return Err(io::Error::new(ErrorKind::StorageFull, "disk full"));
            }
            self.0 -= buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let mut recorder = Recorder::new(Full(header_len(&[]) + 40), &HUNGRY).unwrap();
    for _ in 0..20 {
        let _ = tree.tick_with(&mut agent, &mut recorder);
        agent.step();
    }
    assert_eq!(recorder.error().map(io::Error::kind), Some(ErrorKind::StorageFull));
    assert_eq!(recorder.finish().unwrap_err().kind(), ErrorKind::StorageFull);
    assert!(Recorder::new(Full(3), &HUNGRY).is_err());
}

#[test]
fn files() {
    let path = std::env::temp_dir().join(format!("bt-record-test-{}.btr", std::process::id()));
    let mut tree = hungry_tree();
    let mut agent = Agent::new();
    let mut recorder = Recorder::create(&path, tree.description()).unwrap();
    for _ in 0..10 {
        let _ = tree.tick_with(&mut agent, &mut recorder);
        agent.step();
    }
    recorder.finish().unwrap();
    let rec = Recording::open(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(rec.ticks(), 10);
    assert!(rec.steps().iter().all(|s| s.notes.is_empty()));
}
