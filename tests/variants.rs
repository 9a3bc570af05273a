//! The benchmark variants simulate the same world: after the same number of steps, every way of
//! deciding (the `bt!` tree, the same tree built from node kinds written outside the runtime, the
//! hand-written code, the `Box<dyn>` tree, bonsai-bt) leaves the world
//! with the same checksum. The variants run in lockstep and are compared every 100 steps, so a
//! divergence is caught close to where it starts.

use bt_perf::Variant;
use bt_perf::hungry::{
    HungryBonsai, HungryBt, HungryCustom, HungryDyn, HungryHand, HungryLoaded, HungryShort, HungryWorldOnly,
};
use bt_perf::mission::{MissionBt, MissionDyn, MissionHand, MissionLoaded, MissionWorldOnly};
use bt_perf::synthetic::{SynthBt, SynthDyn, SynthHand, SynthWorldOnly};

/// Steps run in lockstep; the checksums are compared after every chunk.
fn lockstep(variants: &mut [&mut dyn Step], steps: u64, chunk: u64) -> u64 {
    let mut done = 0;
    while done < steps {
        for v in variants.iter_mut() {
            v.steps(chunk);
        }
        done += chunk;
        let sums: Vec<(&str, u64)> = variants.iter().map(|v| (v.name(), v.sum())).collect();
        for &(name, sum) in &sums[1..] {
            assert_eq!(
                sum,
                sums[0].1,
                "{name} diverged from {} within steps {}..{done}",
                sums[0].0,
                done - chunk
            );
        }
    }
    variants[0].sum()
}

/// Object-safe face of `Variant` for the test.
trait Step {
    fn steps(&mut self, n: u64);
    fn sum(&self) -> u64;
    fn name(&self) -> &'static str;
}

impl<V: Variant> Step for V {
    fn steps(&mut self, n: u64) {
        bt_perf::run(self, n);
    }
    fn sum(&self) -> u64 {
        self.checksum()
    }
    fn name(&self) -> &'static str {
        V::NAME
    }
}

#[test]
fn hungry_agent_same_world_in_every_variant() {
    let (mut a, mut b, mut c, mut d, mut f, mut g, mut h) = (
        HungryBt::new(),
        HungryHand::new(),
        HungryDyn::new(),
        HungryBonsai::new(),
        HungryCustom::new(),
        HungryLoaded::new(),
        HungryShort::new(),
    );
    let start = a.checksum();
    // 30 000 steps of 100 ms: 50 minutes of game time, every need handled several times.
    let end = lockstep(&mut [&mut a, &mut b, &mut c, &mut d, &mut f, &mut g, &mut h], 30_000, 100);
    assert_ne!(end, start);
    // Beyond the checksum, the actions' lifecycles match too: as many enters and exits, and the
    // same actions active at the end, in every variant.
    let stats = |w: &bt_perf::hungry::world::World| {
        (w.agent.stats.entered, w.agent.stats.exited, w.agent.stats.active, w.agent.stats.walks_abandoned)
    };
    assert_eq!(stats(a.world()), stats(b.world()), "hand");
    assert_eq!(stats(a.world()), stats(c.world()), "dyn");
    assert_eq!(stats(a.world()), stats(d.world()), "bonsai");
    assert_eq!(stats(a.world()), stats(f.world()), "custom");
    assert_eq!(stats(a.world()), stats(g.world()), "loaded");
    assert_eq!(stats(a.world()), stats(h.world()), "short");
    let w = a.world();
    assert!(w.agent.is_alive());
    assert!(w.agent.stats.completed.iter().all(|&n| n >= 2), "every need handled: {:?}", w.agent.stats);
    assert_eq!(w.agent.stats.lifecycle_errors, 0);
    // The world alone (no decisions) ends elsewhere: the decisions do change the world.
    let mut e = HungryWorldOnly::new();
    bt_perf::run(&mut e, 30_000);
    assert_ne!(e.checksum(), end);
}

