//! Variant (c): the drone's tree built from `Box<dyn Node>` nodes with `Vec` children, over the
//! same leaves.

use core::time::Duration;

use super::world::{
    Arm, Charge, Drone, FlyHome, FlyLeg, Gust, Hover, Land, LinkLost, LowBattery, Photo, Reconnect,
    Stabilize, TakeOff, Telemetry,
};
use crate::dynbt::{
    BoxNode, Parallel, Reactive, Repeat, Retry, Selector, Sequence, Timed, TimedKind, action, boxed,
    condition,
};
use crate::dynkinds::RateController;

fn timed(kind: TimedKind, d: Duration, child: BoxNode<Drone>) -> BoxNode<Drone> {
    boxed(Timed::new(kind, d, child))
}

fn ms(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

/// The tree of [`super::DroneBrain`], boxed.
pub fn tree() -> BoxNode<Drone> {
    use TimedKind::{Cooldown, Delay, Timeout};
    boxed(Reactive::selector(vec![
        boxed(Reactive::sequence(vec![
            condition(LinkLost),
            boxed(Selector::new(vec![timed(Timeout, ms(3000), action(Reconnect)), action(Hover)])),
        ])),
        boxed(Reactive::sequence(vec![
            condition(Gust),
            timed(Cooldown, ms(4000), timed(Timeout, ms(2000), action(Stabilize))),
        ])),
        boxed(Reactive::sequence(vec![
            condition(LowBattery),
            boxed(Sequence::new(vec![
                boxed(Retry::new(2, timed(Timeout, ms(30_000), action(FlyHome)))),
                timed(Delay, ms(1000), action(Land)),
                action(Charge),
            ])),
        ])),
        boxed(Parallel::new(
            1,
            vec![
                boxed(Sequence::new(vec![
                    boxed(Retry::new(3, timed(Timeout, ms(6000), action(TakeOff)))),
                    timed(Delay, ms(500), action(Arm)),
                    boxed(Repeat::new(
                        Some(3),
                        boxed(Sequence::new(vec![
                            timed(Timeout, ms(10_000), action(FlyLeg)),
                            timed(Delay, ms(300), action(Photo)),
                        ])),
                    )),
                    timed(Timeout, ms(40_000), action(FlyHome)),
                    timed(Delay, ms(1000), action(Land)),
                ])),
                boxed(Repeat::new(None, boxed(RateController::new(2.0, action(Telemetry))))),
            ],
        )),
    ]))
}
