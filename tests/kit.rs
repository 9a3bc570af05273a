//! The test kit (`bt::testing`) on every built-in node kind (guards in every abort mode and under
//! the selectors that ask them, `switch`, `service`, the Nav2 nodes and the leaf keywords too),
//! each built through its `bt::kind` spec and `Compose` exactly as `bt!` builds it, over 1 to 5
//! scripted children (2 or 3 for
//! `if_then_else` and `while_do_else`), and on the user node kinds of `tests/user_nodes/`. Then
//! the kit's own test: nodes that break the contract in each way the kit knows are caught, with a
//! report that says what broke.
//!
//! Leaves of several sizes (`Scripted<2>`, `Scripted<3>`) stand among the children, so that a node
//! numbering its children by index instead of by size would be caught. Arguments (thresholds,
//! counts, durations, seeds) are drawn per case with the `Draw` fixture.

mod user_nodes;

use std::time::Duration;

use bt::testing::{Fixture, Ids, Kit, Layout, Rng, Scripted, ScriptedCondition, Summary};
use bt::{
    Activation, ChildStates, Children, Compose, Const, Node, NodeId, Observer, Status, halt_child, kind,
    tick_child,
};

/// A number drawn per case; the closures map it onto an argument's range.
struct Draw(u64);

impl Fixture for Draw {
    fn draw(rng: &mut Rng, _: &mut Layout) -> Self {
        Draw(rng.next_u64())
    }
}

impl Draw {
    /// A number in `low..=high`.
    fn within(&self, low: u64, high: u64) -> u64 {
        low + self.0 % (high - low + 1)
    }

    /// One of a few durations around the clock steps (0 to 100 ms per tick).
    fn duration(&self) -> Duration {
        Duration::from_millis([0, 50, 100, 150, 300][(self.0 % 5) as usize])
    }
}

/// Checks that the cases exercised the node: it completed, and a reset node was compared with a
/// fresh one.
fn exercised(s: Summary) -> Summary {
    assert!(s.successes + s.failures > 0, "the node never completed: {s:?}");
    assert!(s.reset_comparisons > 0, "no reset was compared: {s:?}");
    s
}

/// Checks `$make` over 1 to 5 children; `$arity` is the number of children, `$draw` a [`Draw`].
macro_rules! arities {
    (|$arity:ident, $draw:ident, $children:ident| $make:expr) => {{
        let kit = Kit::new();
        {
            let $arity = 1u64;
            exercised(kit.check(|($draw, $children): (Draw, (Scripted<2>,))| $make));
        }
        {
            let $arity = 2u64;
            exercised(kit.check(|($draw, $children): (Draw, (Scripted, Scripted<3>))| $make));
        }
        {
            let $arity = 3u64;
            exercised(kit.check(|($draw, $children): (Draw, (Scripted<2>, Scripted, Scripted))| $make));
        }
        {
            let $arity = 4u64;
            exercised(
                kit.check(|($draw, $children): (Draw, (Scripted, Scripted<2>, Scripted, Scripted<3>))| $make),
            );
        }
        {
            let $arity = 5u64;
            exercised(kit.check(
                |($draw, $children): (Draw, (Scripted, Scripted, Scripted<2>, Scripted, Scripted))| $make,
            ));
        }
    }};
}

/// Checks `$make` over one child, of size 1 and of size 3.
macro_rules! decorator {
    (|$draw:ident, $child:ident| $make:expr) => {{
        let kit = Kit::new();
        exercised(kit.check(|($draw, $child): (Draw, (Scripted,))| $make));
        exercised(kit.check(|($draw, $child): (Draw, (Scripted<3>,))| $make));
    }};
}

// -------------------------------------------------------------------------------------------------
// Composites
// -------------------------------------------------------------------------------------------------

#[test]
fn sequence() {
    arities!(|_n, _d, children| kind::Sequence.compose(children));
}

#[test]
fn selector() {
    arities!(|_n, _d, children| kind::Selector.compose(children));
}

