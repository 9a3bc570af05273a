//! Nav2's default navigation tree, `navigate_to_pose_w_replanning_and_recovery`, written as one
//! `bt!` tree (`tree::NavigateToPose`) and run on a simulated robot that drives to a few goals
//! while obstacles get in its way; the program prints what the robot does and which recoveries
//! the tree runs.
//!
//! ```text
//! cargo run --release --example nav2_recovery                 # the scenario, seed 11
//! cargo run --release --example nav2_recovery -- --seed 3     # other obstacles
//! cargo run --release --example nav2_recovery -- --verbose    # also the routine re-planning
//! cargo run --example nav2_recovery -- --tree                 # the tree (also --dot, --mermaid, --xml)
//! cargo run --example nav2_recovery -- --map                  # the map and the goals
//! cargo run --release --example nav2_recovery -- --from-xml   # the tree compiled from Nav2's XML
//! cargo run --release --example nav2_recovery -- --groot 1667 # watch it in Groot2 (until Ctrl-C)
//! cargo run --release --example nav2_recovery -- --btlog nav.btlog  # a log Groot2 replays
//! ```
//!
//! `--from-xml` runs `tree::NavigateToPoseXml`, the same tree compiled by `bt_xml!` from Nav2's
//! XML file with the same leaf types: same description but for the leaves' labels, same log.
//!
//! The world and the servers are in `sim.rs`, the leaves and the tree in `tree.rs`; this file is
//! the command line and the log.

// Shared with the tests: not every item is used by this program.
#[path = "../common/groot.rs"]
mod common_groot;
mod groot;
#[allow(dead_code)]
mod sim;
#[allow(dead_code)]
mod tree;

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use bt::{Clock, Exit, Status};
use sim::{
    Behavior, Blocker, CELL, DT, Event, EventKind, HEIGHT, Layer, MAP, Pos, Real, Robot, SCENARIO, SEED,
    WIDTH,
};
use tree::{NavTree, NavigateToPose, NavigateToPoseXml, Navigation};

const USAGE: &str = "\
usage: nav2_recovery [--from-xml] [--seed N] [--verbose | --quiet]
       nav2_recovery [--from-xml] --tree | --dot | --mermaid | --xml
       nav2_recovery --map
       nav2_recovery [--from-xml] [--seed N] --groot PORT [--btlog FILE] | --btlog FILE
       nav2_recovery --help

Runs Nav2's navigate_to_pose_w_replanning_and_recovery tree on a simulated robot that drives to
five goals while obstacles appear on its path, and prints what happens.

  --seed N      seed of the obstacles (default 11)
  --verbose     also print the routine re-planning (once a second) that keeps the same route
  --quiet       print only the summary
  --from-xml    use the tree compiled from Nav2's XML file instead of the one written with bt!
  --tree        print the tree as text (--dot: Graphviz, --mermaid: Mermaid,
                --xml: BehaviorTree.CPP XML, for Groot2)
  --map         print the map with the goals
  --groot PORT  serve the tree to Groot2's monitor on PORT (and PORT + 1), the robot driving in
                real time (one tick per 50 ms step), the scenario starting over, until interrupted
  --btlog FILE  log the scenario to FILE (.btlog), which Groot2 replays
  --help, -h    print this help
";

