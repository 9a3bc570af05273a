//! Ticks one async leaf many times while its future waits, so that instruction counts can be
//! compared under callgrind: `scripts/async_overhead.sh` runs it and prints the figures.
//!
//! ```text
//! cargo run --release --example async_overhead -- closure 100000
//! ```
//!
//! * `closure`: a closure leaf returning `Running`, the baseline;
//! * `unpin`: `async_action_unpin` over a future that stays pending without waking (a poll, the
//!   waker's record read);
//! * `boxed`: `async_action` over an `async` block awaiting that future (the same, through the
//!   `Box` and the block's state machine);
//! * `when_woken`: `unpin` with `polled_when_woken`: the future is not polled at all;
//! * `woken`: `unpin` over a future that wakes its waker on every poll (the record is set and
//!   cleared on every tick);
//! * `noop`: `unpin` with `with_noop_waker`, which records nothing (the waker without `alloc`).
use std::hint::black_box;
use std::pin::Pin;
use std::task::{Context, Poll};

use bt::{Node, Status, action, async_action, async_action_unpin};

/// Pending forever; wakes its waker on every poll if `wakes`.
struct Waiting {
    wakes: bool,
}

impl Future for Waiting {
    type Output = Status;
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Status> {
        if self.wakes {
            cx.waker().wake_by_ref();
        }
        Poll::Pending
    }
}

#[inline(never)]
fn run_ticks<N: Node<u32>>(mut leaf: N, ticks: u32) -> u32 {
    let mut ctx = 0u32;
    // The leaf's active state, which a parent would hold.
    let mut active = N::Active::default();
    let mut running = 0;
    for _ in 0..ticks {
        running += u32::from(
            black_box(&mut leaf).tick(black_box(&mut active), black_box(&mut ctx)) == Status::Running,
        );
    }
    running
}

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or_else(|| "unpin".into());
    let ticks: u32 = args.next().and_then(|t| t.parse().ok()).unwrap_or(100_000);
    let waiting = |wakes| move |_: &mut u32| Waiting { wakes };
    let running = match kind.as_str() {
        "closure" => run_ticks(action(|_: &mut u32| Status::Running), ticks),
        "unpin" => run_ticks(async_action_unpin(waiting(false)), ticks),
        // The `async` block is what is measured: the state machine of an `async` block, boxed.
        #[allow(clippy::redundant_async_block)]
        "boxed" => run_ticks(async_action(|_: &mut u32| async { Waiting { wakes: false }.await }), ticks),
        "when_woken" => run_ticks(async_action_unpin(waiting(false)).polled_when_woken(), ticks),
        "woken" => run_ticks(async_action_unpin(waiting(true)), ticks),
        "noop" => run_ticks(async_action_unpin(waiting(false)).with_noop_waker(), ticks),
        other => {
            eprintln!("unknown kind `{other}`: closure, unpin, boxed, when_woken, woken or noop");
            std::process::exit(2);
        }
    };
    assert_eq!(running, ticks);
    println!("{kind}: {ticks} ticks, all Running");
}
