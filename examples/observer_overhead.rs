//! Ticks one tree many times, plainly or with an observer, so that instruction counts can be
//! compared under callgrind: `scripts/observer_overhead.sh` runs it and prints the figures.
//!
//! ```text
//! cargo run --release --example observer_overhead -- plain 100000
//! cargo run --release --example observer_overhead -- noop 100000
//! cargo run --release --example observer_overhead -- changes 100000
//! ```
//!
//! * `plain`: `tree.tick(&mut agent)`;
//! * `noop`: `tree.tick_with(&mut agent, &mut Noop)` with `Noop` a user-defined observer whose
//!   methods are the trait's empty defaults — it must cost nothing;
//! * `changes`: `tree.tick_with(&mut agent, &mut ChangeObserver::new((), [None; N]))`, which does
//!   real work (tracks every node's status), for scale.
use std::hint::black_box;

use bt::{Action, BehaviorTree, ChangeObserver, Describe, Node, Observer, Status, bt};

/// The hungry agent's world, reduced to numbers.
struct Agent {
    food: u32,
    water: u32,
    energy: u32,
    x: i32,
}

impl Agent {
    fn step(&mut self) {
        self.food = self.food.saturating_sub(3);
        self.water = self.water.saturating_sub(2);
        self.energy = self.energy.saturating_sub(1);
    }
}

struct WalkTo(i32);

impl Action<Agent> for WalkTo {
    fn execute(&mut self, a: &mut Agent) -> Status {
        if a.x == self.0 {
            return Status::Success;
        }
        a.x += (self.0 - a.x).signum();
        Status::Running
    }
}

/// `repeat(parallel(1)<selector<sequence<…>, ×3>, Alive>)`: 16 nodes.
fn tree() -> BehaviorTree<impl Node<Agent>, Agent, impl Describe> {
    bt! {
        Agent => repeat(parallel(1)<
            selector<
                sequence<
                    { |a: &Agent| a.food < 30 },
                    WalkTo(3),
                    { |a: &mut Agent| { a.food = 100; Status::Success } },
                >,
                sequence<
                    { |a: &Agent| a.water < 30 },
                    WalkTo(-2),
                    { |a: &mut Agent| { a.water = 100; Status::Success } },
                >,
                sequence<
                    { |a: &Agent| a.energy < 30 },
                    WalkTo(0),
                    { |a: &mut Agent| { a.energy = 100; Status::Success } },
                >,
            >,
            { |_: &mut Agent| Status::Running },
        >)
    }
}

/// An observer written by a user, ignoring everything.
struct Noop;
impl Observer for Noop {}

#[inline(never)]
fn run_plain(n: u64) -> u64 {
    let mut tree = tree();
    let mut agent = Agent { food: 40, water: 34, energy: 90, x: 0 };
    let mut acc = 0;
    for _ in 0..n {
        acc += tree.tick(black_box(&mut agent)) as u64;
        agent.step();
    }
    acc
}

#[inline(never)]
fn run_noop(n: u64) -> u64 {
    let mut tree = tree();
    let mut agent = Agent { food: 40, water: 34, energy: 90, x: 0 };
    let mut acc = 0;
    for _ in 0..n {
        acc += tree.tick_with(black_box(&mut agent), &mut Noop) as u64;
        agent.step();
    }
    acc
}

#[inline(never)]
fn run_changes(n: u64) -> u64 {
    let mut tree = tree();
    let mut agent = Agent { food: 40, water: 34, energy: 90, x: 0 };
    let mut obs = ChangeObserver::new((), [None; 16]);
    let mut acc = 0;
    for _ in 0..n {
        acc += tree.tick_with(black_box(&mut agent), &mut obs) as u64;
        agent.step();
    }
    acc + obs.statuses().iter().flatten().count() as u64
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "plain".into());
    let n = args.next().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let acc = match mode.as_str() {
        "plain" => run_plain(n),
        "noop" => run_noop(n),
        "changes" => run_changes(n),
        other => {
            eprintln!("unknown mode {other:?}: expected plain, noop or changes");
            std::process::exit(2);
        }
    };
    println!("{mode}: {n} ticks (checksum {acc})");
}
