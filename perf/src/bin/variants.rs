//! `bt-perf-variants <tree> <variant> <steps>`: runs one variant for a number of steps and prints
//! the world's checksum (`synthetic` is the synthetic tree of seed 0, `synthetic1` to `synthetic4`
//! those of the generator's other seeds). `scripts/instructions.sh` runs it under callgrind; a run with 0 steps
//! measures the setup, which is subtracted.
use bt_perf::Variant;
use bt_perf::drone::{DroneBt, DroneDyn, DroneHand, DroneWorldOnly};
use bt_perf::hungry::{
    HungryBonsai, HungryBt, HungryCustom, HungryDyn, HungryHand, HungryLoaded, HungryShort, HungryWorldOnly,
};
use bt_perf::mission::{MissionBt, MissionDyn, MissionHand, MissionLoaded, MissionWorldOnly};
use bt_perf::nav2::{Nav2Bt, Nav2Dyn, Nav2Hand, Nav2WorldOnly};
use bt_perf::soldier::{SoldierBt, SoldierDyn, SoldierHand, SoldierWorldOnly};
use bt_perf::synthetic::{SynthBt, SynthDyn, SynthHand, SynthWorldOnly, seed1, seed2, seed3, seed4};
use std::process::ExitCode;

fn go<V: Variant>(mut v: V, steps: u64) -> u64 {
    bt_perf::run(&mut v, std::hint::black_box(steps))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("sizes") {
        for (tree, bt, hand) in bt_perf::state_sizes() {
            println!("{tree} {bt} {hand}");
        }
        return ExitCode::SUCCESS;
    }
    let (Some(tree), Some(variant), Some(Ok(steps))) =
        (args.first(), args.get(1), args.get(2).map(|s| s.parse::<u64>()))
    else {
        eprintln!(
            "usage: bt-perf-variants <hungry|mission|nav2|drone|soldier|synthetic|synthetic1..4> <bt|custom|short|hand|dyn|loaded|bonsai|world> <steps>"
        );
        return ExitCode::from(2);
    };
    let sum = match (tree.as_str(), variant.as_str()) {
        ("hungry", "bt") => go(HungryBt::new(), steps),
        ("hungry", "custom") => go(HungryCustom::new(), steps),
        ("hungry", "short") => go(HungryShort::new(), steps),
        ("hungry", "hand") => go(HungryHand::new(), steps),
        ("hungry", "dyn") => go(HungryDyn::new(), steps),
        ("hungry", "bonsai") => go(HungryBonsai::new(), steps),
        ("hungry", "loaded") => go(HungryLoaded::new(), steps),
        ("hungry", "world") => go(HungryWorldOnly::new(), steps),
        ("mission", "bt") => go(MissionBt::new(), steps),
        ("mission", "hand") => go(MissionHand::new(), steps),
        ("mission", "dyn") => go(MissionDyn::new(), steps),
        ("mission", "loaded") => go(MissionLoaded::new(), steps),
        ("mission", "world") => go(MissionWorldOnly::new(), steps),
        ("drone", "bt") => go(DroneBt::new(), steps),
        ("drone", "hand") => go(DroneHand::new(), steps),
        ("drone", "dyn") => go(DroneDyn::new(), steps),
        ("drone", "world") => go(DroneWorldOnly::new(), steps),
        ("nav2", "bt") => go(Nav2Bt::new(), steps),
        ("nav2", "hand") => go(Nav2Hand::new(), steps),
        ("nav2", "dyn") => go(Nav2Dyn::new(), steps),
        ("nav2", "world") => go(Nav2WorldOnly::new(), steps),
        ("soldier", "bt") => go(SoldierBt::new(), steps),
        ("soldier", "hand") => go(SoldierHand::new(), steps),
        ("soldier", "dyn") => go(SoldierDyn::new(), steps),
        ("soldier", "world") => go(SoldierWorldOnly::new(), steps),
        ("synthetic1", "bt") => go(seed1::SynthBt::new(), steps),
        ("synthetic1", "hand") => go(seed1::SynthHand::new(), steps),
        ("synthetic1", "dyn") => go(seed1::SynthDyn::new(), steps),
        ("synthetic2", "bt") => go(seed2::SynthBt::new(), steps),
        ("synthetic2", "hand") => go(seed2::SynthHand::new(), steps),
        ("synthetic2", "dyn") => go(seed2::SynthDyn::new(), steps),
        ("synthetic3", "bt") => go(seed3::SynthBt::new(), steps),
        ("synthetic3", "hand") => go(seed3::SynthHand::new(), steps),
        ("synthetic3", "dyn") => go(seed3::SynthDyn::new(), steps),
        ("synthetic4", "bt") => go(seed4::SynthBt::new(), steps),
        ("synthetic4", "hand") => go(seed4::SynthHand::new(), steps),
        ("synthetic4", "dyn") => go(seed4::SynthDyn::new(), steps),
        ("synthetic", "bt") => go(SynthBt::new(), steps),
        ("synthetic", "hand") => go(SynthHand::new(), steps),
        ("synthetic", "dyn") => go(SynthDyn::new(), steps),
        ("synthetic", "world") => go(SynthWorldOnly::new(), steps),
        _ => {
            eprintln!("unknown tree/variant {tree} {variant}");
            return ExitCode::from(2);
        }
    };
    println!("{sum:016x}");
    ExitCode::SUCCESS
}
