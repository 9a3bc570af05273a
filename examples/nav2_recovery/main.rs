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
//! cargo run --release --example nav2_recovery -- --load tests/xml/corpus/navigation2__navigate_w_replanning_and_recovery.xml
//! cargo run --release --example nav2_recovery -- --no-obstacles --load FILE   # nothing in the way
//! cargo run --release --example nav2_recovery -- --groot 1667 # watch it in Groot2 (until Ctrl-C)
//! cargo run --release --example nav2_recovery -- --btlog nav.btlog  # a log Groot2 replays
//! ```
//!
//! `--load FILE` loads a tree from a BehaviorTree.CPP XML file when the program runs, over
//! `tree::registry()`: the leaves of the compiled tree and the other Nav2 nodes a navigation of
//! one robot to one goal uses, each with Nav2's ports and defaults (see `tree/registry.rs`). Every
//! one of Nav2's navigate-to-pose files in `tests/xml/corpus/` runs; those without recovery
//! branches give up at the first obstacle that makes the controller or the planner fail, as they
//! would in Nav2, and reach every goal with `--no-obstacles`. The program exits with status 1 if
//! a goal was not reached.
//!
//! `--from-xml` runs `tree::NavigateToPoseXml`, the same tree compiled by `bt_xml!` from Nav2's
//! XML file with the same leaf types: same description but for the leaves' labels, same log.
//!
//! The world and the servers are in `sim.rs`, the leaves and the trees in `tree.rs`, the log in
//! `log.rs`; this file is the command line.

// Shared with the tests: not every item is used by this program.
#[path = "../common/groot.rs"]
mod common_groot;
mod deferred;
mod groot;
#[allow(dead_code)]
mod sim;
#[allow(dead_code)]
mod tree;

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use bt::Status;
use sim::{CELL, HEIGHT, MAP, SCENARIO, SEED, WIDTH};
use tree::{NavTree, NavigateToPose, NavigateToPoseXml, Navigation};

/// `println!` that stops the program quietly when stdout is closed.
#[macro_export]
macro_rules! say {
    () => { $crate::say(format_args!("")) };
    ($($t:tt)*) => { $crate::say(format_args!($($t)*)) };
}

// The log of a run (uses `say!`).
mod log;

use log::Log;

const USAGE: &str = "\
usage: nav2_recovery [--from-xml | --load FILE] [--seed N | --no-obstacles] [--verbose | --quiet]
       nav2_recovery [--from-xml | --load FILE] --tree | --dot | --mermaid | --xml
       nav2_recovery --map
       nav2_recovery [--from-xml] [--seed N] --groot PORT [--btlog FILE] | --btlog FILE
       nav2_recovery --help

Runs Nav2's navigate_to_pose_w_replanning_and_recovery tree on a simulated robot that drives to
five goals while obstacles appear on its path, and prints what happens. Exits with status 1 if a
goal was not reached.

  --seed N        seed of the obstacles (default 11)
  --no-obstacles  nothing appears on the robot's path
  --verbose       also print the routine re-planning (once a second) that keeps the same route
  --quiet         print only the summary
  --from-xml      use the tree compiled from Nav2's XML file instead of the one written with bt!
  --load FILE     load the tree from a BehaviorTree.CPP XML file when the program runs: any of
                  Nav2's navigate-to-pose trees (tests/xml/corpus/navigation2__navigate*.xml),
                  over the Nav2 nodes of examples/nav2_recovery/tree/registry.rs
  --tree          print the tree as text (--dot: Graphviz, --mermaid: Mermaid,
                  --xml: BehaviorTree.CPP XML, for Groot2)
  --map           print the map with the goals
  --groot PORT    serve the tree to Groot2's monitor on PORT (and PORT + 1), the robot driving in
                  real time (one tick per 50 ms step), the scenario starting over, until interrupted
  --btlog FILE    log the scenario to FILE (.btlog), which Groot2 replays
  --help, -h      print this help
";

