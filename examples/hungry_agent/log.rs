//! The log of a run: one line per step in which something was decided, then a summary; and the
//! loop that runs the simulation and writes it ([`simulate`]), shared by the program and its
//! tests (which capture the lines with [`capture`]).

use std::cell::RefCell;
use std::time::{Duration, Instant};

use bt::{Clock, Exit, Status};

use crate::world::{Activity, Agent, Brain, DT, EventKind, FULL, LOW, Need, Task, World};

thread_local! {
    /// The lines written while [`capture`] runs.
    static CAPTURED: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
}

/// Runs `f`, and returns what it wrote with `say!` instead of printing it.
pub fn capture(f: impl FnOnce()) -> Vec<String> {
    CAPTURED.with(|c| *c.borrow_mut() = Some(Vec::new()));
    f();
    CAPTURED.with(|c| c.borrow_mut().take().unwrap_or_default())
}

/// Prints a line to stdout (or keeps it, within [`capture`]); exits quietly once stdout is
/// closed (the log piped into `head`).
pub fn say(line: std::fmt::Arguments) {
    use std::io::Write;
    let kept = CAPTURED.with(|c| c.borrow_mut().as_mut().map(|lines| lines.push(line.to_string())).is_some());
    if !kept && writeln!(std::io::stdout(), "{line}").is_err() {
        std::process::exit(0);
    }
}

/// `println!` that stops the program quietly when stdout is closed.
#[macro_export]
macro_rules! say {
    () => { $crate::log::say(format_args!("")) };
    ($($t:tt)*) => { $crate::log::say(format_args!($($t)*)) };
}

/// Runs `world` until `end` of game time or until its tree completes, logging each step to
/// `log` and keeping the lowest needs seen in `lowest`; `before` runs before every step (it polls
/// a reloading tree, or saves the world) and stops the run by returning `false` (then `None`).
/// At the end the tree is halted, so that every activity entered is exited. Returns the tree's
/// last status and the wall time the steps took.
pub fn simulate<B: Brain>(
    world: &mut World<B>,
    log: &mut Log,
    lowest: &mut [f32; 5],
    end: Duration,
    mut before: impl FnMut(&mut World<B>, &mut Log, &[f32; 5]) -> bool,
) -> Option<(Status, Duration)> {
    let mut status = Status::Running;
    let started = Instant::now();
    while world.now() + DT / 2 < end {
        if !before(world, log, lowest) {
            return None;
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
    Some((status, elapsed))
}

/// `mm:ss.s`.
pub fn clock(t: Duration) -> String {
    let tenths = t.as_millis() / 100;
    format!("{:02}:{:02}.{}", tenths / 600, tenths % 600 / 10, tenths % 10)
}

/// A need's level as shown: rounded down, so `29.7` reads `29` and compares as it should with 30.
pub fn level(agent: &Agent, need: Need) -> u32 {
    agent.need(need).floor() as u32
}

pub fn needs(agent: &Agent) -> String {
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

/// Turns the agent's events into log lines: one line per step in which something was decided.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Log {
    /// Whether only the summary is printed.
    pub quiet: bool,
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
    /// A log, quiet or not.
    pub fn new(quiet: bool) -> Self {
        Log { quiet, walk: None, activity_started: Duration::ZERO, reason: String::new(), busy: true }
    }

    /// The lines before the run.
    pub fn header(&self, agent: &Agent) {
        if self.quiet {
            return;
        }
        say!("The hungry agent. A need below {LOW} is felt; activities refill it to {FULL}.");
        say!("F food, W water, E energy, M mood, $ money.\n");
        say!("{}  {}  starts in the middle of the map", clock(agent.now()), needs(agent));
    }

    /// The line at the end of the simulation.
    pub fn end(&self, agent: &Agent) {
        if !self.quiet {
            say!("{}  {}  end of the simulation", clock(agent.now()), needs(agent));
        }
    }

    /// Drains the agent's events and prints what they mean.
    pub fn step(&mut self, agent: &mut Agent) {
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

/// The summary of a run.
pub fn summary<B: Brain>(
    world: &World<B>,
    status: Status,
    elapsed: Duration,
    lowest: &[f32; 5],
    quiet: bool,
) {
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