/// The node kinds of the custom variant also take a threshold chosen at run time: written exactly
/// like the keyword, `MyParallel(1)<…>`, in an anonymous tree, they decide as the built-ins do.
#[test]
fn custom_node_kinds_with_a_run_time_threshold_decide_the_same() {
    use bt_perf::hungry::custom::{MyParallel, MyRepeat, MySelector, MySequence};
    use bt_perf::hungry::world::*;

    let mut tree = bt::bt! { Agent =>
        MyRepeat<MyParallel(1)<
            MySelector<
                MySequence<FeelBoring, WalkTo, HaveFun>,
                MySequence<FeelHungry, WalkTo, EatFood>,
                MySequence<FeelThirsty, WalkTo, DrinkWater>,
                MySequence<FeelTired, WalkTo, HaveRest>,
                MySequence<FeelPoor, WalkTo, Work>,
            >,
            Alive,
        >>
    };
    let kinds: Vec<_> = tree.description().nodes().take(4).map(|n| (n.kind, n.args)).collect();
    assert_eq!(kinds, [("MyRepeat", ""), ("MyParallel", "1"), ("MySelector", ""), ("MySequence", "")]);
    let mut world = World::new();
    let mut reference = HungryBt::new();
    for _ in 0..30 {
        for _ in 0..1000 {
            world.update(DT);
            world.ticks += 1;
            let _ = tree.tick(&mut world.agent);
        }
        bt_perf::run(&mut reference, 1000);
        assert_eq!(world.checksum(), reference.checksum());
    }
}

#[test]
fn synthetic_tree_same_world_in_every_variant() {
    let (mut a, mut b, mut c) = (SynthBt::new(), SynthHand::new(), SynthDyn::new());
    let end = lockstep(&mut [&mut a, &mut b, &mut c], 30_000, 100);
    let mut e = SynthWorldOnly::new();
    bt_perf::run(&mut e, 30_000);
    assert_ne!(e.checksum(), end, "the synthetic tree's actions never changed the world");
}

/// The hand-written synthetic brain must not be trivially equal: a tree with one leaf changed
/// ends with another checksum (the comparison above can fail).
#[test]
fn checksums_tell_variants_apart() {
    let mut a = SynthBt::new();
    let mut b = SynthBt::new();
    bt_perf::run(&mut a, 1000);
    bt_perf::run(&mut b, 999);
    assert_ne!(a.checksum(), b.checksum());
}

/// Trees are `Send` when their leaves are: the example trees can move to other threads (the
/// crowd example ticks them with rayon).
#[test]
fn trees_are_send() {
    fn send<T: Send>() {}
    send::<bt_perf::hungry::world::AgentBrain>();
    send::<bt_perf::hungry::custom::CustomBrain>();
    send::<bt_perf::synthetic::bt_tree::SynthBrain>();
    send::<bt_perf::hungry::world::World>();
}

/// The loaded variants tick the tree of the XML file, which describes the same nodes as the
/// compiled tree (kind, arguments, depth), leaf for leaf.
#[test]
fn loaded_trees_describe_the_compiled_trees() {
    let kinds = |d: &bt::TreeDescription| d.nodes().map(|n| (n.kind, n.depth)).collect::<Vec<_>>();
    let hungry = HungryLoaded::new();
    let compiled = bt_perf::hungry::world::AgentBrain::new();
    assert_eq!(kinds(hungry.tree().description()), kinds(compiled.description()));
    let mission = MissionLoaded::new();
    let compiled = bt_perf::mission::MissionBrain::new();
    assert_eq!(kinds(mission.brain().description()), kinds(compiled.description()));
}

#[test]
fn mission_same_decisions_in_every_variant() {
    let (mut a, mut b, mut c, mut g) =
        (MissionBt::new(), MissionHand::new(), MissionDyn::new(), MissionLoaded::new());
    // 60 000 steps of 100 ms: 100 minutes of mission time. The checksum covers every action's enter
    // and exit (with how it ended) and every root status, so it is compared after every step.
    let end = lockstep(&mut [&mut a, &mut b, &mut c, &mut g], 60_000, 1);
    let s = a.robot().stats;
    assert_eq!(s, b.robot().stats, "hand");
    assert_eq!(s, c.robot().stats, "dyn");
    assert_eq!(s, g.robot().stats, "loaded");
    // Every branch of the tree was taken: e-stops and timeouts halted actions, actions failed,
    // the robot charged, completed missions and reported.
    assert!(
        s.halted > 50 && s.failed > 0 && s.charges > 2 && s.arrivals > 5 && s.placed > 20 && s.reports > 50,
        "{s:?}"
    );
    let mut e = MissionWorldOnly::new();
    bt_perf::run(&mut e, 60_000);
    assert_ne!(e.checksum(), end);
}