#[test]
fn reactive_sequence() {
    arities!(|_n, _d, children| kind::ReactiveSequence.compose(children));
}

#[test]
fn reactive_selector() {
    arities!(|_n, _d, children| kind::ReactiveSelector.compose(children));
}

#[test]
fn mem_sequence() {
    arities!(|_n, _d, children| kind::MemSequence.compose(children));
}

#[test]
fn async_sequence() {
    arities!(|_n, _d, children| kind::AsyncSequence.compose(children));
}

#[test]
fn mem_selector() {
    arities!(|_n, _d, children| kind::MemSelector.compose(children));
}

#[test]
fn parallel() {
    arities!(|n, d, children| kind::Parallel::new(d.within(1, n) as usize).compose(children));
    // A literal threshold, as `bt!` passes it.
    exercised(
        Kit::new().check(|c: (Scripted, Scripted<2>, Scripted)| kind::Parallel::new(Const::<2>).compose(c)),
    );
}

#[test]
fn threshold_parallel() {
    // Thresholds above the number of children mean all of them.
    arities!(|n, d, children| {
        let spec = kind::ThresholdParallel {
            success: d.within(1, n + 1) as usize,
            failure: (d.0 / 7 % (n + 1) + 1) as usize,
        };
        spec.compose(children)
    });
    let spec = kind::ThresholdParallel::default();
    exercised(Kit::new().check(|c: (Scripted, Scripted<2>, Scripted)| spec.compose(c)));
}

#[test]
fn parallel_all() {
    arities!(|n, d, children| kind::ParallelAll::new(d.within(1, n) as usize).compose(children));
}

#[test]
fn random() {
    arities!(|_n, d, children| kind::Random::new(d.0).compose(children));
}

#[test]
fn if_then_else() {
    let kit = Kit::new();
    exercised(kit.check(|c: (Scripted, Scripted<2>)| kind::IfThenElse.compose(c)));
    exercised(kit.check(|c: (Scripted<2>, Scripted, Scripted<3>)| kind::IfThenElse.compose(c)));
}

#[test]
fn try_catch() {
    // Without `catch_on_halt`: with it, a halt ticks the catch block, which the kit refuses by
    // design (the flag's runs are in tests/try_catch.rs).
    let kit = Kit::new();
    let spec = kind::TryCatch::default();
    exercised(kit.check(|c: (Scripted, Scripted<2>)| spec.compose(c)));
    exercised(kit.check(|c: (Scripted<2>, Scripted, Scripted<3>)| spec.compose(c)));
    exercised(kit.check(|c: (Scripted, Scripted<3>, Scripted, Scripted)| spec.compose(c)));
}

#[test]
fn while_do_else() {
    let kit = Kit::new();
    exercised(kit.check(|c: (Scripted, Scripted<2>)| kind::WhileDoElse.compose(c)));
    exercised(kit.check(|c: (Scripted<2>, Scripted, Scripted<3>)| kind::WhileDoElse.compose(c)));
}

#[test]
fn pipeline_sequence() {
    arities!(|_n, _d, children| kind::PipelineSequence.compose(children));
}

#[test]
fn round_robin() {
    arities!(|_n, _d, children| kind::RoundRobin.compose(children));
}

#[test]
fn recovery() {
    let kit = Kit::new();
    exercised(kit.check(|(d, c): (Draw, (Scripted, Scripted<2>))| {
        kind::Recovery::new(d.within(0, 3) as u32).compose(c)
    }));
    exercised(kit.check(|c: (Scripted<3>, Scripted)| kind::Recovery::new(Const::<2>).compose(c)));
}

#[test]
fn rate_controller_under_a_pipeline() {
    // The rate controller on its own, and where Nav2 puts it: under a pipeline, which resets its
    // status.
    decorator!(
        |d, child| kind::RateController::new([1.0, 5.0, 10.0, 40.0][(d.0 % 4) as usize]).compose(child)
    );
    let kit = Kit::new().ids(Ids::Nested);
    exercised(kit.check(|(a, b): (Scripted, Scripted<2>)| {
        kind::PipelineSequence.compose((kind::RateController::new(10.0).compose((a,)), b))
    }));
}

