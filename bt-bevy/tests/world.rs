//! A small Bevy world of foragers, each with its own tree over its own components, run for some
//! hundred schedule runs; the outcomes are checked against the same agents simulated by a plain
//! loop, in parallel and on one thread. Also: the clock resource drives time-based nodes, the
//! status messages, and a tree over a `Context` component.

use std::time::Duration;

use bevy_ecs::message::{MessageCursor, message_update_system};
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use bt::{Action, Change, Condition, Exit, Status};
use bt_bevy::{Brain, Context, StatusMessages, TreeChanged, TreeCtx, TreePlugin, TreeSystems, TreeTime};

/// Energy in `0..=100`.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
struct Energy(f32);

/// Position on a line: home at 0, the field at 10.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
struct Pos(f32);

/// What the forager has done.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
struct Log {
    meals: u32,
    harvests: u32,
    entered: u32,
    exited: u32,
}

/// The components a forager's tree reads and writes.
#[derive(QueryData)]
#[query_data(mutable)]
struct Body {
    energy: &'static mut Energy,
    pos: &'static mut Pos,
    log: &'static mut Log,
}

type Ctx<'a, 'w, 's> = TreeCtx<'a, 'w, 's, Body>;

/// Energy below 30.
struct Hungry;
impl Condition<Ctx<'_, '_, '_>> for Hungry {
    fn check(&mut self, c: &Ctx<'_, '_, '_>) -> bool {
        c.energy.0 < 30.0
    }
}

/// Walks one unit per tick to `to`; succeeds there.
struct GoTo(f32);
impl Action<Ctx<'_, '_, '_>> for GoTo {
    fn execute(&mut self, c: &mut Ctx<'_, '_, '_>) -> Status {
        let d = self.0 - c.pos.0;
        if d.abs() < 1e-3 {
            return Status::Success;
        }
        c.pos.0 += d.clamp(-1.0, 1.0);
        c.energy.0 -= 1.0;
        Status::Running
    }
}

/// Eats at home until full.
struct Eat;
impl Action<Ctx<'_, '_, '_>> for Eat {
    fn condition(&mut self, c: &Ctx<'_, '_, '_>) -> bool {
        c.pos.0 == 0.0
    }
    fn enter(&mut self, c: &mut Ctx<'_, '_, '_>) {
        c.log.entered += 1;
    }
    fn execute(&mut self, c: &mut Ctx<'_, '_, '_>) -> Status {
        c.energy.0 = (c.energy.0 + 20.0).min(100.0);
        if c.energy.0 >= 100.0 { Status::Success } else { Status::Running }
    }
    fn exit(&mut self, c: &mut Ctx<'_, '_, '_>, how: Exit) {
        c.log.exited += 1;
        if how == Exit::Success {
            c.log.meals += 1;
        }
    }
}

/// Harvests in the field, 3 energy a tick, until hungry.
struct Harvest;
impl Action<Ctx<'_, '_, '_>> for Harvest {
    fn execute(&mut self, c: &mut Ctx<'_, '_, '_>) -> Status {
        c.energy.0 -= 3.0;
        c.log.harvests += 1;
        if c.energy.0 < 30.0 { Status::Success } else { Status::Running }
    }
}

bt_bevy::brain! {
    /// A forager: eats at home when hungry, harvests in the field otherwise.
    struct Forager for Body {
        repeat(selector<
            sequence<Hungry, GoTo(0.0), Eat>,
            sequence<GoTo(10.0), Harvest>,
        >)
    }
}

const AGENTS: usize = 64;
const UPDATES: usize = 300;

fn spawn_foragers(world: &mut World) -> Vec<Entity> {
    (0..AGENTS)
        .map(|i| {
            let energy = Energy(20.0 + (i * 37 % 80) as f32);
            world.spawn((Brain::new(Forager::new()), energy, Pos((i % 11) as f32), Log::default())).id()
        })
        .collect()
}