/// Prints a line to stdout; exits quietly once stdout is closed (the log piped into `head`).
fn say(line: std::fmt::Arguments) {
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
        return match Options::parse(&args) {
            Ok(o) if o.from_xml => groot::run::<NavigateToPoseXml>(flags, o.seed),
            Ok(o) => groot::run::<NavigateToPose>(flags, o.seed),
            Err(message) => usage_error(&message),
        };
    }
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    if let Some(flag) =
        args.iter().find(|a| matches!(a.as_str(), "--tree" | "--dot" | "--mermaid" | "--xml" | "--map"))
    {
        let from_xml = args.iter().any(|a| a == "--from-xml");
        if args.len() > 1 + usize::from(from_xml && flag != "--map") {
            return usage_error(&format!("`{flag}` takes no other argument"));
        }
        if flag == "--map" {
            print_map();
        } else {
            let desc = if from_xml {
                NavigateToPoseXml::new().description()
            } else {
                NavigateToPose::new().description()
            };
            // Whole labels: the leaves' fields are the XML's attributes. A closed output (piped
            // into `head`) is not an error worth a message.
            let all = usize::MAX;
            let _ = match flag.as_str() {
                "--tree" => write!(std::io::stdout(), "{}", desc.text().max_label(all)),
                "--dot" => write!(std::io::stdout(), "{}", desc.dot().max_label(all)),
                "--xml" => write!(std::io::stdout(), "{}", desc.btcpp_xml()),
                _ => write!(std::io::stdout(), "{}", desc.mermaid().max_label(all)),
            };
        }
        return ExitCode::SUCCESS;
    }
    match Options::parse(&args) {
        Ok(options) => run(options),
        Err(message) => usage_error(&message),
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("nav2_recovery: {message}\n");
    eprint!("{USAGE}");
    ExitCode::from(2)
}

/// Options of a run.
struct Options {
    seed: u64,
    from_xml: bool,
    verbose: bool,
    quiet: bool,
}

impl Options {
    fn parse(args: &[String]) -> Result<Self, String> {
        let mut options = Options { seed: SEED, from_xml: false, verbose: false, quiet: false };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--seed" => {
                    let value = args.next().ok_or("`--seed` needs a number")?;
                    options.seed =
                        value.parse().map_err(|_| format!("`--seed {value}`: expected a whole number"))?;
                }
                "--from-xml" => options.from_xml = true,
                "--verbose" => options.verbose = true,
                "--quiet" => options.quiet = true,
                other => return Err(format!("unknown argument `{other}`")),
            }
        }
        if options.verbose && options.quiet {
            return Err("`--verbose` and `--quiet` exclude each other".to_string());
        }
        Ok(options)
    }
}

/// `--map`: the map, with the start (`S`), the goals (`1`…) and where goal 3 is moved (`a`).
fn print_map() {
    let mut rows: Vec<Vec<u8>> = MAP.iter().map(|r| r.bytes().collect()).collect();
    let mut legend = Vec::new();
    for (i, goal) in SCENARIO.iter().enumerate() {
        let mark = if goal.place == sim::DOCK { b'S' } else { b'1' + i as u8 };
        rows[goal.place.at.y as usize][goal.place.at.x as usize] = mark;
        legend.push(format!("{}  goal {}: {} {}", mark as char, i + 1, goal.place.name, goal.place.at));
        if let Some((after, place)) = goal.update {
            rows[place.at.y as usize][place.at.x as usize] = b'a';
            legend.push(format!(
                "a  goal {} moved after {} s: {} {}",
                i + 1,
                after.as_secs(),
                place.name,
                place.at
            ));
        }
    }
    let start = sim::DOCK.at;
    rows[start.y as usize][start.x as usize] = b'S';
    legend.insert(0, format!("S  the start: {} {start}", sim::DOCK.name));
    say!("{WIDTH} × {HEIGHT} cells of {CELL} m; x to the right, y down.\n");
    for row in rows {
        say!("{}", String::from_utf8_lossy(&row));
    }
    say!();
    for line in legend {
        say!("{line}");
    }
}

fn run(options: Options) -> ExitCode {
    if options.from_xml {
        run_with(Navigation::<NavigateToPoseXml>::of(options.seed), &options)
    } else {
        run_with(Navigation::<NavigateToPose>::of(options.seed), &options)
    }
}

fn run_with<T: NavTree>(mut nav: Navigation<T>, options: &Options) -> ExitCode {
    let mut log = Log::new(options.verbose, options.quiet);
    log.header(options.seed, nav.tree.describe().len(), options.from_xml);
    let started = Instant::now();
    while nav.step().is_some() {
        log.step(&mut nav.robot);
    }
    let elapsed = started.elapsed();
    log.summary(&nav, elapsed);
    ExitCode::SUCCESS
}

/// The name of goal `goal` of the scenario, where it is `at` now (moved or not).
fn place_name(goal: usize, at: Pos) -> &'static str {
    match SCENARIO[goal].update {
        Some((_, place)) if place.at == at => place.name,
        _ => SCENARIO[goal].place.name,
    }
}