#[test]
fn leaf_keywords() {
    // Leaves of their own: no scripted child below them; they sit under a sequence to be halted.
    let kit = Kit::new().ids(Ids::Nested);
    exercised(kit.check(|(d, (a,)): (Draw, (Scripted,))| {
        kind::Sequence.compose((kind::Sleep::new(d.duration()).compose(()), a))
    }));
    exercised(kit.check(|(a,): (Scripted,)| {
        kind::Selector.compose((kind::AlwaysFailure.compose(()), a, kind::AlwaysSuccess.compose(())))
    }));
}

#[test]
fn switch() {
    // The selector reads the context only (the tick, which restarts on reset), so that a reset
    // node and a fresh one choose alike.
    arities!(|n, d, children| {
        let salt = d.0 % 5;
        kind::Switch::new(
            move |c: &bt::testing::Context| ((c.tick() + salt) % 7) as u8,
            move |v: u8| (u64::from(v) % n) as u8,
        )
        .compose(children)
    });
}

#[test]
fn selectors_with_pre_empting_guards() {
    use bt::abort::{Both, LowerPriority};
    let kit = Kit::new().ids(Ids::Nested);
    for _ in 0..2 {
        exercised(kit.check(|(c, (a, b, e)): (ScriptedCondition, (Scripted, Scripted<2>, Scripted))| {
            kind::Selector.compose((a, kind::Guard::with_abort(LowerPriority, c).compose((b,)), e))
        }));
        exercised(kit.check(|(c, (a, b)): (ScriptedCondition, (Scripted<2>, Scripted))| {
            kind::MemSelector.compose((kind::Guard::with_abort(Both, c).compose((a,)), b))
        }));
    }
}

// -------------------------------------------------------------------------------------------------
// Decorators
// -------------------------------------------------------------------------------------------------

#[test]
fn invert_force_success_force_failure() {
    decorator!(|_d, child| kind::Invert.compose(child));
    decorator!(|_d, child| kind::ForceSuccess.compose(child));
    decorator!(|_d, child| kind::ForceFailure.compose(child));
}

#[test]
fn repeat() {
    decorator!(|_d, child| kind::Repeat::default().compose(child));
    // Counts 0 to 4 (a count computed at run time may be 0).
    decorator!(|d, child| kind::Repeat::new(d.within(0, 4) as u32).compose(child));
    decorator!(|_d, child| kind::Repeat::new(Const::<3>).compose(child));
}

#[test]
fn retry() {
    decorator!(|d, child| kind::Retry::new(d.within(1, 4) as u32).compose(child));
    decorator!(|_d, child| kind::Retry::new(Const::<2>).compose(child));
}

#[test]
fn until_failure_until_success() {
    decorator!(|_d, child| kind::UntilFailure.compose(child));
    decorator!(|_d, child| kind::UntilSuccess.compose(child));
}

#[test]
fn timeout_delay_cooldown() {
    decorator!(|d, child| kind::Timeout::new(d.duration()).compose(child));
    decorator!(|d, child| kind::Delay::new(d.duration()).compose(child));
    decorator!(|d, child| kind::Cooldown::new(d.duration()).compose(child));
}

#[test]
fn run_once() {
    decorator!(|_d, child| kind::RunOnce.compose(child));
}

#[test]
fn precondition_and_guard() {
    let kit = Kit::new();
    for _ in 0..2 {
        exercised(
            kit.check(|(c, child): (ScriptedCondition, Scripted)| {
                kind::Precondition::new(c).compose((child,))
            }),
        );
        exercised(
            kit.check(|(c, child): (ScriptedCondition, Scripted<2>)| kind::Guard::new(c).compose((child,))),
        );
    }
}

