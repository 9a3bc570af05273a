//! Many agents: a crowd of hungry agents (the `hungry_agent` example), each with its own `bt!`
//! tree, ticked one after the other and then in parallel.
//!
//! ```text
//! cargo run --release --example crowd                                # 100 000 agents, one thread
//! cargo run --release --example crowd --features rayon               # and in parallel (rayon)
//! cargo run --release --example crowd --features rayon -- --agents 20000 --ticks 500
//! ```
//!
//! Every agent is a `World` of its own (the agent, its needs and its tree, [`world::AgentBrain`]);
//! one agent-tick is one step of it: the world's update, then one tick of its tree. A tree is
//! `Send` when its leaves are, so the crowd can be split across threads with no change to the
//! tree; the parallel run must end with every agent in exactly the state the sequential run left it
//! in, which the program checks.

#[path = "hungry_agent/world.rs"]
#[allow(dead_code)]
mod world;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use world::{Agent, AgentBrain, World};

const USAGE: &str = "usage: crowd [--agents N] [--ticks T]

Ticks N hungry agents (default 100000), each with its own behavior tree, T times (default 300),
on one thread and, with the `rayon` feature, on all cores; prints agent-ticks per second.
";

struct Options {
    agents: usize,
    ticks: u32,
}

fn parse() -> Result<Options, String> {
    let mut options = Options { agents: 100_000, ticks: 300 };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next().and_then(|v| v.parse::<usize>().ok()).ok_or(format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--agents" => options.agents = value("--agents")?.max(1),
            "--ticks" => options.ticks = value("--ticks")?.clamp(1, u32::MAX as usize) as u32,
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(options)
}

/// The crowd: agent `i` starts with its own needs (all between 31 and 100), so that the agents
/// do different things at different times.
fn crowd(n: usize) -> Vec<World> {
    (0..n)
        .map(|i| {
            let mut needs = [0.0; 5];
            let mut h = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5eed;
            for need in &mut needs {
                h ^= h >> 29;
                h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
                *need = 31.0 + (h >> 40) as f32 % 70.0;
            }
            World::with_agent(Agent::with_needs(needs))
        })
        .collect()
}

fn rate(agents: usize, ticks: u32, took: Duration) -> f64 {
    agents as f64 * f64::from(ticks) / took.as_secs_f64()
}

fn main() -> ExitCode {
    let options = match parse() {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("crowd: {message}\n");
            }
            eprint!("{USAGE}");
            return if message.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(2) };
        }
    };
    let Options { agents, ticks } = options;
    // Each run is made twice and the faster one counts (the first one also warms the caches up).
    const RUNS: usize = 2;
    println!(
        "{agents} agents × {ticks} ticks; per agent: tree {} bytes, whole world (agent, event ring, tree) {} bytes",
        size_of::<AgentBrain>(),
        size_of::<World>(),
    );

    // One thread: every agent steps once per frame, frame after frame.
    let mut sequential = Vec::new();
    let mut one = Duration::MAX;
    for _ in 0..RUNS {
        sequential = crowd(agents);
        let start = Instant::now();
        for _ in 0..ticks {
            for world in &mut sequential {
                let _ = world.step();
            }
        }
        one = one.min(start.elapsed());
    }
    let one_rate = rate(agents, ticks, one);
    println!("one thread:  {:>8.3} s  {:>12.0} agent-ticks/s", one.as_secs_f64(), one_rate);

    let busy = sequential.iter().filter(|w| w.agent.activity != world::Activity::Idle).count();
    let completed: u32 = sequential.iter().map(|w| w.agent.stats.completed.iter().sum::<u32>()).sum();
    println!("  after {ticks} ticks: {busy} agents busy, {completed} needs refilled in all");

    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;

        let mut parallel = Vec::new();
        let mut many = Duration::MAX;
        for _ in 0..RUNS {
            parallel = crowd(agents);
            let start = Instant::now();
            for _ in 0..ticks {
                parallel.par_iter_mut().for_each(|world| {
                    let _ = world.step();
                });
            }
            many = many.min(start.elapsed());
        }
        let many_rate = rate(agents, ticks, many);
        println!(
            "{} threads:   {:>8.3} s  {:>12.0} agent-ticks/s",
            rayon::current_num_threads(),
            many.as_secs_f64(),
            many_rate
        );
        println!("parallel speed-up: {:.2}×", many_rate / one_rate);
        let same = sequential.iter().zip(&parallel).all(|(a, b)| a.checksum() == b.checksum());
        if !same {
            eprintln!("crowd: the parallel run ended in another state than the sequential one");
            return ExitCode::FAILURE;
        }
        println!("every agent ends in the same state in both runs");
    }
    #[cfg(not(feature = "rayon"))]
    println!("(run with `--features rayon` to tick the crowd in parallel too)");
    ExitCode::SUCCESS
}
