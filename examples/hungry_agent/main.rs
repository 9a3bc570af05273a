//! The hungry agent: an agent with five needs lives a few minutes of game time,
//! driven by the behavior tree of [`world::AgentBrain`]; the program prints one line per decision.
//!
//! ```text
//! cargo run --release --example hungry_agent                  # 5 minutes of game time
//! cargo run --release --example hungry_agent -- --minutes 30  # longer
//! cargo run --release --example hungry_agent -- --quiet       # summary only
//! cargo run --example hungry_agent -- --tree      # the tree (also --dot, --mermaid, --xml)
//! cargo run --example hungry_agent -- --watch     # the tree live as the agent decides (--fast)
//! cargo run --example hungry_agent -- --record run.btr   # then --replay run.btr: the timeline
//! cargo run --release --example hungry_agent -- --groot 1667   # watch it in Groot2 (until Ctrl-C)
//! cargo run --release --example hungry_agent -- --btlog run.btlog   # a log Groot2 replays
//! cargo run --example hungry_agent --features serde -- --save s.json --at 02:30  # stop and save
//! cargo run --example hungry_agent --features serde -- --load s.json             # and go on
//! ```
//!
//! The world, the leaves and the tree are in `world.rs`; this file is the command line and the log.

// Shared with the tests (and the benchmarks): not every item is used by this program.
#[path = "../common/groot.rs"]
mod common_groot;
mod groot;
#[allow(dead_code)]
mod world;
// Seeing the tree: --tree, --dot, --mermaid, --xml, --watch, --record, --replay.
mod view;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bt::{Clock, Exit, Status};
use world::{Activity, Agent, DT, EventKind, FULL, LOW, Need, Task, World};

const USAGE: &str = "\
usage: hungry_agent [--minutes N] [--quiet] [--save FILE --at MM:SS] [--load FILE]
       hungry_agent --tree | --dot | --mermaid | --xml
       hungry_agent [--watch [--fast]] [--record FILE] [--minutes N]
       hungry_agent --replay FILE [--watch [--fast]]
       hungry_agent --groot PORT [--btlog FILE] | --btlog FILE [--minutes N]
       hungry_agent --help

Simulates the hungry agent and prints one line per decision.

  --minutes N   game time to simulate, in minutes (default 5)
  --quiet       print only the summary
  --tree        print the tree as text (--dot: Graphviz, --mermaid: Mermaid,
                --xml: BehaviorTree.CPP XML, for Groot2)
  --watch       show the tree live, statuses in colour (--fast: no pause between frames)
  --record FILE record the run to FILE
  --replay FILE print a recorded run as a timeline (with --watch: play it again)
  --groot PORT  serve the tree to Groot2's monitor on PORT (and PORT + 1), the agent living in
                real time (one tick per 100 ms step) until interrupted
  --btlog FILE  log the run to FILE (.btlog), which Groot2 replays
  --save FILE   with --at MM:SS: stop at that game time and save the world, the running tree
                and the log's state to FILE (JSON; feature `serde`)
  --load FILE   go on from a saved state, until --minutes of game time (feature `serde`)
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
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let flags = match common_groot::take_flags(&mut args) {
        Ok(flags) => flags,
        Err(message) => return usage_error(&message),
    };
    if flags.groot.is_some() || flags.btlog.is_some() {
        return match RunOptions::parse(&args) {
            Ok(options) => groot::run(flags, options.minutes),
            Err(message) => usage_error(&message),
        };
    }
    let has = |flags: &[&str]| args.iter().any(|a| flags.contains(&a.as_str()));
    if has(&["--help", "-h"]) {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    if let Some(flag) = args.iter().find(|a| matches!(a.as_str(), "--tree" | "--dot" | "--mermaid" | "--xml"))
    {
        if args.len() > 1 {
            return usage_error(&format!("`{flag}` takes no other argument"));
        }
        return view::print(flag);
    }
    if has(&["--watch", "--record", "--replay"]) {
        return view::run(&args);
    }
    match RunOptions::parse(&args) {
        Ok(options) => run(options),
        Err(message) => usage_error(&message),
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("hungry_agent: {message}\n");
    eprint!("{USAGE}");
    ExitCode::from(2)
}

/// Options of a simulation run.
struct RunOptions {
    minutes: f64,
    quiet: bool,
    /// `--save FILE --at MM:SS`.
    save: Option<(String, Duration)>,
    /// `--load FILE`.
    load: Option<String>,
}

impl RunOptions {
    fn parse(args: &[String]) -> Result<Self, String> {
        let mut options = RunOptions { minutes: 5.0, quiet: false, save: None, load: None };
        let (mut save, mut at) = (None, None);
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--minutes" => {
                    let value = args.next().ok_or("`--minutes` needs a number")?;
                    options.minutes = value
                        .parse()
                        .ok()
                        .filter(|m: &f64| m.is_finite() && *m > 0.0)
                        .ok_or_else(|| format!("`--minutes {value}`: expected a positive number"))?;
                }
                "--quiet" => options.quiet = true,
                "--save" => save = Some(args.next().ok_or("`--save` needs a file")?.clone()),
                "--load" => options.load = Some(args.next().ok_or("`--load` needs a file")?.clone()),
                "--at" => {
                    let value = args.next().ok_or("`--at` needs a game time, MM:SS")?;
                    at = Some(parse_time(value).ok_or_else(|| format!("`--at {value}`: expected MM:SS"))?);
                }
                other => return Err(format!("unknown argument `{other}`")),
            }
        }
        options.save = match (save, at) {
            (Some(file), Some(at)) => Some((file, at)),
            (None, None) => None,
            _ => return Err("`--save FILE` and `--at MM:SS` go together".into()),
        };
        if (options.save.is_some() || options.load.is_some()) && !cfg!(feature = "serde") {
            return Err("`--save` and `--load` need the feature `serde`: \
                        cargo run --example hungry_agent --features serde -- …"
                .into());
        }
        Ok(options)
    }
}

