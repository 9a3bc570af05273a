//! Async actions (`bt::AsyncAction`) under a real runtime (tokio): the future is started on
//! entry, polled once per tick, resolves to a status, and is dropped — cancelled — when halted,
//! in place and on tokio's own threads.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use bt::{AsyncAction, Node, StartFuture, Status, async_action, async_action_unpin, bt, spawn_action};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Sets its flag when dropped: proves that a future was dropped.
struct DropFlag(Arc<AtomicBool>);

impl Drop for DropFlag {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// The shared record of one piece of async work.
#[derive(Clone, Default)]
struct Probe {
    started: Arc<AtomicU32>,
    dropped: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
}

impl Probe {
    fn started(&self) -> u32 {
        self.started.load(Ordering::SeqCst)
    }
    fn dropped(&self) -> bool {
        self.dropped.load(Ordering::SeqCst)
    }
    fn done(&self) -> bool {
        self.done.load(Ordering::SeqCst)
    }

    /// Waits `d` on tokio's timer, then marks the work done and succeeds.
    fn timed_work(&self, d: Duration) -> impl Future<Output = Status> + Send + use<> {
        self.started.fetch_add(1, Ordering::SeqCst);
        let (flag, done) = (DropFlag(self.dropped.clone()), self.done.clone());
        async move {
            let _flag = flag;
            tokio::time::sleep(d).await;
            done.store(true, Ordering::SeqCst);
            Status::Success
        }
    }
}

struct Robot {
    battery: u32,
    probe: Probe,
    goal: Option<oneshot::Receiver<bool>>,
}

impl Robot {
    fn new() -> Self {
        Robot { battery: 100, probe: Probe::default(), goal: None }
    }
}

/// Lets tokio's other tasks (and, with paused time, its timers) run.
async fn settle() {
    for _ in 0..10 {
        tokio::task::yield_now().await;
    }
}

#[tokio::test(start_paused = true)]
async fn a_timer_future_runs_over_ticks_and_succeeds() {
    let mut tree = bt! {
        Robot => { async_action(|r: &mut Robot| r.probe.timed_work(Duration::from_millis(100))) }
    };
    let mut robot = Robot::new();
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert_eq!(robot.probe.started(), 1, "started on the first tick");
    tokio::time::advance(Duration::from_millis(60)).await;
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert_eq!(robot.probe.started(), 1, "started once per activation");
    tokio::time::advance(Duration::from_millis(60)).await;
    assert_eq!(tree.tick(&mut robot), Status::Success);
    assert!(robot.probe.done());
    assert!(robot.probe.dropped(), "a resolved future is dropped in the tick it resolves");
    // A new activation starts a new future.
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert_eq!(robot.probe.started(), 2);
}

#[tokio::test(start_paused = true)]
async fn halted_half_way_the_future_is_dropped_and_no_work_continues() {
    let mut tree = bt! {
        Robot => reactive_sequence<
            { |r: &Robot| r.battery > 20 },
            { async_action(|r: &mut Robot| r.probe.timed_work(Duration::from_millis(100))) },
        >
    };
    let mut robot = Robot::new();
    assert_eq!(tree.tick(&mut robot), Status::Running);
    tokio::time::advance(Duration::from_millis(50)).await;
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert!(!robot.probe.dropped());

    // Half-way, the battery condition fails: the reactive sequence halts the action.
    robot.battery = 10;
    assert_eq!(tree.tick(&mut robot), Status::Failure);
    assert!(robot.probe.dropped(), "halting the action dropped its future");

    // Long after the timer would have fired, the work never completed.
    tokio::time::advance(Duration::from_secs(10)).await;
    settle().await;
    assert!(!robot.probe.done(), "work went on after the halt");
    assert_eq!(robot.probe.started(), 1);
}

#[tokio::test]
async fn a_channel_future_sees_the_reply_on_the_next_tick() {
    let mut tree = bt! {
        Robot => { async_action(|r: &mut Robot| {
            let reply = r.goal.take().expect("a goal was sent");
            async move { reply.await.unwrap_or(false) }
        }) }
    };
    let mut robot = Robot::new();
    let (tx, rx) = oneshot::channel();
    robot.goal = Some(rx);
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert_eq!(tree.tick(&mut robot), Status::Running);
    tx.send(true).unwrap();
    assert_eq!(tree.tick(&mut robot), Status::Success);

    // Halted while waiting: the receiver is dropped, and the sender sees the channel closed.
    let (tx, rx) = oneshot::channel::<bool>();
    robot.goal = Some(rx);
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert!(!tx.is_closed());
    tree.halt(&mut robot);
    assert!(tx.is_closed(), "the halted future still held its receiver");
}

type Task = JoinHandle<Status>;

/// The task runs on tokio's scheduler (here the test's own thread, with tokio's clock paused so
/// that the timings are exact): the tree only polls its handle.
#[tokio::test(start_paused = true)]
async fn a_spawned_task_is_aborted_when_halted() {
    let mut tree = bt! {
        Robot => reactive_sequence<
            { |r: &Robot| r.battery > 20 },
            { spawn_action(
                |r: &mut Robot| tokio::spawn(r.probe.timed_work(Duration::from_millis(100))),
                |task: &mut Task| task.abort(),
            ) },
        >
    };
    let mut robot = Robot::new();
    assert_eq!(tree.tick(&mut robot), Status::Running);
    settle().await;
    tokio::time::advance(Duration::from_millis(50)).await;
    settle().await;
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert!(!robot.probe.dropped(), "the task was dropped before the halt");
    robot.battery = 10;
    assert_eq!(tree.tick(&mut robot), Status::Failure);
    settle().await;
    assert!(robot.probe.dropped(), "the aborted task's future was not dropped");
    tokio::time::advance(Duration::from_secs(10)).await;
    settle().await;
    assert!(!robot.probe.done(), "the task went on after the halt");
    assert_eq!(robot.probe.started(), 1);
}

/// Without the abort, a tokio task outlives its dropped handle: what `Spawned` is for.
#[tokio::test(start_paused = true)]
async fn without_the_abort_a_tokio_task_would_go_on() {
    let mut tree = bt! {
        Robot => { spawn_action(
            |r: &mut Robot| tokio::spawn(r.probe.timed_work(Duration::from_millis(100))),
            |_: &mut Task| {},
        ) }
    };
    let mut robot = Robot::new();
    assert_eq!(tree.tick(&mut robot), Status::Running);
    settle().await;
    tree.halt(&mut robot);
    tokio::time::advance(Duration::from_secs(1)).await;
    settle().await;
    assert!(robot.probe.done(), "the detached task was expected to finish");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spawned_task_runs_to_its_status() {
    let mut tree = bt! {
        Robot => { spawn_action(
            |r: &mut Robot| tokio::spawn(r.probe.timed_work(Duration::from_millis(30))),
            |task: &mut Task| task.abort(),
        ) }
    };
    let mut robot = Robot::new();
    let mut ticks = 0;
    let status = loop {
        ticks += 1;
        match tree.tick(&mut robot) {
            Status::Running if ticks < 1000 => tokio::time::sleep(Duration::from_millis(2)).await,
            s => break s,
        }
    };
    assert_eq!(status, Status::Success);
    assert!(ticks > 1, "the task ran over several ticks");
    assert!(robot.probe.done());
}

#[tokio::test(start_paused = true)]
async fn dropping_the_tree_aborts_a_spawned_task() {
    let mut robot = Robot::new();
    {
        let mut tree = bt! {
            Robot => { spawn_action(
                |r: &mut Robot| tokio::spawn(r.probe.timed_work(Duration::from_millis(100))),
                |task: &mut Task| task.abort(),
            ) }
        };
        assert_eq!(tree.tick(&mut robot), Status::Running);
        settle().await;
        assert!(!robot.probe.dropped());
    }
    settle().await;
    assert!(robot.probe.dropped());
    tokio::time::advance(Duration::from_secs(10)).await;
    settle().await;
    assert!(!robot.probe.done());
}

#[test]
fn a_panicking_task_fails_the_action() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).build().unwrap();
    let mut tree = bt! {
        () => { spawn_action(
            |_: &mut ()| rt.spawn(async { panic!("the task failed") }),
            |task: &mut Task| task.abort(),
        ) }
    };
    let status = (0..1000)
        .map(|_| {
            std::thread::sleep(Duration::from_millis(1));
            tree.tick(&mut ())
        })
        .find(|s| *s != Status::Running);
    assert_eq!(status, Some(Status::Failure));
}

