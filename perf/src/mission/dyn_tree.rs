//! Variant (c): the mission built from `Box<dyn Node>` nodes with `Vec` children, over the same
//! leaves.

use core::time::Duration;

use super::world::{
    AtDock, Blink, Brake, Charge, DOCK, Dock, DriveTo, EStop, Idle, NeedsCharge, PathClear, Pick, Place,
    Report, Robot, Scan, SensorReady, Settle, SystemsOk, WP_A, WP_B, WP_C,
};
use crate::dynbt::{
    BoxNode, Guard, Parallel, ParallelAll, Reactive, Repeat, Retry, Selector, Sequence, Timed, TimedKind,
    action, boxed, condition,
};

fn timed(kind: TimedKind, d: Duration, child: BoxNode<Robot>) -> BoxNode<Robot> {
    boxed(Timed::new(kind, d, child))
}

fn leg<const TO: i32>() -> BoxNode<Robot> {
    boxed(Retry::new(2, timed(TimedKind::Timeout, Duration::from_secs(8), action(DriveTo::<TO>))))
}

fn settle(wait: Duration) -> BoxNode<Robot> {
    boxed(Reactive::sequence(vec![condition(PathClear), timed(TimedKind::Delay, wait, action(Settle))]))
}

fn work() -> BoxNode<Robot> {
    boxed(Repeat::new(Some(2), boxed(Sequence::new(vec![action(Pick), action(Place)]))))
}

/// The mission tree of [`super::MissionBrain`], boxed.
pub fn tree() -> BoxNode<Robot> {
    boxed(Reactive::selector(vec![
        boxed(Reactive::sequence(vec![condition(EStop), action(Brake)])),
        boxed(Reactive::sequence(vec![
            condition(NeedsCharge),
            boxed(Selector::new(vec![
                boxed(Sequence::new(vec![condition(AtDock), action(Charge)])),
                boxed(Retry::new(
                    3,
                    timed(
                        TimedKind::Timeout,
                        Duration::from_secs(20),
                        boxed(Sequence::new(vec![action(DriveTo::<DOCK>), action(Dock)])),
                    ),
                )),
            ])),
        ])),
        boxed(Guard::new(
            Box::new(SystemsOk),
            boxed(Parallel::new(
                1,
                vec![
                    boxed(Sequence::new(vec![
                        leg::<WP_A>(),
                        settle(Duration::from_secs(1)),
                        work(),
                        leg::<WP_B>(),
                        settle(Duration::from_millis(500)),
                        work(),
                        leg::<WP_C>(),
                    ])),
                    boxed(Repeat::new(
                        None,
                        boxed(ParallelAll::new(
                            2,
                            vec![
                                boxed(Sequence::new(vec![condition(SensorReady), action(Scan)])),
                                timed(TimedKind::Cooldown, Duration::from_secs(3), action(Report)),
                                boxed(Repeat::new(Some(3), action(Blink))),
                            ],
                        )),
                    )),
                ],
            )),
        )),
        action(Idle),
    ]))
}
