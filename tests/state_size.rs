//! Tree state in bytes: a literal argument (a count or a duration) is a type-level constant and
//! takes no space in the tree; only the state a node must keep between ticks does.

use bt::{ManualClock, Status, bt};
use core::time::Duration;

fn ok(_: &mut ManualClock) -> Status {
    Status::Success
}

#[test]
fn a_duration_literal_adds_no_bytes() {
    let limit = Duration::from_secs(2);
    // The limit written as a literal is a constant: the node keeps only its start time.
    let literal = bt! { timeout(2s)<ok> };
    let runtime = bt! { timeout(limit)<ok> };
    let leaf = bt! { ok };
    let start = size_of::<Option<Duration>>();
    assert_eq!(size_of_val(&literal), size_of_val(&leaf).next_multiple_of(8) + start);
    assert_eq!(size_of_val(&runtime), size_of_val(&literal) + size_of::<Duration>());
    // The same for the other time-based decorators, and for fractional literals.
    let delay = bt! { delay(1.5s)<ok> };
    let cooldown = bt! { cooldown(250ms)<ok> };
    assert_eq!(size_of_val(&delay), size_of_val(&literal));
    assert_eq!(size_of_val(&cooldown), size_of_val(&literal));
    let delay_rt = bt! { delay(limit)<ok> };
    let cooldown_rt = bt! { cooldown(limit)<ok> };
    assert_eq!(size_of_val(&delay_rt), size_of_val(&delay) + size_of::<Duration>());
    assert_eq!(size_of_val(&cooldown_rt), size_of_val(&cooldown) + size_of::<Duration>());
}

#[test]
fn a_repeat_forever_keeps_one_flag() {
    let leaf = bt! { ok };
    let forever = bt! { repeat<ok> };
    assert_eq!(size_of_val(&forever), size_of_val(&leaf) + 1);
}