/// `mm:ss.s`.
fn clock(t: Duration) -> String {
    let tenths = t.as_millis() / 100;
    format!("{:02}:{:02}.{}", tenths / 600, tenths % 600 / 10, tenths % 10)
}

/// `12 cells (3.00 m)`.
fn cells(n: usize) -> String {
    format!("{n} cells ({:.2} m)", n as f32 * CELL)
}

/// `1 mark`, `3 marks`, `2 boxes`: `n` and the noun, in the plural unless `n` is 1.
fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Counters the log keeps for the summary.
#[derive(Default)]
struct Tally {
    replans: u32,
    route_changes: u32,
    context_local: u32,
    context_global: u32,
    /// Navigation recoveries, by round-robin child: ClearingActions, Spin, Wait, BackUp.
    navigation: [u32; 4],
    noise: u32,
    stale: u32,
    boxes: u32,
    people: u32,
}

/// Turns the robot's events into log lines: one line per step in which something worth telling
/// happened.
struct Log {
    verbose: bool,
    quiet: bool,
    /// Whether the robot is following a path (re-planning then is routine).
    following: bool,
    /// Why the next planning happens, when it is not routine.
    reason: Option<&'static str>,
    /// Whether the planning in progress is routine (its start was not printed).
    routine: bool,
    /// When the planning in progress started.
    planning_since: Duration,
    /// Whether a navigation recovery is in progress, and how many ran for this goal.
    recovering: bool,
    recoveries: u32,
    /// Whether FollowPath failed since it last started (the next start is a retry).
    follow_failed: bool,
    /// Whether the one retry of the FollowPath and ComputePathToPose recovery nodes was used
    /// (they count until their action succeeds or the pipeline fails).
    follow_retry_used: bool,
    plan_retry_used: bool,
    /// Whether a path was found in this step (the start of following is then "it").
    just_planned: bool,
    tally: Tally,
}

impl Log {
    fn new(verbose: bool, quiet: bool) -> Self {
        Log {
            verbose,
            quiet,
            following: false,
            reason: None,
            routine: false,
            planning_since: Duration::ZERO,
            recovering: false,
            recoveries: 0,
            follow_failed: false,
            follow_retry_used: false,
            plan_retry_used: false,
            just_planned: false,
            tally: Tally::default(),
        }
    }

    fn header(&self, seed: u64, nodes: usize, from_xml: bool) {
        if self.quiet {
            return;
        }
        let how = if from_xml { "compiled from its XML" } else { "one bt! tree" };
        say!("Nav2's navigate_to_pose_w_replanning_and_recovery tree ({nodes} nodes, {how}) drives a");
        say!(
            "robot on a {:.0} m × {:.2} m map of {CELL} m cells at 1 m/s, one tick per {} ms; obstacles from seed {seed}.",
            WIDTH as f32 * CELL,
            HEIGHT as f32 * CELL,
            DT.as_millis()
        );
        let goals: Vec<String> = SCENARIO
            .iter()
            .map(|g| match g.update {
                Some((after, place)) => {
                    format!("{} (moved to {} after {} s)", g.place.name, place.name, after.as_secs())
                }
                None => g.place.name.to_string(),
            })
            .collect();
        say!("Goals: {}.", goals.join(", "));
        say!("Cells are (x, y), see --map; the routine re-planning once a second is shown with --verbose.\n");
    }

    /// Drains the robot's events and prints what they mean.
    fn step(&mut self, robot: &mut Robot) {
        let mut phrases: Vec<String> = Vec::new();
        let mut at = None;
        self.just_planned = false;
        while let Some(event) = robot.events.pop() {
            at.get_or_insert((event.at, event.robot));
            if let Some(phrase) = self.phrase(robot, event) {
                phrases.push(phrase);
            }
        }
        if let Some((t, pos)) = at
            && !phrases.is_empty()
            && !self.quiet
        {
            say!("{}  {:<8}  {}", clock(t), pos.to_string(), phrases.join(" → "));
        }
    }

