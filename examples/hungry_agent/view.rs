//! Seeing the agent's tree: `--tree`, `--dot`, `--mermaid` print it; `--watch` shows it live as
//! the agent decides; `--record FILE` records a run and `--replay FILE` reads it back as a timeline.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use bt::record::{Recorder, Recording};
use bt::view::LiveView;

use super::world::{Activity, AgentBrain, DT, World};
use super::{clock, needs};

/// Real time between two frames of `--watch`: five times faster than game time.
const FRAME: Duration = Duration::from_millis(20);

/// `--tree`, `--dot` or `--mermaid`: prints the tree, without running it.
pub fn print(flag: &str) -> ExitCode {
    let brain = AgentBrain::new();
    let desc = brain.description();
    let mut out = io::stdout().lock();
    // A closed output (piped into `head`) is not an error worth a message.
    let _ = match flag {
        "--tree" => write!(out, "{}", desc.text()),
        "--dot" => write!(out, "{}", desc.dot()),
        "--xml" => write!(out, "{}", desc.btcpp_xml()),
        _ => write!(out, "{}", desc.mermaid()),
    };
    ExitCode::SUCCESS
}

/// Options of `--watch`, `--record` and `--replay`.
struct Options {
    watch: bool,
    fast: bool,
    minutes: f64,
    record: Option<String>,
    replay: Option<String>,
}

impl Options {
    fn parse(args: &[String]) -> Result<Self, String> {
        let mut o = Options { watch: false, fast: false, minutes: 5.0, record: None, replay: None };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--watch" => o.watch = true,
                "--fast" => o.fast = true,
                "--minutes" => {
                    let value = args.next().ok_or("`--minutes` needs a number")?;
                    o.minutes = value
                        .parse()
                        .ok()
                        .filter(|m: &f64| m.is_finite() && *m > 0.0)
                        .ok_or_else(|| format!("`--minutes {value}`: expected a positive number"))?;
                }
                "--record" => o.record = Some(args.next().ok_or("`--record` needs a file name")?.clone()),
                "--replay" => o.replay = Some(args.next().ok_or("`--replay` needs a file name")?.clone()),
                other => {
                    return Err(format!("unknown argument `{other}` (with --watch, --record or --replay)"));
                }
            }
        }
        Ok(o)
    }
}

/// `--watch`, `--record FILE`, `--replay FILE`, with `--minutes N` and `--fast`.
pub fn run(args: &[String]) -> ExitCode {
    let options = match Options::parse(args) {
        Ok(o) => o,
        Err(message) => return super::usage_error(&message),
    };
    let result = match &options.replay {
        Some(path) => replay(path, &options),
        None => simulate(&options),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // Output piped into `head` and closed: stop quietly, as the log does.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hungry_agent: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `e`, saying which file it is about.
fn in_file(path: &str, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{path}: {e}"))
}

/// What the caption says: game time, needs, and what the agent is doing.
fn caption(world: &World) -> String {
    let doing = match world.agent.activity {
        Activity::Idle => "idle".to_string(),
        Activity::Walking(zone) => format!("walking to {}", zone.name()),
        Activity::Refilling(need) => need.activity().to_string(),
    };
    format!("{}  {}  {doing}", clock(world.now()), needs(&world.agent))
}

/// Runs the simulation, watched live and/or recorded.
fn simulate(o: &Options) -> io::Result<()> {
    let steps = (o.minutes * 60.0 / DT.as_secs_f64()).round() as u64;
    let mut world = World::new();
    let desc = world.brain.description();
    let mut view = o.watch.then(|| LiveView::stdout(desc));
    let mut recorder = o
        .record
        .as_ref()
        .map(|path| Recorder::create(path, desc).map_err(|e| in_file(path, e)))
        .transpose()?;
    for _ in 0..steps {
        // `World::step`, with the observers.
        world.update(DT);
        if let Some(r) = &mut recorder {
            r.note(caption(&world));
        }
        world.ticks += 1;
        let status = world.brain.tick_with(&mut world.agent, &mut (&mut view, &mut recorder));
        if let Some(view) = &mut view {
            view.frame(caption(&world))?;
            if !o.fast {
                std::thread::sleep(FRAME);
            }
        }
        if status != bt::Status::Running {
            break;
        }
    }
    world.brain.halt_with(&mut world.agent, &mut (&mut view, &mut recorder));
    if let Some(view) = view {
        view.finish()?;
    }
    if let (Some(r), Some(path)) = (recorder, &o.record) {
        let ticks = r.ticks();
        r.finish()?;
        let size = std::fs::metadata(path)?.len();
        println!("recorded {ticks} ticks to {path} ({size} bytes); read it with --replay {path}");
    }
    Ok(())
}

/// Prints a recording as a timeline, or with `--watch` plays it in the live view.
fn replay(path: &str, o: &Options) -> io::Result<()> {
    let rec = Recording::open(path).map_err(|e| in_file(path, e))?;
    if !o.watch {
        return write!(io::stdout().lock(), "{}\n{}", rec.description().text(), rec.timeline());
    }
    let mut view = LiveView::stdout(rec.description());
    // Notes are only recorded for ticks that changed something: show the latest one.
    let mut note = String::new();
    for (i, step) in rec.steps().iter().enumerate() {
        rec.replay_step(i, &mut view);
        if !step.notes.is_empty() {
            note = format!("(as of tick {}) {}", step.tick, step.notes.join(" · "));
        }
        view.frame(format_args!("replay, tick {}  {note}", step.tick))?;
        if !o.fast {
            std::thread::sleep(FRAME);
        }
    }
    view.finish()?;
    Ok(())
}
