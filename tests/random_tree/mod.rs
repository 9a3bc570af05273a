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

/// Defines `Built` (id counters) and `build(spec, ids) -> Dyn`, which builds the tree a
/// specification describes: each node erased by `$wrap` into `$ty`, the `boxed` decorator's child
/// wrapped by `$boxed`. The test defines `Dyn { map, inner }`, `Ctx` and `ms`.
macro_rules! build_fn {
    ($wrap:ident, $ty:ty, $boxed:expr) => {
        struct Built {
            nodes: usize,
            leaves: usize,
            conditions: usize,
        }

        impl Built {
            fn condition(&mut self, answers: &[bool]) -> ScriptedCondition {
                self.conditions += 1;
                ScriptedCondition::new(self.conditions - 1, answers.to_vec())
            }
        }

        fn build(spec: &Spec, ids: &mut Built) -> Dyn {
            let me = ids.nodes;
            ids.nodes += 1;
            match spec {
                Spec::Leaf(script) => {
                    let leaf = ids.leaves;
                    ids.leaves += 1;
                    Dyn { map: vec![me], inner: $wrap(Scripted::new(leaf, Script::PerTick(script.clone()))) }
                }
                Spec::KeywordLeaf(kind) => {
                    let inner: $ty = match kind {
                        KeywordLeaf::Sleep(d) => $wrap(Sleep::new(Duration::from_millis(*d))),
                        KeywordLeaf::AlwaysSuccess => $wrap(AlwaysSuccess),
                        KeywordLeaf::AlwaysFailure => $wrap(AlwaysFailure),
                    };
                    Dyn { map: vec![me], inner }
                }
                Spec::Composite(kind, specs) => {
                    let children: Vec<Dyn> = specs.iter().map(|s| build(s, ids)).collect();
                    let n = children.len();
                    let map = std::iter::once(me).chain(children.iter().map(|c| c.map[0])).collect();
                    let inner: $ty = match kind {
                        Comp::Sequence => any_arity!(children, $wrap, |ch| Sequence::new(ch)),
                        Comp::Selector => any_arity!(children, $wrap, |ch| Selector::new(ch)),
                        Comp::ReactiveSequence => any_arity!(children, $wrap, |ch| ReactiveSequence::new(ch)),
                        Comp::ReactiveSelector => any_arity!(children, $wrap, |ch| ReactiveSelector::new(ch)),
                        Comp::MemSequence => any_arity!(children, $wrap, |ch| MemSequence::new(ch)),
                        Comp::MemSelector => any_arity!(children, $wrap, |ch| MemSelector::new(ch)),
                        Comp::AsyncSequence => any_arity!(children, $wrap, |ch| AsyncSequence::new(ch)),
                        Comp::Parallel(k) => any_arity!(children, $wrap, |ch| Parallel::new((*k).min(n), ch)),
                        Comp::Threshold(s, f) => {
                            any_arity!(children, $wrap, |ch| ThresholdParallel::new(
                                (*s).min(n),
                                (*f).min(n),
                                ch
                            ))
                        }
                        Comp::ParallelAll(k) => {
                            any_arity!(children, $wrap, |ch| ParallelAll::new((*k).min(n), ch))
                        }
                        Comp::Random(seed) => any_arity!(children, $wrap, |ch| Random::new(*seed, ch)),
                        Comp::IfThenElse => two_or_three!(children, $wrap, |ch| IfThenElse::new(ch)),
                        Comp::TryCatch => two_or_three!(children, $wrap, |ch| TryCatch::new(ch)),
                        Comp::WhileDoElse => two_or_three!(children, $wrap, |ch| WhileDoElse::new(ch)),
                        Comp::PipelineSequence => any_arity!(children, $wrap, |ch| PipelineSequence::new(ch)),
                        Comp::RoundRobin => any_arity!(children, $wrap, |ch| RoundRobin::new(ch)),
                        Comp::Recovery(k) => {
                            let mut it = children.into_iter();
                            let mut next = move || it.next().unwrap();
                            $wrap(Recovery::new(*k, (next(), next())))
                        }
                        Comp::Switch(script) => {
                            let script = script.clone();
                            let selector =
                                move |ctx: &Ctx| usize::from(script[ctx.tick() as usize % script.len()]);
                            let mapping = move |v: usize| (v % n) as u8;
                            any_arity!(children, $wrap, |ch| Switch::new(selector, mapping, ch))
                        }
                    };
                    Dyn { map, inner }
                }
                Spec::Decorator(kind, spec) => {
                    let c = build(spec, ids);
                    let map = vec![me, c.map[0]];
                    let ms = Duration::from_millis;
                    let inner: $ty = match kind {
                        Deco::RepeatForever => $wrap(Repeat::forever(c)),
                        Deco::RepeatTimes(n) => $wrap(Repeat::times(*n, c)),
                        Deco::Invert => $wrap(Invert::new(c)),
                        Deco::ForceSuccess => $wrap(ForceSuccess::new(c)),
                        Deco::ForceFailure => $wrap(ForceFailure::new(c)),
                        Deco::Retry(n) => $wrap(Retry::new(*n, c)),
                        Deco::UntilFailure => $wrap(UntilFailure::new(c)),
                        Deco::UntilSuccess => $wrap(UntilSuccess::new(c)),
                        Deco::Timeout(d) => $wrap(Timeout::new(ms(*d), c)),
                        Deco::Delay(d) => $wrap(Delay::new(ms(*d), c)),
                        Deco::Cooldown(d) => $wrap(Cooldown::new(ms(*d), c)),
                        Deco::RunOnce => $wrap(RunOnce::new(c)),
                        Deco::Precondition(script) => $wrap(Precondition::new(ids.condition(script), c)),
                        Deco::Guard(script) => $wrap(Guard::new(ids.condition(script), c)),
                        Deco::GuardAbort(mode, script) => {
                            let cond = ids.condition(script);
                            match mode {
                                0 => $wrap(Guard::with_abort(abort::Neither, cond, c)),
                                1 => $wrap(Guard::with_abort(abort::SelfOnly, cond, c)),
                                2 => $wrap(Guard::with_abort(abort::LowerPriority, cond, c)),
                                _ => $wrap(Guard::with_abort(abort::Both, cond, c)),
                            }
                        }
                        Deco::Service(d, script) => {
                            // The service leaf has no id: it is checked by its probe only.
                            let leaf = ids.leaves;
                            ids.leaves += 1;
                            $wrap(Service::new(
                                ms(*d),
                                Scripted::new(leaf, Script::PerTick(script.clone())),
                                c,
                            ))
                        }
                        // A box around the child (how depends on the test).
                        Deco::Boxed => $wrap(($boxed)(c)),
                        Deco::Subtree => {
                            let b = bt::__private::Builder::<Ctx>::new();
                            $wrap(b.leaf(BehaviorTree::<_, Ctx>::new(c)))
                        }
                        Deco::RateController(hz) => $wrap(RateController::new(f64::from(*hz), c)),
                    };
                    Dyn { map, inner }
                }
            }
        }
    };
}

#[derive(Clone, Debug)]
pub enum Comp {
    Sequence,
    Selector,
    ReactiveSequence,
    ReactiveSelector,
    MemSequence,
    MemSelector,
    AsyncSequence,
    /// `n`, clamped to the arity.
    Parallel(usize),
    /// `success`, `failure`, clamped to the arity.
    Threshold(usize, usize),
    ParallelAll(usize),
    Random(u64),
    /// 2 or 3 children only.
    IfThenElse,
    /// 2 or 3 children only; without `catch_on_halt`.
    TryCatch,
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
        Just(Comp::AsyncSequence),
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
            1 => (prop_oneof![Just(Comp::IfThenElse), Just(Comp::WhileDoElse), Just(Comp::TryCatch)],
                  prop::collection::vec(inner.clone(), 2..=3))
                .prop_map(|(k, children)| Spec::Composite(k, children)),
            1 => (0..=3u32, prop::collection::vec(inner.clone(), 2..=2))
                .prop_map(|(n, children)| Spec::Composite(Comp::Recovery(n), children)),
            3 => (deco(), inner).prop_map(|(k, child)| Spec::Decorator(k, Box::new(child))),
        ]
    })
}