#[test]
fn guard_abort_modes() {
    use bt::abort::{Both, LowerPriority, Neither, SelfOnly};
    let kit = Kit::new();
    exercised(kit.check(|(c, child): (ScriptedCondition, Scripted)| {
        kind::Guard::with_abort(Neither, c).compose((child,))
    }));
    exercised(kit.check(|(c, child): (ScriptedCondition, Scripted<2>)| {
        kind::Guard::with_abort(SelfOnly, c).compose((child,))
    }));
    exercised(kit.check(|(c, child): (ScriptedCondition, Scripted)| {
        kind::Guard::with_abort(LowerPriority, c).compose((child,))
    }));
    exercised(kit.check(|(c, child): (ScriptedCondition, Scripted<3>)| {
        kind::Guard::with_abort(Both, c).compose((child,))
    }));
}

#[test]
fn service() {
    // The service's leaf has no id and is ticked without the observer: ids are not checked.
    let kit = Kit::new().ids(Ids::Hidden);
    exercised(kit.check(|(d, (child, work)): (Draw, (Scripted, Scripted))| {
        kind::Service::new(d.duration(), work).compose((child,))
    }));
}

#[test]
fn boxed() {
    // A boxed node is one opaque node: the observer hears nothing of what is inside.
    let kit = Kit::new().ids(Ids::Hidden);
    exercised(kit.check(|child: (Scripted,)| kind::Boxed::default().compose(child)));
    exercised(kit.check(|children: (Scripted, Scripted)| {
        kind::Boxed::default().compose((kind::Sequence.compose(children),))
    }));
}

#[test]
fn nested_built_ins() {
    // A node built from built-ins: the leaves sit below nodes of its own.
    let kit = Kit::new().ids(Ids::Nested);
    exercised(kit.check(|(a, b, c): (Scripted, Scripted<2>, Scripted)| {
        kind::ReactiveSelector.compose((kind::Retry::new(2).compose((a,)), kind::Sequence.compose((b, c))))
    }));
}

// -------------------------------------------------------------------------------------------------
// Node kinds of the user's
// -------------------------------------------------------------------------------------------------

#[test]
fn user_node_kinds() {
    use user_nodes::{Both, Countdown};
    decorator!(|d, child| Countdown::new(d.within(1, 4) as u32).compose(child));
    exercised(Kit::new().check(|c: (Scripted, Scripted<3>)| Both.compose(c)));
}

// -------------------------------------------------------------------------------------------------
// The kit catches broken nodes
// -------------------------------------------------------------------------------------------------

/// The violation the kit reports for the node `build` makes (it must find one).
fn caught<C: Fixture, N: Node<bt::testing::Context>>(build: impl FnMut(C) -> N) -> String {
    match Kit::new().try_check(build) {
        Ok(s) => panic!("the kit found nothing wrong: {s:?}"),
        Err(failure) => {
            let report = failure.to_string();
            assert!(report.contains(&format!("{:#x}", failure.seed)), "{report}");
            assert!(report.contains(&failure.violation), "{report}");
            failure.violation
        }
    }
}

/// A decorator that passes its child through; each flag breaks one rule.
#[derive(Default, Clone, Copy)]
struct Flaws {
    /// `halt_with` does nothing.
    no_halt: bool,
    /// Halts its child after every tick, running or not.
    halt_always: bool,
    /// Ticks its child twice per tick.
    tick_twice: bool,
    /// Gives its child its own id.
    same_id: bool,
    /// Does not reset its child.
    no_reset: bool,
    /// Keeps a counter that its reset forgets.
    counter: bool,
    /// Ticks its running child once more when halted, then halts it.
    tick_on_halt: bool,
    /// Never records in its active state that it runs.
    not_running: bool,
}

struct Flawed<N> {
    child: N,
    flaws: Flaws,
    ticks: u32,
}

/// The child's active state, and whether the node returned `Running` on its last tick.
impl<N: Activation> Activation for Flawed<N> {
    type Active = (N::Active, bool);

    fn is_running((_, running): &(N::Active, bool)) -> bool {
        *running
    }
}

