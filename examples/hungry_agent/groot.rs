//! `--groot PORT` (the agent in real time, served to Groot2 until interrupted) and `--btlog FILE`
//! (the run logged for Groot2's replay).

use std::process::ExitCode;
use std::time::Duration;

use bt::blackboard::{Blackboard, Key};
use bt_groot::{BtlogWriter, Groot2Publisher};

use crate::common_groot::{Flags, Pace, serving};
use crate::world::{DT, Need, World};

/// What Groot2 shows as the blackboard: the agent's needs, health, game time and the target its
/// conditions chose (the tree keeps its data in plain fields, see `world::Blackboard`).
fn view(world: &World, bb: &mut Blackboard) {
    const NEEDS: [Key<f32>; 5] =
        [Key::new("food"), Key::new("water"), Key::new("energy"), Key::new("mood"), Key::new("money")];
    for need in Need::ALL {
        bb.set(NEEDS[need.index()], world.agent.need(need));
    }
    bb.set(Key::<f32>::new("health"), world.agent.health);
    bb.set(Key::<Duration>::new("time"), world.now());
    bb.set(Key::<String>::new("target"), format!("{:?}", world.agent.blackboard.target.get()));
}

pub fn run(flags: Flags, minutes: f64) -> ExitCode {
    let mut world = World::new();
    let mut log = match &flags.btlog {
        Some(file) => match BtlogWriter::create(file, world.brain.description()) {
            Ok(w) => Some(w),
            Err(e) => {
                eprintln!("hungry_agent: cannot write `{file}`: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    let Some(port) = flags.groot else {
        // A log of the usual run, as fast as it goes.
        let end = Duration::from_secs_f64(minutes * 60.0);
        while world.now() + DT / 2 < end {
            world.update(DT);
            world.ticks += 1;
            if let Some(log) = &mut log {
                log.set_time(world.now()); // Groot2 replays it in game time
            }
            if world.brain.tick_with(&mut world.agent, &mut log) != bt::Status::Running {
                break;
            }
            while world.agent.events.pop().is_some() {}
        }
        world.brain.halt_with(&mut world.agent, &mut log);
        return finish(log, world.ticks);
    };
    let mut groot = match Groot2Publisher::new(world.brain.description(), port) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("hungry_agent: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{}", serving("the hungry agent", port));
    let mut pace = Pace::new(DT);
    let mut bb = Blackboard::new();
    loop {
        view(&world, &mut bb);
        groot.serve_blackboard(&bb, world.now());
        world.update(DT);
        world.ticks += 1;
        let status = world.brain.tick_with(&mut world.agent, &mut (&mut groot, &mut log));
        while world.agent.events.pop().is_some() {}
        if status != bt::Status::Running {
            println!("the agent died after {} s of game time; a new one starts", world.now().as_secs());
            world.brain.halt_with(&mut world.agent, &mut (&mut groot, &mut log));
            world = World::new();
        }
        if world.ticks.is_multiple_of(600) {
            let needs: Vec<String> =
                Need::ALL.iter().map(|n| format!("{} {:.0}", n.letter(), world.agent.need(*n))).collect();
            println!("{} s: {}", world.now().as_secs(), needs.join(" "));
        }
        if let Some(w) = &log
            && let Some(e) = w.error()
        {
            eprintln!("hungry_agent: the .btlog stopped: {e}");
            log = None;
        }
        pace.wait();
    }
}

fn finish<W: std::io::Write>(log: Option<BtlogWriter<W>>, ticks: u64) -> ExitCode {
    if let Some(w) = log {
        if let Err(e) = w.finish() {
            eprintln!("hungry_agent: cannot write the .btlog: {e}");
            return ExitCode::FAILURE;
        }
        println!("logged {ticks} ticks");
    }
    ExitCode::SUCCESS
}
