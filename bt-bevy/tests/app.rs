//! The feature `app`: a `bevy_app` app with `bevy_time`'s `Time` as the trees' clock.

use std::time::Duration;

use bevy_ecs::message::MessageCursor;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use bevy_time::Time;
use bt::{Action, Change, Status};
use bt_bevy::{Brain, StatusMessages, TreeChanged, TreeCtx, TreePlugin};

#[derive(Component, Default)]
struct Waited(u32);

#[derive(QueryData)]
#[query_data(mutable)]
struct Waiter {
    waited: &'static mut Waited,
}

/// Runs for ever, counting its ticks.
struct Wait;
impl Action<TreeCtx<'_, '_, '_, Waiter>> for Wait {
    fn execute(&mut self, c: &mut TreeCtx<'_, '_, '_, Waiter>) -> Status {
        c.waited.0 += 1;
        Status::Running
    }
}

bt_bevy::brain! {
    struct Patient for Waiter {
        timeout(1s)<Wait>
    }
}

#[test]
fn an_app_ticks_with_bevy_time() {
    // The app's first update is at time zero, and each one after it 100 ms later.
    let mut app = bt_bevy::headless_app(Duration::from_millis(100));
    app.add_plugins(TreePlugin::<Patient>::new().with_clock::<Time>().for_app());
    let e =
        app.world_mut().spawn((Brain::new(Patient::new()), Waited::default(), StatusMessages::new())).id();

    let mut cursor = MessageCursor::<TreeChanged>::default();
    let mut failed_at = Vec::new();
    for update in 0..25 {
        app.update();
        let messages = app.world().resource::<Messages<TreeChanged>>();
        for m in cursor.read(messages) {
            if m.change == (Change::Ticked { node: 0, previous: Some(Status::Running), new: Status::Failure })
            {
                failed_at.push(update);
            }
        }
    }
    // Started at time zero, the timeout fails at 1 s (update 10), starts again on the next update
    // (1.1 s) and fails at 2.1 s (update 21).
    assert_eq!(failed_at, [10, 21]);
    assert_eq!(app.world().get::<Waited>(e).unwrap().0, 23);
}
