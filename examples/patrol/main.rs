//! The patrolling enemy: an enemy patrols between two waypoints, turns red and
//! stops while a scripted player is within sight, and patrols again when the player leaves. The
//! program prints one line per event.
//!
//! ```text
//! cargo run --release --example patrol
//! cargo run --release --example patrol -- --seconds 120
//! cargo run --example patrol -- --tree      # the tree (also --dot, --mermaid, --xml)
//! ```
//!
//! The world, the leaves and the tree are in `world.rs`; this file is the command line and the log.

// Shared with the tests (and the benchmarks): not every item is used by this program.
#[allow(dead_code)]
mod world;

use std::process::ExitCode;
use std::time::Duration;

use bt::{Exit, Status};
use world::{A, B, Colour, DT, EventKind, SCRIPT_LENGTH, SIGHT, SPEED, Task, Vec2, World};

const USAGE: &str = "\
usage: patrol [--seconds N]
       patrol --tree | --dot | --mermaid | --xml
       patrol --help

Simulates a patrolling enemy and prints one line per event.

  --seconds N   game time to simulate, in seconds (default: the player's script, 75)
  --tree        print the tree as text (--dot: Graphviz, --mermaid: Mermaid,
                --xml: BehaviorTree.CPP XML, for Groot2)
  --help, -h    print this help
";

/// Prints a line to stdout; exits quietly once stdout is closed (the log piped into `head`).
fn say(line: std::fmt::Arguments) {
    use std::io::Write;
    if writeln!(std::io::stdout(), "{line}").is_err() {
        std::process::exit(0);
    }
}

/// `println!` that stops the program quietly when stdout is closed.
macro_rules! say {
    () => { say(format_args!("")) };
    ($($t:tt)*) => { say(format_args!($($t)*)) };
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => run(SCRIPT_LENGTH),
        Some("--seconds") => match args.get(1).and_then(|s| s.parse::<f64>().ok()) {
            Some(s) if s.is_finite() && s > 0.0 && args.len() == 2 => run(Duration::from_secs_f64(s)),
            _ => usage_error("`--seconds` needs a positive number"),
        },
        Some(flag @ ("--tree" | "--dot" | "--mermaid" | "--xml")) if args.len() == 1 => print_tree(flag),
        Some("--help" | "-h") => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => usage_error(&format!("unknown argument `{other}`")),
    }
}

/// Prints the enemy's tree in the format `flag` names.
fn print_tree(flag: &str) -> ExitCode {
    use std::io::Write;
    let brain = world::EnemyBrain::new(A, B);
    let desc = brain.description();
    // A closed output (piped into `head`) is not an error worth a message.
    let _ = match flag {
        "--tree" => write!(std::io::stdout(), "{}", desc.text()),
        "--dot" => write!(std::io::stdout(), "{}", desc.dot()),
        "--mermaid" => write!(std::io::stdout(), "{}", desc.mermaid()),
        _ => write!(std::io::stdout(), "{}", desc.btcpp_xml()),
    };
    ExitCode::SUCCESS
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("patrol: {message}\n");
    eprint!("{USAGE}");
    ExitCode::from(2)
}

/// `mm:ss.s`.
fn clock(t: Duration) -> String {
    let tenths = t.as_millis() / 100;
    format!("{:02}:{:02}.{}", tenths / 600, tenths % 600 / 10, tenths % 10)
}

fn waypoint_name(p: Option<Vec2>) -> &'static str {
    match p {
        Some(p) if p == A => "A",
        Some(p) if p == B => "B",
        _ => "?",
    }
}

fn line(world: &World, what: &str) {
    let e = &world.enemy;
    let colour = match e.colour {
        Colour::Normal => "normal",
        Colour::Red => "RED",
    };
    say!(
        "{}  enemy ({:>5.1}, {:>4.1})  player {:>5.2} m  {:<6}  {what}",
        clock(world.now()),
        e.pos.x,
        e.pos.y,
        e.player_distance(),
        colour
    );
}

fn run(length: Duration) -> ExitCode {
    let mut world = World::new();
    let steps = (length.as_secs_f64() / DT.as_secs_f64()).round() as u64;
    let (mut spotted, mut reached, mut red_time, mut walked) = (0u32, [0u32; 2], Duration::ZERO, 0.0f32);

    say!(
        "The patrolling enemy: patrols between A ({}, {}) and B ({}, {}) at {SPEED} m/s,",
        A.x,
        A.y,
        B.x,
        B.y
    );
    say!("turns red and stops while the player is within {SIGHT} m.\n");
    line(&world, "starts at A");
    for _ in 0..steps {
        let before = world.enemy.pos;
        let status = world.step();
        debug_assert_eq!(status, Status::Running, "the patrol tree never completes");
        walked += before.distance(world.enemy.pos);
        if world.enemy.colour == Colour::Red {
            red_time += DT;
        }
        let mut phrases = Vec::new();
        while let Some(event) = world.enemy.events.pop() {
            phrases.push(match event.kind {
                EventKind::Enter(Task::TurnRed) => {
                    spotted += 1;
                    "player in sight: turns red".to_string()
                }
                EventKind::Exit(Task::TurnRed, _) => "player out of sight: back to normal".to_string(),
                EventKind::Enter(Task::Patrol) => {
                    format!("patrols towards {}", waypoint_name(world.enemy.heading))
                }
                EventKind::Exit(Task::Patrol, Exit::Halted) => "stops patrolling".to_string(),
                EventKind::Exit(Task::Patrol, how) => format!("patrol ends ({how:?})"),
                EventKind::Reached(i) => {
                    reached[i] += 1;
                    let (here, next) = if i == 0 { ("A", "B") } else { ("B", "A") };
                    format!("reached {here}, turns towards {next}")
                }
            });
        }
        if !phrases.is_empty() {
            line(&world, &phrases.join(", "));
        }
    }
    world.stop();
    while world.enemy.events.pop().is_some() {}
    line(&world, "end of the simulation");

    say!();
    say!("simulated   {} of game time in {} steps of {} ms", clock(world.now()), world.ticks, DT.as_millis());
    say!("player      spotted {spotted} times; the enemy was red for {:.1} s", red_time.as_secs_f32());
    say!("patrol      reached A {} times and B {} times, walked {walked:.1} m", reached[0], reached[1]);
    ExitCode::SUCCESS
}
