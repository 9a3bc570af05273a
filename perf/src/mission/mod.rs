//! A robot mission of 53 nodes, decided three ways over the same world: the tree that exercises
//! every kind of node the two other benchmark trees do not (reactive composites, a guard,
//! timeouts, delays, a cooldown, retries, both kinds of repeat, both parallels), with time from
//! the context's clock.
//!
//! ```text
//! reactive_selector<
//!     reactive_sequence<EStop, Brake>,                                   e-stop first
//!     reactive_sequence<NeedsCharge, selector<                           then the battery
//!         sequence<AtDock, Charge>,
//!         retry(3)<timeout(20s)<sequence<DriveTo::<DOCK>, Dock>>>,
//!     >>,
//!     guard(SystemsOk)<parallel(1)<                                      then the mission
//!         sequence<
//!             retry(2)<timeout(8s)<DriveTo::<WP_A>>>,
//!             reactive_sequence<PathClear, delay(1s)<Settle>>,
//!             repeat(2)<sequence<Pick, Place>>,
//!             retry(2)<timeout(8s)<DriveTo::<WP_B>>>,
//!             reactive_sequence<PathClear, delay(500ms)<Settle>>,
//!             repeat(2)<sequence<Pick, Place>>,
//!             retry(2)<timeout(8s)<DriveTo::<WP_C>>>,
//!         >,
//!         repeat<parallel_all(max_failures = 2)<                            perception, alongside
//!             sequence<SensorReady, Scan>,
//!             cooldown(3s)<Report>,
//!             repeat(3)<Blink>,
//!         >>,
//!     >>,
//!     Idle,                                                              or wait
//! >
//! ```
//!
//! * (a) [`MissionBt`]: that tree, written with `bt!` ([`MissionBrain`]);
//! * (b) [`MissionHand`]: a state machine written by hand for this mission ([`hand`]), with the
//!   state a programmer would keep (which branch runs, which leg, one timer per branch);
//! * (c) [`MissionDyn`]: the same tree from `Box<dyn>` nodes ([`dyn_tree`]);
//! * (g) [`MissionLoaded`]: the same tree loaded when the program runs from BehaviorTree.CPP XML
//!   (`mission.xml`) over the same leaves ([`registry`]);
//! * (e) [`MissionWorldOnly`]: the world alone.
//!
//! All of them call the same leaves ([`world`]) and fold every action's enter and exit and every
//! root status into the world's log, so equal checksums mean equal decisions, tick by tick.

pub mod dyn_tree;
pub mod hand;
pub mod registry;
pub mod world;

use bt::bt;
use world::{
    AtDock, Blink, Brake, Charge, DOCK, Dock, DriveTo, EStop, Idle, NeedsCharge, PathClear, Pick, Place,
    Report, Robot, Scan, SensorReady, Settle, SystemsOk, WP_A, WP_B, WP_C,
};

bt! {
    /// The robot's mission (see the module docs).
    pub struct MissionBrain for Robot {
        reactive_selector<
            reactive_sequence<EStop, Brake>,
            reactive_sequence<NeedsCharge, selector<
                sequence<AtDock, Charge>,
                retry(3)<timeout(20s)<sequence<DriveTo::<DOCK>, Dock>>>,
            >>,
            guard(SystemsOk)<parallel(1)<
                sequence<
                    retry(2)<timeout(8s)<DriveTo::<WP_A>>>,
                    reactive_sequence<PathClear, delay(1s)<Settle>>,
                    repeat(2)<sequence<Pick, Place>>,
                    retry(2)<timeout(8s)<DriveTo::<WP_B>>>,
                    reactive_sequence<PathClear, delay(500ms)<Settle>>,
                    repeat(2)<sequence<Pick, Place>>,
                    retry(2)<timeout(8s)<DriveTo::<WP_C>>>,
                >,
                repeat<parallel_all(max_failures = 2)<
                    sequence<SensorReady, Scan>,
                    cooldown(3s)<Report>,
                    repeat(3)<Blink>,
                >>,
            >>,
            Idle,
        >
    }
}

macro_rules! variant {
    ($(#[$doc:meta])* $name:ident, $short:literal, $brain:ty, $make:expr, |$b:ident, $r:ident| $tick:expr) => {
        $(#[$doc])*
        pub struct $name {
            robot: Robot,
            brain: $brain,
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl $name {
            /// The robot at the dock, and its brain.
            pub fn new() -> Self {
                $name { robot: Robot::new(), brain: $make }
            }

            /// The robot.
            pub fn robot(&self) -> &Robot {
                &self.robot
            }

            /// The brain (its size is the tree's state).
            pub fn brain(&self) -> &$brain {
                &self.brain
            }
        }

        impl crate::Variant for $name {
            const NAME: &'static str = $short;
            #[inline(never)]
            fn update_world(&mut self) {
                self.robot.update();
            }
            #[inline(never)]
            fn decide(&mut self) {
                let ($b, $r) = (&mut self.brain, &mut self.robot);
                let status: bt::Status = $tick;
                $r.note(status);
            }
            fn checksum(&self) -> u64 {
                self.robot.checksum()
            }
        }
    };
}

variant!(
    /// Variant (a): the `bt!` tree.
    MissionBt, "bt", MissionBrain, MissionBrain::new(), |b, r| b.tick(r)
);
variant!(
    /// Variant (b): the hand-written state machine.
    MissionHand, "hand", hand::HandMission, hand::HandMission::new(), |b, r| b.tick(r)
);
variant!(
    /// Variant (c): `Box<dyn>` nodes.
    MissionDyn, "dyn", crate::dynbt::BoxNode<Robot>, dyn_tree::tree(), |b, r| b.update(r)
);
variant!(
    /// Variant (g): the tree loaded at run time from `mission.xml`.
    MissionLoaded, "loaded", bt::dynamic::DynTree<'static, Robot>, registry::tree(), |b, r| b.tick(r)
);
/// Variant (e): the world alone, no decisions.
#[derive(Default)]
pub struct MissionWorldOnly {
    robot: Robot,
}

impl MissionWorldOnly {
    /// The robot at the dock; nothing decides.
    pub fn new() -> Self {
        MissionWorldOnly { robot: Robot::new() }
    }
}

impl crate::Variant for MissionWorldOnly {
    const NAME: &'static str = "world";
    #[inline(never)]
    fn update_world(&mut self) {
        self.robot.update();
    }
    #[inline(never)]
    fn decide(&mut self) {}
    fn checksum(&self) -> u64 {
        self.robot.checksum()
    }
}
