//! Tree state in bytes: a literal argument (a count or a duration) is a type-level constant and
//! takes no space in the tree; only the state a node must keep between ticks does.

use bt::{Interval, ManualClock, Status, bt};
use core::time::Duration;

fn ok(_: &mut ManualClock) -> Status {
    Status::Success
}

/// A limit that takes no bytes: what a duration literal must cost.
#[derive(Clone, Copy)]
struct TwoSeconds;

impl Interval for TwoSeconds {
    fn get(self) -> Duration {
        Duration::from_secs(2)
    }
}

#[test]
fn a_duration_literal_adds_no_bytes() {
    assert_eq!(size_of::<bt::ConstDuration<2, 0>>(), 0);
    let limit = Duration::from_secs(2);
    // Each time-based decorator with a literal is exactly as large as with a zero-sized limit.
    assert_eq!(
        size_of_val(&bt! { timeout(2s)<ok> }),
        size_of_val(&bt! { bt::kind::Timeout(TwoSeconds)<ok> })
    );
    assert_eq!(size_of_val(&bt! { delay(1.5s)<ok> }), size_of_val(&bt! { bt::kind::Delay(TwoSeconds)<ok> }));
    assert_eq!(
        size_of_val(&bt! { cooldown(250ms)<ok> }),
        size_of_val(&bt! { bt::kind::Cooldown(TwoSeconds)<ok> })
    );
    // (`sleep` is checked exactly in the named tree below.)
    assert!(size_of_val(&bt! { sequence<sleep(2s), ok> }) < size_of_val(&bt! { sequence<sleep(limit), ok> }));
    let service = bt! { service(100ms, { |_: &mut ManualClock| Status::Success })<ok> };
    let unit =
        bt::Service::new(TwoSeconds, bt::action(|_: &mut ManualClock| Status::Success), bt::action(ok));
    let service = service.root();
    assert_eq!(size_of_val(service), size_of_val(&unit));
    // A duration chosen at run time is a field.
    let runtime = size_of_val(&bt! { timeout(limit)<ok> });
    assert!(runtime >= size_of_val(&bt! { timeout(2s)<ok> }) + size_of::<Duration>());
}

#[test]
fn a_rate_literal_adds_no_bytes() {
    // The period of `rate_controller(10.0)` is computed at compile time: the node keeps only the
    // end of its period (12 bytes, aligned to 1).
    let literal = bt! { rate_controller(10.0)<ok> };
    assert_eq!(size_of_val(literal.root()), 12);
    assert_eq!(align_of_val(literal.root()), 1);
    assert_eq!(literal.root().period(), Duration::from_millis(100));
    // A rate chosen at run time keeps its period as a field (a `Duration`, which aligns the
    // node to 8).
    let hz = 10.0;
    let runtime = bt! { rate_controller(hz)<ok> };
    assert!(size_of_val(runtime.root()) >= 12 + size_of::<Duration>());
    assert_eq!(runtime.root().period(), Duration::from_millis(100));
}

bt! {
    /// A named tree: the spec types carry the literals too.
    struct Timed for ManualClock {
        sequence<timeout(2s)<always_success>, delay(500ms)<always_success>, cooldown(1s)<always_success>, sleep(1s)>
    }
}

#[test]
fn a_named_tree_keeps_its_literals_in_its_type() {
    type Unit = bt::Sequence<(
        bt::Timeout<bt::AlwaysSuccess, TwoSeconds>,
        bt::Delay<bt::AlwaysSuccess, TwoSeconds>,
        bt::Cooldown<bt::AlwaysSuccess, TwoSeconds>,
        bt::Sleep<TwoSeconds>,
    )>;
    assert_eq!(size_of::<Timed>(), size_of::<bt::BehaviorTree<Unit, ManualClock>>());
    let mut c = ManualClock::new();
    let mut t = Timed::new();
    assert_eq!(t.tick(&mut c), Status::Running, "the delay waits");
    c.advance(Duration::from_millis(500));
    assert_eq!(t.tick(&mut c), Status::Running, "the sleep waits");
    c.advance(Duration::from_secs(1));
    assert_eq!(t.tick(&mut c), Status::Success);
}

#[test]
fn a_repeat_forever_costs_no_byte() {
    // Its active state is `Some(child's)` while it runs: the leaf's flag has room for `None`.
    let leaf = bt! { ok };
    let forever = bt! { repeat<ok> };
    assert_eq!(size_of_val(&forever), size_of_val(&leaf));
}

