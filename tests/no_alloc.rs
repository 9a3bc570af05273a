//! Ticking allocates nothing: every example tree is built, then ticked 100 000 times under a
//! counting global allocator, which must count zero allocations after construction. Writing a
//! tree as BehaviorTree.CPP XML into a fixed buffer allocates nothing either.
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

/// A tree loaded at run time (the hungry agent's and the mission's, from their XML files) ticks
/// and halts without allocating either: its nodes and their states were boxed when it was built.
#[test]
fn loaded_trees_tick_without_allocating() {
    let mut hungry = bt_perf::hungry::HungryLoaded::new();
    let mut mission = bt_perf::mission::MissionLoaded::new();
    let ((), allocations) = ALLOC.count(|| {
        bt_perf::run(&mut hungry, TICKS);
        bt_perf::run(&mut mission, TICKS);
    });
    assert_eq!(allocations, 0, "a loaded tree allocated while ticking");
    assert!(hungry.world().agent.stats.entered > 100, "the agent hardly did anything");
    assert!(mission.robot().stats.entered > 100, "the robot hardly did anything");
    let mut robot = bt_perf::mission::world::Robot::new();
    let mut tree = bt_perf::mission::registry::tree();
    let ((), allocations) = ALLOC.count(|| {
        for _ in 0..1000 {
            robot.update();
            let _ = tree.tick(&mut robot);
        }
        tree.halt(&mut robot);
    });
    assert_eq!(allocations, 0, "a loaded tree allocated while ticking or halting");
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

mod ports {
    use bt::blackboard::{Blackboard, Key};
    use bt::ports::{HasBlackboard, InOut, Input, Output, Ports};
    use bt::{Action, Status, bt};

    pub struct Robot {
        pub bb: Blackboard,
    }

    impl HasBlackboard for Robot {
        fn blackboard(&self) -> &Blackboard {
            &self.bb
        }
        fn blackboard_mut(&mut self) -> &mut Blackboard {
            &mut self.bb
        }
    }

    impl bt::Clock for Robot {
        fn now(&self) -> core::time::Duration {
            core::time::Duration::ZERO
        }
    }

    /// Reads a goal and a gain, writes a command, counts in place.
    #[derive(Ports)]
    pub struct Step {
        goal: Input<f64>,
        gain: Input<f64>,
        command: Output<f64>,
        count: InOut<u64>,
    }

    impl Action<Robot> for Step {
        const PORTS: &'static [bt::PortInfo] = <Self as Ports>::PORTS;
        fn execute(&mut self, r: &mut Robot) -> Status {
            let goal = self.goal.get(r).copied().unwrap_or(0.0);
            let gain = self.gain.get(r).copied().unwrap_or(0.0);
            self.command.set(r, goal * gain);
            if let Some(c) = self.count.get_mut(r) {
                *c += 1;
            }
            Status::Running
        }
    }

    pub const GOAL: Key<f64> = Key::new("goal");
    pub const COMMAND: Key<f64> = Key::new("command");
    pub const COUNT: Key<u64> = Key::new("count");

    pub fn tree() -> impl FnMut(&mut Robot) -> Status {
        let mut t = bt! { Robot => repeat<Step { goal: GOAL.into(), gain: Input::value(0.5), command: COMMAND.into(), count: COUNT.into() }> };
        move |r| t.tick(r)
    }
}

#[test]
fn ports_read_and_write_without_allocating() {
    let mut robot = ports::Robot { bb: bt::blackboard::Blackboard::new() };
    robot.bb.set(ports::GOAL, 4.0);
    robot.bb.set(ports::COUNT, 0);
    let mut tick = ports::tree();
    // The first tick creates the `command` entry (the one allocation a port ever makes).
    let _ = tick(&mut robot);
    let ((), allocations) = ALLOC.count(|| {
        for _ in 0..TICKS {
            let _ = tick(&mut robot);
        }
    });
    assert_eq!(allocations, 0, "ports allocated while ticking");
    assert_eq!(robot.bb.get(ports::COMMAND, Default::default()), Some(&2.0));
    assert_eq!(robot.bb.get(ports::COUNT, Default::default()), Some(&(TICKS + 1)));
}

/// A `fmt::Write` into a fixed buffer, to write renderings without a `String`.
struct Buffer<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> std::fmt::Write for Buffer<N> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[test]
fn xml_export_writes_without_allocating() {
    use std::fmt::Write;
    let patrol = patrol::EnemyBrain::new(patrol::A, patrol::B);
    let hungry = bt_perf::hungry::world::AgentBrain::new();
    for desc in [patrol.description(), hungry.description()] {
        let mut buffer = Box::new(Buffer::<16384> { bytes: [0; 16384], len: 0 });
        let (written, allocations) = ALLOC.count(|| {
            desc.btcpp_xml().write_to(&mut *buffer).is_ok() && write!(buffer, "{}", desc.btcpp_xml()).is_ok()
        });
        assert!(written, "the buffer is too small");
        assert_eq!(allocations, 0, "the XML export allocated");
        let text = std::str::from_utf8(&buffer.bytes[..buffer.len]).unwrap();
        assert_eq!(text, desc.btcpp_xml().to_string().repeat(2));
    }
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

/// The trees written with their hand-written programs in mind (Nav2's, the soldier, the drone)
/// tick without allocating.
#[test]
fn nav2_soldier_and_drone_tick_without_allocating() {
    use bt_perf::Variant;
    let mut nav2 = bt_perf::nav2::Nav2Bt::new();
    let mut soldier = bt_perf::soldier::SoldierBt::new();
    let mut drone = bt_perf::drone::DroneBt::new();
    let ((), allocations) = ALLOC.count(|| {
        for _ in 0..TICKS {
            nav2.update_world();
            nav2.decide();
            soldier.update_world();
            soldier.decide();
            drone.update_world();
            drone.decide();
        }
    });
    assert_eq!(allocations, 0, "a tree allocated while ticking");
    assert!(nav2.world().events.entered > 100, "the robot hardly did anything");
    assert!(soldier.world().events.entered > 100, "the soldier hardly did anything");
    assert!(drone.world().events.entered > 100, "the drone hardly did anything");
}
