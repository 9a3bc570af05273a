//! A crowd of hungry agents in a Bevy ECS world: every entity holds the hungry agent's brain (the
//! `hungry_agent` example's tree, unchanged) and its agent, and a Bevy schedule steps them all.
//!
//! ```text
//! cargo run --release --example bevy_crowd        # 100 000 agents × 300 ticks
//! cargo run --release --example bevy_crowd -- --agents 20000 --ticks 500 --rounds 5
//! ```
//!
//! Headless, on `bevy_ecs` alone. One agent-tick is one step of one agent, as in the `crowd`
//! example: the world's update (`Agent::update`), then one tick of its tree. Each entity holds a
//! [`Brain<AgentBrain>`](Brain) and a [`Context<Agent>`](Context). The program measures, in the same
//! process and on the same agents:
//!
//! * the `crowd` example's plain loop (`for world in &mut worlds { world.step() }`) on one thread,
//!   and the same loop split across all cores (scoped threads, one chunk per core, each tick);
//! * three Bevy schedules, each on one thread (single-threaded executor, `iter_mut`) and on all
//!   cores (`par_iter_mut`):
//!   * an update system, then [`TreePlugin`]'s tick system: two passes over the agents;
//!   * [`TreePlugin`] with the update as its step before each tick
//!     ([`TreePlugin::before_tick`]): one pass;
//!   * a system of its own that updates and ticks each agent ([`EntityTree::tick_entity`]): one
//!     pass, for comparison.
//!
//! Rounds run every variant in turn and each variant's fastest run counts (`--rounds`, 3 by
//! default), so that a busy moment of a shared machine does not fall on one variant only. It prints
//! agent-ticks per second for each, and each Bevy figure as a share of the plain loop's on as many
//! threads. Every run must end with every agent in exactly the state the plain loop left it in,
//! which the program checks.

#[path = "../../examples/hungry_agent/world.rs"]
#[allow(dead_code)]
mod world;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::SingleThreadedExecutor;
use bt::NoObserver;
use bt_bevy::{Brain, Context, EntityTree, Ticked, TreeClock, TreePlugin, TreeSystems, TreeTime};
use world::{Agent, AgentBrain, DT, World as AgentWorld};

const USAGE: &str = "usage: bevy_crowd [--agents N] [--ticks T] [--rounds R]

Steps N hungry agents (default 100000) T times (default 300) with a plain loop and with a Bevy
schedule, on one thread and on all cores, R times each (default 3); prints the best agent-ticks per
second of each.
";

struct Options {
    agents: usize,
    ticks: u32,
    rounds: u32,
}

