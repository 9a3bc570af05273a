//! Guards whose leaves see the world: each guard's tree reads a resource (the alert level, which
//! sets how far guards see), queries another entity (the intruder's position: no copy of it in
//! every guard) and spawns bolts through commands; the guards tick in parallel.
//!
//! ```text
//! cargo run --release --example bevy_guards                 # 500 guards, 400 steps
//! cargo run --release --example bevy_guards -- --guards 2000 --steps 1000
//! ```
//!
//! Headless, on `bevy_ecs` alone, with a fixed step of 50 ms. The intruder walks across the
//! field; a guard that sees it (within the alert level's range) walks towards it and, once in
//! range, fires a bolt every second (`cooldown`); otherwise it walks back to its post. Bolts fly
//! to where the intruder was and are counted as hits when it is still there. The same world is
//! run with the guards ticked in parallel and on one thread, and the program checks that both
//! end in the same state.

use std::process::ExitCode;
use std::time::Duration;

use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use bevy_ecs::system::SystemParam;
use bt::{Action, Condition, Status};
use bt_bevy::{Brain, TreeCtx, TreePlugin, TreeSystems, TreeTime};

const DT: Duration = Duration::from_millis(50);

/// A position on the field.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
struct Pos {
    x: f32,
    y: f32,
}

impl Pos {
    fn distance(self, other: Pos) -> f32 {
        ((self.x - other.x).powi(2) + (self.y - other.y).powi(2)).sqrt()
    }

    /// One step of at most `speed` towards `to`; whether it arrived.
    fn step_to(&mut self, to: Pos, speed: f32) -> bool {
        let d = self.distance(to);
        if d <= speed {
            *self = to;
            return true;
        }
        self.x += (to.x - self.x) / d * speed;
        self.y += (to.y - self.y) / d * speed;
        false
    }
}

/// The intruder.
#[derive(Component)]
struct Intruder;

/// A guard and its post.
#[derive(Component)]
struct Guard {
    post: Pos,
    fired: u32,
}

/// A bolt in flight towards `to`.
#[derive(Component)]
struct Bolt {
    to: Pos,
}

/// How far guards see: raised as the intruder is hit.
#[derive(Resource)]
struct Alert {
    sight: f32,
}

/// Bolts that hit the intruder.
#[derive(Resource, Default)]
struct Hits(u32);

/// What a guard's tree reads and writes of the guard.
#[derive(QueryData)]
#[query_data(mutable)]
struct Body {
    pos: &'static mut Pos,
    guard: &'static mut Guard,
}

/// What a guard's leaves ask of the world: shared by the guards, which tick in parallel.
#[derive(SystemParam)]
struct World<'w, 's> {
    alert: Res<'w, Alert>,
    intruder: Single<'w, 's, &'static Pos, (With<Intruder>, Without<Guard>)>,
    commands: ParallelCommands<'w, 's>,
}

type Me<'a, 'w, 's> = TreeCtx<'a, 'w, 's, Body, World<'static, 'static>>;

/// The intruder is within the alert level's sight.
struct SeesIntruder;
impl Condition<Me<'_, '_, '_>> for SeesIntruder {
    fn check(&mut self, me: &Me<'_, '_, '_>) -> bool {
        me.pos.distance(**me.params().intruder) <= me.params().alert.sight
    }
}

/// The intruder is within a bolt's range.
struct InRange;
impl Condition<Me<'_, '_, '_>> for InRange {
    fn check(&mut self, me: &Me<'_, '_, '_>) -> bool {
        me.pos.distance(**me.params().intruder) <= 4.0
    }
}

/// Spawns a bolt towards the intruder.
struct Fire;
impl Action<Me<'_, '_, '_>> for Fire {
    fn execute(&mut self, me: &mut Me<'_, '_, '_>) -> Status {
        let (from, to) = (*me.pos, **me.params().intruder);
        me.guard.fired += 1;
        me.params().commands.command_scope(|mut commands| {
            commands.spawn((Bolt { to }, from));
        });
        Status::Success
    }
}

/// One step towards the intruder; runs while it is seen.
struct Chase;
impl Action<Me<'_, '_, '_>> for Chase {
    fn execute(&mut self, me: &mut Me<'_, '_, '_>) -> Status {
        let to = **me.params().intruder;
        me.pos.step_to(to, 0.3);
        Status::Running
    }
}

/// Back to the post.
struct Return;
impl Action<Me<'_, '_, '_>> for Return {
    fn execute(&mut self, me: &mut Me<'_, '_, '_>) -> Status {
        let post = me.guard.post;
        if me.pos.step_to(post, 0.2) { Status::Success } else { Status::Running }
    }
}

