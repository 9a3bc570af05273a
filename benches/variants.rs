//! Side by side, in one run: every way of deciding for the hungry agent (the `bt!` tree, hand-written
//! code, the classic `Box<dyn>` design, bonsai-bt, the world alone, and the `bt!` tree built from
//! node kinds written outside the runtime) and for the
//! synthetic tree of a few hundred nodes. One iteration is `STEPS` steps (world update + one tick).
//!
//! ```text
//! cargo bench --bench variants
//! ```
//!
//! Wall-clock time on a shared machine is noisy; `scripts/instructions.sh` (callgrind instruction
//! counts) is the figure of record. See `benches/README.md`.
use bt_perf::Variant;
use bt_perf::hungry::{
    HungryBonsai, HungryBt, HungryCustom, HungryDyn, HungryHand, HungryWorldOnly, custom, world,
};
use bt_perf::synthetic::{SynthBt, SynthDyn, SynthHand, SynthWorldOnly, bt_tree};

fn main() {
    // The memory a tree takes: its state is small integers and flags, no collections.
    println!(
        "size_of: hungry-agent tree (AgentBrain) = {} bytes for {} nodes; synthetic tree (SynthBrain) = {} bytes for {} nodes",
        size_of::<world::AgentBrain>(),
        world::AgentBrain::new().description().len(),
        size_of::<bt_tree::SynthBrain>(),
        bt_tree::SynthBrain::new().description().len(),
    );
    println!(
        "size_of: hungry-agent tree of user-written node kinds (CustomBrain) = {} bytes for {} nodes",
        size_of::<custom::CustomBrain>(),
        custom::CustomBrain::new().description().len(),
    );
    divan::main();
}

/// Steps per benchmark iteration.
const STEPS: u64 = 1_000;

fn bench<V: Variant>(bencher: divan::Bencher, make: fn() -> V) {
    bencher
        .counter(divan::counter::ItemsCount::new(STEPS))
        .with_inputs(make)
        .bench_local_values(|mut v| bt_perf::run(&mut v, divan::black_box(STEPS)));
}

mod hungry {
    use super::*;

    #[divan::bench]
    fn a_bt(b: divan::Bencher) {
        bench(b, HungryBt::new);
    }
    #[divan::bench]
    fn b_hand(b: divan::Bencher) {
        bench(b, HungryHand::new);
    }
    #[divan::bench]
    fn c_dyn(b: divan::Bencher) {
        bench(b, HungryDyn::new);
    }
    #[divan::bench]
    fn d_bonsai(b: divan::Bencher) {
        bench(b, HungryBonsai::new);
    }
    #[divan::bench]
    fn e_world_only(b: divan::Bencher) {
        bench(b, HungryWorldOnly::new);
    }
    #[divan::bench]
    fn f_custom(b: divan::Bencher) {
        bench(b, HungryCustom::new);
    }
}

mod synthetic {
    use super::*;

    #[divan::bench]
    fn a_bt(b: divan::Bencher) {
        bench(b, SynthBt::new);
    }
    #[divan::bench]
    fn b_hand(b: divan::Bencher) {
        bench(b, SynthHand::new);
    }
    #[divan::bench]
    fn c_dyn(b: divan::Bencher) {
        bench(b, SynthDyn::new);
    }
    #[divan::bench]
    fn e_world_only(b: divan::Bencher) {
        bench(b, SynthWorldOnly::new);
    }
}