    /// What `event` means, if it is worth a phrase.
    fn phrase(&mut self, robot: &Robot, event: Event) -> Option<String> {
        let t = &mut self.tally;
        Some(match event.kind {
            EventKind::NavigationStarted { goal } => {
                let place = SCENARIO[goal].place;
                self.reason = Some("new goal");
                self.recoveries = 0;
                self.follow_retry_used = false;
                self.plan_retry_used = false;
                format!("goal {}/{}: {} {}", goal + 1, SCENARIO.len(), place.name, place.at)
            }
            EventKind::GoalUpdated { goal, to } => {
                self.reason = Some("goal updated");
                format!("the goal moves to {} {to}", place_name(goal, to))
            }
            EventKind::GoalReached { goal } => {
                self.following = false;
                format!("reached {}", place_name(goal, robot.goal()))
            }
            EventKind::NavigationFailed { goal } => {
                self.following = false;
                format!("navigation to {} FAILED", place_name(goal, robot.goal()))
            }
            EventKind::Noise { at } => {
                t.noise += 1;
                format!("sensor noise: a phantom obstacle at {at} in the local costmap")
            }
            EventKind::StaleMarks { from, to } => {
                t.stale += 1;
                format!("stale marks across the path in the global costmap at {from}–{to}")
            }
            EventKind::Appeared(o) => match o.leaves_at {
                Some(leaves) => {
                    t.people += 1;
                    format!(
                        "a person steps onto the path at {} (for {:.1} s)",
                        o.at,
                        (leaves - event.at).as_secs_f32()
                    )
                }
                None => {
                    t.boxes += 1;
                    format!("a box is dropped on the path at {}", o.at)
                }
            },
            EventKind::Left { at } => format!("the person at {at} walks away"),
            EventKind::PlanningStarted { planner, goal } => {
                self.planning_since = event.at;
                self.recovering = false;
                let why = self.reason.take();
                self.routine = why.is_none();
                if self.routine {
                    t.replans += 1;
                    if !self.verbose {
                        return None;
                    }
                }
                match why {
                    Some("new goal") => format!("planning with {planner}"),
                    Some(why) => format!("planning to {goal} ({why})"),
                    None => format!("re-planning to {goal} (1 Hz)"),
                }
            }
            EventKind::PlanningSucceeded { cells: n, same_route } => {
                let took = (event.at - self.planning_since).as_secs_f32();
                self.plan_retry_used = false;
                self.just_planned = true;
                if self.routine && !same_route {
                    t.route_changes += 1;
                }
                if self.routine && same_route && !self.verbose {
                    return None;
                }
                let route = match (self.following, same_route) {
                    (false, _) => "",
                    (true, true) => ", the same route",
                    (true, false) => ", a new route",
                };
                format!("path found in {took:.2} s: {}{route}", cells(n))
            }
            EventKind::PlanningFailed(code) => {
                self.reason = Some("retry");
                let took = (event.at - self.planning_since).as_secs_f32();
                let then =
                    if self.plan_retry_used { "; its one retry is used up: the pipeline fails" } else { "" };
                format!("planning fails after {took:.2} s: {}{then}", code.name())
            }
            EventKind::PlanningCancelled => "planning cancelled".to_string(),
            EventKind::FollowStarted { controller, cells: n } => {
                self.following = true;
                self.recovering = false;
                if self.reason == Some("after the recovery") {
                    self.reason = None;
                }
                if std::mem::take(&mut self.follow_failed) {
                    format!("following again, {} to go", cells(n))
                } else if self.just_planned {
                    format!("following it with {controller}")
                } else {
                    format!("following {} with {controller}", cells(n))
                }
            }
            EventKind::Progress { to_go } => format!("on the way, {} to go", cells(to_go)),
            EventKind::FollowFailed { code, blocked } => {
                self.following = false;
                self.follow_failed = true;
                let what = match blocked {
                    Some((p, Blocker::Real(Real::Box))) => format!(": a box at {p}"),
                    Some((p, Blocker::Real(Real::Person))) => format!(": a person at {p}"),
                    Some((p, Blocker::Phantom)) => format!(": a phantom mark at {p}"),
                    Some((p, Blocker::Wall)) => format!(": a wall at {p}"),
                    None => String::new(),
                };
                let then = if self.follow_retry_used {
                    "; its one retry is used up: the pipeline fails"
                } else {
                    ""
                };
                format!("FollowPath fails: {}{what}{then}", code.name())
            }
            EventKind::FollowSucceeded | EventKind::FollowHalted => {
                self.following = false;
                return None;
            }
            EventKind::Cleared { name, layer, removed } => {
                let cleared = format!(
                    "{name} clears the {} costmap ({})",
                    layer.name(),
                    count(removed, "mark", "marks")
                );
                if name.ends_with("-Context") {
                    match layer {
                        Layer::Local => {
                            t.context_local += 1;
                            self.follow_retry_used = true;
                        }
                        Layer::Global => {
                            t.context_global += 1;
                            self.plan_retry_used = true;
                        }
                    }
                    cleared
                } else if layer == Layer::Local {
                    t.navigation[0] += 1;
                    self.navigation_recovery("ClearingActions", cleared)
                } else {
                    cleared
                }
            }
            EventKind::BehaviorStarted(b) => {
                let (i, what) = match b {
                    Behavior::Spin => (1, "Spin 1.57 rad"),
                    Behavior::Wait => (2, "Wait 5 s"),
                    Behavior::BackUp => (3, "BackUp 0.30 m"),
                };
                t.navigation[i] += 1;
                self.navigation_recovery(what, String::new())
            }
            EventKind::BehaviorEnded(b, how, code) => match how {
                Exit::Success => format!("{} done", b.name()),
                Exit::Failure => format!("{} fails: {}", b.name(), code.name()),
                Exit::Halted => format!("{} interrupted", b.name()),
            },
        })
    }

