//! `BehaviorTree::reset`: halts whatever runs and returns every node to the state it was built in,
//! so that one tree serves the next goal. Scripted leaves and event notation as in
//! `conformance.rs` (see `support/mod.rs`).
mod support;

use std::time::Duration;

use bt::*;
use support::*;

/// Resets the tree and returns the events of the reset.
fn reset<N: Node<World>, D>(t: &mut BehaviorTree<N, World, D>, w: &mut World) -> Vec<String> {
    t.reset(w);
    w.take()
}

#[test]
fn reset_halts_the_running_leaf_once_and_restarts_from_the_first_child() {
    let mut w = World::new();
    let mut t = tree(Sequence::new((act("a", 0, S), forever("b"))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S", "b>", "b=R"])]);
    assert_eq!(reset(&mut t, &mut w), ["b<H"]);
    assert!(!t.is_running());
    // Idle now: a second reset halts nothing.
    assert_eq!(reset(&mut t, &mut w), Vec::<String>::new());
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S", "b>", "b=R"])]);
}

#[test]
fn reset_forgets_a_memory_composites_position() {
    let mut w = World::new();
    let mut t = tree(MemSequence::new((act("a", 0, S), act("b", 0, F))));
    expect(&mut t, &mut w, &[(F, &["a>", "a=S", "a<S", "b>", "b=F", "b<F"])]);
    // Without a reset the next activation resumes at `b`…
    let mut kept = tree(MemSequence::new((act("a", 0, S), act("b", 0, F))));
    let mut w2 = World::new();
    expect(&mut kept, &mut w2, &[(F, &["a>", "a=S", "a<S", "b>", "b=F", "b<F"]), (F, &["b>", "b=F", "b<F"])]);
    // …after it, it starts over at `a`.
    assert_eq!(reset(&mut t, &mut w), Vec::<String>::new());
    expect(&mut t, &mut w, &[(F, &["a>", "a=S", "a<S", "b>", "b=F", "b<F"])]);
}

#[test]
fn reset_lets_run_once_run_again() {
    let mut w = World::new();
    let mut t = tree(RunOnce::new(act("a", 0, S)));
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S"]), (S, &[])]);
    reset(&mut t, &mut w);
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S"]), (S, &[])]);
}

#[test]
fn reset_ends_a_cooldown() {
    let mut w = World::with_dt(100);
    let mut t = tree(Cooldown::new(Duration::from_millis(1000), act("a", 0, S)));
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S"]), (F, &[])]);
    reset(&mut t, &mut w);
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S"]), (F, &[])]);
}

#[test]
fn reset_clears_repeat_and_retry_counters() {
    let mut w = World::new();
    let mut t = tree(Sequence::new((Repeat::times(3, act("r", 0, S)), Retry::new(3, act("f", 0, F)))));
    expect(&mut t, &mut w, &[(R, &["r>", "r=S", "r<S"]), (R, &["r>", "r=S", "r<S"])]);
    reset(&mut t, &mut w);
    // Three iterations again, not one.
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["r>", "r=S", "r<S"]),
            (R, &["r>", "r=S", "r<S"]),
            (R, &["r>", "r=S", "r<S", "f>", "f=F", "f<F"]),
            (R, &["f>", "f=F", "f<F"]),
        ],
    );
    reset(&mut t, &mut w);
    // The retry has its three attempts back.
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["r>", "r=S", "r<S"]),
            (R, &["r>", "r=S", "r<S"]),
            (R, &["r>", "r=S", "r<S", "f>", "f=F", "f<F"]),
        ],
    );
}

#[test]
fn reset_rewinds_random_to_its_seed() {
    let mut w = World::new();
    let make = || tree(Random::new(7, (act("a", 0, F), act("b", 0, F), act("c", 0, F), act("d", 0, F))));
    let mut t = make();
    let (_, first) = step(&mut t, &mut w);
    let (_, second) = step(&mut t, &mut w);
    reset(&mut t, &mut w);
    let (_, again) = step(&mut t, &mut w);
    assert_eq!(again, first);
    let (_, again) = step(&mut t, &mut w);
    assert_eq!(again, second);
}

#[test]
fn reset_of_a_bt_tree_behaves_like_a_fresh_one() {
    // A tree with state everywhere: memory, counters, a cooldown, latches.
    let make = || {
        bt! { World => parallel(1)<
            mem_selector<{ act("a", 1, F) }, repeat(2)<{ act("b", 0, S) }>>,
            cooldown(250ms)<{ act("c", 2, S) }>,
            retry(2)<{ act("d", 1, F) }>,
        > }
    };
    let mut w = World::with_dt(100);
    let mut used = make();
    for _ in 0..7 {
        let _ = step(&mut used, &mut w);
    }
    used.reset(&mut w);
    w.take();
    let mut fresh = make();
    let mut w2 = World::with_dt(100);
    w2.clock = w.clock;
    w2.tick = w.tick;
    for _ in 0..12 {
        let (a, ea) = step(&mut used, &mut w);
        let (b, eb) = step(&mut fresh, &mut w2);
        assert_eq!((a, ea), (b, eb));
    }
}
