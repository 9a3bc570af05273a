//! Side-by-side benchmarks of every variant (see `benches/README.md`). Timing on a shared machine
//! is noisy: `scripts/instructions.sh` (callgrind instruction counts) is the figure of record.
use bt_perf::Variant;
use bt_perf::synthetic::{SynthBt, SynthDyn, SynthHand, SynthWorldOnly};

fn main() {
    divan::main();
}

/// Steps per benchmark iteration.
const STEPS: u64 = 1_000;

fn bench<V: Variant>(bencher: divan::Bencher, make: impl Fn() -> V + Sync) {
    bencher.with_inputs(&make).bench_local_values(|mut v| bt_perf::run(&mut v, divan::black_box(STEPS)));
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
    fn e_world(b: divan::Bencher) {
        bench(b, SynthWorldOnly::new);
    }
}