impl<N: Node<Ctx>, Ctx: ?Sized> Node<Ctx> for Flawed<N> {
    const SIZE: usize = 1 + N::SIZE;

    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        (child, running): &mut (N::Active, bool),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let child_id = if self.flaws.same_id { id } else { id + 1 };
        if self.flaws.tick_twice {
            let _ = tick_child(&mut self.child, child, ctx, obs, child_id);
        }
        let mut status = tick_child(&mut self.child, child, ctx, obs, child_id);
        if self.flaws.halt_always {
            halt_child(&mut self.child, child, ctx, obs, child_id);
        }
        if self.flaws.counter {
            self.ticks += 1;
            if self.ticks.is_multiple_of(3) && status.is_done() {
                status = status.invert();
            }
        }
        *running = status == Status::Running && !self.flaws.not_running;
        status
    }

    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        (child, running): &mut (N::Active, bool),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        if self.flaws.no_halt {
            return;
        }
        *running = false;
        if N::is_running(child) {
            if self.flaws.tick_on_halt && tick_child(&mut self.child, child, ctx, obs, id + 1).is_done() {
                return;
            }
            halt_child(&mut self.child, child, ctx, obs, id + 1);
        }
    }

    fn reset(&mut self) {
        if !self.flaws.no_reset {
            self.child.reset();
        }
    }
}

/// The same node, claiming a SIZE of 1.
struct Small<N>(Flawed<N>);

impl<N: Activation> Activation for Small<N> {
    type Active = <Flawed<N> as Activation>::Active;

    fn is_running(active: &Self::Active) -> bool {
        Flawed::<N>::is_running(active)
    }
}

impl<N: Node<Ctx>, Ctx: ?Sized> Node<Ctx> for Small<N> {
    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        self.0.tick_with(active, ctx, obs, id)
    }
    fn halt_with<O: Observer + ?Sized>(
        &mut self,
        active: &mut Self::Active,
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) {
        self.0.halt_with(active, ctx, obs, id)
    }
    fn reset(&mut self) {
        self.0.reset()
    }
}

fn flawed(flaws: Flaws) -> impl FnMut((Scripted,)) -> Flawed<Scripted> {
    move |(child,)| Flawed { child, flaws, ticks: 0 }
}

#[test]
fn the_kit_catches_a_missing_halt() {
    let v = caught(flawed(Flaws { no_halt: true, ..Flaws::default() }));
    assert!(v.contains("still running"), "{v}");
}

#[test]
fn the_kit_catches_a_halt_of_an_idle_child() {
    let v = caught(flawed(Flaws { halt_always: true, ..Flaws::default() }));
    assert!(v.contains("was halted, but"), "{v}");
}

#[test]
fn the_kit_catches_a_tick_during_a_halt() {
    let v = caught(flawed(Flaws { tick_on_halt: true, ..Flaws::default() }));
    assert!(v.contains("during tree.halt()"), "{v}");
}

#[test]
fn the_kit_catches_a_child_ticked_twice() {
    let v = caught(flawed(Flaws { tick_twice: true, ..Flaws::default() }));
    assert!(v.contains("ticked twice in one root tick"), "{v}");
}

#[test]
fn the_kit_catches_a_wrong_id() {
    let v = caught(flawed(Flaws { same_id: true, ..Flaws::default() }));
    assert!(v.contains("its position makes it node 1"), "{v}");
}

#[test]
fn the_kit_catches_a_wrong_size() {
    let flaws = Flaws::default();
    let v = caught(|(child,): (Scripted,)| Small(Flawed { child, flaws, ticks: 0 }));
    assert!(v.contains("SIZE is 1"), "{v}");
}

#[test]
fn the_kit_catches_is_running_out_of_step() {
    let v = caught(flawed(Flaws { not_running: true, ..Flaws::default() }));
    assert!(v.contains("Activation::is_running says it is not running"), "{v}");
}

#[test]
fn the_kit_catches_a_reset_that_forgets_the_children() {
    let v = caught(flawed(Flaws { no_reset: true, ..Flaws::default() }));
    assert!(v.contains("does not behave like a freshly built one"), "{v}");
}

