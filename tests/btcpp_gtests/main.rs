//! BehaviorTree.CPP 4.10's own gtests of node semantics, ported: each tree written as XML and
//! compiled by `bt_xml!`, ticked as the gtest ticks it, asserting the statuses and counts the
//! gtest expects. Trees the gtests build in C++ are written as the equivalent XML.
//!
//! Every case is an entry of [`CASES`], named after its gtest, with its verdict:
//!
//! * **pass**: bt gives what BehaviorTree.CPP's test expects;
//! * **documented difference**: bt's documented design differs; the case asserts bt's documented
//!   behaviour and the entry states what BehaviorTree.CPP expects and where bt documents why;
//! * **fail**: bt does not do what the test expects and no design decision says it should not;
//!   the case asserts BehaviorTree.CPP's expectation and is checked to still fail.
//!
//! `btcpp_gtests` runs them all and prints `btcpp gtests: P pass, D documented differences, F
//! fail (of N)` (`scripts/btcpp_gtests.sh`).
//!
//! What a bt node does not have, and so is not asserted: a status between ticks. Where a gtest
//! asserts a leaf's `status()`, the port asserts what it means for the leaf (an action `RUNNING`
//! is running, one `IDLE` is not; a condition's `SUCCESS` or `FAILURE` is the last result it
//! returned); a control node's retained status is not observable in bt.

// The ports set the test nodes' expectations one by one after building the world, as the
// gtests call their setters.
#![allow(clippy::field_reassign_with_default)]

mod cases_blackboard;
mod cases_control;
mod cases_decorator;
mod cases_loop;
mod cases_more;
mod cases_ports;
mod cases_subtree;
mod cases_try_catch;
mod support;

use std::panic::{AssertUnwindSafe, catch_unwind};

/// How bt fares on a ported case.
#[derive(Clone, Copy, Debug)]
pub enum Verdict {
    /// bt gives what BehaviorTree.CPP's test expects.
    Pass,
    /// bt's documented design differs: what BehaviorTree.CPP expects, and where bt documents why.
    Difference {
        /// What BehaviorTree.CPP's test expects.
        btcpp: &'static str,
        /// What bt does and where it documents why.
        why: &'static str,
    },
    /// bt does not give what the test expects: why.
    Fail(&'static str),
}

/// One ported gtest.
pub struct Case {
    /// `file::Suite.Name`, as the gtest is named.
    pub name: &'static str,
    /// The verdict.
    pub verdict: Verdict,
    /// The port: panics when its assertions do not hold.
    pub run: fn(),
}

/// Every ported case, in the order of the gtest files.
pub const CASES: &[&[Case]] = &[
    cases_control::CASES,
    cases_decorator::CASES,
    cases_more::CASES,
    cases_subtree::CASES,
    cases_ports::CASES,
    cases_blackboard::CASES,
    cases_loop::CASES,
    cases_try_catch::CASES,
];

/// Where bt documents that one activation of a child completes per tick at most.
pub const ONE_PER_TICK: &str = "DESIGN.md §4 (`repeat`, `retry`: at most one child activation completes per tick) and \
     `bt::render::btcpp`'s table (`repeat(n)`, `retry(n)`: BehaviorTree.CPP starts the next round in the same tick)";

#[test]
fn btcpp_gtests() {
    let (mut pass, mut diff, mut fail, mut total) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    for case in CASES.iter().flat_map(|c| c.iter()) {
        total += 1;
        let ok = catch_unwind(AssertUnwindSafe(case.run)).is_ok();
        match case.verdict {
            Verdict::Pass | Verdict::Difference { .. } if !ok => {
                wrong.push(format!("{}: its assertions fail", case.name))
            }
            Verdict::Fail(_) if ok => wrong.push(format!("{}: marked failing, but passes", case.name)),
            Verdict::Pass => pass += 1,
            Verdict::Difference { .. } => diff += 1,
            Verdict::Fail(_) => fail += 1,
        }
    }
    let mut names = std::collections::HashSet::new();
    for case in CASES.iter().flat_map(|c| c.iter()) {
        assert!(names.insert(case.name), "{} is in the table twice", case.name);
    }
    println!("btcpp gtests: {pass} pass, {diff} documented differences, {fail} fail (of {total})");
    assert!(wrong.is_empty(), "cases whose verdict is wrong: {wrong:#?}");
}

/// Lists the cases and their verdicts (`cargo test --test btcpp_gtests -- --nocapture list`).
#[test]
fn list() {
    for case in CASES.iter().flat_map(|c| c.iter()) {
        match case.verdict {
            Verdict::Pass => println!("PASS       {}", case.name),
            Verdict::Difference { btcpp, why } => {
                println!("DIFFERENCE {}: BehaviorTree.CPP: {btcpp}; bt: {why}", case.name);
            }
            Verdict::Fail(why) => println!("FAIL       {}: {why}", case.name),
        }
    }
}
