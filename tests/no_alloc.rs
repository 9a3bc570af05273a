//! Ticking allocates nothing: every example tree is built, then ticked 100 000 times under a
//! counting global allocator, which must count zero allocations after construction.
//!
//! The allocator (`bt_perf::CountingAlloc`) counts only the allocations of the thread inside
//! `count(…)`, so the test harness's own threads do not disturb the figure.

#[path = "../examples/patrol/world.rs"]
#[allow(dead_code)]
mod patrol;

use bt::Status;
use bt_perf::CountingAlloc;
use bt_perf::hungry::world::World as HungryWorld;
use bt_perf::synthetic::{SynthWorld, WORLD_SEED, bt_tree::SynthBrain};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc::new();

const TICKS: u64 = 100_000;

#[test]
fn the_counter_sees_allocations() {
    let (v, n) = ALLOC.count(|| vec![1u8, 2, 3]);
    assert_eq!(v.len(), 3);
    assert!(n >= 1, "a Vec allocation was not counted");
}

#[test]
fn hungry_agent_ticks_without_allocating() {
    let mut world = HungryWorld::new();
    let (running, allocations) = ALLOC.count(|| {
        let mut running = 0u64;
        for _ in 0..TICKS {
            running += u64::from(world.step() == Status::Running);
        }
        running
    });
    assert_eq!(allocations, 0, "the hungry agent allocated while ticking");
    // The agent lived through it all: these were real ticks of a running tree.
    assert_eq!(running, TICKS);
    assert!(world.agent.stats.entered > 100, "the agent hardly did anything");
}

#[test]
fn patrol_ticks_without_allocating() {
    let mut world = patrol::World::new();
    let (running, allocations) = ALLOC.count(|| {
        let mut running = 0u64;
        for _ in 0..TICKS {
            running += u64::from(world.step() == Status::Running);
        }
        running
    });
    assert_eq!(allocations, 0, "the patrol allocated while ticking");
    assert_eq!(running, TICKS);
}

#[test]
fn synthetic_tree_ticks_without_allocating() {
    let mut world = SynthWorld::new(WORLD_SEED);
    let mut brain = SynthBrain::new();
    let events_before = world.events;
    let ((), allocations) = ALLOC.count(|| {
        for _ in 0..TICKS {
            world.update();
            let _ = brain.tick(&mut world);
        }
    });
    assert_eq!(allocations, 0, "the synthetic tree allocated while ticking");
    assert_ne!(world.events, events_before, "no action ever ran");
    // Halting allocates nothing either.
    let ((), allocations) = ALLOC.count(|| brain.halt(&mut world));
    assert_eq!(allocations, 0);
}

#[test]
fn navigation_nodes_tick_without_allocating() {
    use bt::{Clock, ManualClock, bt};
    use core::time::Duration;

    struct Robot {
        clock: ManualClock,
        n: u64,
    }
    impl Clock for Robot {
        fn now(&self) -> Duration {
            self.clock.now()
        }
    }
    let mut robot = Robot { clock: ManualClock::new(), n: 0 };
    let mut tree = bt! {
        Robot => pipeline_sequence<
            rate_controller(5)<recovery(2)<
                { |r: &mut Robot| { r.n += 1; if r.n.is_multiple_of(3) { Status::Failure } else { Status::Success } } },
                round_robin<sleep(30ms), always_success, always_failure>,
            >>,
            keep_running_until_failure({ |r: &mut Robot| if r.n.is_multiple_of(7) { Status::Failure } else { Status::Success } }),
        >
    };
    let ((), allocations) = ALLOC.count(|| {
        for _ in 0..TICKS {
            let _ = tree.tick(&mut robot);
            robot.clock.advance(Duration::from_millis(10));
        }
        tree.halt(&mut robot);
    });
    assert_eq!(allocations, 0, "the navigation nodes allocated while ticking");
    assert!(robot.n > 100, "the throttled action hardly ran");
}

#[test]
fn mission_ticks_without_allocating() {
    use bt_perf::Variant;
    let mut m = bt_perf::mission::MissionBt::new();
    let ((), allocations) = ALLOC.count(|| {
        for _ in 0..TICKS {
            m.update_world();
            m.decide();
        }
    });
    assert_eq!(allocations, 0, "the mission allocated while ticking");
    assert!(m.robot().stats.entered > 1000, "the robot hardly did anything");
}

/// The figure quoted for bonsai-bt in benches/README.md: its tree for the hungry agent (mapped as
/// `perf/src/hungry/bonsai.rs` says) rebuilds state on every tick, idle ones included.
#[test]
fn bonsai_allocates_on_every_tick() {
    use bt_perf::Variant;
    let mut b = bt_perf::hungry::HungryBonsai::new();
    let ((), allocations) = ALLOC.count(|| {
        for _ in 0..TICKS {
            b.update_world();
            b.decide();
        }
    });
    println!("bonsai-bt: {:.1} allocations per tick", allocations as f64 / TICKS as f64);
    assert!(allocations >= TICKS, "bonsai-bt allocated less than once per tick");
}