fn parse() -> Result<Options, String> {
    let mut options = Options { agents: 100_000, ticks: 300, rounds: 3 };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next().and_then(|v| v.parse::<usize>().ok()).ok_or(format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--agents" => options.agents = value("--agents")?.max(1),
            "--ticks" => options.ticks = value("--ticks")?.clamp(1, u32::MAX as usize) as u32,
            "--rounds" => options.rounds = value("--rounds")?.clamp(1, 100) as u32,
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(options)
}

/// The `crowd` example's crowd: agent `i` starts with its own needs (all between 31 and 100).
fn agent(i: usize) -> Agent {
    let mut needs = [0.0; 5];
    let mut h = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5eed;
    for need in &mut needs {
        h ^= h >> 29;
        h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        *need = 31.0 + (h >> 40) as f32 % 70.0;
    }
    Agent::with_needs(needs)
}

fn rate(agents: usize, ticks: u32, took: Duration) -> f64 {
    agents as f64 * f64::from(ticks) / took.as_secs_f64()
}

/// The world's update of every agent, on all cores.
fn update_parallel(mut agents: Query<&mut Context<Agent>>) {
    agents.par_iter_mut().for_each(|mut agent| agent.get_mut().update(DT));
}

/// The world's update of every agent, on one thread.
fn update_serial(mut agents: Query<&mut Context<Agent>>) {
    for mut agent in agents.iter_mut() {
        agent.get_mut().update(DT);
    }
}

/// The update and the tick in one pass over the agents, on all cores: each agent is read from
/// memory once per step instead of twice.
fn step_parallel(
    clock: Res<TreeTime>,
    mut agents: Query<(Entity, &mut Brain<AgentBrain>, &mut Context<Agent>)>,
) {
    let now = clock.now();
    agents.par_iter_mut().for_each(|(entity, mut brain, mut agent)| {
        agent.get_mut().update(DT);
        let _ = brain.0.tick_entity(agent, &(), entity, now, &mut NoObserver);
    });
}

/// [`step_parallel`] on one thread.
fn step_serial(
    clock: Res<TreeTime>,
    mut agents: Query<(Entity, &mut Brain<AgentBrain>, &mut Context<Agent>)>,
) {
    let now = clock.now();
    for (entity, mut brain, mut agent) in agents.iter_mut() {
        agent.get_mut().update(DT);
        let _ = brain.0.tick_entity(agent, &(), entity, now, &mut NoObserver);
    }
}

/// How the Bevy schedule steps the agents.
#[derive(Clone, Copy, PartialEq)]
enum Steps {
    /// The update system, then [`TreePlugin`]'s tick system: two passes over the agents.
    Systems,
    /// [`TreePlugin`] with the update as its step before each tick: one pass.
    BeforeTick,
    /// A system of our own doing both per agent ([`step_parallel`]): one pass.
    Own,
}

/// A Bevy world of `n` agents and the schedule that steps them.
fn bevy_crowd(n: usize, parallel: bool, steps: Steps) -> (World, Schedule, Vec<Entity>) {
    let mut world = World::new();
    let mut schedule = Schedule::default();
    if !parallel {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
    let plugin = TreePlugin::<AgentBrain>::new().parallel(parallel);
    match (steps, parallel) {
        (Steps::Systems, _) => {
            if parallel {
                schedule.add_systems(update_parallel.before(TreeSystems));
            } else {
                schedule.add_systems(update_serial.before(TreeSystems));
            }
            plugin.add_to(&mut world, &mut schedule);
        }
        (Steps::BeforeTick, _) => {
            plugin
                .before_tick(|agent: &mut Mut<Context<Agent>>, _| agent.get_mut().update(DT))
                .add_to(&mut world, &mut schedule);
        }
        (Steps::Own, true) => {
            schedule.add_systems(step_parallel);
        }
        (Steps::Own, false) => {
            schedule.add_systems(step_serial);
        }
    }
    if steps == Steps::Own {
        // The system ticks the trees itself; it only needs what the plugin would set up.
        world.init_resource::<TreeTime>();
        bevy_tasks::ComputeTaskPool::get_or_init(bevy_tasks::TaskPool::default);
        world.insert_resource(Ticked::<AgentBrain>::new());
    }
    let entities =
        world.spawn_batch((0..n).map(|i| (Brain::new(AgentBrain::new()), Context::new(agent(i))))).collect();
    (world, schedule, entities)
}

/// The checksum `crowd` uses, of each agent of the Bevy world after `ticks` steps.
fn bevy_checksums(world: &mut World, entities: &[Entity], ticks: u32) -> Vec<u64> {
    entities
        .iter()
        .map(|&e| {
            let mut entity = world.entity_mut(e);
            let agent = entity.take::<Context<Agent>>().expect("every entity has its agent").into_inner();
            let mut w = AgentWorld::with_agent(agent);
            w.ticks = u64::from(ticks);
            w.checksum()
        })
        .collect()
}

/// One way of stepping the crowd.
#[derive(Clone, Copy)]
enum Variant {
    /// The `crowd` example's plain loop, on one thread or split across all cores.
    Plain { parallel: bool },
    /// A Bevy schedule.
    Bevy { parallel: bool, steps: Steps },
}

impl Variant {
    fn label(self, threads: usize) -> String {
        let on = |parallel: bool| if parallel { format!("{threads} threads") } else { "1 thread".to_owned() };
        match self {
            Variant::Plain { parallel } => format!("plain loop (crowd), {}", on(parallel)),
            Variant::Bevy { parallel, steps: Steps::Systems } => {
                format!("Bevy, update system + TreePlugin, {}", on(parallel))
            }
            Variant::Bevy { parallel, steps: Steps::BeforeTick } => {
                format!("Bevy, TreePlugin + before_tick(update), {}", on(parallel))
            }
            Variant::Bevy { parallel, steps: Steps::Own } => {
                format!("Bevy, own system (update, tick), {}", on(parallel))
            }
        }
    }

    /// Steps `agents` agents once untimed (it warms up, and builds a Bevy schedule's graph), then
    /// `ticks` times timed; returns the wall-clock time, the calling thread's on-CPU time (for the
    /// one-thread variants, where that thread does all the work), and every agent's checksum at
    /// the end.
    fn run(self, agents: usize, ticks: u32, threads: usize) -> (Duration, Option<Duration>, Vec<u64>) {
        match self {
            Variant::Plain { parallel } => {
                let mut worlds: Vec<AgentWorld> =
                    (0..agents).map(|i| AgentWorld::with_agent(agent(i))).collect();
                let chunk = if parallel { agents.div_ceil(threads) } else { agents };
                let step = |worlds: &mut Vec<AgentWorld>| {
                    if parallel {
                        std::thread::scope(|s| {
                            for part in worlds.chunks_mut(chunk) {
                                s.spawn(move || {
                                    for w in part {
                                        let _ = w.step();
                                    }
                                });
                            }
                        });
                    } else {
                        for w in worlds {
                            let _ = w.step();
                        }
                    }
                };
                step(&mut worlds);
                let (cpu, start) = (thread_cpu(), Instant::now());
                for _ in 0..ticks {
                    step(&mut worlds);
                }
                let (took, cpu) = (start.elapsed(), cpu_since(cpu, parallel));
                (took, cpu, worlds.iter().map(AgentWorld::checksum).collect())
            }
            Variant::Bevy { parallel, steps } => {
                let (mut world, mut schedule, entities) = bevy_crowd(agents, parallel, steps);
                schedule.run(&mut world);
                let (cpu, start) = (thread_cpu(), Instant::now());
                for _ in 0..ticks {
                    schedule.run(&mut world);
                }
                let (took, cpu) = (start.elapsed(), cpu_since(cpu, parallel));
                (took, cpu, bevy_checksums(&mut world, &entities, ticks + 1))
            }
        }
    }
}

/// The calling thread's time on a CPU so far, where the system tells it (Linux); on a shared
/// machine it leaves out the time the thread waited for a CPU, which wall-clock time includes.
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = stat.split_whitespace().next()?.parse::<u64>().ok()?;
    (ns > 0).then(|| Duration::from_nanos(ns))
}

/// On-CPU time since `start`, for a one-thread run. The system updates the figure at scheduler
/// ticks (a few milliseconds apart), so runs shorter than 100 ms get none.
fn cpu_since(start: Option<Duration>, parallel: bool) -> Option<Duration> {
    if parallel {
        return None;
    }
    let cpu = thread_cpu()?.saturating_sub(start?);
    (cpu >= Duration::from_millis(100)).then_some(cpu)
}

fn main() -> ExitCode {
    let options = match parse() {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("bevy_crowd: {message}\n");
            }
            eprint!("{USAGE}");
            return if message.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(2) };
        }
    };
    let Options { agents, ticks, rounds } = options;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "{agents} agents × {ticks} ticks, {threads} cores, best of {rounds} rounds; per agent: tree {} bytes, agent {} bytes",
        size_of::<AgentBrain>(),
        size_of::<Agent>()
    );

    let variants = [
        Variant::Plain { parallel: false },
        Variant::Plain { parallel: true },
        Variant::Bevy { parallel: false, steps: Steps::Systems },
        Variant::Bevy { parallel: true, steps: Steps::Systems },
        Variant::Bevy { parallel: false, steps: Steps::BeforeTick },
        Variant::Bevy { parallel: true, steps: Steps::BeforeTick },
        Variant::Bevy { parallel: false, steps: Steps::Own },
        Variant::Bevy { parallel: true, steps: Steps::Own },
    ];
    // Rounds run every variant in turn, so that a busy moment of the machine does not fall on one
    // variant only; each variant's fastest run counts.
    let mut best = [Duration::MAX; 8];
    let mut best_cpu = [None::<Duration>; 8];
    let mut reference = None;
    for _ in 0..rounds {
        for ((variant, best), best_cpu) in variants.iter().zip(&mut best).zip(&mut best_cpu) {
            let (took, cpu, sums) = variant.run(agents, ticks, threads);
            *best = (*best).min(took);
            if let Some(cpu) = cpu {
                *best_cpu = Some(best_cpu.map_or(cpu, |b| b.min(cpu)));
            }
            match &reference {
                None => reference = Some(sums),
                Some(r) if *r != sums => {
                    eprintln!(
                        "bevy_crowd: `{}` ended in another state than the plain loop",
                        variant.label(threads)
                    );
                    return ExitCode::FAILURE;
                }
                Some(_) => {}
            }
        }
    }

    let rates: Vec<f64> = best.iter().map(|&took| rate(agents, ticks, took)).collect();
    let cpu_rates: Vec<Option<f64>> =
        best_cpu.iter().map(|cpu| cpu.map(|c| rate(agents, ticks, c))).collect();
    println!("{:<50} {:>9} {:>15}            one thread, on-CPU time only", "", "wall", "agent-ticks/s");
    for (i, variant) in variants.iter().enumerate() {
        print!("{:<50} {:>7.3} s {:>15.0}", variant.label(threads), best[i].as_secs_f64(), rates[i]);
        let (base, cpu_base) = match variant {
            Variant::Plain { .. } => (None, None),
            Variant::Bevy { parallel: true, .. } => (Some(rates[1]), None),
            Variant::Bevy { parallel: false, .. } => (Some(rates[0]), cpu_rates[0]),
        };
        if let Some(base) = base {
            print!("  {:>5.1} %", 100.0 * rates[i] / base);
        } else {
            print!("         ");
        }
        if let (Some(cpu), Some(r)) = (best_cpu[i], cpu_rates[i]) {
            print!("   {:>6.3} s {:>11.0}/s", cpu.as_secs_f64(), r);
            if let Some(cpu_base) = cpu_base {
                print!("  {:>5.1} %", 100.0 * r / cpu_base);
            }
        }
        println!();
    }
    println!("(each Bevy figure as a share of the plain loop's on as many threads)");
    println!("every run ends with every agent in the same state as the plain loop's");
    ExitCode::SUCCESS
}