#[test]
fn node_state_is_kept_without_padding() {
    // The nodes keep nothing; the active state is a retry's counter (one byte: its literal bound
    // fits one), a timeout's stamp (12 bytes) and the leaf's flag: 14 bytes, aligned to 1.
    let retry = bt! { retry(2)<timeout(1s)<ok>> };
    assert_eq!(size_of_val(retry.root()), 0);
    assert_eq!(size_of_val(&retry), 1 + 12 + 1);
    assert_eq!(align_of_val(&retry), 1);
    // A bound past 255, or one chosen when the program runs, is counted in 4 bytes.
    let retry = bt! { retry(300)<timeout(1s)<ok>> };
    assert_eq!(size_of_val(&retry), 4 + 12 + 1);
    let attempts = 2;
    let retry = bt! { retry(attempts)<timeout(1s)<ok>> };
    assert_eq!(size_of_val(retry.root()), 4);
    // (The node's `u32` aligns the tree to 4: its 21 bytes take 24.)
    assert_eq!(size_of_val(&retry), 24);
    // A `repeat` counts in 4 bytes (a byte measured slower, see `bt-macros`' `keyword_count_arg`)
    // unless its count is a `bt::ConstU8`; without a count it keeps no counter.
    assert_eq!(size_of_val(&bt! { repeat(3)<ok> }), 4 + 1);
    fn active_size<N: bt::Activation>(_: &N) -> usize {
        size_of::<N::Active>()
    }
    assert_eq!(active_size(&bt::Repeat::times(bt::ConstU8::<3>, bt::action(ok))), 1 + 1);
    assert_eq!(size_of_val(&bt! { repeat<ok> }), 1);
    // A parallel's 16-bit success mask, next to a delay's stamp and two leaf flags.
    let parallel = bt! { parallel(2)<delay(1s)<ok>, ok> };
    assert_eq!(size_of_val(&parallel), 2 + 12 + 1 + 1);
    // `parallel(1)` completes on its first success: it never latches one and keeps no mask.
    let parallel = bt! { parallel(1)<delay(1s)<ok>, ok> };
    assert_eq!(size_of_val(&parallel), 12 + 1 + 1);
    let parallel = bt! { parallel(1)<ok, ok, ok> };
    assert_eq!(size_of_val(&parallel), 3);
    // A guard keeps whether its condition was false only when a lower-priority abort reads it.
    let own = bt! { guard({ |_: &ManualClock| true })<ok> };
    assert_eq!(size_of_val(own.root()), 0);
    let lower = bt! { guard({ |_: &ManualClock| true }, abort = lower_priority)<ok> };
    assert_eq!(size_of_val(lower.root()), 1);
    // The benchmark trees: `bt-perf-variants sizes` and the READMEs state these figures.
    assert_eq!(size_of::<bt_perf::mission::MissionBrain>(), 39);
    assert_eq!(align_of::<bt_perf::mission::MissionBrain>(), 1);
    assert_eq!(size_of::<bt_perf::hungry::world::AgentBrain>(), 3);
}

/// Every benchmark tree's state against its hand-written program's (`bt-perf-variants sizes`
/// prints the same table). Where the tree is smaller or equal, that is checked as such; where it
/// is larger, the exact figures are, with the reason.
#[test]
fn benchmark_trees_against_their_hand_written_programs() {
    let sizes: Vec<(&str, usize, usize)> = bt_perf::state_sizes().to_vec();
    let size = |tree: &str| sizes.iter().find(|s| s.0 == tree).map(|&(_, bt, hand)| (bt, hand)).unwrap();
    // At most the hand-written program's state.
    let synthetic = ["synthetic", "synthetic1", "synthetic2", "synthetic3", "synthetic4"];
    for tree in ["hungry", "mission", "drone", "soldier", "nav2"].into_iter().chain(synthetic) {
        let (bt, hand) = size(tree);
        assert!(bt <= hand, "{tree}: bt {bt} > hand {hand}");
    }
    assert_eq!(size("mission"), (39, 64));
    // The synthetic trees' leaves hold their constants as const generic parameters in every
    // variant (a `Check` is zero-sized, a `Work` keeps one byte), as hand-written code holds
    // constants in its code; the hand-written code keeps a field per node, the tree one block
    // shared by the branches that never run at once. (With the constants as fields, seed 0 took
    // 1 372 and 1 400 bytes.)
    assert_eq!(size("synthetic"), (193, 688));
    assert_eq!(size("synthetic1"), (210, 616));
    assert_eq!(size("synthetic2"), (129, 552));
    assert_eq!(size("synthetic3"), (175, 568));
    assert_eq!(size("synthetic4"), (217, 632));
    assert_eq!(size("drone"), (45, 112));
    assert_eq!(size("soldier"), (19, 24));
    // The hungry agent: the hand-written loop keeps 3 bytes (which need, which step, a flag); the
    // tree keeps the needs selector's tag, the running sequence's tag and `Alive`'s flag. Its
    // leaves in the sequences keep no flag of their own (`bt::InBlock`): the sequence's tag says
    // which one runs. (With a flag each, the tree took 4 bytes.)
    assert_eq!(size("hungry"), (3, 3));
    // Nav2: the leaf `GlobalUpdatedGoal` keeps an `Option<u32>`, which aligns the tree to 4 (the
    // nodes' 21 bytes take 24); the running branch's state takes 16: the top `recovery`'s current
    // child (a tag and the larger child's state: the `pipeline_sequence`'s children's states, 14
    // bytes, as it reads its furthest running child from them) and its count. Its three
    // `recovery` nodes count their recoveries in a byte each (their bounds, 6 and 1, are literals
    // below 256: `bt::ConstU8`), where the hand-written program keeps a byte for the six rounds
    // and a flag for each single recovery. The rate controller keeps the end of its period in 12
    // bytes (its period, from the literal `1.0`, is a constant), the hand-written program its
    // start as an `Option<Duration>` (16 bytes). (With the pipeline's furthest running child kept
    // in a byte of its own, the state took 17 bytes and the tree 44.)
    assert_eq!(size("nav2"), (40, 40));
    assert_eq!(sizes.len(), 10, "a benchmark tree without its line here");
}