/// A future that is ready after `n` polls, counting them, and wakes its waker only when told.
struct Polls {
    left: u32,
    polls: Arc<AtomicU32>,
}

impl Future for Polls {
    type Output = Status;
    fn poll(mut self: std::pin::Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Status> {
        self.polls.fetch_add(1, Ordering::SeqCst);
        self.left = self.left.saturating_sub(1);
        if self.left == 0 { Poll::Ready(Status::Success) } else { Poll::Pending }
    }
}

#[test]
fn the_waker_records_wake_ups_and_polled_when_woken_skips_the_others() {
    let polls = Arc::new(AtomicU32::new(0));
    let p = polls.clone();
    let mut leaf =
        async_action_unpin(move |_: &mut ()| Polls { left: 3, polls: p.clone() }).polled_when_woken();
    let mut active = Default::default();
    assert_eq!(leaf.tick(&mut active, &mut ()), Status::Running);
    assert_eq!(polls.load(Ordering::SeqCst), 1, "the first poll always happens");
    assert!(!leaf.woken());
    // Not woken: ticks do not poll.
    assert_eq!(leaf.tick(&mut active, &mut ()), Status::Running);
    assert_eq!(leaf.tick(&mut active, &mut ()), Status::Running);
    assert_eq!(polls.load(Ordering::SeqCst), 1);
    // A wake-up (from anywhere: here, a clone of the waker on another thread) is recorded.
    let waker = leaf.waker().clone();
    std::thread::spawn(move || waker.wake()).join().unwrap();
    assert!(leaf.woken());
    assert_eq!(leaf.tick(&mut active, &mut ()), Status::Running);
    assert_eq!(polls.load(Ordering::SeqCst), 2);
    assert!(!leaf.woken(), "polling clears the record");
    leaf.waker().wake_by_ref();
    assert_eq!(leaf.tick(&mut active, &mut ()), Status::Success);
    assert_eq!(polls.load(Ordering::SeqCst), 3);
}

#[test]
fn a_noop_waker_records_nothing_so_every_tick_polls() {
    let polls = Arc::new(AtomicU32::new(0));
    let p = polls.clone();
    let mut leaf = async_action_unpin(move |_: &mut ()| Polls { left: 3, polls: p.clone() })
        .polled_when_woken()
        .with_noop_waker();
    assert!(leaf.woken(), "a waker that records nothing always answers woken");
    let mut active = Default::default();
    assert_eq!(leaf.tick(&mut active, &mut ()), Status::Running);
    assert!(leaf.woken());
    assert_eq!(leaf.tick(&mut active, &mut ()), Status::Running);
    assert_eq!(leaf.tick(&mut active, &mut ()), Status::Success);
    assert_eq!(polls.load(Ordering::SeqCst), 3, "a tick did not poll");
}

#[test]
fn the_wake_signal_says_whether_it_records() {
    let signal = bt::future::WakeSignal::new();
    assert!(signal.records());
    assert!(signal.take(), "a new signal asks for a first poll");
    assert!(!signal.take());
    signal.waker().wake_by_ref();
    assert!(signal.woken());
    assert!(signal.take());
    assert!(!signal.woken());
    signal.set();
    assert!(signal.take());
    let noop = bt::future::WakeSignal::noop();
    assert!(!noop.records());
    noop.waker().wake_by_ref();
    assert!(noop.take() && noop.take() && noop.woken());
}

#[test]
fn by_default_every_tick_polls() {
    let polls = Arc::new(AtomicU32::new(0));
    let p = polls.clone();
    let mut leaf = async_action_unpin(move |_: &mut ()| Polls { left: 3, polls: p.clone() });
    let mut active = Default::default();
    assert_eq!(leaf.tick(&mut active, &mut ()), Status::Running);
    assert_eq!(leaf.tick(&mut active, &mut ()), Status::Running);
    assert_eq!(leaf.tick(&mut active, &mut ()), Status::Success);
    assert_eq!(polls.load(Ordering::SeqCst), 3);
}

#[test]
fn outputs_become_statuses() {
    fn run<T: bt::IntoStatus + Clone + 'static>(out: T) -> Status {
        let mut leaf = async_action(move |_: &mut ()| {
            let out = out.clone();
            async move { out }
        });
        let mut active = Default::default();
        leaf.tick(&mut active, &mut ())
    }
    assert_eq!(run(()), Status::Success);
    assert_eq!(run(true), Status::Success);
    assert_eq!(run(false), Status::Failure);
    assert_eq!(run(Status::Failure), Status::Failure);
    assert_eq!(run(Ok::<_, ()>(Status::Success)), Status::Success);
    assert_eq!(run(Err::<Status, _>("no")), Status::Failure);
    assert_eq!(run(Ok::<Result<(), ()>, ()>(Err(()))), Status::Failure);
}

