//! Leaves with system parameters: a resource, a query over other entities and commands, shared by
//! entities ticked in parallel; `&mut` parameters (`Commands`, `ResMut`, `MessageWriter`) with
//! `Serial`; a brain type that nothing ticks is reported.

use std::time::Duration;

use bevy_ecs::message::{MessageCursor, message_update_system};
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use bevy_ecs::system::SystemParam;
use bt::{Action, Condition, Status};
use bt_bevy::{
    Brain, Serial, StatusMessages, TreeChanged, TreeCtx, TreePlugin, TreeSystems, TreeTime, UntickedBrains,
};

/// Position on a line.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
struct Pos(f32);

/// The one intruder.
#[derive(Component)]
struct Intruder;

/// How far a guard sees.
#[derive(Resource)]
struct Sight(f32);

/// A shot fired by a guard, at the intruder's position then.
#[derive(Component, Debug, PartialEq)]
struct Shot {
    by: Entity,
    at: f32,
}

/// Shots left.
#[derive(Component)]
struct Ammo(u32);

#[derive(QueryData)]
#[query_data(mutable)]
struct Guard {
    pos: &'static mut Pos,
    ammo: &'static mut Ammo,
}

/// What a guard's leaves ask of the world.
#[derive(SystemParam)]
struct World<'w, 's> {
    sight: Res<'w, Sight>,
    intruder: Single<'w, 's, &'static Pos, (With<Intruder>, Without<Ammo>)>,
    commands: ParallelCommands<'w, 's>,
}

type Me<'a, 'w, 's> = TreeCtx<'a, 'w, 's, Guard, World<'static, 'static>>;

/// The intruder is within sight.
struct SeesIntruder;
impl Condition<Me<'_, '_, '_>> for SeesIntruder {
    fn check(&mut self, me: &Me<'_, '_, '_>) -> bool {
        (me.params().intruder.0 - me.pos.0).abs() <= me.params().sight.0
    }
}

/// One step towards the intruder; succeeds when within 1.
struct Chase;
impl Action<Me<'_, '_, '_>> for Chase {
    fn execute(&mut self, me: &mut Me<'_, '_, '_>) -> Status {
        let d = me.params().intruder.0 - me.pos.0;
        if d.abs() <= 1.0 {
            return Status::Success;
        }
        me.pos.0 += d.signum();
        Status::Running
    }
}

/// Spawns a shot at the intruder.
struct Fire;
impl Action<Me<'_, '_, '_>> for Fire {
    fn condition(&mut self, me: &Me<'_, '_, '_>) -> bool {
        me.ammo.0 > 0
    }
    fn execute(&mut self, me: &mut Me<'_, '_, '_>) -> Status {
        me.ammo.0 -= 1;
        let shot = Shot { by: me.entity(), at: me.params().intruder.0 };
        me.params().commands.command_scope(|mut commands| {
            commands.spawn(shot);
        });
        Status::Success
    }
}

bt_bevy::brain! {
    /// Chases the intruder it sees and fires when close.
    struct Sentry for Guard, World<'static, 'static> {
        repeat(sequence<SeesIntruder, Chase, Fire>)
    }
}

/// Each guard's position and ammunition, the shots (by whom, where), and the guards.
type Outcome = (Vec<(Pos, u32)>, Vec<(Entity, f32)>, Vec<Entity>);

fn run_guards(parallel: bool) -> Outcome {
    let mut world = bevy_ecs::world::World::new();
    world.insert_resource(Sight(5.0));
    let mut schedule = Schedule::default();
    TreePlugin::<Sentry>::new().parallel(parallel).add_to(&mut world, &mut schedule);
    world.spawn((Intruder, Pos(0.0)));
    let guards: Vec<Entity> = (0..40)
        .map(|i| world.spawn((Brain::new(Sentry::new()), Pos(i as f32 - 20.0), Ammo(2))).id())
        .collect();
    for _ in 0..30 {
        schedule.run(&mut world);
    }
    let state =
        guards.iter().map(|&g| (*world.get::<Pos>(g).unwrap(), world.get::<Ammo>(g).unwrap().0)).collect();
    let mut shots: Vec<(Entity, f32)> = world.query::<&Shot>().iter(&world).map(|s| (s.by, s.at)).collect();
    shots.sort_by_key(|s| s.0);
    (state, shots, guards)
}

