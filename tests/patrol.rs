//! Behaviour of the patrolling enemy example: it stands still and is red while the
//! player is in sight, patrols again with its normal colour when the player leaves, and reaches both
//! waypoints.

#[path = "../examples/patrol/world.rs"]
#[allow(dead_code)]
mod world;

use std::time::Duration;

use bt::{Exit, Status};
use world::{A, B, Colour, DT, EventKind, Key, SCRIPT_LENGTH, SIGHT, SPEED, Task, Vec2, World};

/// The state after one step, and what happened in it.
#[derive(Clone, Debug)]
struct Sample {
    at: Duration,
    pos: Vec2,
    heading: Option<Vec2>,
    colour: Colour,
    /// Distance to the player, as the enemy saw it when deciding.
    distance: f32,
    events: Vec<EventKind>,
}

fn simulate(mut world: World, length: Duration) -> (World, Vec<Sample>) {
    let steps = length.as_millis() / DT.as_millis();
    let mut samples = Vec::new();
    for _ in 0..steps {
        assert_eq!(world.step(), Status::Running, "the patrol tree never completes");
        let e = &mut world.enemy;
        let mut events = Vec::new();
        while let Some(event) = e.events.pop() {
            events.push(event.kind);
        }
        samples.push(Sample {
            at: world.now(),
            pos: world.enemy.pos,
            heading: world.enemy.heading,
            colour: world.enemy.colour,
            distance: world.enemy.player_distance(),
            events,
        });
    }
    (world, samples)
}

fn demo() -> Vec<Sample> {
    simulate(World::new(), SCRIPT_LENGTH).1
}

