//! Seeing a tree: a small hungry agent (three needs) shown every way `bt` can show it.
//!
//! ```text
//! cargo run --example view_demo -- --tree            # the tree as indented text
//! cargo run --example view_demo -- --dot | dot -Tsvg > tree.svg
//! cargo run --example view_demo -- --mermaid         # paste into a ```mermaid block
//! cargo run --example view_demo -- --watch           # live, in colour; --fast, --ticks N
//! cargo run --example view_demo -- --record run.btr  # record a run…
//! cargo run --example view_demo -- --replay run.btr  # …and read it back as a timeline
//! cargo run --example view_demo -- --replay run.btr --watch   # …or watch it again
//! ```
use std::process::ExitCode;
use std::time::Duration;

use bt::record::{Recorder, Recording};
use bt::view::LiveView;
use bt::{Action, Condition, Status, bt};

const USAGE: &str = "\
usage: view_demo [--tree] [--dot] [--mermaid] [--watch [--fast]] [--ticks N] [--record FILE]
       view_demo --replay FILE [--watch [--fast]]

  --tree          print the tree as indented text
  --dot           print the tree as Graphviz DOT
  --mermaid       print the tree as a Mermaid flowchart
  --watch         run the agent and show the tree live (a frame per tick)
  --fast          with --watch: no pause between frames
  --ticks N       ticks to run (default 120)
  --record FILE   run the agent and record the run to FILE
  --replay FILE   print a recorded run as a timeline (with --watch: play it in the live view)
";

/// Food, water and energy fall over time; the agent walks (one step per tick) to where each need
/// is met.
struct Agent {
    food: u32,
    water: u32,
    energy: u32,
    x: i32,
}

const FOOD: i32 = 4;
const WATER: i32 = -4;
const BED: i32 = 0;
/// Game time per tick.
const DT: Duration = Duration::from_millis(500);

impl Agent {
    fn step(&mut self) {
        self.food = self.food.saturating_sub(3);
        self.water = self.water.saturating_sub(2);
        self.energy = self.energy.saturating_sub(1);
    }
}

/// Walks one step per tick towards a position.
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

/// Defines a condition on the agent.
macro_rules! condition {
    ($name:ident, |$a:ident| $check:expr) => {
        struct $name;
        impl Condition<Agent> for $name {
            fn check(&mut self, $a: &Agent) -> bool {
                $check
            }
        }
    };
}

/// Defines an action that completes at once.
macro_rules! instant_action {
    ($name:ident, |$a:ident| $effect:expr) => {
        struct $name;
        impl Action<Agent> for $name {
            fn execute(&mut self, $a: &mut Agent) -> Status {
                $effect;
                Status::Success
            }
        }
    };
}

condition!(Hungry, |a| a.food < 30);
condition!(Thirsty, |a| a.water < 30);
condition!(Tired, |a| a.energy < 30);
instant_action!(Eat, |a| a.food = 100);
instant_action!(Drink, |a| a.water = 100);
instant_action!(Sleep, |a| a.energy = 100);

/// Lives: always running.
struct Alive;
impl Action<Agent> for Alive {
    fn execute(&mut self, _: &mut Agent) -> Status {
        Status::Running
    }
}

bt! {
    /// The agent's brain: meet the most urgent need, while staying alive.
    struct Brain for Agent {
        repeat(parallel(1)<
            selector<
                sequence<Hungry, WalkTo(FOOD), Eat>,
                sequence<Thirsty, WalkTo(WATER), Drink>,
                sequence<Tired, WalkTo(BED), Sleep>,
            >,
            Alive,
        >)
    }
}

#[derive(Default)]
struct Options {
    tree: bool,
    dot: bool,
    mermaid: bool,
    watch: bool,
    fast: bool,
    ticks: u64,
    record: Option<String>,
    replay: Option<String>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options { ticks: 120, ..Options::default() };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--tree" => o.tree = true,
            "--dot" => o.dot = true,
            "--mermaid" => o.mermaid = true,
            "--watch" => o.watch = true,
            "--fast" => o.fast = true,
            "--ticks" => {
                let n = args.next().ok_or("`--ticks` needs a number")?;
                o.ticks = n.parse().map_err(|_| format!("`--ticks {n}`: expected a number"))?;
            }
            "--record" => o.record = Some(args.next().ok_or("`--record` needs a file name")?.clone()),
            "--replay" => o.replay = Some(args.next().ok_or("`--replay` needs a file name")?.clone()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let options = match parse(&args) {
        Ok(o) => o,
        Err(e) => {
            eprint!("view_demo: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("view_demo: {e}");
            ExitCode::FAILURE
        }
    }
}

fn caption(t: u64, a: &Agent) -> String {
    let secs = DT.as_secs_f64() * t as f64;
    format!("t={secs:6.1}s   food {:3}   water {:3}   energy {:3}   x={:+}", a.food, a.water, a.energy, a.x)
}

fn run(o: &Options) -> std::io::Result<()> {
    if let Some(path) = &o.replay {
        return replay(path, o);
    }
    let mut tree = Brain::new();
    let desc = tree.description();
    if o.tree {
        print!("{}", desc.text());
    }
    if o.dot {
        print!("{}", desc.dot());
    }
    if o.mermaid {
        print!("{}", desc.mermaid());
    }
    if !o.watch && o.record.is_none() {
        return Ok(());
    }
    let mut agent = Agent { food: 40, water: 34, energy: 90, x: 0 };
    let mut view = o.watch.then(|| LiveView::stdout(desc));
    let mut recorder = o.record.as_ref().map(|path| Recorder::create(path, desc)).transpose()?;
    for t in 0..o.ticks {
        if let Some(r) = &mut recorder {
            r.note(caption(t, &agent));
        }
        let _ = tree.tick_with(&mut agent, &mut (&mut view, &mut recorder));
        if let Some(view) = &mut view {
            view.frame(caption(t, &agent))?;
            if !o.fast {
                std::thread::sleep(Duration::from_millis(120));
            }
        }
        agent.step();
    }
    tree.halt_with(&mut agent, &mut (&mut view, &mut recorder));
    if let Some(view) = view {
        view.finish()?;
    }
    if let (Some(r), Some(path)) = (recorder, &o.record) {
        let ticks = r.ticks();
        r.finish()?;
        let size = std::fs::metadata(path)?.len();
        println!("recorded {ticks} ticks to {path} ({size} bytes)");
    }
    Ok(())
}

fn replay(path: &str, o: &Options) -> std::io::Result<()> {
    let rec = Recording::open(path)?;
    if !o.watch {
        print!("{}", rec.description().text());
        print!("{}", rec.timeline());
        return Ok(());
    }
    let mut view = LiveView::stdout(rec.description());
    for (i, step) in rec.steps().iter().enumerate() {
        rec.replay_step(i, &mut view);
        view.frame(format_args!("replay of {path}, tick {}   {}", step.tick, step.notes.join(" · ")))?;
        if !o.fast {
            std::thread::sleep(Duration::from_millis(120));
        }
    }
    view.finish()?;
    Ok(())
}