    /// The phrase of a navigation recovery (a child of `RecoveryActions` starting), numbered
    /// within the goal.
    fn navigation_recovery(&mut self, what: &str, then: String) -> String {
        let first = !std::mem::replace(&mut self.recovering, true);
        if first {
            self.recoveries += 1;
            // The pipeline failed: its recovery nodes start over, and it plans again.
            self.follow_retry_used = false;
            self.plan_retry_used = false;
            self.reason = Some("after the recovery");
        }
        let head = if first {
            format!("navigation recovery {}/6: RecoveryActions runs {what}", self.recoveries)
        } else {
            format!("then {what}")
        };
        if then.is_empty() { head } else { format!("{head} → {then}") }
    }

    fn summary<T>(&self, nav: &Navigation<T>, elapsed: Duration) {
        let robot = &nav.robot;
        let t = &self.tally;
        let s = robot.stats;
        let steps = robot.steps;
        let reached = nav.outcomes.iter().filter(|o| o.status == Status::Success).count();
        if !self.quiet {
            say!();
        }
        say!("simulated    {} in {steps} steps of {} ms (one tick each)", clock(robot.now()), DT.as_millis());
        say!(
            "wall time    {:.2} ms ({:.0} ns per step: simulation + tree tick{})",
            elapsed.as_secs_f64() * 1e3,
            elapsed.as_secs_f64() * 1e9 / steps.max(1) as f64,
            if self.quiet { "" } else { " + log" }
        );
        say!("goals        {reached} of {} reached", nav.goals.len());
        say!("driven       {}", cells(s.driven as usize));
        say!(
            "planning     {}, {}; {} at 1 Hz, {} of them a new route",
            count(s.plans, "path", "paths"),
            count(s.plans_failed, "failure", "failures"),
            count(t.replans, "routine re-plan", "routine re-plans"),
            t.route_changes
        );
        say!(
            "obstacles    {}, {}, {}, {}",
            count(t.noise, "phantom mark (noise)", "phantom marks (noise)"),
            count(t.stale, "stale bar", "stale bars"),
            count(t.boxes, "box", "boxes"),
            count(t.people, "person", "people")
        );
        say!(
            "recoveries   context: {} local, {} global; navigation: ClearingActions {}, Spin {}, Wait {}, BackUp {}",
            t.context_local,
            t.context_global,
            t.navigation[0],
            t.navigation[1],
            t.navigation[2],
            t.navigation[3]
        );
        say!("checksum     {:#018x}", robot.checksum());
    }
}