#[test]
fn an_output_of_running_starts_a_new_future_on_the_next_tick() {
    let mut starts = 0u32;
    let mut leaf = async_action(|n: &mut u32| {
        *n += 1;
        let n = *n;
        async move { if n < 3 { Status::Running } else { Status::Success } }
    });
    let mut active = Default::default();
    assert_eq!(leaf.tick(&mut active, &mut starts), Status::Running);
    assert_eq!(leaf.tick(&mut active, &mut starts), Status::Running);
    assert_eq!(leaf.tick(&mut active, &mut starts), Status::Success);
    assert_eq!(starts, 3);
}

// ---- A named tree: the leaf's type is written out, so it is a type of the user's. ----

/// Drives to a goal: a task on tokio, aborted when halted.
struct Navigate {
    goal: u32,
}

type NavTask = bt::Spawned<JoinHandle<Status>, fn(&mut JoinHandle<Status>)>;

impl StartFuture<Robot> for Navigate {
    type Future = NavTask;
    fn start(&mut self, r: &mut Robot) -> NavTask {
        let work = r.probe.timed_work(Duration::from_millis(u64::from(self.goal)));
        bt::Spawned::new(tokio::spawn(work), |task| task.abort())
    }
}

impl bt::Leaf<Robot> for Navigate {
    type Node = AsyncAction<Navigate, NavTask>;
    type InBlock = Self::Node;
    fn into_node(self) -> Self::Node {
        AsyncAction::new(self)
    }
}

