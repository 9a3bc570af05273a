//! `--groot PORT` (the scenario in real time, served to Groot2, started again when it ends, until
//! interrupted) and `--btlog FILE` (the scenario logged for Groot2's replay).

use std::process::ExitCode;

use bt::Clock;
use bt_groot::{BtlogWriter, Groot2Publisher};

use crate::common_groot::{Flags, Pace, serving};
use crate::sim::{DT, Name, Pos};
use crate::tree::{Build, Navigation};

pub fn run<T: Build>(flags: Flags, seed: u64) -> ExitCode {
    let mut nav = Navigation::<T>::of(seed);
    let desc = nav.tree.describe();
    let mut log = match &flags.btlog {
        Some(file) => match BtlogWriter::create(file, desc) {
            Ok(w) => Some(w),
            Err(e) => {
                eprintln!("nav2_recovery: cannot write `{file}`: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    let Some(port) = flags.groot else {
        // A log of the scenario, as fast as it goes.
        let mut ticks = 0u64;
        loop {
            if let Some(log) = &mut log {
                log.set_time(nav.robot.clock.now() + DT); // Groot2 replays it in simulated time
            }
            if nav.step_with(&mut log).is_none() {
                break;
            }
            ticks += 1;
            while nav.robot.events.pop().is_some() {}
        }
        return match log.map(BtlogWriter::finish) {
            Some(Err(e)) => {
                eprintln!("nav2_recovery: cannot write the .btlog: {e}");
                ExitCode::FAILURE
            }
            _ => {
                println!("logged {ticks} ticks ({} goals)", nav.outcomes.len());
                ExitCode::SUCCESS
            }
        };
    };
    let mut groot = match Groot2Publisher::new(desc, port) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("nav2_recovery: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{}", serving("Nav2's navigate_to_pose_w_replanning_and_recovery", port));
    // The blackboard's own types, shown in Groot2 with their Debug.
    let show = |nav: &mut Navigation<T>| {
        nav.robot.bb.0.show::<Pos>().show::<Vec<Pos>>().show::<Name>();
    };
    show(&mut nav);
    let mut pace = Pace::new(DT);
    let mut round = 1;
    loop {
        groot.serve_blackboard(&nav.robot.bb.0, nav.robot.clock.now());
        let done = nav.outcomes.len();
        if nav.step_with(&mut (&mut groot, &mut log)).is_none() {
            round += 1;
            println!("the scenario is over; round {round} starts");
            nav = Navigation::<T>::of(seed);
            show(&mut nav);
            continue;
        }
        while nav.robot.events.pop().is_some() {}
        if let Some(o) = nav.outcomes.get(done) {
            println!("goal {}: {:?} at {} s", o.goal + 1, o.status, o.ended.as_secs());
        }
        if let Some(w) = &log
            && let Some(e) = w.error()
        {
            eprintln!("nav2_recovery: the .btlog stopped: {e}");
            log = None;
        }
        pace.wait();
    }
}