bt_bevy::brain! {
    /// A guard: fires at the intruder in range (once a second), chases it while it sees it,
    /// else goes back to its post.
    struct GuardBrain for Body, World<'static, 'static> {
        reactive_selector<
            sequence<SeesIntruder, InRange, cooldown(1s)<Fire>>,
            sequence<SeesIntruder, Chase>,
            Return,
        >
    }
}

/// The intruder walks across the field, back and forth.
fn walk_intruder(time: Res<TreeTime>, mut intruder: Single<&mut Pos, With<Intruder>>) {
    let t = time.elapsed().as_secs_f32();
    intruder.x = 50.0 * (t / 10.0).sin();
    intruder.y = 10.0 * (t / 3.0).cos();
}

/// Bolts fly; one that arrives where the intruder still is hits it and raises the alert.
fn fly_bolts(
    mut commands: Commands,
    mut bolts: Query<(Entity, &Bolt, &mut Pos), Without<Intruder>>,
    intruder: Single<&Pos, With<Intruder>>,
    mut hits: ResMut<Hits>,
    mut alert: ResMut<Alert>,
) {
    for (entity, bolt, mut pos) in &mut bolts {
        if pos.step_to(bolt.to, 2.0) {
            if pos.distance(**intruder) <= 1.0 {
                hits.0 += 1;
                alert.sight = (alert.sight + 0.002).min(20.0);
            }
            commands.entity(entity).despawn();
        }
    }
}

/// The end state of a run: hits, sight, bolts in flight, and each guard's position and shots.
#[derive(Debug, PartialEq)]
struct Outcome {
    hits: u32,
    sight: f32,
    in_flight: usize,
    guards: Vec<(Pos, u32)>,
}

fn run(guards: usize, steps: u32, parallel: bool) -> Outcome {
    let mut world = bevy_ecs::world::World::new();
    world.insert_resource(Alert { sight: 8.0 });
    world.init_resource::<Hits>();
    let mut schedule = Schedule::default();
    schedule.add_systems((walk_intruder, fly_bolts).chain().before(TreeSystems));
    TreePlugin::<GuardBrain>::new().parallel(parallel).add_to(&mut world, &mut schedule);
    world.spawn((Intruder, Pos { x: 0.0, y: 10.0 }));
    let ids: Vec<Entity> = (0..guards)
        .map(|i| {
            let post = Pos { x: (i % 50) as f32 * 2.0 - 50.0, y: (i / 50) as f32 * 2.0 - 10.0 };
            world.spawn((Brain::new(GuardBrain::new()), post, Guard { post, fired: 0 })).id()
        })
        .collect();
    for _ in 0..steps {
        world.resource_mut::<TreeTime>().advance(DT);
        schedule.run(&mut world);
    }
    let guards =
        ids.iter().map(|&e| (*world.get::<Pos>(e).unwrap(), world.get::<Guard>(e).unwrap().fired)).collect();
    Outcome {
        hits: world.resource::<Hits>().0,
        sight: world.resource::<Alert>().sight,
        in_flight: world.query::<&Bolt>().iter(&world).count(),
        guards,
    }
}

fn main() -> ExitCode {
    let mut guards = 500;
    let mut steps = 400;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse::<usize>().ok());
        match (arg.as_str(), value) {
            ("--guards", Some(n)) => guards = n.max(1),
            ("--steps", Some(n)) => steps = n.clamp(1, u32::MAX as usize) as u32,
            _ => {
                eprintln!("usage: bevy_guards [--guards N] [--steps S]");
                return ExitCode::from(2);
            }
        }
    }
    let parallel = run(guards, steps, true);
    let serial = run(guards, steps, false);
    let fired: u32 = parallel.guards.iter().map(|g| g.1).sum();
    let firing = parallel.guards.iter().filter(|g| g.1 > 0).count();
    println!(
        "{guards} guards, {steps} steps of {} ms: {firing} guards fired {fired} bolts, {} hit, {} in flight; sight {:.2}",
        DT.as_millis(),
        parallel.hits,
        parallel.in_flight,
        parallel.sight
    );
    if parallel != serial {
        eprintln!("bevy_guards: the guards ticked in parallel and on one thread ended in different states");
        return ExitCode::FAILURE;
    }
    if fired == 0 {
        eprintln!("bevy_guards: no guard fired");
        return ExitCode::FAILURE;
    }
    println!("ticked in parallel and on one thread: the same end state");
    ExitCode::SUCCESS
}