/// The stretches of consecutive red samples, as index ranges.
fn red_stretches(samples: &[Sample]) -> Vec<std::ops::Range<usize>> {
    let mut stretches = Vec::new();
    let mut start = None;
    for (i, s) in samples.iter().enumerate() {
        match (s.colour, start) {
            (Colour::Red, None) => start = Some(i),
            (Colour::Normal, Some(from)) => {
                stretches.push(from..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        stretches.push(from..samples.len());
    }
    stretches
}

#[test]
fn stops_and_turns_red_while_the_player_is_in_range() {
    let samples = demo();
    for s in &samples {
        if s.distance <= SIGHT {
            assert_eq!(
                s.colour,
                Colour::Red,
                "player at {:.2} m at {:?} but the enemy is not red",
                s.distance,
                s.at
            );
            assert_eq!(s.heading, None, "the enemy still heads somewhere at {:?}", s.at);
        }
    }
    for w in samples.windows(2) {
        if w[0].colour == Colour::Red {
            assert_eq!(w[1].pos, w[0].pos, "the enemy moved while red, at {:?}", w[1].at);
        }
    }
    // The script brings the player into sight twice, for several seconds each time.
    let stretches = red_stretches(&samples);
    assert_eq!(stretches.len(), 2, "{stretches:?}");
    for r in &stretches {
        assert!(
            r.len() as u32 * DT >= Duration::from_secs(5),
            "red only from {:?} to {:?}",
            samples[r.start].at,
            samples[r.end - 1].at
        );
    }
}

#[test]
fn resumes_patrolling_after_the_player_leaves() {
    let samples = demo();
    for s in &samples {
        if s.distance > SIGHT {
            assert_eq!(
                s.colour,
                Colour::Normal,
                "player at {:.2} m at {:?} but the enemy is red",
                s.distance,
                s.at
            );
        }
    }
    let stretches = red_stretches(&samples);
    assert!(!stretches.is_empty());
    for r in stretches {
        // The step before it turned red, it was heading for a waypoint; it resumes towards the same
        // one as soon as it is normal again, and it walks at full speed from the next step on.
        let before = &samples[r.start - 1];
        let resumed = &samples[r.end];
        assert!(before.heading.is_some());
        assert_eq!(resumed.colour, Colour::Normal);
        assert_eq!(resumed.heading, before.heading, "resumed towards another waypoint at {:?}", resumed.at);
        assert_eq!(
            resumed.events,
            [EventKind::Exit(Task::TurnRed, Exit::Halted), EventKind::Enter(Task::Patrol)]
        );
        let next = &samples[r.end + 1];
        let moved = next.pos.distance(resumed.pos);
        assert!((moved - SPEED * DT.as_secs_f32()).abs() < 1e-4, "moved {moved} m after resuming");
    }
}

#[test]
fn spotting_the_player_halts_the_patrol_in_the_same_tick() {
    let samples = demo();
    for r in red_stretches(&samples) {
        let s = &samples[r.start];
        assert_eq!(s.events, [EventKind::Enter(Task::TurnRed), EventKind::Exit(Task::Patrol, Exit::Halted)]);
        // The previous step's distance was out of sight: it reacted at the first chance.
        assert!(samples[r.start - 1].distance > SIGHT);
    }
}

#[test]
fn reaches_both_waypoints() {
    let samples = demo();
    let at_a = samples.iter().filter(|s| s.pos == A).count();
    let at_b = samples.iter().filter(|s| s.pos == B).count();
    assert!(at_a >= 2 && at_b >= 2, "at A {at_a} times, at B {at_b} times");
    // Waypoints are reached alternately: B first (it starts at A), then A, B, …
    let reached: Vec<usize> = samples
        .iter()
        .flat_map(|s| s.events.iter())
        .filter_map(|e| match e {
            EventKind::Reached(i) => Some(*i),
            _ => None,
        })
        .collect();
    assert!(reached.len() >= 4, "{reached:?}");
    for (k, i) in reached.iter().enumerate() {
        assert_eq!(*i, (k + 1) % 2, "{reached:?}");
    }
}

#[test]
fn every_exit_matches_an_enter() {
    let (mut world, samples) = simulate(World::new(), SCRIPT_LENGTH);
    world.stop();
    let mut tail = Vec::new();
    while let Some(e) = world.enemy.events.pop() {
        tail.push(e.kind);
    }
    assert_eq!(tail, [EventKind::Exit(Task::Patrol, Exit::Halted)], "the demo ends patrolling");
    let mut open = [false; 2];
    for events in samples.iter().map(|s| &s.events[..]).chain([&tail[..]]) {
        for &e in events {
            match e {
                EventKind::Enter(t) => {
                    assert!(!open[t as usize], "{t:?} entered twice");
                    open[t as usize] = true;
                }
                EventKind::Exit(t, _) => {
                    assert!(open[t as usize], "{t:?} exited without being entered");
                    open[t as usize] = false;
                }
                EventKind::Reached(_) => {
                    assert!(open[Task::Patrol as usize], "reached a waypoint while not patrolling")
                }
            }
        }
        // At the end of every tick exactly one of the two runs (none after the final halt). Within
        // the tick that spots the player, `TurnRed` starts before `Patrol` is halted: the reactive
        // selector halts the pre-empted branch after ticking the one that took over.
        assert!(!(open[0] && open[1]));
    }
    assert_eq!(open, [false; 2]);
}

#[test]
fn a_player_far_away_never_stops_the_enemy() {
    static FAR: &[Key] = &[Key { time: 0.0, pos: Vec2::new(6.0, 50.0) }];
    let (_, samples) = simulate(World::with_script(FAR), Duration::from_secs(60));
    for w in samples.windows(2) {
        assert_eq!(w[1].colour, Colour::Normal);
        let moved = w[0].pos.distance(w[1].pos);
        assert!(moved > 0.0, "stood still at {:?}", w[1].at);
    }
    // A to B is 12 m at 2 m/s: a waypoint every 6 s, alternately.
    let reached: Vec<(Duration, usize)> = samples
        .iter()
        .flat_map(|s| {
            s.events.iter().filter_map(|e| match e {
                EventKind::Reached(i) => Some((s.at, *i)),
                _ => None,
            })
        })
        .collect();
    // (Landing exactly on a waypoint can take one step more than 6 s, as 0.2 m steps add up.)
    assert!((9..=10).contains(&reached.len()), "{reached:?}");
    for w in reached.windows(2) {
        assert_ne!(w[0].1, w[1].1);
        let gap = w[1].0 - w[0].0;
        assert!(gap.abs_diff(Duration::from_secs(6)) <= DT, "{gap:?} between waypoints");
    }
}