/// The same decisions, written as a plain state machine: the reference the trees are checked
/// against.
fn reference(mut energy: f32, mut pos: f32, updates: usize) -> (f32, f32, Log) {
    #[derive(PartialEq)]
    enum Phase {
        Decide,
        GoHome,
        Eat,
        GoField,
        Harvest,
    }
    let mut log = Log::default();
    let mut phase = Phase::Decide;
    let step = |pos: &mut f32, energy: &mut f32, to: f32| {
        let d = to - *pos;
        if d.abs() < 1e-3 {
            return true;
        }
        *pos += d.clamp(-1.0, 1.0);
        *energy -= 1.0;
        false
    };
    for _ in 0..updates {
        // One tree tick: loops only through instantaneous transitions, as the tree does.
        loop {
            match phase {
                Phase::Decide => phase = if energy < 30.0 { Phase::GoHome } else { Phase::GoField },
                Phase::GoHome => {
                    if step(&mut pos, &mut energy, 0.0) {
                        phase = Phase::Eat;
                        log.entered += 1;
                        continue;
                    }
                    break;
                }
                Phase::Eat => {
                    energy = (energy + 20.0).min(100.0);
                    if energy >= 100.0 {
                        log.exited += 1;
                        log.meals += 1;
                        phase = Phase::Decide;
                    }
                    break;
                }
                Phase::GoField => {
                    if step(&mut pos, &mut energy, 10.0) {
                        phase = Phase::Harvest;
                        continue;
                    }
                    break;
                }
                Phase::Harvest => {
                    energy -= 3.0;
                    log.harvests += 1;
                    if energy < 30.0 {
                        phase = Phase::Decide;
                    }
                    break;
                }
            }
        }
    }
    (energy, pos, log)
}

fn run_foragers(parallel: bool) -> Vec<(Energy, Pos, Log)> {
    let mut world = World::new();
    let mut schedule = Schedule::default();
    TreePlugin::<Forager>::new().parallel(parallel).add_to(&mut world, &mut schedule);
    let agents = spawn_foragers(&mut world);
    for _ in 0..UPDATES {
        world.resource_mut::<TreeTime>().advance(Duration::from_millis(100));
        schedule.run(&mut world);
    }
    agents
        .iter()
        .map(|&e| {
            let e = world.entity(e);
            (*e.get::<Energy>().unwrap(), *e.get::<Pos>().unwrap(), *e.get::<Log>().unwrap())
        })
        .collect()
}

#[test]
fn foragers_do_what_the_reference_does() {
    let parallel = run_foragers(true);
    let serial = run_foragers(false);
    assert_eq!(parallel, serial, "parallel and serial ticks end in the same state");
    let mut meals = 0;
    for (i, (energy, pos, log)) in parallel.iter().enumerate() {
        let (e, p, l) = reference(20.0 + (i * 37 % 80) as f32, (i % 11) as f32, UPDATES);
        assert_eq!((energy.0, pos.0, *log), (e, p, l), "agent {i}");
        assert!(log.meals >= 5 && log.harvests > 100, "agent {i} lived a full life: {log:?}");
        // Eat is entered and exited once per meal, and at most one meal is in progress.
        assert!(log.entered - log.exited <= 1 && log.exited == log.meals, "agent {i}: {log:?}");
        meals += log.meals;
    }
    assert!(meals > 5 * AGENTS as u32);
}

/// A tree whose context is held in one `Context` component, with its own clock.
mod whole {
    use bt::{Action, Clock, ManualClock, Status, bt};

    /// The whole context of the tree.
    pub struct Counter {
        pub clock: ManualClock,
        pub n: u32,
    }

    impl Clock for Counter {
        fn now(&self) -> std::time::Duration {
            self.clock.now()
        }
    }

    /// Counts; succeeds on every third count.
    pub struct Count;
    impl Action<Counter> for Count {
        fn execute(&mut self, c: &mut Counter) -> Status {
            c.n += 1;
            if c.n.is_multiple_of(3) { Status::Success } else { Status::Running }
        }
    }

    bt! {
        pub struct CountTo for Counter {
            repeat(Count)
        }
    }
}

#[test]
fn a_tree_over_a_context_component() {
    let mut world = World::new();
    let mut schedule = Schedule::default();
    TreePlugin::<whole::CountTo>::new().add_to(&mut world, &mut schedule);
    let e = world
        .spawn((
            Brain::new(whole::CountTo::new()),
            Context::new(whole::Counter { clock: bt::ManualClock::new(), n: 0 }),
        ))
        .id();
    for _ in 0..100 {
        schedule.run(&mut world);
    }
    assert_eq!(world.get::<Context<whole::Counter>>(e).unwrap().get().n, 100);
    assert!(world.get::<Brain<whole::CountTo>>(e).unwrap().is_running());
}

