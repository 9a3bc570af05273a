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

use bt::__private::Builder;
use bt::record::{Recorder, Recording};
use bt::view::LiveView;
use bt::{Action, BehaviorTree, Describe, Node, NodeInfo, Status, TreeDescription};

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

const fn node(
    kind: &'static str,
    label: &'static str,
    args: &'static str,
    depth: u16,
    children: u16,
) -> NodeInfo {
    NodeInfo { kind, label, args, depth, children, line: 0, column: 0 }
}

/// The description `bt!` emits for the tree of [`brain`].
static BRAIN: TreeDescription = TreeDescription {
    name: "Brain",
    context: "Agent",
    file: file!(),
    nodes: &[
        node("repeat", "repeat", "", 0, 1),
        node("parallel", "parallel", "1", 1, 2),
        node("selector", "selector", "", 2, 3),
        node("sequence", "sequence", "", 3, 3),
        node("leaf", "{ |a: &Agent| a.food < 30 }", "", 4, 0),
        node("leaf", "WalkTo(FOOD)", "", 4, 0),
        node("leaf", "EatFood", "", 4, 0),
        node("sequence", "sequence", "", 3, 3),
        node("leaf", "{ |a: &Agent| a.water < 30 }", "", 4, 0),
        node("leaf", "WalkTo(WATER)", "", 4, 0),
        node("leaf", "DrinkWater", "", 4, 0),
        node("sequence", "sequence", "", 3, 3),
        node("leaf", "{ |a: &Agent| a.energy < 30 }", "", 4, 0),
        node("leaf", "WalkTo(BED)", "", 4, 0),
        node("leaf", "Sleep", "", 4, 0),
        node("leaf", "Alive", "", 2, 0),
    ],
};

struct BrainDesc;
impl Describe for BrainDesc {
    const DESCRIPTION: &'static TreeDescription = &BRAIN;
}

fn eat(a: &mut Agent) -> Status {
    a.food = 100;
    Status::Success
}

fn drink(a: &mut Agent) -> Status {
    a.water = 100;
    Status::Success
}

fn sleep(a: &mut Agent) -> Status {
    a.energy = 100;
    Status::Success
}

/// `repeat(parallel(1)<selector<sequence<hungry?, WalkTo(FOOD), EatFood>, …>, Alive>)`.
fn brain() -> BehaviorTree<impl Node<Agent>, Agent, BrainDesc> {
    let b = Builder::<Agent>::new();
    b.build_described::<BrainDesc, _>(bt::Repeat::forever(bt::Parallel::new(
        1,
        (
            bt::Selector::new((
                bt::Sequence::new((b.leaf(|a: &Agent| a.food < 30), b.leaf(WalkTo(FOOD)), b.leaf(eat))),
                bt::Sequence::new((b.leaf(|a: &Agent| a.water < 30), b.leaf(WalkTo(WATER)), b.leaf(drink))),
                bt::Sequence::new((b.leaf(|a: &Agent| a.energy < 30), b.leaf(WalkTo(BED)), b.leaf(sleep))),
            )),
            b.leaf(|_: &mut Agent| Status::Running),
        ),
    )))
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
    let mut tree = brain();
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
