//! A robot mission whose navigation is an async task on tokio, pre-empted by a battery condition.
//!
//! The tree:
//!
//! ```text
//! reactive_sequence<
//!     selector<BatteryOk, Charge>,                           // checked on every tick
//!     mem_sequence<go_to(A), go_to(B), go_to(C), go_to(HOME)>,
//! >
//! ```
//!
//! Each `go_to` is a [`bt::spawn_action`]: on entry it spawns the drive on tokio's threads, which
//! moves the robot step by step on a timer, and the leaf polls the task's `JoinHandle` once per
//! tick. When the battery runs low, `Charge` runs, and the reactive sequence halts the mission: the leaf
//! aborts the task (tokio drops the drive's future, which says so), the robot charges, and the
//! `mem_sequence` resumes the mission at the waypoint it was driving to, with a new task.
//!
//! Run with `cargo run --release --example async_mission` (add `--tree` to print the tree).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bt::{Status, bt, spawn_action};
use tokio::task::JoinHandle;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Pose {
    x: f32,
    y: f32,
}

impl Pose {
    fn distance(self, o: Pose) -> f32 {
        ((self.x - o.x).powi(2) + (self.y - o.y).powi(2)).sqrt()
    }
}

#[derive(Clone, Copy)]
struct Waypoint {
    name: &'static str,
    at: Pose,
}

const A: Waypoint = Waypoint { name: "A", at: Pose { x: 8.0, y: 0.0 } };
const B: Waypoint = Waypoint { name: "B", at: Pose { x: 8.0, y: 6.0 } };
const C: Waypoint = Waypoint { name: "C", at: Pose { x: 0.0, y: 6.0 } };
const HOME: Waypoint = Waypoint { name: "home", at: Pose { x: 0.0, y: 0.0 } };

/// Distance covered per step of the drive, and the time between steps.
const STEP: f32 = 0.2;
const STEP_EVERY: Duration = Duration::from_millis(5);
/// Battery used per unit of distance, in percent.
const DRAIN: f32 = 1.5;

/// The tree's context: what the leaves read and write.
struct Robot {
    /// Written by the drive task on tokio's threads, read by the tree.
    pose: Arc<Mutex<Pose>>,
    /// Where the robot was at the last tick, to drain the battery by the distance covered.
    last: Pose,
    battery: f32,
    charging: bool,
    runtime: tokio::runtime::Handle,
    started: Instant,
}

impl Robot {
    fn pose(&self) -> Pose {
        *self.pose.lock().unwrap()
    }

    /// The world between two ticks: driving uses the battery.
    fn update(&mut self) {
        let now = self.pose();
        self.battery = (self.battery - self.last.distance(now) * DRAIN).max(0.0);
        self.last = now;
    }

    fn say(&self, what: &str) {
        let p = self.pose();
        println!(
            "{:>6.0} ms  ({:>4.1}, {:>4.1})  battery {:>3.0}%  {what}",
            self.started.elapsed().as_secs_f64() * 1e3,
            p.x,
            p.y,
            self.battery
        );
    }
}

/// Prints when the drive's future is dropped before it arrived: the task was aborted.
struct Cancelled(Option<&'static str>);

impl Drop for Cancelled {
    fn drop(&mut self) {
        if let Some(name) = self.0 {
            println!("                                         [tokio] drive to {name} cancelled");
        }
    }
}

/// The navigation: runs on tokio, one step per timer tick, until the robot is at `to`.
async fn drive(pose: Arc<Mutex<Pose>>, to: Waypoint) -> Status {
    let mut cancelled = Cancelled(Some(to.name));
    let mut timer = tokio::time::interval(STEP_EVERY);
    loop {
        timer.tick().await;
        let mut p = pose.lock().unwrap();
        let d = p.distance(to.at);
        if d <= STEP {
            *p = to.at;
            cancelled.0 = None;
            return Status::Success;
        }
        p.x += (to.at.x - p.x) / d * STEP;
        p.y += (to.at.y - p.y) / d * STEP;
    }
}

type Drive = JoinHandle<Status>;

/// The navigation leaf to `to`: spawns the drive on entry, aborts it when halted.
fn go_to(to: Waypoint) -> impl bt::Node<Robot> {
    bt! {
        Robot => { spawn_action(
            move |r: &mut Robot| {
                r.say(&format!("drive to {} ({}, {})", to.name, to.at.x, to.at.y));
                r.runtime.spawn(drive(r.pose.clone(), to))
            },
            |task: &mut Drive| task.abort(),
        ) }
    }
}

fn main() {
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_time().build().unwrap();
    let mut tree = bt! {
        Robot => reactive_sequence<
            selector<
                { |r: &Robot| !r.charging && r.battery >= 25.0 },
                { |r: &mut Robot| {
                    if !r.charging {
                        r.charging = true;
                        r.say("battery low: charge");
                    }
                    r.battery = (r.battery + 5.0).min(100.0);
                    if r.battery < 95.0 {
                        return Status::Running;
                    }
                    r.charging = false;
                    r.say("charged");
                    Status::Success
                } },
            >,
            mem_sequence<{ go_to(A) }, { go_to(B) }, { go_to(C) }, { go_to(HOME) }>,
        >
    };
    if std::env::args().any(|a| a == "--tree") {
        println!("{}", tree.description().text());
    }

    let start = Pose { x: 0.0, y: 0.0 };
    let mut robot = Robot {
        pose: Arc::new(Mutex::new(start)),
        last: start,
        battery: 50.0,
        charging: false,
        runtime: runtime.handle().clone(),
        started: Instant::now(),
    };
    robot.say("mission: A, B, C, home");
    // The tree ticks at 100 Hz on this thread; the drive steps at 200 Hz on tokio's.
    let mut ticks = 0u32;
    let status = loop {
        robot.update();
        ticks += 1;
        match tree.tick(&mut robot) {
            Status::Running if ticks < 10_000 => std::thread::sleep(Duration::from_millis(10)),
            s => break s,
        }
    };
    robot.say(&format!("mission: {status:?} after {ticks} ticks"));
    assert_eq!(status, Status::Success, "the mission did not complete");
    assert_eq!(robot.pose(), HOME.at);
}
