//! Random tree specifications, shared by the property tests (`properties.rs`, `persist.rs`):
//! every node kind, depth up to 6, random arguments and leaf scripts.

use bt::Status;
use proptest::prelude::*;

/// `$wrap($make)` with `$ch` bound to the tuple of `$children` (a `Vec` of 1 to 5 nodes): a
/// composite over children whose number is only known at run time.
macro_rules! any_arity {
    ($children:expr, $wrap:ident, |$ch:ident| $make:expr) => {{
        let arity = $children.len();
        let mut it = $children.into_iter();
        let mut next = move || it.next().unwrap();
        match arity {
            1 => {
                let $ch = (next(),);
                $wrap($make)
            }
            2 => {
                let $ch = (next(), next());
                $wrap($make)
            }
            3 => {
                let $ch = (next(), next(), next());
                $wrap($make)
            }
            4 => {
                let $ch = (next(), next(), next(), next());
                $wrap($make)
            }
            _ => {
                let $ch = (next(), next(), next(), next(), next());
                $wrap($make)
            }
        }
    }};
}

/// `$wrap($make)` with `$ch` bound to the tuple of `$children` (2 or 3 nodes).
macro_rules! two_or_three {
    ($children:expr, $wrap:ident, |$ch:ident| $make:expr) => {{
        let three = $children.len() == 3;
        let mut it = $children.into_iter();
        let mut next = move || it.next().unwrap();
        if three {
            let $ch = (next(), next(), next());
            $wrap($make)
        } else {
            let $ch = (next(), next());
            $wrap($make)
        }
    }};
}

#[derive(Clone, Debug)]
pub enum Comp {
    Sequence,
    Selector,
    ReactiveSequence,
    ReactiveSelector,
    MemSequence,
    MemSelector,
    /// `n`, clamped to the arity.
    Parallel(usize),
    /// `success`, `failure`, clamped to the arity.
    Threshold(usize, usize),
    ParallelAll(usize),
    Random(u64),
    /// 2 or 3 children only.
    IfThenElse,
    /// 2 or 3 children only.
    WhileDoElse,
    PipelineSequence,
    RoundRobin,
    /// Exactly 2 children; the number of retries.
    Recovery(u32),
    /// The child chosen on tick `t` is `script[t % len] % children`.
    Switch(Vec<u8>),
}

#[derive(Clone, Debug)]
pub enum Deco {
    RepeatForever,
    RepeatTimes(u32),
    Invert,
    ForceSuccess,
    ForceFailure,
    Retry(u32),
    UntilFailure,
    UntilSuccess,
    Timeout(u64),
    Delay(u64),
    Cooldown(u64),
    RunOnce,
    Precondition(Vec<bool>),
    Guard(Vec<bool>),
    /// A guard with an observer abort: 0 none, 1 self, 2 lower priority, 3 both.
    GuardAbort(u8, Vec<bool>),
    /// `service(interval ms, leaf with this script)`.
    Service(u64, Vec<Status>),
    Boxed,
    Subtree,
    /// In hertz.
    RateController(u32),
}

/// The leaf keywords.
#[derive(Clone, Debug)]
pub enum KeywordLeaf {
    /// In milliseconds.
    Sleep(u64),
    AlwaysSuccess,
    AlwaysFailure,
}

#[derive(Clone, Debug)]
pub enum Spec {
    Leaf(Vec<Status>),
    KeywordLeaf(KeywordLeaf),
    Composite(Comp, Vec<Spec>),
    Decorator(Deco, Box<Spec>),
}

pub fn status() -> impl Strategy<Value = Status> {
    prop_oneof![3 => Just(Status::Running), 2 => Just(Status::Success), 2 => Just(Status::Failure)]
}

pub fn comp() -> impl Strategy<Value = Comp> {
    prop_oneof![
        Just(Comp::Sequence),
        Just(Comp::Selector),
        Just(Comp::ReactiveSequence),
        Just(Comp::ReactiveSelector),
        Just(Comp::MemSequence),
        Just(Comp::MemSelector),
        (1..=5usize).prop_map(Comp::Parallel),
        (1..=5usize, 1..=5usize).prop_map(|(s, f)| Comp::Threshold(s, f)),
        (1..=5usize).prop_map(Comp::ParallelAll),
        any::<u64>().prop_map(Comp::Random),
        Just(Comp::PipelineSequence),
        Just(Comp::RoundRobin),
        prop::collection::vec(0..5u8, 1..6).prop_map(Comp::Switch),
    ]
}

pub fn deco() -> impl Strategy<Value = Deco> {
    let ms = 0..=400u64;
    prop_oneof![
        Just(Deco::RepeatForever),
        (0..=4u32).prop_map(Deco::RepeatTimes),
        Just(Deco::Invert),
        Just(Deco::ForceSuccess),
        Just(Deco::ForceFailure),
        (1..=4u32).prop_map(Deco::Retry),
        Just(Deco::UntilFailure),
        Just(Deco::UntilSuccess),
        ms.clone().prop_map(Deco::Timeout),
        ms.clone().prop_map(Deco::Delay),
        ms.prop_map(Deco::Cooldown),
        Just(Deco::RunOnce),
        prop::collection::vec(any::<bool>(), 1..6).prop_map(Deco::Precondition),
        prop::collection::vec(any::<bool>(), 1..6).prop_map(Deco::Guard),
        (0..4u8, prop::collection::vec(any::<bool>(), 1..6)).prop_map(|(m, s)| Deco::GuardAbort(m, s)),
        (0..=300u64, prop::collection::vec(status(), 1..6)).prop_map(|(d, s)| Deco::Service(d, s)),
        Just(Deco::Boxed),
        Just(Deco::Subtree),
        (1..=20u32).prop_map(Deco::RateController),
    ]
}

pub fn spec() -> impl Strategy<Value = Spec> {
    let keyword_leaf = prop_oneof![
        (0..=300u64).prop_map(KeywordLeaf::Sleep),
        Just(KeywordLeaf::AlwaysSuccess),
        Just(KeywordLeaf::AlwaysFailure),
    ];
    let leaf = prop_oneof![
        6 => prop::collection::vec(status(), 1..6).prop_map(Spec::Leaf),
        1 => keyword_leaf.prop_map(Spec::KeywordLeaf),
    ];
    leaf.prop_recursive(6, 128, 2, |inner| {
        prop_oneof![
            3 => (comp(), prop::collection::vec(inner.clone(), 1..=5))
                .prop_map(|(k, children)| Spec::Composite(k, children)),
            1 => (prop_oneof![Just(Comp::IfThenElse), Just(Comp::WhileDoElse)],
                  prop::collection::vec(inner.clone(), 2..=3))
                .prop_map(|(k, children)| Spec::Composite(k, children)),
            1 => (0..=3u32, prop::collection::vec(inner.clone(), 2..=2))
                .prop_map(|(n, children)| Spec::Composite(Comp::Recovery(n), children)),
            3 => (deco(), inner).prop_map(|(k, child)| Spec::Decorator(k, Box::new(child))),
        ]
    })
}
