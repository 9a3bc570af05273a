//! A survey drone whose decisions are mostly about time: timeouts on every manoeuvre, waits
//! before arming, photographing and landing, a cooldown between two stabilizations, retries and a
//! rate-limited telemetry stream, with time from the context's clock.
//!
//! ```text
//! reactive_selector<
//!     reactive_sequence<LinkLost, selector<timeout(3s)<Reconnect>, Hover>>,       link first
//!     reactive_sequence<Gust, cooldown(4s)<timeout(2s)<Stabilize>>>,              then gusts
//!     reactive_sequence<LowBattery, sequence<                                     then the battery
//!         retry(2)<timeout(30s)<FlyHome>>, delay(1s)<Land>, Charge>>,
//!     parallel(1)<                                                                then the survey
//!         sequence<
//!             retry(3)<timeout(6s)<TakeOff>>,
//!             delay(500ms)<Arm>,
//!             repeat(3)<sequence<timeout(10s)<FlyLeg>, delay(300ms)<Photo>>>,
//!             timeout(40s)<FlyHome>,
//!             delay(1s)<Land>,
//!         >,
//!         repeat<rate_controller(2.0)<Telemetry>>,                                telemetry at 2 Hz
//!     >,
//! >
//! ```
//!
//! * (a) [`DroneBt`]: that tree, written with `bt!` ([`DroneBrain`]);
//! * (b) [`DroneHand`]: a state machine written by hand for this drone ([`hand`]);
//! * (c) [`DroneDyn`]: the same tree from `Box<dyn>` nodes ([`dyn_tree`]);
//! * (e) [`DroneWorldOnly`]: the world alone.

pub mod dyn_tree;
pub mod hand;
pub mod world;

use bt::bt;
use world::{
    Arm, Charge, Drone, FlyHome, FlyLeg, Gust, Hover, Land, LinkLost, LowBattery, Photo, Reconnect,
    Stabilize, TakeOff, Telemetry,
};

bt! {
    /// The drone's sortie (see the module docs).
    pub struct DroneBrain for Drone {
        reactive_selector<
            reactive_sequence<LinkLost, selector<timeout(3s)<Reconnect>, Hover>>,
            reactive_sequence<Gust, cooldown(4s)<timeout(2s)<Stabilize>>>,
            reactive_sequence<LowBattery, sequence<
                retry(2)<timeout(30s)<FlyHome>>,
                delay(1s)<Land>,
                Charge,
            >>,
            parallel(1)<
                sequence<
                    retry(3)<timeout(6s)<TakeOff>>,
                    delay(500ms)<Arm>,
                    repeat(3)<sequence<timeout(10s)<FlyLeg>, delay(300ms)<Photo>>>,
                    timeout(40s)<FlyHome>,
                    delay(1s)<Land>,
                >,
                repeat<rate_controller(2.0)<Telemetry>>,
            >,
        >
    }
}

crate::tree_variant!(
    /// Variant (a): the `bt!` tree.
    DroneBt, "bt", Drone, DroneBrain, DroneBrain::new(), |b, r| b.tick(r)
);
crate::tree_variant!(
    /// Variant (b): the hand-written state machine.
    DroneHand, "hand", Drone, hand::HandDrone, hand::HandDrone::new(), |b, r| b.tick(r)
);
crate::tree_variant!(
    /// Variant (c): `Box<dyn>` nodes.
    DroneDyn, "dyn", Drone, crate::dynbt::BoxNode<Drone>, dyn_tree::tree(), |b, r| b.update(r)
);
crate::world_only!(
    /// Variant (e): the world alone, no decisions.
    DroneWorldOnly, Drone
);