#[test]
fn synthetic_trees_of_every_seed_same_world_in_every_variant() {
    use bt_perf::synthetic::{seed1, seed2, seed3, seed4};
    macro_rules! seeds {
        ($($seed:ident),*) => {$({
            let (mut a, mut b, mut c) = ($seed::SynthBt::new(), $seed::SynthHand::new(), $seed::SynthDyn::new());
            let start = a.checksum();
            let end = lockstep(&mut [&mut a, &mut b, &mut c], 20_000, 100);
            assert_ne!(end, start, "{}", stringify!($seed));
        })*};
    }
    seeds!(seed1, seed2, seed3, seed4);
}

#[test]
fn drone_same_decisions_in_every_variant() {
    use bt_perf::drone::{DroneBt, DroneDyn, DroneHand, DroneWorldOnly};
    let (mut a, mut b, mut c) = (DroneBt::new(), DroneHand::new(), DroneDyn::new());
    // 60 000 steps of 100 ms; the checksum covers every action's enter and exit and every root
    // status, so it is compared after every step.
    let end = lockstep(&mut [&mut a, &mut b, &mut c], 60_000, 1);
    let w = a.world();
    assert_eq!(w.events, b.world().events, "hand");
    assert_eq!(w.events, c.world().events, "dyn");
    // Every branch was taken: sorties flown, charges, halts and failures.
    assert!(
        w.sorties > 5 && w.charges > 1 && w.events.halted > 50 && w.events.failed > 5 && w.photos > 20,
        "sorties {} charges {} photos {} {:?}",
        w.sorties,
        w.charges,
        w.photos,
        w.events
    );
    let mut e = DroneWorldOnly::new();
    bt_perf::run(&mut e, 60_000);
    assert_ne!(e.checksum(), end);
}

#[test]
fn soldier_same_decisions_in_every_variant() {
    use bt_perf::soldier::{SoldierBt, SoldierDyn, SoldierHand, SoldierWorldOnly};
    let (mut a, mut b, mut c) = (SoldierBt::new(), SoldierHand::new(), SoldierDyn::new());
    // 60 000 steps of 100 ms, compared after every step.
    let end = lockstep(&mut [&mut a, &mut b, &mut c], 60_000, 1);
    let w = a.world();
    assert_eq!(w.events, b.world().events, "hand");
    assert_eq!(w.events, c.world().events, "dyn");
    // Every branch was taken: enemies driven off, noises checked, actions halted by the aborts
    // and by changes of stance.
    assert!(
        w.kills > 20 && w.checked > 20 && w.events.halted > 50,
        "kills {} checked {} {:?}",
        w.kills,
        w.checked,
        w.events
    );
    let mut e = SoldierWorldOnly::new();
    bt_perf::run(&mut e, 60_000);
    assert_ne!(e.checksum(), end);
}

#[test]
fn nav2_same_decisions_in_every_variant() {
    use bt_perf::nav2::{Nav2Bt, Nav2Dyn, Nav2Hand, Nav2WorldOnly};
    let (mut a, mut b, mut c) = (Nav2Bt::new(), Nav2Hand::new(), Nav2Dyn::new());
    // 60 000 steps of 100 ms, compared after every step.
    let end = lockstep(&mut [&mut a, &mut b, &mut c], 60_000, 1);
    let w = a.world();
    assert_eq!(w.events, b.world().events, "hand");
    assert_eq!(w.events, c.world().events, "dyn");
    assert!(
        w.reached > 20 && w.aborted > 0 && w.events.halted > 20,
        "reached {} aborted {} {:?}",
        w.reached,
        w.aborted,
        w.events
    );
    let mut e = Nav2WorldOnly::new();
    bt_perf::run(&mut e, 60_000);
    assert_ne!(e.checksum(), end);
}
