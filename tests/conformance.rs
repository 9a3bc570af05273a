//! Conformance scenarios: small trees of scripted leaves, ticked one by one, asserting each tick's
//! root status and the exact order of enter / tick / exit / halt events.
//!
//! Event notation (see `support/mod.rs`): `a>` enter, `a=R|S|F` executed with that result,
//! `a<S|F` exited after completing, `a<H` exited because halted, `c?T|F` condition checked.
mod support;

use std::time::Duration;

use bt::*;
use support::*;

// ---------------------------------------------------------------------------------------------
// sequence
// ---------------------------------------------------------------------------------------------

#[test]
fn sequence_runs_children_in_one_tick_while_they_succeed() {
    let mut w = World::new();
    let mut t = tree(Sequence::new((act("a", 0, S), act("b", 0, S), act("c", 0, S))));
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S", "b>", "b=S", "b<S", "c>", "c=S", "c<S"])]);
    // A completed sequence starts a fresh activation.
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S", "b>", "b=S", "b<S", "c>", "c=S", "c<S"])]);
}

#[test]
fn sequence_resumes_at_the_running_child() {
    let mut w = World::new();
    let mut t = tree(Sequence::new((act("a", 0, S), act("b", 2, S), act("c", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[(R, &["a>", "a=S", "a<S", "b>", "b=R"]), (R, &["b=R"]), (S, &["b=S", "b<S", "c>", "c=S", "c<S"])],
    );
}

#[test]
fn sequence_failure_restarts_from_the_first_child() {
    let mut w = World::new();
    let mut t = tree(Sequence::new((act("a", 0, S), act("b", 1, F), act("c", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]),
            (F, &["b=F", "b<F"]),
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]),
        ],
    );
}

#[test]
fn sequence_halt_halts_only_the_running_child() {
    let mut w = World::new();
    let mut t = tree(Sequence::new((act("a", 0, S), forever("b"), act("c", 0, S))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S", "b>", "b=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["b<H"]);
    // The next tick starts over.
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S", "b>", "b=R"])]);
}

// ---------------------------------------------------------------------------------------------
// selector
// ---------------------------------------------------------------------------------------------

#[test]
fn selector_stops_at_the_first_success() {
    let mut w = World::new();
    let mut t = tree(Selector::new((check("c", &[false]), act("a", 0, S), act("b", 0, S))));
    expect(&mut t, &mut w, &[(S, &["c?F", "a>", "a=S", "a<S"])]);
}

#[test]
fn selector_resumes_the_running_child_without_rechecking_earlier_ones() {
    let mut w = World::new();
    let mut t = tree(Selector::new((check("c", &[false, true]), act("a", 1, S))));
    expect(&mut t, &mut w, &[(R, &["c?F", "a>", "a=R"]), (S, &["a=S", "a<S"]), (S, &["c?T"])]);
}

#[test]
fn selector_fails_when_every_child_fails() {
    let mut w = World::new();
    let mut t = tree(Selector::new((act("a", 0, F), act("b", 1, F))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=F", "a<F", "b>", "b=R"]),
            (F, &["b=F", "b<F"]),
            (R, &["a>", "a=F", "a<F", "b>", "b=R"]),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// reactive_sequence
// ---------------------------------------------------------------------------------------------

#[test]
fn reactive_sequence_halts_the_action_when_its_condition_turns_false() {
    let mut w = World::new();
    let mut t = tree(ReactiveSequence::new((check("c", &[true, true, false]), forever("a"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["c?T", "a>", "a=R"]),
            (R, &["c?T", "a=R"]),
            (F, &["c?F", "a<H"]),
            // Exactly once: the action is idle now and is not halted again.
            (F, &["c?F"]),
        ],
    );
}

#[test]
fn reactive_sequence_earlier_running_child_preempts_a_later_one() {
    let mut w = World::new();
    let mut t = tree(ReactiveSequence::new((act("a", 1, S), forever("b"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=R"]),
            (R, &["a=S", "a<S", "b>", "b=R"]),
            // `a` starts a new activation and runs: `b` was not ticked and is halted, after `a`'s tick.
            (R, &["a>", "a=R", "b<H"]),
            (R, &["a=S", "a<S", "b>", "b=R"]),
        ],
    );
}

#[test]
fn reactive_sequence_never_halts_a_child_that_completed() {
    // The double-close bug: the running child completes in the tick where the
    // sequence completes; it must be exited once (by completing), never halted afterwards.
    let mut w = World::new();
    let mut t = tree(ReactiveSequence::new((check("c", &[true]), act("a", 1, S))));
    expect(
        &mut t,
        &mut w,
        &[(R, &["c?T", "a>", "a=R"]), (S, &["c?T", "a=S", "a<S"]), (R, &["c?T", "a>", "a=R"])],
    );
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
    assert!(halt(&mut t, &mut w).is_empty());
}

#[test]
fn reactive_sequence_running_child_failing_is_not_halted() {
    let mut w = World::new();
    let mut t = tree(ReactiveSequence::new((check("c", &[true]), act("a", 1, F), act("b", 0, S))));
    expect(&mut t, &mut w, &[(R, &["c?T", "a>", "a=R"]), (F, &["c?T", "a=F", "a<F"])]);
}

// ---------------------------------------------------------------------------------------------
// reactive_selector
// ---------------------------------------------------------------------------------------------

#[test]
fn reactive_selector_higher_priority_branch_preempts_the_running_one() {
    let mut w = World::new();
    let mut t = tree(ReactiveSelector::new((
        Sequence::new((check("enemy", &[false, false, true]), act("fight", 1, S))),
        forever("patrol"),
    )));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["enemy?F", "patrol>", "patrol=R"]),
            (R, &["enemy?F", "patrol=R"]),
            (R, &["enemy?T", "fight>", "fight=R", "patrol<H"]),
            // The inner plain `sequence` resumes at its running child without re-checking `enemy`.
            (S, &["fight=S", "fight<S"]),
            // The fight is over; patrolling starts a new activation.
            (R, &["enemy?T", "fight>", "fight=R"]),
        ],
    );
}

#[test]
fn reactive_selector_success_of_an_earlier_child_halts_the_running_one() {
    let mut w = World::new();
    let mut t = tree(ReactiveSelector::new((check("done", &[false, true]), forever("work"))));
    expect(
        &mut t,
        &mut w,
        &[(R, &["done?F", "work>", "work=R"]), (S, &["done?T", "work<H"]), (S, &["done?T"])],
    );
}

#[test]
fn reactive_selector_running_child_completing_is_not_halted() {
    let mut w = World::new();
    let mut t = tree(ReactiveSelector::new((check("c", &[false]), act("a", 1, F), act("b", 0, S))));
    expect(&mut t, &mut w, &[(R, &["c?F", "a>", "a=R"]), (S, &["c?F", "a=F", "a<F", "b>", "b=S", "b<S"])]);
}

#[test]
fn reactive_selector_halt_halts_the_running_child_once() {
    let mut w = World::new();
    let mut t = tree(ReactiveSelector::new((check("c", &[false]), forever("a"))));
    expect(&mut t, &mut w, &[(R, &["c?F", "a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
    assert!(halt(&mut t, &mut w).is_empty());
    expect(&mut t, &mut w, &[(R, &["c?F", "a>", "a=R"])]);
}

// ---------------------------------------------------------------------------------------------
// mem_sequence / mem_selector
// ---------------------------------------------------------------------------------------------

#[test]
fn mem_sequence_keeps_its_position_across_a_failure() {
    let mut w = World::new();
    let mut t = tree(MemSequence::new((act("a", 0, S), plan("b", &[(0, F), (0, S)]), act("c", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (F, &["a>", "a=S", "a<S", "b>", "b=F", "b<F"]),
            // `a` is not run again: the sequence resumes at `b`.
            (S, &["b>", "b=S", "b<S", "c>", "c=S", "c<S"]),
            // Success forgets the position.
            (F, &["a>", "a=S", "a<S", "b>", "b=F", "b<F"]),
        ],
    );
    assert_eq!(t.root().position(), 1);
}

#[test]
fn mem_sequence_halt_keeps_the_position_and_restarts_the_child() {
    let mut w = World::new();
    let mut t = tree(MemSequence::new((act("a", 0, S), act("b", 2, S))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S", "b>", "b=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["b<H"]);
    expect(&mut t, &mut w, &[(R, &["b>", "b=R"]), (R, &["b=R"]), (S, &["b=S", "b<S"])]);
    t.root_mut().reset();
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S", "b>", "b=R"])]);
}

#[test]
fn mem_selector_keeps_its_position_across_a_success() {
    let mut w = World::new();
    let mut t =
        tree(MemSelector::new((act("a", 0, F), plan("b", &[(0, S), (1, S), (0, F)]), act("c", 0, F))));
    expect(
        &mut t,
        &mut w,
        &[
            (S, &["a>", "a=F", "a<F", "b>", "b=S", "b<S"]),
            // `a` already failed: the next activation starts at `b`.
            (R, &["b>", "b=R"]),
            (S, &["b=S", "b<S"]),
            (F, &["b>", "b=F", "b<F", "c>", "c=F", "c<F"]),
            // Every child failed: back to the first one.
            (S, &["a>", "a=F", "a<F", "b>", "b=S", "b<S"]),
        ],
    );
}

#[test]
fn mem_selector_halt_halts_the_running_child() {
    let mut w = World::new();
    let mut t = tree(MemSelector::new((act("a", 0, F), forever("b"))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=F", "a<F", "b>", "b=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["b<H"]);
    expect(&mut t, &mut w, &[(R, &["b>", "b=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["b<H"]);
    t.root_mut().reset();
    expect(&mut t, &mut w, &[(R, &["a>", "a=F", "a<F", "b>", "b=R"])]);
}

// ---------------------------------------------------------------------------------------------
// parallel(n) — latched successes, failures retried
// ---------------------------------------------------------------------------------------------

#[test]
fn parallel_retries_failed_children_while_others_run() {
    // The hungry agent's shape: the needs branch fails while nothing is needed and is tried again
    // next tick, while `alive` keeps running; when the needs branch succeeds, `alive` is halted.
    let mut w = World::new();
    let mut t = tree(Parallel::new(
        1,
        (Sequence::new((check("hungry", &[false, false, true]), act("eat", 0, S))), forever("alive")),
    ));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["hungry?F", "alive>", "alive=R"]),
            (R, &["hungry?F", "alive=R"]),
            (S, &["hungry?T", "eat>", "eat=S", "eat<S", "alive<H"]),
        ],
    );
}

#[test]
fn parallel_latches_successes() {
    let mut w = World::new();
    let mut t = tree(Parallel::new(2, (act("a", 0, S), act("b", 2, S), forever("c"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S", "b>", "b=R", "c>", "c=R"]),
            // `a` succeeded already and is not ticked again.
            (R, &["b=R", "c=R"]),
            (S, &["b=S", "b<S", "c<H"]),
        ],
    );
}

#[test]
fn parallel_fails_when_n_successes_became_impossible_this_tick() {
    let mut w = World::new();
    let mut t = tree(Parallel::new(2, (act("a", 0, F), act("b", 0, F), forever("c"))));
    // Two failures in one tick with three children and n = 2: stops before ticking `c`.
    expect(&mut t, &mut w, &[(F, &["a>", "a=F", "a<F", "b>", "b=F", "b<F"])]);

    let mut t = tree(Parallel::new(2, (forever("x"), act("a", 0, F), act("b", 0, F))));
    expect(&mut t, &mut w, &[(F, &["x>", "x=R", "a>", "a=F", "a<F", "b>", "b=F", "b<F", "x<H"])]);
}

// ---------------------------------------------------------------------------------------------
// threshold_parallel — BehaviorTree.CPP's Parallel
// ---------------------------------------------------------------------------------------------

#[test]
fn threshold_parallel_default_thresholds_need_every_child() {
    let mut w = World::new();
    let mut t = tree(ThresholdParallel::new(3, 1, (act("a", 0, S), act("b", 1, S), act("c", 2, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S", "b>", "b=R", "c>", "c=R"]),
            (R, &["b=S", "b<S", "c=R"]),
            (S, &["c=S", "c<S"]),
        ],
    );
}

#[test]
fn threshold_parallel_failure_threshold_halts_running_children_in_order() {
    let mut w = World::new();
    let mut t = tree(ThresholdParallel::new(3, 1, (forever("a"), forever("b"), act("c", 1, F))));
    expect(
        &mut t,
        &mut w,
        &[(R, &["a>", "a=R", "b>", "b=R", "c>", "c=R"]), (F, &["a=R", "b=R", "c=F", "c<F", "a<H", "b<H"])],
    );
}

#[test]
fn threshold_parallel_latches_failures_too() {
    let mut w = World::new();
    let mut t = tree(ThresholdParallel::new(1, 2, (act("a", 0, F), act("b", 2, S), forever("c"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=F", "a<F", "b>", "b=R", "c>", "c=R"]),
            // `a` failed already and is not ticked again (unlike `parallel(n)`).
            (R, &["b=R", "c=R"]),
            (S, &["b=S", "b<S", "c<H"]),
        ],
    );
}

#[test]
fn threshold_parallel_fails_once_the_success_threshold_is_out_of_reach() {
    let mut w = World::new();
    // s = 2 of 3, f = 3: after two failures only one child is left, so 2 successes are impossible.
    let mut t = tree(ThresholdParallel::new(2, 3, (act("a", 0, F), forever("b"), act("c", 1, F))));
    expect(
        &mut t,
        &mut w,
        &[(R, &["a>", "a=F", "a<F", "b>", "b=R", "c>", "c=R"]), (F, &["b=R", "c=F", "c<F", "b<H"])],
    );
    // A fresh activation ticks every child again.
    expect(&mut t, &mut w, &[(R, &["a>", "a=F", "a<F", "b>", "b=R", "c>", "c=R"])]);
}

#[test]
fn threshold_parallel_halt_halts_running_children() {
    let mut w = World::new();
    let mut t = tree(ThresholdParallel::new(2, 1, (forever("a"), act("b", 0, S), forever("c"))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R", "b>", "b=S", "b<S", "c>", "c=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H", "c<H"]);
    expect(&mut t, &mut w, &[(R, &["a>", "a=R", "b>", "b=S", "b<S", "c>", "c=R"])]);
}

// ---------------------------------------------------------------------------------------------
// parallel_all
// ---------------------------------------------------------------------------------------------

#[test]
fn parallel_all_waits_for_every_child_then_reports_failures() {
    let mut w = World::new();
    let mut t = tree(ParallelAll::new(1, (act("a", 0, F), act("b", 1, S), act("c", 2, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=F", "a<F", "b>", "b=R", "c>", "c=R"]),
            (R, &["b=S", "b<S", "c=R"]),
            (F, &["c=S", "c<S"]),
        ],
    );
}

#[test]
fn parallel_all_tolerates_fewer_failures_than_the_threshold() {
    let mut w = World::new();
    let mut t = tree(ParallelAll::new(2, (act("a", 0, F), act("b", 1, S))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=F", "a<F", "b>", "b=R"]), (S, &["b=S", "b<S"])]);
    let mut t = tree(ParallelAll::new(2, (act("a", 0, F), act("b", 1, F))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=F", "a<F", "b>", "b=R"]), (F, &["b=F", "b<F"])]);
}

#[test]
fn parallel_all_halt_halts_running_children_and_clears_latches() {
    let mut w = World::new();
    let mut t = tree(ParallelAll::new(1, (forever("a"), act("b", 0, S), forever("c"))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R", "b>", "b=S", "b<S", "c>", "c=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H", "c<H"]);
    expect(&mut t, &mut w, &[(R, &["a>", "a=R", "b>", "b=S", "b<S", "c>", "c=R"])]);
}

// ---------------------------------------------------------------------------------------------
// random
// ---------------------------------------------------------------------------------------------

type A = ActionNode<Act>;

fn random_tree(seed: u64) -> BehaviorTree<Random<(A, A, A, A)>, World> {
    tree(Random::new(seed, (act("a", 0, F), act("b", 0, F), act("c", 0, F), act("d", 0, F))))
}

fn names(order: &[u8]) -> Vec<&'static str> {
    order.iter().map(|&i| ["a", "b", "c", "d"][i as usize]).collect()
}

#[test]
fn random_tries_every_child_once_in_a_shuffled_order() {
    let mut w = World::new();
    let mut t = random_tree(7);
    let mut orders = Vec::new();
    for _ in 0..8 {
        let (status, log) = step(&mut t, &mut w);
        assert_eq!(status, F);
        let order = names(&t.root().order()[..4]);
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, ["a", "b", "c", "d"], "a permutation of the children");
        let expected: Vec<String> =
            order.iter().flat_map(|n| [format!("{n}>"), format!("{n}=F"), format!("{n}<F")]).collect();
        assert_eq!(log, expected);
        orders.push(order);
    }
    // A new order per activation (eight equal permutations of four children would be a broken
    // generator).
    assert!(orders.iter().any(|o| *o != orders[0]));
}

#[test]
fn random_is_deterministic_given_the_seed() {
    let run = |seed| {
        let mut w = World::new();
        let mut t = random_tree(seed);
        (0..10).flat_map(|_| step(&mut t, &mut w).1).collect::<Vec<_>>()
    };
    assert_eq!(run(42), run(42));
    assert_ne!(run(42), run(43));
}

#[test]
fn random_keeps_its_order_while_a_child_runs() {
    let mut w = World::new();
    let mut t = tree(Random::new(3, (act("a", 2, S), act("b", 2, S))));
    let (status, log) = step(&mut t, &mut w);
    assert_eq!(status, R);
    let first = names(&t.root().order()[..1])[0];
    assert_eq!(log, [format!("{first}>"), format!("{first}=R")]);
    expect(
        &mut t,
        &mut w,
        &[(R, &[&format!("{first}=R")]), (S, &[&format!("{first}=S"), &format!("{first}<S")])],
    );
    // Halting a running random halts the running child.
    let (_, log) = step(&mut t, &mut w);
    let first = names(&t.root().order()[..1])[0];
    assert_eq!(log, [format!("{first}>"), format!("{first}=R")]);
    assert_eq!(halt(&mut t, &mut w), [format!("{first}<H")]);
}

// ---------------------------------------------------------------------------------------------
// if_then_else
// ---------------------------------------------------------------------------------------------

#[test]
fn if_then_else_runs_then_without_rechecking_the_condition() {
    let mut w = World::new();
    let mut t = tree(IfThenElse::new((check("c", &[true, false]), act("then", 1, S), act("else", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["c?T", "then>", "then=R"]),
            (S, &["then=S", "then<S"]),
            (S, &["c?F", "else>", "else=S", "else<S"]),
        ],
    );
}

#[test]
fn if_then_else_with_two_children_fails_when_the_condition_fails() {
    let mut w = World::new();
    let mut t = tree(IfThenElse::new((check("c", &[false, true]), act("then", 0, F))));
    expect(&mut t, &mut w, &[(F, &["c?F"]), (F, &["c?T", "then>", "then=F", "then<F"])]);
}

#[test]
fn if_then_else_waits_for_a_running_condition() {
    let mut w = World::new();
    let mut t = tree(IfThenElse::new((act("probe", 1, F), act("then", 0, S), act("else", 1, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["probe>", "probe=R"]),
            (R, &["probe=F", "probe<F", "else>", "else=R"]),
            (S, &["else=S", "else<S"]),
        ],
    );
    // Halting while the condition runs halts the condition.
    expect(&mut t, &mut w, &[(R, &["probe>", "probe=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["probe<H"]);
}

#[test]
fn if_then_else_halt_halts_the_running_branch() {
    let mut w = World::new();
    let mut t = tree(IfThenElse::new((check("c", &[true]), forever("then"))));
    expect(&mut t, &mut w, &[(R, &["c?T", "then>", "then=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["then<H"]);
    expect(&mut t, &mut w, &[(R, &["c?T", "then>", "then=R"])]);
}

// ---------------------------------------------------------------------------------------------
// while_do_else
// ---------------------------------------------------------------------------------------------

#[test]
fn while_do_else_switches_branch_when_the_condition_changes() {
    let mut w = World::new();
    let mut t = tree(WhileDoElse::new((
        check("c", &[true, true, false, false, true]),
        forever("do"),
        forever("else"),
    )));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["c?T", "do>", "do=R"]),
            (R, &["c?T", "do=R"]),
            // The abandoned branch is halted (once) before the other one is ticked.
            (R, &["c?F", "do<H", "else>", "else=R"]),
            (R, &["c?F", "else=R"]),
            (R, &["c?T", "else<H", "do>", "do=R"]),
        ],
    );
    assert_eq!(halt(&mut t, &mut w), ["do<H"]);
}

#[test]
fn while_do_else_with_two_children_fails_and_halts_when_the_condition_fails() {
    let mut w = World::new();
    let mut t = tree(WhileDoElse::new((check("c", &[true, false]), forever("do"))));
    expect(&mut t, &mut w, &[(R, &["c?T", "do>", "do=R"]), (F, &["c?F", "do<H"]), (F, &["c?F"])]);
}

#[test]
fn while_do_else_completes_with_the_branch() {
    let mut w = World::new();
    let mut t = tree(WhileDoElse::new((check("c", &[true]), act("do", 1, S), act("else", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[(R, &["c?T", "do>", "do=R"]), (S, &["c?T", "do=S", "do<S"]), (R, &["c?T", "do>", "do=R"])],
    );
}

#[test]
fn while_do_else_leaves_the_branch_alone_while_the_condition_runs() {
    let mut w = World::new();
    let mut t = tree(WhileDoElse::new((plan("probe", &[(0, S), (1, S)]), forever("do"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["probe>", "probe=S", "probe<S", "do>", "do=R"]),
            (R, &["probe>", "probe=R"]),
            (R, &["probe=S", "probe<S", "do=R"]),
            (R, &["probe>", "probe=S", "probe<S", "do=R"]),
            (R, &["probe>", "probe=R"]),
        ],
    );
    // Both the condition and the branch are running: both are halted, in child order.
    assert_eq!(halt(&mut t, &mut w), ["probe<H", "do<H"]);
}

// ---------------------------------------------------------------------------------------------
// switch
// ---------------------------------------------------------------------------------------------

#[test]
fn switch_ticks_the_child_of_the_matching_case_on_every_tick() {
    let mut w = World::new();
    let mut t = tree(Switch::new(
        select("s", &[0, 2, 1, 2]),
        index,
        (act("a", 0, S), act("b", 0, F), act("c", 0, S)),
    ));
    expect(
        &mut t,
        &mut w,
        &[
            (S, &["s#0", "a>", "a=S", "a<S"]),
            (S, &["s#2", "c>", "c=S", "c<S"]),
            (F, &["s#1", "b>", "b=F", "b<F"]),
            (S, &["s#2", "c>", "c=S", "c<S"]),
        ],
    );
}

#[test]
fn switch_halts_the_running_child_before_ticking_the_new_choice() {
    let mut w = World::new();
    let mut t = tree(Switch::new(select("s", &[0, 0, 1, 1, 0]), index, (forever("a"), forever("b"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["s#0", "a>", "a=R"]),
            (R, &["s#0", "a=R"]),
            // The value changed: `a` is halted first, then `b` starts.
            (R, &["s#1", "a<H", "b>", "b=R"]),
            (R, &["s#1", "b=R"]),
            (R, &["s#0", "b<H", "a>", "a=R"]),
        ],
    );
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
    // Halted: nothing runs, so the next choice halts nothing.
    expect(&mut t, &mut w, &[(R, &["s#0", "a>", "a=R"])]);
}

#[test]
fn switch_forgets_a_child_that_completed() {
    let mut w = World::new();
    let mut t = tree(Switch::new(select("s", &[0, 0, 1]), index, (act("a", 1, F), forever("b"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["s#0", "a>", "a=R"]),
            (F, &["s#0", "a=F", "a<F"]),
            // `a` completed: nothing to halt when the choice changes.
            (R, &["s#1", "b>", "b=R"]),
        ],
    );
    assert_eq!(t.root().running(t.active()), Some(1));
    assert_eq!(halt(&mut t, &mut w), ["b<H"]);
    assert_eq!(t.root().running(t.active()), None);
}

#[test]
fn switch_from_the_dsl_matches_patterns_in_order_with_a_default() {
    let mut w = World::new();
    let mut t = bt! {
        World => switch(|w: &World| [3usize, 1, 7, 2, 0][w.tick.min(4)])<
            1 | 2 => { act("low", 0, S) },
            x if x > 5 => { act("high", 1, S) },
            _ => { act("other", 0, F) },
        >
    };
    expect(
        &mut t,
        &mut w,
        &[
            (F, &["other>", "other=F", "other<F"]),     // 3
            (S, &["low>", "low=S", "low<S"]),           // 1
            (R, &["high>", "high=R"]),                  // 7
            (S, &["high<H", "low>", "low=S", "low<S"]), // 2: the running case is halted first
            (F, &["other>", "other=F", "other<F"]),     // 0
        ],
    );
    assert_eq!(
        t.description().node(0).map(|n| n.args),
        Some("|w: &World| [3usize, 1, 7, 2, 0][w.tick.min(4)]; 1 | 2, x if x > 5, _")
    );
}

// ---------------------------------------------------------------------------------------------
// repeat
// ---------------------------------------------------------------------------------------------

#[test]
fn repeat_completes_one_iteration_per_tick() {
    let mut w = World::new();
    let mut t = tree(Repeat::times(3, act("a", 0, S)));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S"]),
            (R, &["a>", "a=S", "a<S"]),
            (S, &["a>", "a=S", "a<S"]),
            (R, &["a>", "a=S", "a<S"]),
        ],
    );
}

#[test]
fn repeat_forever_ends_on_failure() {
    let mut w = World::new();
    let mut t = tree(Repeat::forever(plan("a", &[(1, S), (0, S), (0, F)])));
    expect(
        &mut t,
        &mut w,
        &[(R, &["a>", "a=R"]), (R, &["a=S", "a<S"]), (R, &["a>", "a=S", "a<S"]), (F, &["a>", "a=F", "a<F"])],
    );
}

#[test]
fn repeat_halt_only_halts_a_running_child() {
    let mut w = World::new();
    let mut t = tree(Repeat::forever(act("a", 1, S)));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"]), (R, &["a=S", "a<S"])]);
    // Between iterations the child is idle: nothing to halt.
    assert!(halt(&mut t, &mut w).is_empty());
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
}

#[test]
fn repeat_zero_times_succeeds_without_ticking_the_child() {
    let mut w = World::new();
    let mut t = tree(Repeat::times(0, act("a", 0, S)));
    expect(&mut t, &mut w, &[(S, &[])]);
}

// ---------------------------------------------------------------------------------------------
// invert / force_success / force_failure
// ---------------------------------------------------------------------------------------------

#[test]
fn invert_swaps_results_and_passes_running_through() {
    let mut w = World::new();
    let mut t = tree(Invert::new(plan("a", &[(1, S), (0, F)])));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"]), (F, &["a=S", "a<S"]), (S, &["a>", "a=F", "a<F"])]);
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
}

#[test]
fn force_success_and_force_failure_override_the_result() {
    let mut w = World::new();
    let mut t = tree(Sequence::new((ForceSuccess::new(act("a", 1, F)), ForceFailure::new(act("b", 0, S)))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"]), (F, &["a=F", "a<F", "b>", "b=S", "b<S"])]);
    let mut t = tree(ForceFailure::new(forever("c")));
    expect(&mut t, &mut w, &[(R, &["c>", "c=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["c<H"]);
}

// ---------------------------------------------------------------------------------------------
// retry / until_success / until_failure
// ---------------------------------------------------------------------------------------------

#[test]
fn retry_runs_one_attempt_per_tick_until_success() {
    let mut w = World::new();
    let mut t = tree(Retry::new(3, plan("a", &[(0, F), (0, F), (0, S)])));
    expect(
        &mut t,
        &mut w,
        &[(R, &["a>", "a=F", "a<F"]), (R, &["a>", "a=F", "a<F"]), (S, &["a>", "a=S", "a<S"])],
    );
}

#[test]
fn retry_fails_after_n_attempts_and_starts_over() {
    let mut w = World::new();
    let mut t = tree(Retry::new(2, plan("a", &[(1, F), (0, F), (0, S)])));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=R"]),
            (R, &["a=F", "a<F"]),
            (F, &["a>", "a=F", "a<F"]),
            // A new activation has its attempts back.
            (S, &["a>", "a=S", "a<S"]),
        ],
    );
}

#[test]
fn retry_halt_halts_only_a_running_attempt() {
    let mut w = World::new();
    let mut t = tree(Retry::new(5, plan("a", &[(0, F), (3, S)])));
    expect(&mut t, &mut w, &[(R, &["a>", "a=F", "a<F"])]);
    assert!(halt(&mut t, &mut w).is_empty());
    assert_eq!(u32::from(t.active().1), 0); // no failed attempt counted
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
}

#[test]
fn until_success_reruns_the_child_once_per_tick() {
    let mut w = World::new();
    let mut t = tree(UntilSuccess::new(plan("a", &[(0, F), (1, F), (0, S)])));
    expect(
        &mut t,
        &mut w,
        &[(R, &["a>", "a=F", "a<F"]), (R, &["a>", "a=R"]), (R, &["a=F", "a<F"]), (S, &["a>", "a=S", "a<S"])],
    );
    expect(&mut t, &mut w, &[(R, &["a>", "a=F", "a<F"])]);
    assert!(halt(&mut t, &mut w).is_empty());
}

#[test]
fn until_failure_reruns_the_child_until_it_fails() {
    let mut w = World::new();
    let mut t = tree(UntilFailure::new(plan("a", &[(0, S), (1, S), (0, F)])));
    expect(
        &mut t,
        &mut w,
        &[(R, &["a>", "a=S", "a<S"]), (R, &["a>", "a=R"]), (R, &["a=S", "a<S"]), (F, &["a>", "a=F", "a<F"])],
    );
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S"]), (R, &["a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
}

// ---------------------------------------------------------------------------------------------
// timeout / delay / cooldown (the clock moves 100 ms after every tick)
// ---------------------------------------------------------------------------------------------

#[test]
fn timeout_lets_a_fast_child_finish() {
    let mut w = World::with_dt(100);
    let mut t = tree(Timeout::new(Duration::from_millis(300), act("a", 2, S)));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"]), (R, &["a=R"]), (S, &["a=S", "a<S"])]);
}

#[test]
fn timeout_halts_a_slow_child_and_fails() {
    let mut w = World::with_dt(100);
    let mut t = tree(Timeout::new(Duration::from_millis(250), forever("a")));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=R"]), // t = 0
            (R, &["a=R"]),       // t = 100
            (R, &["a=R"]),       // t = 200
            (F, &["a<H"]),       // t = 300: the deadline has passed, the child is halted, not ticked
            (R, &["a>", "a=R"]), // a fresh activation with a fresh deadline
        ],
    );
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
    // Halting forgot the start: a new activation gets the full time again.
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"]), (R, &["a=R"]), (R, &["a=R"]), (F, &["a<H"])]);
}

#[test]
fn timeout_of_zero_gives_the_child_a_single_tick() {
    let mut w = World::with_dt(100);
    let mut t = tree(Timeout::new(Duration::ZERO, act("a", 1, S)));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"]), (F, &["a<H"])]);
    let mut t = tree(Timeout::new(Duration::ZERO, act("b", 0, S)));
    expect(&mut t, &mut w, &[(S, &["b>", "b=S", "b<S"])]);
}

#[test]
fn delay_waits_before_running_the_child() {
    let mut w = World::with_dt(100);
    let mut t = tree(Delay::new(Duration::from_millis(200), act("a", 1, S)));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &[]),            // t = 0: waiting starts
            (R, &[]),            // t = 100
            (R, &["a>", "a=R"]), // t = 200: delay elapsed
            (S, &["a=S", "a<S"]),
            (R, &[]), // the next activation waits again
        ],
    );
}

#[test]
fn delay_halt_while_waiting_touches_no_child() {
    let mut w = World::with_dt(100);
    let mut t = tree(Delay::new(Duration::from_millis(100), forever("a")));
    expect(&mut t, &mut w, &[(R, &[])]);
    assert!(halt(&mut t, &mut w).is_empty());
    // The wait starts over.
    expect(&mut t, &mut w, &[(R, &[]), (R, &["a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
}

#[test]
fn cooldown_refuses_to_run_the_child_again_too_soon() {
    let mut w = World::with_dt(100);
    let mut t = tree(Cooldown::new(Duration::from_millis(300), act("a", 1, S)));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=R"]),  // t = 0
            (S, &["a=S", "a<S"]), // t = 100: cooldown starts
            (F, &[]),             // t = 200
            (F, &[]),             // t = 300
            (R, &["a>", "a=R"]),  // t = 400: 300 ms have passed
        ],
    );
}

#[test]
fn cooldown_counts_a_halted_activation() {
    let mut w = World::with_dt(100);
    let mut t = tree(Cooldown::new(Duration::from_millis(200), forever("a")));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]); // t = 0
    assert_eq!(halt(&mut t, &mut w), ["a<H"]); // halted at t = 100
    expect(&mut t, &mut w, &[(F, &[]), (F, &[]), (R, &["a>", "a=R"])]);
}

// ---------------------------------------------------------------------------------------------
// service (the clock moves 100 ms after every tick)
// ---------------------------------------------------------------------------------------------

#[test]
fn service_runs_on_entry_then_once_per_interval() {
    let mut w = World::with_dt(100);
    let mut t = tree(Service::new(Duration::from_millis(250), act("s", 0, F), act("a", 4, S)));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["s>", "s=F", "s<F", "a>", "a=R"]), // t = 0: first run on entry, before the child
            (R, &["a=R"]),                           // t = 100
            (R, &["a=R"]),                           // t = 200
            (R, &["s>", "s=F", "s<F", "a=R"]),       // t = 300: 250 ms since the last start
            (S, &["a=S", "a<S"]),                    // t = 400: the child's status is the node's
            (R, &["s>", "s=F", "s<F", "a>", "a=R"]), // t = 500: a new activation runs it on entry again
        ],
    );
}

#[test]
fn service_running_is_continued_then_stopped_when_the_child_completes() {
    let mut w = World::with_dt(100);
    let mut t = tree(Service::new(Duration::from_millis(150), act("s", 1, S), act("a", 3, F)));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["s>", "s=R", "a>", "a=R"]),   // t = 0
            (R, &["s=S", "s<S", "a=R"]),        // t = 100: still running: ticked again
            (R, &["s>", "s=R", "a=R"]),         // t = 200: 150 ms since it started at 0
            (F, &["s=S", "s<S", "a=F", "a<F"]), // t = 300
        ],
    );
    let mut t = tree(Service::new(Duration::from_millis(150), forever("s"), act("a", 1, S)));
    // The child completes while the service runs: the service is halted after it ("stopped on exit").
    expect(&mut t, &mut w, &[(R, &["s>", "s=R", "a>", "a=R"]), (S, &["s=R", "a=S", "a<S", "s<H"])]);
}

#[test]
fn service_halt_halts_the_child_then_the_running_service() {
    let mut w = World::with_dt(100);
    let mut t = tree(Service::new(Duration::from_millis(1000), forever("s"), forever("a")));
    expect(&mut t, &mut w, &[(R, &["s>", "s=R", "a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H", "s<H"]);
    // A service that completed is not halted.
    let mut t = tree(Service::new(Duration::from_millis(1000), act("s", 0, S), forever("a")));
    expect(&mut t, &mut w, &[(R, &["s>", "s=S", "s<S", "a>", "a=R"]), (R, &["a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
    // The next activation starts with the service again.
    expect(&mut t, &mut w, &[(R, &["s>", "s=S", "s<S", "a>", "a=R"])]);
}

#[test]
fn service_is_not_in_the_observer_ids() {
    let mut w = World::with_dt(100);
    let mut t =
        tree(Sequence::new((Service::new(Duration::ZERO, act("s", 0, S), act("a", 1, S)), act("b", 0, S))));
    // sequence, service node, its child `a`, `b`: the service leaf has no id.
    assert_eq!(node_count(&t), 4);
    let mut obs = Recorder::default();
    assert_eq!(t.tick_with(&mut w, &mut obs), R);
    assert_eq!(t.tick_with(&mut w, &mut obs), S);
    assert_eq!(obs.0, ["2R", "1R", "0R", "2S", "1S", "3S", "0S"]);
    // With an interval of zero, the service runs on every tick of the branch.
    assert_eq!(
        w.take(),
        ["s>", "s=S", "s<S", "a>", "a=R", "s>", "s=S", "s<S", "a=S", "a<S", "b>", "b=S", "b<S"]
    );
}

// ---------------------------------------------------------------------------------------------
// run_once
// ---------------------------------------------------------------------------------------------

#[test]
fn run_once_repeats_the_result_without_ticking_the_child() {
    let mut w = World::new();
    let mut t = tree(RunOnce::new(act("a", 1, F)));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"]), (F, &["a=F", "a<F"]), (F, &[]), (F, &[])]);
    assert_eq!(t.root().result(), Some(F));
    t.root_mut().reset();
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]);
}

#[test]
fn run_once_interrupted_runs_again() {
    let mut w = World::new();
    let mut t = tree(RunOnce::new(act("a", 1, S)));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"]), (S, &["a=S", "a<S"]), (S, &[])]);
    assert!(halt(&mut t, &mut w).is_empty());
}

// ---------------------------------------------------------------------------------------------
// precondition / guard (observer aborts: none, self, lower_priority, both)
// ---------------------------------------------------------------------------------------------

#[test]
fn precondition_is_checked_only_when_the_child_starts() {
    let mut w = World::new();
    let mut t = tree(Precondition::new(cond("p", &[false, true, false, false]), act("a", 2, S)));
    expect(
        &mut t,
        &mut w,
        &[
            (F, &["p?F"]),              // not met: the child is not ticked
            (R, &["p?T", "a>", "a=R"]), // met at the start
            (R, &["a=R"]),              // false now, but not checked while the child runs
            (S, &["a=S", "a<S"]),
            (F, &["p?F"]),
        ],
    );
}

#[test]
fn precondition_halt_halts_the_running_child() {
    let mut w = World::new();
    let mut t = tree(Precondition::new(cond("p", &[true]), forever("a")));
    expect(&mut t, &mut w, &[(R, &["p?T", "a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
    expect(&mut t, &mut w, &[(R, &["p?T", "a>", "a=R"])]);
}

#[test]
fn guard_halts_the_running_child_when_the_condition_turns_false() {
    let mut w = World::new();
    let mut t = tree(Guard::new(cond("g", &[true, true, false, false, true]), forever("a")));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["g?T", "a>", "a=R"]),
            (R, &["g?T", "a=R"]),
            (F, &["g?F", "a<H"]),
            (F, &["g?F"]), // the child is idle: nothing to halt
            (R, &["g?T", "a>", "a=R"]),
        ],
    );
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
}

#[test]
fn guard_lets_a_child_complete_while_the_condition_holds() {
    let mut w = World::new();
    let mut t = tree(Guard::new(cond("g", &[true]), act("a", 1, F)));
    expect(&mut t, &mut w, &[(R, &["g?T", "a>", "a=R"]), (F, &["g?T", "a=F", "a<F"])]);
}

#[test]
fn guard_abort_none_checks_only_when_the_child_starts() {
    let mut w = World::new();
    let mut t =
        tree(Guard::with_abort(abort::Neither, cond("g", &[true, false, false, false]), act("a", 2, S)));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["g?T", "a>", "a=R"]),
            (R, &["a=R"]), // false now, but not checked while the child runs
            (S, &["a=S", "a<S"]),
            (F, &["g?F"]),
        ],
    );
    // Under a selector it never takes over from a later child.
    let mut w = World::new();
    let guard = Guard::with_abort(abort::Neither, cond("g", &[false, true]), act("a", 0, S));
    let mut t = tree(Selector::new((guard, forever("b"))));
    expect(&mut t, &mut w, &[(R, &["g?F", "b>", "b=R"]), (R, &["b=R"]), (R, &["b=R"])]);
}

#[test]
fn guard_abort_self_halts_its_child_but_never_takes_over_from_a_sibling() {
    let mut w = World::new();
    let guard = Guard::with_abort(abort::SelfOnly, cond("g", &[true, false, false, true]), forever("a"));
    let mut t = tree(Selector::new((guard, forever("b"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["g?T", "a>", "a=R"]),
            (R, &["g?F", "a<H", "b>", "b=R"]), // self abort: the selector moves on to `b`
            (R, &["b=R"]),                     // the guard is not asked while `b` runs
            (R, &["b=R"]),                     // not even when its condition turns true
        ],
    );
}

#[test]
fn guard_lower_priority_preempts_a_running_later_branch_when_its_condition_turns_true() {
    let mut w = World::new();
    let guard =
        Guard::with_abort(abort::LowerPriority, cond("g", &[false, false, true, false]), act("a", 1, S));
    let mut t = tree(Selector::new((guard, forever("b"))));
    let mut obs = Recorder::default();
    // ids: 0 selector, 1 guard, 2 a, 3 b
    assert_eq!(t.tick_with(&mut w, &mut obs), R);
    assert_eq!(w.take(), ["g?F", "b>", "b=R"]);
    w.tick += 1;
    // The selector asks the guard before resuming `b`: still false.
    assert_eq!(t.tick_with(&mut w, &mut obs), R);
    assert_eq!(w.take(), ["g?F", "b=R"]);
    w.tick += 1;
    obs.0.clear();
    // True now, false when last checked: `b` is halted, and the selector ticks from the guard in
    // the same tick (which checks its condition again as it starts its child).
    assert_eq!(t.tick_with(&mut w, &mut obs), R);
    assert_eq!(w.take(), ["g?T", "b<H", "g?T", "a>", "a=R"]);
    assert_eq!(obs.0, ["3H", "2R", "1R", "0R"]);
    w.tick += 1;
    // `lower_priority` does not re-check while its own child runs (that is `self`).
    expect(&mut t, &mut w, &[(S, &["a=S", "a<S"]), (R, &["g?F", "b>", "b=R"])]);
}

#[test]
fn guard_lower_priority_does_not_preempt_again_after_its_branch_failed() {
    let mut w = World::new();
    let guard = Guard::with_abort(
        abort::LowerPriority,
        cond("g", &[false, true, true, true, false, true]),
        act("a", 0, F),
    );
    let mut t = tree(Selector::new((guard, forever("b"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["g?F", "b>", "b=R"]),
            // Turned true: takes over; its branch fails, and the selector goes on to `b` again.
            (R, &["g?T", "b<H", "g?T", "a>", "a=F", "a<F", "b>", "b=R"]),
            // Still true, as when last checked: no change, no take-over.
            (R, &["g?T", "b=R"]),
            (R, &["g?T", "b=R"]),
            (R, &["g?F", "b=R"]),
            // False, then true again: a change, so it takes over again.
            (R, &["g?T", "b<H", "g?T", "a>", "a=F", "a<F", "b>", "b=R"]),
        ],
    );
}

#[test]
fn guard_abort_both_halts_its_child_and_preempts_lower_priority() {
    let mut w = World::new();
    let guard =
        Guard::with_abort(abort::Both, cond("g", &[true, false, false, true, true, false]), forever("a"));
    let mut t = tree(Selector::new((guard, forever("b"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["g?T", "a>", "a=R"]),
            (R, &["g?F", "a<H", "b>", "b=R"]), // self
            (R, &["g?F", "b=R"]),
            (R, &["g?T", "b<H", "g?T", "a>", "a=R"]), // lower priority
            (R, &["g?T", "a=R"]),
            (R, &["g?F", "a<H", "b>", "b=R"]),
        ],
    );
}

#[test]
fn guard_lower_priority_under_mem_selector_takes_over_the_kept_position() {
    let mut w = World::new();
    let guard =
        Guard::with_abort(abort::LowerPriority, cond("g", &[false, false, false, true]), act("a", 0, S));
    let mut t = tree(MemSelector::new((guard, act("b", 0, S), forever("c"))));
    expect(
        &mut t,
        &mut w,
        &[
            (S, &["g?F", "b>", "b=S", "b<S"]),
            // The next activation starts at the kept position, `b`, after asking the guard.
            (S, &["g?F", "b>", "b=S", "b<S"]),
            (S, &["g?F", "b>", "b=S", "b<S"]),
            // Nothing runs: nothing to halt; the activation starts at the guard, the new position.
            (S, &["g?T", "g?T", "a>", "a=S", "a<S"]),
            (S, &["g?T", "a>", "a=S", "a<S"]),
        ],
    );
    let mut w = World::new();
    let guard = Guard::with_abort(abort::LowerPriority, cond("g", &[false, false, true]), act("a", 0, S));
    let mut t = tree(MemSelector::new((guard, forever("b"))));
    expect(
        &mut t,
        &mut w,
        &[(R, &["g?F", "b>", "b=R"]), (R, &["g?F", "b=R"]), (S, &["g?T", "b<H", "g?T", "a>", "a=S", "a<S"])],
    );
}

#[test]
fn guard_lower_priority_is_not_asked_under_a_reactive_selector_or_a_sequence() {
    // A reactive selector ticks the guard from the first child on every tick anyway.
    let mut w = World::new();
    let guard = Guard::with_abort(abort::LowerPriority, cond("g", &[false, true]), act("a", 0, S));
    let mut t = tree(ReactiveSelector::new((guard, forever("b"))));
    expect(&mut t, &mut w, &[(R, &["g?F", "b>", "b=R"]), (S, &["g?T", "a>", "a=S", "a<S", "b<H"])]);
    // Under a sequence it is a precondition.
    let mut w = World::new();
    let guard = Guard::with_abort(abort::LowerPriority, cond("g", &[true, false]), act("a", 1, S));
    let mut t = tree(Sequence::new((act("x", 0, S), guard, forever("b"))));
    expect(
        &mut t,
        &mut w,
        &[(R, &["x>", "x=S", "x<S", "g?T", "a>", "a=R"]), (R, &["a=S", "a<S", "b>", "b=R"]), (R, &["b=R"])],
    );
}

#[test]
fn guard_modes_from_the_dsl() {
    let mut w = World::new();
    let mut t = bt! {
        World => selector<
            guard({ cond("g", &[false, true]) }, abort = lower_priority)<{ act("a", 0, S) }>,
            { forever("b") },
        >
    };
    expect(&mut t, &mut w, &[(R, &["g?F", "b>", "b=R"]), (S, &["g?T", "b<H", "g?T", "a>", "a=S", "a<S"])]);
    let mut w = World::new();
    let mut t = bt! { World => guard({ cond("g", &[true, false]) }, abort = none)<{ act("a", 1, S) }> };
    expect(&mut t, &mut w, &[(R, &["g?T", "a>", "a=R"]), (S, &["a=S", "a<S"])]);
    let mut w = World::new();
    let mut t = bt! { World => guard({ cond("g", &[true, false]) }, abort = self)<{ act("a", 1, S) }> };
    expect(&mut t, &mut w, &[(R, &["g?T", "a>", "a=R"]), (F, &["g?F", "a<H"])]);
}

// ---------------------------------------------------------------------------------------------
// leaves: internal condition, closures through the builder
// ---------------------------------------------------------------------------------------------

#[test]
fn action_internal_condition_ends_the_activation_with_failure() {
    let mut w = World::new();
    let mut t = tree(ActionNode::new(Act::new("a", 5, S).with_condition(&[true, true, false, true])));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"]), (R, &["a=R"]), (F, &["a<F"]), (R, &["a>", "a=R"])]);
}

#[test]
fn closures_are_leaves_through_the_builder() {
    let mut w = World::new();
    let b = bt::__private::Builder::new();
    let mut t = b.build(Sequence::new((
        b.leaf(|w: &World| {
            w.record("closure-condition".into());
            w.tick < 2
        }),
        b.leaf(|w: &mut World| {
            w.record("closure-action".into());
            if w.tick == 0 { R } else { S }
        }),
    )));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["closure-condition", "closure-action"]),
            // The sequence resumes at the running closure.
            (S, &["closure-action"]),
            (F, &["closure-condition"]),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// boxed / subtree
// ---------------------------------------------------------------------------------------------

#[test]
#[cfg(feature = "alloc")]
fn boxed_subtree_behaves_like_the_subtree() {
    let mut w = World::new();
    let inner = || Sequence::new((act("a", 0, S), act("b", 1, S)));
    let mut t = tree(Selector::new((boxed::<World, _>(inner()), act("c", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]),
            (S, &["b=S", "b<S"]),
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]),
        ],
    );
    assert_eq!(halt(&mut t, &mut w), ["b<H"]);
    // Boxes of different node types share one type.
    let choices: Vec<BoxedNode<World>> = vec![boxed(act("x", 0, S)), boxed(inner())];
    let mut t = tree(Sequence::new((choices.into_iter().next().unwrap(), act("y", 0, F))));
    expect(&mut t, &mut w, &[(F, &["x>", "x=S", "x<S", "y>", "y=F", "y<F"])]);
}

fn node_count<N: Node<World>, D>(_: &BehaviorTree<N, World, D>) -> usize {
    N::SIZE
}

fn patrol() -> BehaviorTree<MemSequence<(A, A)>, World> {
    tree(MemSequence::new((act("to_a", 1, S), act("to_b", 1, S))))
}

#[test]
fn subtree_embedded_as_a_leaf_is_halted_by_its_parent() {
    let mut w = World::new();
    let b = bt::__private::Builder::new();
    let mut t =
        b.build(ReactiveSelector::new((b.leaf(cond("player", &[false, false, true])), b.leaf(patrol()))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["player?F", "to_a>", "to_a=R"]),
            (R, &["player?F", "to_a=S", "to_a<S", "to_b>", "to_b=R"]),
            (S, &["player?T", "to_b<H"]),
        ],
    );
    // The embedded tree is idle again.
    assert!(!t.root().children().1.0.is_running());
    assert!(halt(&mut t, &mut w).is_empty());
}

#[test]
fn subtree_keeps_its_own_semantics_and_observer_ids() {
    let mut w = World::new();
    let b = bt::__private::Builder::new();
    let mut t = b.build(Sequence::new((b.leaf(patrol()), act("rest", 0, S))));
    // Sequence + opaque subtree + leaf.
    assert_eq!(node_count(&t), 3);
    let mut obs = Recorder::default();
    assert_eq!(t.tick_with(&mut w, &mut obs), R);
    assert_eq!(t.tick_with(&mut w, &mut obs), R);
    assert_eq!(t.tick_with(&mut w, &mut obs), S);
    assert_eq!(obs.0, ["1R", "0R", "1R", "0R", "1S", "2S", "0S"]);
    assert_eq!(
        w.take(),
        [
            "to_a>", "to_a=R", "to_a=S", "to_a<S", "to_b>", "to_b=R", "to_b=S", "to_b<S", "rest>", "rest=S",
            "rest<S"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// tree.halt() and the observer
// ---------------------------------------------------------------------------------------------

#[derive(Default)]
struct Recorder(Vec<String>);

impl Observer for Recorder {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.0.push(format!("{node}{}", &format!("{status:?}")[..1]));
    }
    fn halted(&mut self, node: NodeId) {
        self.0.push(format!("{node}H"));
    }
}

#[test]
fn tree_halt_halts_every_running_node_once_depth_first() {
    let mut w = World::new();
    let mut t = tree(Parallel::new(
        3,
        (
            Sequence::new((act("a", 0, S), forever("b"))),
            act("c", 0, S),
            ThresholdParallel::new(2, 1, (forever("d"), forever("e"))),
        ),
    ));
    // ids: 0 parallel, 1 sequence, 2 a, 3 b, 4 c, 5 threshold parallel, 6 d, 7 e
    let mut obs = Recorder::default();
    assert_eq!(t.tick_with(&mut w, &mut obs), R);
    assert_eq!(w.take(), ["a>", "a=S", "a<S", "b>", "b=R", "c>", "c=S", "c<S", "d>", "d=R", "e>", "e=R"]);
    assert_eq!(obs.0, ["2S", "3R", "1R", "4S", "6R", "7R", "5R", "0R"]);
    obs.0.clear();
    t.halt_with(&mut w, &mut obs);
    assert_eq!(w.take(), ["b<H", "d<H", "e<H"]);
    // Post-order: children before their parent; `a` and `c` (completed) are not touched.
    assert_eq!(obs.0, ["3H", "1H", "6H", "7H", "5H", "0H"]);
    assert!(!t.is_running());
    // Halting again does nothing.
    obs.0.clear();
    t.halt_with(&mut w, &mut obs);
    assert!(obs.0.is_empty());
    assert!(w.take().is_empty());
}

#[test]
fn tree_halt_on_an_idle_tree_does_nothing() {
    let mut w = World::new();
    let mut t = tree(Sequence::new((forever("a"), forever("b"))));
    let mut obs = Recorder::default();
    t.halt_with(&mut w, &mut obs);
    assert!(obs.0.is_empty());
    assert!(w.take().is_empty());
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]);
}

#[test]
fn tree_halt_on_a_completed_tree_does_nothing() {
    let mut w = World::new();
    let mut t = tree(Sequence::new((act("a", 1, S), act("b", 0, F))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"]), (F, &["a=S", "a<S", "b>", "b=F", "b<F"])]);
    let mut obs = Recorder::default();
    t.halt_with(&mut w, &mut obs);
    assert!(obs.0.is_empty());
    assert!(w.take().is_empty());
}

#[test]
#[cfg(feature = "alloc")]
fn tree_halt_reaches_through_every_decorator_and_composite() {
    let mut w = World::with_dt(10);
    let b = bt::__private::Builder::new();
    let mut t = b.build(ParallelAll::new(
        1,
        (
            Repeat::forever(Invert::new(Retry::new(3, UntilFailure::new(forever("a"))))),
            Timeout::new(
                Duration::from_secs(5),
                Delay::new(Duration::ZERO, Cooldown::new(Duration::ZERO, forever("b"))),
            ),
            RunOnce::new(Guard::new(cond("g", &[true]), Precondition::new(cond("p", &[true]), forever("c")))),
            IfThenElse::new((check("i", &[true]), WhileDoElse::new((check("x", &[true]), forever("d"))))),
            ReactiveSequence::new((MemSelector::new((forever("e"),)), MemSequence::new((forever("f"),)))),
            Random::new(1, (ForceSuccess::new(ForceFailure::new(b.leaf(boxed::<World, _>(forever("g"))))),)),
        ),
    ));
    expect(
        &mut t,
        &mut w,
        &[(
            R,
            &[
                "a>", "a=R", "b>", "b=R", "g?T", "p?T", "c>", "c=R", "i?T", "x?T", "d>", "d=R", "e>", "e=R",
                "g>", "g=R",
            ],
        )],
    );
    assert_eq!(halt(&mut t, &mut w), ["a<H", "b<H", "c<H", "d<H", "e<H", "g<H"]);
    assert!(halt(&mut t, &mut w).is_empty());
}

#[test]
fn nested_reactive_preemption_halts_the_whole_running_branch_once() {
    let mut w = World::new();
    let mut t = tree(ReactiveSelector::new((
        Sequence::new((check("alarm", &[false, false, true]), act("flee", 0, S))),
        Parallel::new(2, (Sequence::new((act("walk", 0, S), forever("look"))), forever("hum"))),
    )));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["alarm?F", "walk>", "walk=S", "walk<S", "look>", "look=R", "hum>", "hum=R"]),
            (R, &["alarm?F", "look=R", "hum=R"]),
            (S, &["alarm?T", "flee>", "flee=S", "flee<S", "look<H", "hum<H"]),
            (S, &["alarm?T", "flee>", "flee=S", "flee<S"]),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// pipeline_sequence — Nav2's PipelineSequence
// ---------------------------------------------------------------------------------------------

#[test]
fn pipeline_reticks_earlier_children_without_halting_the_running_later_one() {
    let mut w = World::new();
    // `a` completes at once in every other activation and runs for three ticks in the others.
    let mut t = tree(PipelineSequence::new((plan("a", &[(0, S), (2, S)]), forever("b"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]),
            // `a` runs again before `b`, and runs alongside it: `b` is not halted, and `a`
            // running (it comes before `b`) does not stop the pipeline.
            (R, &["a>", "a=R", "b=R"]),
            (R, &["a=R", "b=R"]),
            (R, &["a=S", "a<S", "b=R"]),
            (R, &["a>", "a=S", "a<S", "b=R"]),
        ],
    );
}

#[test]
fn pipeline_halt_halts_every_running_child_in_order() {
    let mut w = World::new();
    let mut t = tree(PipelineSequence::new((plan("a", &[(0, S), (5, S)]), forever("b"), act("c", 0, S))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S", "b>", "b=R"]), (R, &["a>", "a=R", "b=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H", "b<H"]);
    assert!(halt(&mut t, &mut w).is_empty());
    // The next activation starts from the first child, with `last` back at 0.
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S", "b>", "b=R"])]);
}

#[test]
fn pipeline_failure_halts_the_other_running_children_in_order() {
    let mut w = World::new();
    let mut t = tree(PipelineSequence::new((
        plan("x", &[(0, S), (9, S)]),
        plan("y", &[(0, S), (0, S), (0, F)]),
        forever("z"),
    )));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["x>", "x=S", "x<S", "y>", "y=S", "y<S", "z>", "z=R"]),
            (R, &["x>", "x=R", "y>", "y=S", "y<S", "z=R"]),
            // `y` fails between two running children: both are halted, in child order.
            (F, &["x=R", "y>", "y=F", "y<F", "x<H", "z<H"]),
            // A fresh activation, from the first child.
            (R, &["x>", "x=S", "x<S", "y>", "y=S", "y<S", "z>", "z=R"]),
        ],
    );
}

#[test]
fn pipeline_success_halts_earlier_children_still_running() {
    let mut w = World::new();
    let mut t = tree(PipelineSequence::new((plan("a", &[(0, S), (9, S)]), act("b", 1, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]),
            // `b`, the last child, succeeds while `a` runs: `a` is halted and the pipeline succeeds.
            (S, &["a>", "a=R", "b=S", "b<S", "a<H"]),
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]),
        ],
    );
}

#[test]
fn pipeline_later_child_running_becomes_the_furthest() {
    let mut w = World::new();
    let mut t = tree(PipelineSequence::new((act("a", 0, S), act("b", 1, S), forever("c"))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]),
            // `b` succeeds: the pipeline goes on to `c`, which becomes the furthest running child.
            (R, &["a>", "a=S", "a<S", "b=S", "b<S", "c>", "c=R"]),
            // `b` starts a new activation and runs; it comes before `c`, so `c` is ticked too.
            (R, &["a>", "a=S", "a<S", "b>", "b=R", "c=R"]),
        ],
    );
    assert_eq!(halt(&mut t, &mut w), ["b<H", "c<H"]);
}

// ---------------------------------------------------------------------------------------------
// rate_controller — Nav2's RateController (the clock moves 100 ms after every tick)
// ---------------------------------------------------------------------------------------------

#[test]
fn rate_controller_ticks_a_completing_child_once_per_period() {
    let mut w = World::with_dt(100);
    // 5 Hz: a period of 200 ms.
    let mut t = tree(RateController::new(5.0, act("a", 0, S)));
    expect(
        &mut t,
        &mut w,
        &[
            (S, &["a>", "a=S", "a<S"]), // t = 0: not armed, the child is ticked
            (R, &[]),                   // t = 100: it waits, without ticking the child
            (S, &["a>", "a=S", "a<S"]), // t = 200: the period has elapsed since the success
            (R, &[]),
            (S, &["a>", "a=S", "a<S"]),
        ],
    );
}

#[test]
fn rate_controller_ticks_a_running_child_every_tick_and_restarts_the_timer_on_success() {
    let mut w = World::with_dt(100);
    let mut t = tree(RateController::new(5.0, act("a", 3, S)));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=R"]),
            (R, &["a=R"]),
            (R, &["a=R"]),
            (S, &["a=S", "a<S"]), // t = 300: the timer restarts
            (R, &[]),             // t = 400: waits
            (R, &["a>", "a=R"]),  // t = 500
        ],
    );
}

#[test]
fn rate_controller_after_a_failure_waits_from_the_last_start() {
    let mut w = World::with_dt(100);
    let mut t = tree(RateController::new(5.0, plan("a", &[(0, F), (0, S)])));
    expect(
        &mut t,
        &mut w,
        &[
            (F, &["a>", "a=F", "a<F"]), // t = 0
            (R, &[]),                   // t = 100: waits; a failure does not restart the timer
            (S, &["a>", "a=S", "a<S"]), // t = 200: counted from the start at t = 0
            (R, &[]),
        ],
    );
}

#[test]
fn rate_controller_halt_halts_the_child_and_disarms_the_throttle() {
    let mut w = World::with_dt(100);
    let mut t = tree(RateController::new(5.0, plan("a", &[(0, S), (5, S)])));
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S"]), (R, &[]), (R, &["a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
    // Not armed any more: the child is ticked at once (t = 300, 100 ms after the last start).
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S"]), (R, &[])]);
    // Halted while it waits: nothing to halt below it, but the throttle is disarmed too.
    assert_eq!(halt(&mut t, &mut w), Vec::<String>::new());
    expect(&mut t, &mut w, &[(R, &["a>", "a=R"])]);
}

#[test]
fn rate_controller_keeps_its_throttle_across_the_activations_of_a_sequence() {
    let mut w = World::with_dt(100);
    // 2 Hz: a period of 500 ms.
    let mut t = tree(Sequence::new((RateController::new(2.0, act("a", 0, S)), act("b", 1, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]),
            (S, &["b=S", "b<S"]),
            // A plain sequence does not call `reset_status`: the throttle holds, the rate
            // controller waits, and the sequence with it.
            (R, &[]),
            (R, &[]),
            (R, &[]),
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]), // t = 500
            (S, &["b=S", "b<S"]),
        ],
    );
}

#[test]
fn pipeline_end_resets_the_status_of_a_rate_controller() {
    let mut w = World::with_dt(100);
    let mut t = tree(PipelineSequence::new((RateController::new(2.0, act("a", 0, S)), act("b", 1, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]),
            // The rate controller waits (`Running`, before the furthest running child: the
            // pipeline goes on); when `b` completes the pipeline halts it.
            (S, &["b=S", "b<S"]),
            // The pipeline's activation ended: the rate controller was re-armed, `a` runs at once.
            (R, &["a>", "a=S", "a<S", "b>", "b=R"]),
            (S, &["b=S", "b<S"]),
        ],
    );
    // A halt ends the activation too.
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S", "b>", "b=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["b<H"]);
    expect(&mut t, &mut w, &[(R, &["a>", "a=S", "a<S", "b>", "b=R"])]);
}

#[test]
fn pipeline_replans_at_a_rate_while_following() {
    let mut w = World::with_dt(100);
    let mut t = tree(PipelineSequence::new((
        RateController::new(5.0, plan("plan", &[(0, S), (1, S)])),
        forever("follow"),
    )));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["plan>", "plan=S", "plan<S", "follow>", "follow=R"]), // t = 0
            (R, &["follow=R"]),                                         // t = 100: throttled
            (R, &["plan>", "plan=R", "follow=R"]), // t = 200: planning runs alongside following
            (R, &["plan=S", "plan<S", "follow=R"]), // t = 300: the timer restarts
            (R, &["follow=R"]),
            (R, &["plan>", "plan=S", "plan<S", "follow=R"]), // t = 500
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// recovery — Nav2's RecoveryNode
// ---------------------------------------------------------------------------------------------

#[test]
fn recovery_runs_action_recovery_action_then_fails() {
    let mut w = World::new();
    let mut t = tree(Recovery::new(1, (act("a", 0, F), act("r", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[
            // The recovery is ticked in the same tick as the failed action …
            (R, &["a>", "a=F", "a<F", "r>", "r=S", "r<S"]),
            // … and the action again on the next tick; with n = 1 its second failure is final.
            (F, &["a>", "a=F", "a<F"]),
            // The counters were reset: a new activation may recover again.
            (R, &["a>", "a=F", "a<F", "r>", "r=S", "r<S"]),
        ],
    );
}

#[test]
fn recovery_succeeds_after_one_recovery() {
    let mut w = World::new();
    let mut t = tree(Recovery::new(2, (plan("a", &[(0, F), (1, S)]), act("r", 1, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=F", "a<F", "r>", "r=R"]),
            (R, &["r=S", "r<S"]),
            (R, &["a>", "a=R"]),
            (S, &["a=S", "a<S"]),
            (R, &["a>", "a=F", "a<F", "r>", "r=R"]),
        ],
    );
}

#[test]
fn recovery_that_fails_fails_the_node_at_once() {
    let mut w = World::new();
    let mut t = tree(Recovery::new(3, (act("a", 0, F), act("r", 0, F))));
    expect(
        &mut t,
        &mut w,
        &[(F, &["a>", "a=F", "a<F", "r>", "r=F", "r<F"]), (F, &["a>", "a=F", "a<F", "r>", "r=F", "r<F"])],
    );
}

#[test]
fn recovery_with_zero_retries_never_runs_the_recovery() {
    let mut w = World::new();
    let mut t = tree(Recovery::new(0, (plan("a", &[(0, F), (1, S)]), act("r", 0, S))));
    expect(&mut t, &mut w, &[(F, &["a>", "a=F", "a<F"]), (R, &["a>", "a=R"]), (S, &["a=S", "a<S"])]);
}

#[test]
fn recovery_halt_halts_the_running_child_and_resets_the_count() {
    let mut w = World::new();
    let mut t = tree(Recovery::new(1, (plan("a", &[(0, F), (1, F)]), act("r", 0, S))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=F", "a<F", "r>", "r=S", "r<S"]), (R, &["a>", "a=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["a<H"]);
    // The recovery used before the halt is forgotten: this activation may recover once again.
    expect(&mut t, &mut w, &[(R, &["a>", "a=F", "a<F", "r>", "r=S", "r<S"])]);

    let mut t = tree(Recovery::new(1, (act("b", 0, F), forever("q"))));
    expect(&mut t, &mut w, &[(R, &["b>", "b=F", "b<F", "q>", "q=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["q<H"]);
    assert!(halt(&mut t, &mut w).is_empty());
}

#[test]
fn recovery_is_idle_between_a_recovery_and_the_next_attempt() {
    let mut w = World::new();
    let mut t = tree(Recovery::new(2, (act("a", 0, F), act("r", 0, S))));
    expect(&mut t, &mut w, &[(R, &["a>", "a=F", "a<F", "r>", "r=S", "r<S"])]);
    // Both children are idle: halting the node halts nothing.
    assert!(halt(&mut t, &mut w).is_empty());
}

// ---------------------------------------------------------------------------------------------
// round_robin — Nav2's RoundRobin
// ---------------------------------------------------------------------------------------------

#[test]
fn round_robin_picks_0_1_2_across_activations() {
    let mut w = World::new();
    let mut t = tree(RoundRobin::new((act("a", 0, S), act("b", 0, S), act("c", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (S, &["a>", "a=S", "a<S"]),
            (S, &["b>", "b=S", "b<S"]),
            (S, &["c>", "c=S", "c<S"]),
            (S, &["a>", "a=S", "a<S"]),
        ],
    );
}

#[test]
fn round_robin_wraps_around_and_fails_once_every_child_failed() {
    let mut w = World::new();
    let mut t = tree(RoundRobin::new((plan("a", &[(0, S), (0, F)]), act("b", 0, F), act("c", 0, F))));
    expect(
        &mut t,
        &mut w,
        &[
            (S, &["a>", "a=S", "a<S"]),
            // From `b`, wrapping around to `a`: every child failed once.
            (F, &["b>", "b=F", "b<F", "c>", "c=F", "c<F", "a>", "a=F", "a<F"]),
            // Every child failed: the round robin starts over at the first child, as Nav2's does.
            (S, &["a>", "a=S", "a<S"]),
            (F, &["b>", "b=F", "b<F", "c>", "c=F", "c<F", "a>", "a=F", "a<F"]),
        ],
    );
}

#[test]
fn round_robin_resumes_the_running_child_and_ticks_each_child_once_per_tick() {
    let mut w = World::new();
    let mut t = tree(RoundRobin::new((act("a", 0, F), act("b", 1, F), act("c", 0, F))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &["a>", "a=F", "a<F", "b>", "b=R"]),
            // `a` failed earlier in this activation and is not ticked again.
            (F, &["b=F", "b<F", "c>", "c=F", "c<F"]),
            (R, &["a>", "a=F", "a<F", "b>", "b=R"]),
        ],
    );
}

#[test]
fn round_robin_halt_starts_over_at_the_first_child() {
    let mut w = World::new();
    let mut t = tree(RoundRobin::new((act("a", 0, S), forever("b"), act("c", 0, S))));
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S"]), (R, &["b>", "b=R"])]);
    assert_eq!(halt(&mut t, &mut w), ["b<H"]);
    // Interrupted: the next activation begins at the first child (Nav2 halts this way too).
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S"]), (R, &["b>", "b=R"])]);
    // A reset halts the running child and starts over as well.
    t.reset(&mut w);
    assert_eq!(w.take(), ["b<H"]);
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S"])]);
}

// ---------------------------------------------------------------------------------------------
// sleep, always_success, always_failure — BehaviorTree.CPP's leaves
// ---------------------------------------------------------------------------------------------

#[test]
fn sleep_runs_until_its_duration_has_elapsed() {
    let mut w = World::with_dt(100);
    let mut t = tree(Sequence::new((Sleep::new(Duration::from_millis(200)), act("a", 0, S))));
    expect(
        &mut t,
        &mut w,
        &[
            (R, &[]),                   // t = 0: the sleep starts
            (R, &[]),                   // t = 100
            (S, &["a>", "a=S", "a<S"]), // t = 200: the sleep succeeds
            (R, &[]),                   // a new activation sleeps again
        ],
    );
}

#[test]
fn sleep_of_zero_succeeds_at_once_and_halt_forgets_the_start() {
    let mut w = World::with_dt(100);
    let mut t = tree(Sleep::new(Duration::ZERO));
    expect(&mut t, &mut w, &[(S, &[]), (S, &[])]);
    let mut t = tree(Sleep::new(Duration::from_millis(200)));
    expect(&mut t, &mut w, &[(R, &[]), (R, &[])]);
    assert!(halt(&mut t, &mut w).is_empty());
    // The wait starts over.
    expect(&mut t, &mut w, &[(R, &[]), (R, &[]), (S, &[])]);
}

#[test]
fn always_success_and_always_failure_leaves() {
    let mut w = World::new();
    let mut t = tree(Selector::new((AlwaysFailure, act("a", 0, S), AlwaysSuccess)));
    expect(&mut t, &mut w, &[(S, &["a>", "a=S", "a<S"])]);
    let mut t = tree(Sequence::new((AlwaysSuccess, act("a", 0, F))));
    expect(&mut t, &mut w, &[(F, &["a>", "a=F", "a<F"])]);
}
