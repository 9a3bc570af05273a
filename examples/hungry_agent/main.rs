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
//! cargo run --release --example hungry_agent -- --tree-file examples/hungry_agent/agent.xml
//! cargo run --release --example hungry_agent --features reload -- --tree-file examples/hungry_agent/agent.xml
//! ```
//!
//! `--tree-file` loads the tree from a BehaviorTree.CPP XML file when the program runs
//! (`agent.xml`, next to this file, is the compiled tree's: the same log); with the feature
//! `reload` the file is followed, and each edit is loaded at the next step.
//!
//! The world, the leaves and the tree are in `world.rs`; the log in `log.rs`; this file is the
//! command line.

// Shared with the tests (and the benchmarks): not every item is used by this program.
#[path = "../common/groot.rs"]
mod common_groot;
mod groot;
#[allow(dead_code)]
mod world;
// The log of a run, and the loop that writes it (shared with the tests).
#[allow(dead_code)]
#[macro_use]
mod log;
// Seeing the tree: --tree, --dot, --mermaid, --xml, --watch, --record, --replay.
mod view;

use std::process::ExitCode;
use std::time::Duration;

use log::{Log, clock, needs};
use world::{Agent, Brain, World};

const USAGE: &str = "\
usage: hungry_agent [--minutes N] [--quiet] [--save FILE --at MM:SS] [--load FILE]
       hungry_agent --tree-file FILE [--minutes N] [--quiet]
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
  --tree-file FILE
                load the agent's tree from a BehaviorTree.CPP XML file when the program runs
                (examples/hungry_agent/agent.xml is the compiled tree's); with the feature
                `reload`, the file is followed while the agent lives (game time then runs 10
                times faster than real time): each edit is loaded at the next step (the log
                says so, and shows the errors of an edit that does not load, while the running
                tree goes on)
  --help, -h    print this help
";

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
    /// `--tree-file FILE`.
    tree_file: Option<String>,
}

impl RunOptions {
    fn parse(args: &[String]) -> Result<Self, String> {
        let mut options = RunOptions { minutes: 5.0, quiet: false, save: None, load: None, tree_file: None };
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
                "--tree-file" => {
                    options.tree_file = Some(args.next().ok_or("`--tree-file` needs a file")?.clone());
                }
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
        if options.tree_file.is_some() && (options.save.is_some() || options.load.is_some()) {
            return Err("`--save` and `--load` save the compiled tree: they exclude `--tree-file`".into());
        }
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
    let Some(file) = &options.tree_file else {
        return run_compiled(&options);
    };
    #[cfg(not(feature = "reload"))]
    {
        match world::registry().load(file) {
            Ok(tree) => finish(World::with_brain(Agent::new(), tree), &options, |_, _, _| true),
            Err(e) => {
                eprintln!("hungry_agent: cannot load `{file}`:\n{e}");
                ExitCode::FAILURE
            }
        }
    }
    #[cfg(feature = "reload")]
    {
        match reload::open(file) {
            Ok(tree) => finish(World::with_brain(Agent::new(), tree), &options, reload::poll),
            Err(e) => {
                eprintln!("hungry_agent: cannot load `{file}`:\n{e}");
                ExitCode::FAILURE
            }
        }
    }
}

/// Runs a fresh `world` (header, steps, summary), with `before` run before every step.
fn finish<B: Brain>(
    mut world: World<B>,
    options: &RunOptions,
    before: impl FnMut(&mut World<B>, &mut Log, &[f32; 5]) -> bool,
) -> ExitCode {
    let end = Duration::from_secs_f64(options.minutes * 60.0);
    let mut log = Log::new(options.quiet);
    let mut lowest = world.agent.needs;
    log.header(&world.agent);
    let Some((status, elapsed)) = log::simulate(&mut world, &mut log, &mut lowest, end, before) else {
        return ExitCode::SUCCESS;
    };
    log::summary(&world, status, elapsed, &lowest, options.quiet);
    ExitCode::SUCCESS
}

/// The compiled tree, which can be saved and loaded (feature `serde`).
fn run_compiled(options: &RunOptions) -> ExitCode {
    #[cfg(feature = "serde")]
    if let Some(file) = &options.load {
        let (mut world, mut log, mut lowest) = match saved::load(file) {
            Ok(loaded) => loaded,
            Err(message) => {
                eprintln!("hungry_agent: cannot load `{file}`: {message}");
                return ExitCode::FAILURE;
            }
        };
        log.quiet = options.quiet;
        let end = Duration::from_secs_f64(options.minutes * 60.0);
        let Some((status, elapsed)) = log::simulate(&mut world, &mut log, &mut lowest, end, |_, _, _| true)
        else {
            return ExitCode::SUCCESS;
        };
        log::summary(&world, status, elapsed, &lowest, options.quiet);
        return ExitCode::SUCCESS;
    }
    #[cfg(feature = "serde")]
    if let Some((file, at)) = options.save.clone() {
        let mut failed = false;
        let code = finish(World::new(), options, |world, log, lowest| {
            if world.now() < at {
                return true;
            }
            match saved::save(&file, world, log, lowest) {
                Ok(()) => eprintln!("saved at {} to {file}", log::clock(world.now())),
                Err(e) => {
                    eprintln!("hungry_agent: cannot write `{file}`: {e}");
                    failed = true;
                }
            }
            false
        });
        return if failed { ExitCode::FAILURE } else { code };
    }
    finish(World::new(), options, |_, _, _| true)
}

/// `--tree-file FILE` with the feature `reload`: the tree follows its file, and the log says
/// what happened to each edit.
#[cfg(feature = "reload")]
mod reload {
    use bt::Status;
    use bt::load::{Reload, Reloading};

    use super::world::{self, Agent, Brain, World};
    use super::{Log, log};

    impl Brain for Reloading<Agent> {
        fn tick(&mut self, agent: &mut Agent) -> Status {
            // Edits are applied (and logged) by `poll`, before the step.
            self.tree_mut().tick(agent)
        }
        fn halt(&mut self, agent: &mut Agent) {
            self.tree_mut().halt(agent)
        }
    }

    /// The agent's tree from `file`, reloaded when it changes.
    pub fn open(file: &str) -> Result<Reloading<Agent>, bt::load::WatchError> {
        Reloading::new(world::registry(), file)
    }

    /// Game time runs this many times faster than real time while the tree follows its file,
    /// so that there is time to edit it.
    const SPEEDUP: u32 = 10;

    /// Waits a step's share of real time, then applies an edit of the tree's file, if there was
    /// one, and logs what happened.
    pub fn poll(world: &mut World<Reloading<Agent>>, _: &mut Log, _: &[f32; 5]) -> bool {
        std::thread::sleep(world::DT / SPEEDUP);
        let at = format!("{}  {}", log::clock(world.now()), log::needs(&world.agent));
        let file = world.brain.files().first().map(|f| f.display().to_string()).unwrap_or_default();
        match world.brain.poll(&mut world.agent) {
            None => {}
            Some(Reload::Reloaded { carried }) => {
                let nodes = world.brain.tree().size();
                let then = if carried {
                    "the running state carries over"
                } else {
                    "the running tree was halted; the new one starts from its root"
                };
                say!("{at}  tree reloaded from {file} ({nodes} nodes): {then}");
            }
            Some(Reload::Failed(e)) => {
                say!("{at}  tree file {file} not loaded, the running tree goes on:");
                for line in e.to_string().lines() {
                    say!("                {line}");
                }
            }
        }
        true
    }
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