/// The time-based nodes read the clock resource; the status messages report the changes of the
/// entities that asked for them, and only theirs.
#[test]
fn clock_and_status_messages() {
    #[derive(Component)]
    struct Unit;

    #[derive(QueryData)]
    struct Nothing {
        _unit: &'static Unit,
    }

    struct Forever;
    impl Action<TreeCtx<'_, '_, '_, Nothing>> for Forever {
        fn execute(&mut self, _: &mut TreeCtx<'_, '_, '_, Nothing>) -> Status {
            Status::Running
        }
    }

    bt_bevy::brain! {
        struct Limited for Nothing {
            timeout(1s)<Forever>
        }
    }

    let mut world = World::new();
    let mut schedule = Schedule::default();
    schedule.add_systems(message_update_system.before(TreeSystems));
    TreePlugin::<Limited>::new().add_to(&mut world, &mut schedule);
    let watched = world.spawn((Brain::new(Limited::new()), Unit, StatusMessages::new())).id();
    let quiet = world.spawn((Brain::new(Limited::new()), Unit)).id();

    let mut cursor = MessageCursor::<TreeChanged>::default();
    let mut seen = Vec::new();
    for update in 0..15 {
        world.resource_mut::<TreeTime>().advance(Duration::from_millis(100));
        schedule.run(&mut world);
        let messages = world.resource::<Messages<TreeChanged>>();
        seen.extend(cursor.read(messages).map(|m| (update, m.entity, m.change)));
    }
    use Status::*;
    // Started at 100 ms, the timeout expires at 1.1 s: the tick of update 10 halts `Forever` and
    // fails; the next tick starts again (still 1 s to go).
    assert_eq!(
        seen,
        [
            (0, watched, Change::Ticked { node: 1, previous: None, new: Running }),
            (0, watched, Change::Ticked { node: 0, previous: None, new: Running }),
            (10, watched, Change::Halted { node: 1 }),
            (10, watched, Change::Ticked { node: 0, previous: Some(Running), new: Failure }),
            (11, watched, Change::Ticked { node: 1, previous: None, new: Running }),
            (11, watched, Change::Ticked { node: 0, previous: Some(Failure), new: Running }),
        ]
    );
    assert!(seen.iter().all(|(_, e, _)| *e != quiet));
    assert_eq!(world.get::<StatusMessages>(watched).unwrap().statuses(), [Some(Running), Some(Running)]);
}

/// The step given to `before_tick` runs on each entity right before its tree ticks, in the same
/// schedule run, with the clock's time; for entities with and without status messages.
#[test]
fn the_step_before_the_tick() {
    #[derive(Component, Default)]
    struct Sensed(Duration);
    #[derive(Component, Default)]
    struct Decided(Duration);

    #[derive(QueryData)]
    #[query_data(mutable)]
    struct Mind {
        sensed: &'static mut Sensed,
        decided: &'static mut Decided,
    }

    struct Decide;
    impl Action<TreeCtx<'_, '_, '_, Mind>> for Decide {
        fn execute(&mut self, c: &mut TreeCtx<'_, '_, '_, Mind>) -> Status {
            c.decided.0 = c.sensed.0;
            Status::Running
        }
    }

    bt_bevy::brain! {
        struct Decider for Mind { Decide }
    }

    let mut world = World::new();
    let mut schedule = Schedule::default();
    TreePlugin::<Decider>::new()
        .before_tick(|mind: &mut MindItem<'_, '_>, now| mind.sensed.0 = now)
        .add_to(&mut world, &mut schedule);
    let plain = world.spawn((Brain::new(Decider::new()), Sensed::default(), Decided::default())).id();
    let watched = world
        .spawn((Brain::new(Decider::new()), Sensed::default(), Decided::default(), StatusMessages::new()))
        .id();
    for _ in 0..7 {
        world.resource_mut::<TreeTime>().advance(Duration::from_millis(250));
        schedule.run(&mut world);
    }
    for e in [plain, watched] {
        assert_eq!(world.get::<Decided>(e).unwrap().0, Duration::from_millis(1750));
    }
}