struct BatteryOk;

impl bt::Condition<Robot> for BatteryOk {
    fn check(&mut self, r: &Robot) -> bool {
        r.battery > 20
    }
}

bt! {
    /// Drives while the battery lasts.
    struct Mission(goal: u32) for Robot {
        reactive_sequence<BatteryOk, Navigate { goal }>
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_named_tree_holds_an_async_leaf() {
    let mut tree = Mission::new(10_000);
    let mut robot = Robot::new();
    assert_eq!(tree.tick(&mut robot), Status::Running);
    robot.battery = 5;
    assert_eq!(tree.tick(&mut robot), Status::Failure);
    for _ in 0..200 {
        if robot.probe.dropped() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(robot.probe.dropped());
    assert!(!robot.probe.done());
    let text = tree.description().text().to_string();
    assert!(text.contains("Navigate"), "{text}");
}

/// Records what the observer is told.
#[derive(Default)]
struct Events(Vec<String>);

impl bt::Observer for Events {
    fn ticked(&mut self, node: bt::NodeId, status: Status) {
        self.0.push(format!("{node}:{status:?}"));
    }
    fn halted(&mut self, node: bt::NodeId) {
        self.0.push(format!("{node}:halted"));
    }
}

#[test]
fn observers_see_the_async_leaf_like_any_leaf() {
    let mut tree = bt! {
        u32 => reactive_sequence<
            { |n: &u32| *n < 3 },
            { async_action(|_: &mut u32| std::future::pending::<Status>()) },
        >
    };
    let d = tree.description();
    assert_eq!(d.len(), 3);
    let label = d.node(2).expect("three nodes").label;
    assert!(label.starts_with("{ async_action("), "{label}");
    let mut events = Events::default();
    let mut n = 0;
    assert_eq!(tree.tick_with(&mut n, &mut events), Status::Running);
    n = 5;
    assert_eq!(tree.tick_with(&mut n, &mut events), Status::Failure);
    assert_eq!(events.0, ["1:Success", "2:Running", "0:Running", "1:Failure", "2:halted", "0:Failure"]);
}

/// The program's waker for a loop that sleeps until some work can progress: unparks the thread.
struct Unpark(std::thread::Thread);

impl std::task::Wake for Unpark {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }
    fn wake_by_ref(self: &Arc<Self>) {
        self.0.unpark();
    }
}

#[test]
fn a_notifying_leaf_wakes_the_program_to_tick_early() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).build().unwrap();
    let notify = std::task::Waker::from(Arc::new(Unpark(std::thread::current())));
    let (tx, rx) = oneshot::channel::<()>();
    let mut rx = Some(rx);
    let mut tree = bt! {
        () => { spawn_action(
            |_: &mut ()| {
                let rx = rx.take().expect("started once");
                rt.spawn(async move { rx.await.is_ok() })
            },
            |task: &mut JoinHandle<bool>| task.abort(),
        ).polled_when_woken().notifying(notify) }
    };
    assert_eq!(tree.tick(&mut ()), Status::Running);
    let start = std::time::Instant::now();
    let sender = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(20));
        tx.send(()).unwrap();
    });
    // The program sleeps up to 60 s between ticks, unless an async leaf is woken.
    let status = loop {
        std::thread::park_timeout(Duration::from_secs(60));
        match tree.tick(&mut ()) {
            Status::Running if start.elapsed() < Duration::from_secs(60) => {}
            s => break s,
        }
    };
    sender.join().unwrap();
    assert_eq!(status, Status::Success);
    assert!(start.elapsed() < Duration::from_secs(30), "the program was not woken by the leaf");
}