#[test]
fn the_kit_catches_state_that_survives_a_reset() {
    let v = caught(flawed(Flaws { counter: true, ..Flaws::default() }));
    assert!(v.contains("does not behave like a freshly built one"), "{v}");
}

/// Ticks every child each tick and succeeds when all do, like `Both`, but numbers its children by
/// index instead of by their sizes.
struct ByIndex<C>(C);

/// It completes on every tick: it never runs, and its children's states last one tick.
impl<C> Activation for ByIndex<C> {
    type Active = ();

    fn is_running(_: &()) -> bool {
        false
    }
}

impl<Ctx: ?Sized, C: Children<Ctx>> Node<Ctx> for ByIndex<C> {
    const SIZE: usize = 1 + C::SIZE;

    fn tick_with<O: Observer + ?Sized>(
        &mut self,
        _: &mut (),
        ctx: &mut Ctx,
        obs: &mut O,
        id: NodeId,
    ) -> Status {
        let mut states = <C as ChildStates>::All::default();
        let mut all = true;
        for i in 0..C::LEN {
            // Wrong: `tick_child` adds the sizes of the earlier children to the first child's id
            // itself; adding `i` shifts every later child.
            let status = self.0.tick_child(i, &mut states, ctx, obs, id + 1 + i);
            if status == Status::Running {
                self.0.halt_child(i, &mut states, ctx, obs, id + 1 + i);
            }
            all &= status == Status::Success;
        }
        Status::from_bool(all)
    }

    fn reset(&mut self) {
        self.0.reset_all();
    }
}

#[test]
fn the_kit_catches_id_arithmetic_by_index() {
    let v = caught(|c: (Scripted, Scripted<2>)| ByIndex(c));
    assert!(v.contains("its position makes it node"), "{v}");
}

#[test]
fn the_kit_catches_ids_out_of_range() {
    // A leaf of size 3 whose inner ids go past the SIZE its parent claims.
    struct Narrow<N>(N);
    impl<N> Activation for Narrow<N> {
        // Whether it returned `Running`; its child is halted before the end of every tick.
        type Active = bool;
        fn is_running(running: &bool) -> bool {
            *running
        }
    }
    impl<Ctx: ?Sized, N: Node<Ctx>> Node<Ctx> for Narrow<N> {
        const SIZE: usize = 2;
        fn tick_with<O: Observer + ?Sized>(
            &mut self,
            running: &mut bool,
            ctx: &mut Ctx,
            obs: &mut O,
            id: NodeId,
        ) -> Status {
            let mut child = N::Active::default();
            let status = tick_child(&mut self.0, &mut child, ctx, obs, id + 1);
            if status == Status::Running {
                halt_child(&mut self.0, &mut child, ctx, obs, id + 1);
            }
            *running = status == Status::Running;
            status.invert().invert()
        }
    }
    let v = caught(|(c,): (Scripted<3>,)| Narrow(c));
    assert!(v.contains("SIZE is 2"), "{v}");
    let kit = Kit::new().ids(Ids::Hidden);
    let v = kit.try_check(|(c,): (Scripted<3>,)| Narrow(c)).unwrap_err().violation;
    assert!(v.contains("but the tree has 2 nodes"), "{v}");
}

#[test]
fn a_replayed_case_is_the_same_case() {
    let build = flawed(Flaws { no_reset: true, ..Flaws::default() });
    let failure = Kit::new().try_check(build).unwrap_err();
    let again = Kit::new()
        .ticks(failure.ticks)
        .replay(failure.seed)
        .try_check(flawed(Flaws { no_reset: true, ..Flaws::default() }));
    let again = again.unwrap_err();
    assert_eq!((again.tick, &again.violation), (failure.tick, &failure.violation));
}

#[test]
fn runs_are_deterministic_and_seeds_matter() {
    let run = |kit: Kit| kit.check(|c: (Scripted, Scripted)| kind::Sequence.compose(c));
    assert_eq!(run(Kit::new().cases(100)), run(Kit::new().cases(100)));
    assert_ne!(run(Kit::new().cases(100)), run(Kit::new().cases(100).seed(1)));
}