/// `MM:SS` (or `MM:SS.s`) as a duration.
fn parse_time(text: &str) -> Option<Duration> {
    let (minutes, seconds) = text.split_once(':')?;
    let minutes: u64 = minutes.parse().ok()?;
    let seconds: f64 = seconds.parse().ok().filter(|s: &f64| s.is_finite() && *s >= 0.0 && *s < 60.0)?;
    Some(Duration::from_secs(minutes * 60) + Duration::from_secs_f64(seconds))
}

fn run(options: RunOptions) -> ExitCode {
    let end = Duration::from_secs_f64(options.minutes * 60.0);
    let mut world = World::new();
    let mut log = Log::new(options.quiet);
    let mut lowest = world.agent.needs;
    let mut status = Status::Running;

    #[cfg(feature = "serde")]
    if let Some(file) = &options.load {
        match saved::load(file) {
            Ok((w, l, low)) => (world, log, lowest) = (w, l, low),
            Err(message) => {
                eprintln!("hungry_agent: cannot load `{file}`: {message}");
                return ExitCode::FAILURE;
            }
        }
        log.quiet = options.quiet;
    } else {
        log.header(&world.agent);
    }
    #[cfg(not(feature = "serde"))]
    log.header(&world.agent);

    let started = Instant::now();
    while world.now() + DT / 2 < end {
        #[cfg(feature = "serde")]
        if let Some((file, at)) = &options.save
            && world.now() >= *at
        {
            return match saved::save(file, &world, &log, &lowest) {
                Ok(()) => {
                    eprintln!("saved at {} to {file}", clock(world.now()));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("hungry_agent: cannot write `{file}`: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        status = world.step();
        for need in Need::ALL {
            lowest[need.index()] = lowest[need.index()].min(world.agent.need(need));
        }
        log.step(&mut world.agent);
        if status != Status::Running {
            break;
        }
    }
    let elapsed = started.elapsed();
    // End of the simulation: interrupt whatever the agent is doing, so every activity that was
    // entered is exited.
    world.stop();
    log.step(&mut world.agent);
    log.end(&world.agent);

    summary(&world, status, elapsed, &lowest, options.quiet);
    ExitCode::SUCCESS
}

/// `mm:ss.s`.
fn clock(t: Duration) -> String {
    let tenths = t.as_millis() / 100;
    format!("{:02}:{:02}.{}", tenths / 600, tenths % 600 / 10, tenths % 10)
}

/// A need's level as shown: rounded down, so `29.7` reads `29` and compares as it should with 30.
fn level(agent: &Agent, need: Need) -> u32 {
    agent.need(need).floor() as u32
}

fn needs(agent: &Agent) -> String {
    let mut s = String::new();
    for need in Need::ALL {
        if !s.is_empty() {
            s.push(' ');
        }
        s += &format!("{} {:>3}", need.letter(), level(agent, need));
    }
    if agent.health < FULL {
        s += &format!("  health {:>3}", agent.health.ceil() as u32);
    }
    s
}

/// `--save` and `--load`: the world (agent, clock, decisions, the brain's state), the log's state
/// and the lowest needs seen, as one JSON document.
#[cfg(feature = "serde")]
mod saved {
    use super::{Log, World};

    pub fn save(file: &str, world: &World, log: &Log, lowest: &[f32; 5]) -> std::io::Result<()> {
        let state = serde_json::json!({ "world": world.save(), "log": log, "lowest": lowest });
        std::fs::write(file, serde_json::to_vec_pretty(&state)?)
    }

    pub fn load(file: &str) -> Result<(World, Log, [f32; 5]), String> {
        let bytes = std::fs::read(file).map_err(|e| e.to_string())?;
        let mut state: serde_json::Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
        let mut take =
            |key: &str| state.get_mut(key).map(serde_json::Value::take).ok_or(format!("no `{key}`"));
        let world = World::load(take("world")?)?;
        let log = serde_json::from_value(take("log")?).map_err(|e| e.to_string())?;
        let lowest = serde_json::from_value(take("lowest")?).map_err(|e| e.to_string())?;
        Ok((world, log, lowest))
    }
}

/// Turns the agent's events into log lines: one line per step in which something was decided.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Log {
    quiet: bool,
    /// When the walk in progress started, and from how far.
    walk: Option<(Duration, f32)>,
    /// When the activity in progress started.
    activity_started: Duration,
    /// Why the agent set off on its last walk, for the line that says it was already there.
    reason: String,
    /// Whether the agent did something since it was last seen idle.
    busy: bool,
}

impl Log {
    fn new(quiet: bool) -> Self {
        Log { quiet, walk: None, activity_started: Duration::ZERO, reason: String::new(), busy: true }
    }

    fn header(&self, agent: &Agent) {
        if self.quiet {
            return;
        }
        say!("The hungry agent. A need below {LOW} is felt; activities refill it to {FULL}.");
        say!("F food, W water, E energy, M mood, $ money.\n");
        say!("{}  {}  starts in the middle of the map", clock(agent.now()), needs(agent));
    }

    fn end(&self, agent: &Agent) {
        if !self.quiet {
            say!("{}  {}  end of the simulation", clock(agent.now()), needs(agent));
        }
    }

    /// Drains the agent's events and prints what they mean.
    fn step(&mut self, agent: &mut Agent) {
        let mut phrases: Vec<String> = Vec::new();
        while let Some(event) = agent.events.pop() {
            if self.quiet {
                continue;
            }
            match event.kind {
                EventKind::Enter(Task::WalkTo(zone)) => {
                    let need = zone.need();
                    let distance = agent.pos.distance(zone.pos());
                    self.walk = Some((event.at, distance));
                    self.busy = true;
                    self.reason =
                        format!("{} ({} {} < {LOW})", need.feeling(), need.name(), level(agent, need));
                    phrases.push(format!("{} → walking to {} ({distance:.1} m)", self.reason, zone.name()));
                }
                EventKind::Exit(Task::WalkTo(zone), how) => {
                    let (since, distance) = self.walk.take().unwrap_or((event.at, 0.0));
                    let took = (event.at - since).as_secs_f32();
                    let phrase = match how {
                        Exit::Success if since == event.at => {
                            phrases.pop();
                            format!("{}, already at {}", self.reason, zone.name())
                        }
                        Exit::Success => format!("reached {} ({distance:.1} m in {took:.1} s)", zone.name()),
                        Exit::Failure if agent.is_alive() => format!(
                            "still {:.1} m from {} after {took:.1} s: the decision expired, thinking again",
                            agent.pos.distance(zone.pos()),
                            zone.name()
                        ),
                        Exit::Failure => format!("stops walking to {}", zone.name()),
                        Exit::Halted => format!("stops walking to {} (interrupted)", zone.name()),
                    };
                    phrases.push(phrase);
                }
                EventKind::Enter(Task::Refill(need)) => {
                    self.activity_started = event.at;
                    self.busy = true;
                    phrases.push(need.activity().to_string());
                }
                EventKind::Exit(Task::Refill(need), how) => {
                    let took = (event.at - self.activity_started).as_secs_f32();
                    let (what, lvl) = (need.activity(), level(agent, need));
                    phrases.push(match how {
                        Exit::Success => format!("done {what} after {took:.1} s ({} {lvl})", need.name()),
                        Exit::Failure => format!("stops {what} after {took:.1} s ({} {lvl})", need.name()),
                        Exit::Halted => format!("interrupted while {what} ({} {lvl})", need.name()),
                    });
                }
                // `Alive` is entered again on every round of `repeat` and halted whenever a need
                // has been handled: bookkeeping, not news. Its failure is.
                EventKind::Enter(Task::Alive)
                | EventKind::Exit(Task::Alive, Exit::Success | Exit::Halted) => {}
                EventKind::Exit(Task::Alive, Exit::Failure) => {
                    phrases.push("`Alive` fails: the tree gives up".to_string());
                }
                EventKind::Depleted(need) => {
                    phrases.push(format!("out of {}! losing health", need.name()));
                }
                EventKind::Died => phrases.push("dies".to_string()),
            }
        }
        if self.quiet {
            return;
        }
        if phrases.is_empty() && self.busy && agent.activity == Activity::Idle && agent.is_alive() {
            self.busy = false;
            let lowest = Need::ALL.into_iter().min_by(|a, b| agent.need(*a).total_cmp(&agent.need(*b)));
            if let Some(need) = lowest {
                phrases.push(format!(
                    "nothing needed, idle (lowest: {} {})",
                    need.name(),
                    level(agent, need)
                ));
            }
        }
        if !phrases.is_empty() {
            say!("{}  {}  {}", clock(agent.now()), needs(agent), phrases.join(" → "));
        }
    }
}

fn summary(world: &World, status: Status, elapsed: Duration, lowest: &[f32; 5], quiet: bool) {
    let agent = &world.agent;
    let stats = &agent.stats;
    let per_step = elapsed.as_secs_f64() * 1e9 / world.ticks.max(1) as f64;
    say!();
    say!("simulated   {} of game time in {} steps of {} ms", clock(world.now()), world.ticks, DT.as_millis());
    say!(
        "wall time   {:.2} ms ({per_step:.0} ns per step: update + tree tick{})",
        elapsed.as_secs_f64() * 1e3,
        if quiet { "" } else { " + log" }
    );
    let done: Vec<String> =
        Need::ALL.iter().map(|n| format!("{} {}", n.activity(), stats.completed[n.index()])).collect();
    say!("activities  {}", done.join(", "));
    say!("walks       {} ({} abandoned)", stats.walks, stats.walks_abandoned);
    let low: Vec<String> =
        Need::ALL.iter().map(|n| format!("{} {:.0}", n.name(), lowest[n.index()])).collect();
    say!("lowest      {}", low.join(", "));
    say!(
        "agent       {} (health {:.0}), tree {}",
        if agent.is_alive() { "alive" } else { "dead" },
        agent.health,
        match status {
            Status::Running => "still running",
            Status::Success => "succeeded",
            Status::Failure => "failed",
        }
    );
    say!("lifecycle   {} enters, {} exits, {} errors", stats.entered, stats.exited, stats.lifecycle_errors);
    say!("checksum    {:#018x}", world.checksum());
}
