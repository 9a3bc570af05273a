//! Polling an async action allocates nothing: after its start (which boxes the future, for
//! `async_action`), every tick polls it under a counting global allocator that must count zero
//! allocations — for a future polled in place that awaits a tokio channel and wakes itself, and
//! for the handle of a task running on tokio's threads.
//!
//! The allocator (`bt_perf::CountingAlloc`) counts only the allocations of the thread inside
//! `count(…)`, so tokio's worker threads and the test harness do not disturb the figure.

use std::pin::Pin;
use std::task::{Context, Poll};

use bt::{Status, async_action, bt, spawn_action};
use bt_perf::CountingAlloc;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc::new();

const TICKS: u32 = 100_000;

/// Pending once, after waking its waker: a future that yields to the tree for one tick.
struct YieldOnce(bool);

impl Future for YieldOnce {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.0 {
            return Poll::Ready(());
        }
        self.0 = true;
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

struct Robot {
    reply: Option<oneshot::Receiver<u32>>,
    steps: u32,
}

#[test]
fn the_counter_sees_allocations() {
    let (b, n) = ALLOC.count(|| Box::pin(async {}));
    drop(b);
    assert!(n >= 1, "a Box allocation was not counted");
}

#[test]
fn polling_a_future_in_place_allocates_nothing() {
    let mut tree = bt! {
        Robot => { async_action(|r: &mut Robot| {
            let reply = r.reply.take().expect("a request is pending");
            let steps = r.steps;
            async move {
                for _ in 0..steps {
                    YieldOnce(false).await;
                }
                // Then wait on a channel, keeping a clone of the waker in it.
                reply.await.map(|n| n == 42)
            }
        }) }
    };
    let (tx, rx) = oneshot::channel();
    let mut robot = Robot { reply: Some(rx), steps: TICKS / 2 };
    // The start allocates the future's box.
    assert_eq!(tree.tick(&mut robot), Status::Running);
    let (running, allocations) = ALLOC.count(|| {
        let mut running = 0;
        for _ in 0..TICKS {
            running += u32::from(tree.tick(&mut robot) == Status::Running);
        }
        running
    });
    assert_eq!(allocations, 0, "polling the future allocated");
    assert_eq!(running, TICKS, "the future resolved early");
    tx.send(42).unwrap();
    let (status, allocations) = ALLOC.count(|| tree.tick(&mut robot));
    assert_eq!(status, Status::Success);
    assert_eq!(allocations, 0, "the last poll allocated");
}

#[test]
fn polling_a_tokio_task_handle_allocates_nothing() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).build().unwrap();
    let (tx, rx) = oneshot::channel::<()>();
    let mut rx = Some(rx);
    let mut tree = bt! {
        () => { spawn_action(
            |_: &mut ()| {
                let rx = rx.take().expect("started once");
                rt.spawn(async move { rx.await.is_ok() })
            },
            |task: &mut JoinHandle<bool>| task.abort(),
        ) }
    };
    // The start spawns the task, which allocates it.
    assert_eq!(tree.tick(&mut ()), Status::Running);
    let (running, allocations) = ALLOC.count(|| {
        let mut running = 0;
        for _ in 0..TICKS / 10 {
            running += u32::from(tree.tick(&mut ()) == Status::Running);
        }
        running
    });
    assert_eq!(allocations, 0, "polling the handle allocated");
    assert_eq!(running, TICKS / 10);
    tx.send(()).unwrap();
    let status = (0..10_000)
        .map(|_| {
            std::thread::sleep(std::time::Duration::from_micros(100));
            tree.tick(&mut ())
        })
        .find(|s| *s != Status::Running);
    assert_eq!(status, Some(Status::Success));
}