/// Prints a line to stdout; exits quietly once stdout is closed (the log piped into `head`).
fn say(line: std::fmt::Arguments) {
    if writeln!(std::io::stdout(), "{line}").is_err() {
        std::process::exit(0);
    }
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
    let options = match Options::parse(&args) {
        Ok(options) => options,
        Err(message) => return usage_error(&message),
    };
    if options.show.as_deref() == Some("--map") {
        print_map();
        return ExitCode::SUCCESS;
    }
    match &options.load {
        Some(file) => match tree::registry().load(file) {
            Ok(loaded) => run(loaded, &options),
            Err(e) => {
                eprintln!("nav2_recovery: cannot load `{file}`:\n{e}");
                ExitCode::FAILURE
            }
        },
        None if options.from_xml => run(NavigateToPoseXml::new(), &options),
        None => run(NavigateToPose::new(), &options),
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
    obstacles: bool,
    from_xml: bool,
    load: Option<String>,
    verbose: bool,
    quiet: bool,
    /// `--tree`, `--dot`, `--mermaid`, `--xml` or `--map`: print, do not run.
    show: Option<String>,
}

impl Options {
    fn parse(args: &[String]) -> Result<Self, String> {
        let mut o = Options {
            seed: SEED,
            obstacles: true,
            from_xml: false,
            load: None,
            verbose: false,
            quiet: false,
            show: None,
        };
        let mut seeded = false;
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--seed" => {
                    let value = args.next().ok_or("`--seed` needs a number")?;
                    o.seed =
                        value.parse().map_err(|_| format!("`--seed {value}`: expected a whole number"))?;
                    seeded = true;
                }
                "--no-obstacles" => o.obstacles = false,
                "--from-xml" => o.from_xml = true,
                "--load" => o.load = Some(args.next().ok_or("`--load` needs a file")?.clone()),
                "--verbose" => o.verbose = true,
                "--quiet" => o.quiet = true,
                "--tree" | "--dot" | "--mermaid" | "--xml" | "--map" => {
                    if let Some(other) = o.show.replace(arg.clone()) {
                        return Err(format!("`{other}` and `{arg}` exclude each other"));
                    }
                }
                other => return Err(format!("unknown argument `{other}`")),
            }
        }
        if o.verbose && o.quiet {
            return Err("`--verbose` and `--quiet` exclude each other".to_string());
        }
        if o.from_xml && o.load.is_some() {
            return Err("`--from-xml` and `--load` exclude each other".to_string());
        }
        if seeded && !o.obstacles {
            return Err("`--seed` and `--no-obstacles` exclude each other".to_string());
        }
        let running = seeded || !o.obstacles || o.verbose || o.quiet;
        match o.show.as_deref() {
            Some("--map") if o.from_xml || o.load.is_some() || running => {
                Err("`--map` takes no other argument".to_string())
            }
            Some(flag) if running => Err(format!("`{flag}` takes only `--from-xml` or `--load FILE`")),
            _ => Ok(o),
        }
    }

    /// How the tree was made, for the log's header.
    fn how(&self) -> String {
        match (&self.load, self.from_xml) {
            (Some(file), _) => format!("loaded from {file}"),
            (None, true) => "compiled from its XML".to_string(),
            (None, false) => "one bt! tree".to_string(),
        }
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

/// Runs the scenario through `tree`, or prints it (`--tree`, …); exits with 1 if a goal was not
/// reached.
fn run<T: NavTree>(tree: T, options: &Options) -> ExitCode {
    if let Some(flag) = &options.show {
        let desc = tree.describe();
        // Whole labels: the leaves' fields are the XML's attributes. A closed output (piped
        // into `head`) is not an error worth a message.
        let all = usize::MAX;
        let _ = match flag.as_str() {
            "--tree" => write!(std::io::stdout(), "{}", desc.text().max_label(all)),
            "--dot" => write!(std::io::stdout(), "{}", desc.dot().max_label(all)),
            "--xml" => write!(std::io::stdout(), "{}", desc.btcpp_xml()),
            _ => write!(std::io::stdout(), "{}", desc.mermaid().max_label(all)),
        };
        return ExitCode::SUCCESS;
    }
    let mut nav = Navigation::over(tree, options.seed, options.obstacles);
    let mut log = Log::new(nav.tree.describe(), options.verbose, options.quiet);
    log.header(options.obstacles.then_some(options.seed), &options.how());
    let mut deferred = deferred::Deferred::new(nav.tree.describe());
    let started = Instant::now();
    while nav.step_with(&mut deferred).is_some() {
        log.step(&mut nav.robot);
    }
    let elapsed = started.elapsed();
    log.summary(&nav, elapsed, deferred.count);
    if nav.outcomes.iter().all(|o| o.status == Status::Success) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