#[test]
fn leaves_read_a_resource_query_another_entity_and_spawn_in_parallel() {
    let (parallel, parallel_shots, guards) = run_guards(true);
    let (serial, serial_shots, _) = run_guards(false);
    assert_eq!(parallel, serial);
    assert_eq!(parallel_shots, serial_shots);
    for (i, (pos, ammo)) in parallel.iter().enumerate() {
        let start = i as f32 - 20.0;
        if start.abs() <= 5.0 {
            // Within sight: walked to within 1 of the intruder and fired both shots.
            assert!(pos.0.abs() <= 1.0 && *ammo == 0, "guard {i}: {pos:?}, {ammo}");
            assert_eq!(parallel_shots.iter().filter(|s| s.0 == guards[i]).count(), 2);
        } else {
            assert!(pos.0 == start && *ammo == 2, "guard {i} did not see the intruder");
        }
    }
    assert_eq!(parallel_shots.len(), 2 * 11);
    assert!(parallel_shots.iter().all(|s| s.1 == 0.0));
}

/// The score, written by the leaves.
#[derive(Resource, Default)]
struct Score(u32);

/// A message for each point.
#[derive(Message, Debug, PartialEq)]
struct Scored(Entity);

#[derive(Component)]
struct Player;

#[derive(QueryData)]
struct Body {
    _player: &'static Player,
}

type Writer<'a, 'w, 's> = TreeCtx<
    'a,
    'w,
    's,
    Body,
    Serial<(Commands<'static, 'static>, ResMut<'static, Score>, MessageWriter<'static, Scored>)>,
>;

/// Scores a point, tells the world, and marks itself with a component.
struct Score1;
impl Action<Writer<'_, '_, '_>> for Score1 {
    fn execute(&mut self, me: &mut Writer<'_, '_, '_>) -> Status {
        let entity = me.entity();
        let (commands, score, messages) = me.params_mut();
        score.0 += 1;
        messages.write(Scored(entity));
        commands.entity(entity).insert(Pos(score.0 as f32));
        Status::Success
    }
}

bt_bevy::brain! {
    struct Scorer for Body, Serial<(Commands<'static, 'static>, ResMut<'static, Score>, MessageWriter<'static, Scored>)> {
        Score1
    }
}

#[test]
fn serial_parameters_give_leaves_mutable_access() {
    let mut world = bevy_ecs::world::World::new();
    world.init_resource::<Score>();
    bevy_ecs::message::MessageRegistry::register_message::<Scored>(&mut world);
    let mut schedule = Schedule::default();
    schedule.add_systems(message_update_system.before(TreeSystems));
    TreePlugin::<Scorer>::new().add_to(&mut world, &mut schedule);
    let mut players: Vec<Entity> =
        (0..2).map(|_| world.spawn((Brain::new(Scorer::new()), Player)).id()).collect();
    // One with status messages: ticked by the reporting system, with the same parameters.
    players.push(world.spawn((Brain::new(Scorer::new()), Player, StatusMessages::new())).id());
    let mut changes = MessageCursor::<TreeChanged>::default();
    let mut cursor = MessageCursor::<Scored>::default();
    let mut scored = Vec::new();
    for _ in 0..2 {
        world.resource_mut::<TreeTime>().advance(Duration::from_millis(10));
        schedule.run(&mut world);
        scored.extend(cursor.read(world.resource::<Messages<Scored>>()).map(|m| m.0));
        let reported: Vec<TreeChanged> =
            changes.read(world.resource::<Messages<TreeChanged>>()).copied().collect();
        // The leaf succeeds on every tick: reported once, on the first.
        assert!(reported.iter().all(|m| m.entity == players[2]), "{reported:?}");
        assert_eq!(reported.len(), usize::from(scored.len() == 3), "{reported:?}");
    }
    assert_eq!(world.resource::<Score>().0, 6);
    assert_eq!(scored.len(), 6);
    for p in &players {
        assert_eq!(scored.iter().filter(|e| *e == p).count(), 2);
        // The last insert wins: the score after this player's second point.
        assert!(world.get::<Pos>(*p).unwrap().0 >= 4.0);
    }
}

#[test]
fn a_brain_without_its_plugin_is_reported_once() {
    let mut world = bevy_ecs::world::World::new();
    world.spawn((Brain::new(Scorer::new()), Player));
    world.spawn((Brain::new(Scorer::new()), Player));
    world.flush();
    let reported = world.get_resource::<UntickedBrains>().map(|u| u.names().to_vec()).unwrap_or_default();
    if cfg!(debug_assertions) {
        assert_eq!(reported.len(), 1, "{reported:?}");
        assert!(reported[0].ends_with("Scorer"), "{reported:?}");
    } else {
        assert!(reported.is_empty());
    }

    // With the plugin, nothing is reported.
    let mut world = bevy_ecs::world::World::new();
    let mut schedule = Schedule::default();
    TreePlugin::<Sentry>::new().add_to(&mut world, &mut schedule);
    world.spawn((Brain::new(Sentry::new()), Pos(0.0), Ammo(0)));
    world.flush();
    assert!(world.get_resource::<UntickedBrains>().is_none());
}
