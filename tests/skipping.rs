//! BehaviorTree.CPP's fourth status, `SKIPPED`, in the runtime: how each composite and decorator
//! treats a skipped child, on compiled trees (`bt!`, with `precondition(…, otherwise = skipped)`
//! and `Conditioned` as the sources of skips), and the same trees over run-time children
//! (`bt::dynamic`), which must give the same outcomes and events.

use bt::conditions::{Post, Pre};
use bt::dynamic::{DynChild, DynChildren, DynTree, boxed};
use bt::{Action, ActionNode, Conditioned, Conditions, NodeId, Observer, Outcome, Status, bt};

#[derive(Default)]
struct Ctx {
    /// Which leaves are skipped (`_skipIf` holds).
    skip: [bool; 4],
    /// Which leaves' `_while` no longer holds.
    stop: [bool; 4],
    log: Vec<String>,
}

/// `_skipIf` and `_while` of leaf `i`, read from the context; `_onHalted` logs.
#[derive(Clone, Copy)]
struct Flags(usize);

impl Conditions<Ctx> for Flags {
    const PRESENT: u8 = Pre::SkipIf.bit() | Pre::While.bit() | Post::OnHalted.bit();
    fn check(&mut self, which: Pre, ctx: &mut Ctx) -> Option<bool> {
        Some(match which {
            Pre::SkipIf => ctx.skip[self.0],
            Pre::While => !ctx.stop[self.0],
            _ => false,
        })
    }
    fn run(&mut self, which: Post, ctx: &mut Ctx) -> bool {
        ctx.log.push(format!("{} {which:?}", self.0));
        true
    }
}

/// Plays its statuses, one per tick, and logs its ticks.
#[derive(Clone)]
struct Step(usize, &'static [Status], usize);

impl Action<Ctx> for Step {
    fn execute(&mut self, ctx: &mut Ctx) -> Status {
        let s = self.1[self.2 % self.1.len()];
        self.2 += 1;
        ctx.log.push(format!("{} {s}", self.0));
        s
    }
}

use Status::{Failure as F, Running as R, Success as S};

/// Leaf `i` with its flags.
fn leaf(i: usize, plan: &'static [Status]) -> Conditioned<Flags, ActionNode<Step>> {
    Conditioned::new(Flags(i), ActionNode::new(Step(i, plan, 0)))
}

/// Every event the observer is told.
#[derive(Default)]
struct Events(Vec<String>);
impl Observer for Events {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.0.push(format!("{node}:{status}"));
    }
    fn halted(&mut self, node: NodeId) {
        self.0.push(format!("{node}:halted"));
    }
    fn skipped(&mut self, node: NodeId) {
        self.0.push(format!("{node}:skipped"));
    }
}

/// One tick: what changes in the context before it, and the outcome it must give.
type Tick = (fn(&mut Ctx), Outcome);

/// A tick of both trees with the same context changes; their outcomes, events and logs agree.
fn both<N: bt::Node<Ctx>, D>(
    compiled: &mut bt::BehaviorTree<N, Ctx, D>,
    loaded: &mut DynTree<'static, Ctx>,
    steps: &[Tick],
) {
    let (mut a, mut b) = (Ctx::default(), Ctx::default());
    for (i, (change, want)) in steps.iter().enumerate() {
        change(&mut a);
        change(&mut b);
        let (mut ea, mut eb) = (Events::default(), Events::default());
        let oa = compiled.tick_outcome_with(&mut a, &mut ea);
        let ob = loaded.tick_outcome_with(&mut b, &mut eb);
        assert_eq!(oa, *want, "tick {i}: {:?}", a.log);
        assert_eq!(ob, *want, "tick {i} (loaded): {:?}", b.log);
        assert_eq!(ea.0, eb.0, "tick {i}: events");
        assert_eq!(a.log, b.log, "tick {i}: logs");
    }
}

fn dynamic(children: Vec<(bt::dynamic::DynBox<'static, Ctx>, usize)>) -> DynChildren<'static, Ctx> {
    DynChildren::new(children)
}

fn nothing(_: &mut Ctx) {}
fn skip_all(c: &mut Ctx) {
    c.skip = [true; 4];
}
fn skip_none(c: &mut Ctx) {
    c.skip = [false; 4];
}
fn skip_0(c: &mut Ctx) {
    c.skip = [true, false, false, false];
}
fn stop_1(c: &mut Ctx) {
    c.stop[1] = true;
}

#[test]
fn sequences_pass_over_skipped_children_and_are_skipped_when_all_are() {
    let mut compiled = bt! { Ctx => sequence<{ leaf(0, &[S]) }, { leaf(1, &[S]) }> };
    let mut loaded = DynTree::new(
        boxed(bt::Sequence::new(dynamic(vec![(boxed(leaf(0, &[S])), 1), (boxed(leaf(1, &[S])), 1)]))),
        3,
    );
    both(
        &mut compiled,
        &mut loaded,
        &[(skip_all, Outcome::Skipped), (skip_0, Outcome::Success), (skip_none, Outcome::Success)],
    );
    assert_eq!(compiled.tick(&mut Ctx { skip: [true; 4], ..Ctx::default() }), Status::Success);
}

#[test]
fn selectors_move_on_from_skipped_children() {
    let mut compiled = bt! { Ctx => selector<{ leaf(0, &[S]) }, { leaf(1, &[F]) }> };
    let mut loaded = DynTree::new(
        boxed(bt::Selector::new(dynamic(vec![(boxed(leaf(0, &[S])), 1), (boxed(leaf(1, &[F])), 1)]))),
        3,
    );
    both(
        &mut compiled,
        &mut loaded,
        &[(skip_0, Outcome::Failure), (skip_all, Outcome::Skipped), (skip_none, Outcome::Success)],
    );
}

#[test]
fn while_halts_a_running_child_and_skips_it() {
    // A sequence resumed at its running child, which is then skipped: the sequence is skipped
    // when every child was skipped in that tick.
    let mut compiled = bt! { Ctx => sequence<{ leaf(1, &[R]) }> };
    let mut loaded = DynTree::new(boxed(bt::Sequence::new(dynamic(vec![(boxed(leaf(1, &[R])), 1)]))), 2);
    both(&mut compiled, &mut loaded, &[(nothing, Outcome::Running), (stop_1, Outcome::Skipped)]);
    let mut c = Ctx::default();
    let _ = compiled.tick_outcome(&mut c);
    c.stop[1] = true;
    let _ = compiled.tick_outcome(&mut c);
    assert_eq!(c.log, ["1 Running", "1 OnHalted"]);
}

#[test]
fn reactive_sequences_skip_per_tick() {
    let mut compiled = bt! { Ctx => reactive_sequence<{ leaf(0, &[S]) }, { leaf(1, &[R, S]) }> };
    let mut loaded = DynTree::new(
        boxed(bt::ReactiveSequence::new(dynamic(vec![
            (boxed(leaf(0, &[S])), 1),
            (boxed(leaf(1, &[R, S])), 1),
        ]))),
        3,
    );
    both(
        &mut compiled,
        &mut loaded,
        &[
            (skip_0, Outcome::Running),
            (nothing, Outcome::Success),
            (skip_all, Outcome::Skipped),
            (skip_none, Outcome::Running),
            (stop_1, Outcome::Success),
        ],
    );
}

#[test]
fn memory_sequences_and_decorators() {
    let mut compiled = bt! { Ctx => mem_sequence<invert({ leaf(0, &[F]) }), retry(2)<{ leaf(1, &[F]) }>> };
    let mut loaded = DynTree::new(
        boxed(bt::MemSequence::new(dynamic(vec![
            (boxed(bt::Invert::new(DynChild::new(boxed(leaf(0, &[F]))))), 2),
            (boxed(bt::Retry::new(2, DynChild::new(boxed(leaf(1, &[F]))))), 2),
        ]))),
        5,
    );
    both(
        &mut compiled,
        &mut loaded,
        &[
            (skip_all, Outcome::Skipped),
            // Leaf 1 fails once (the retry runs on), then fails again: the sequence fails.
            (skip_none, Outcome::Running),
            (nothing, Outcome::Failure),
            // The memory sequence resumes at the retry; a skipped retry skips, but the run
            // did not start at the first child.
            (skip_all, Outcome::Success),
        ],
    );
}

#[test]
fn parallels_count_skipped_children_as_neither() {
    let mut compiled = bt! { Ctx => parallel_all(max_failures = 1)<{ leaf(0, &[R, S]) }, { leaf(1, &[S]) }> };
    let mut loaded = DynTree::new(
        boxed(bt::ParallelAll::new(
            1,
            dynamic(vec![(boxed(leaf(0, &[R, S])), 1), (boxed(leaf(1, &[S])), 1)]),
        )),
        3,
    );
    both(
        &mut compiled,
        &mut loaded,
        &[
            (skip_all, Outcome::Skipped),
            (skip_0, Outcome::Success),
            (skip_none, Outcome::Running),
            (nothing, Outcome::Success),
        ],
    );
    let mut compiled =
        bt! { Ctx => threshold_parallel(success = 1, failure = 1)<{ leaf(0, &[S]) }, { leaf(1, &[R]) }> };
    let mut loaded = DynTree::new(
        boxed(bt::ThresholdParallel::new(
            1,
            1,
            dynamic(vec![(boxed(leaf(0, &[S])), 1), (boxed(leaf(1, &[R])), 1)]),
        )),
        3,
    );
    both(
        &mut compiled,
        &mut loaded,
        &[(skip_all, Outcome::Skipped), (skip_0, Outcome::Running), (skip_none, Outcome::Running)],
    );
}

#[test]
fn preconditions_can_be_skipped() {
    let mut compiled = bt! { Ctx => sequence<precondition({ |c: &Ctx| !c.skip[3] }, otherwise = skipped)<{ leaf(0, &[S]) }>> };
    let cond = |c: &Ctx| !c.skip[3];
    let mut loaded = DynTree::new(
        boxed(bt::Sequence::new(dynamic(vec![(
            boxed(bt::Precondition::with_otherwise(
                bt::otherwise::Skip,
                cond,
                DynChild::new(boxed(leaf(0, &[S]))),
            )),
            2,
        )]))),
        3,
    );
    both(&mut compiled, &mut loaded, &[(skip_all, Outcome::Skipped), (skip_none, Outcome::Success)]);
}

#[test]
fn switches_pass_on_a_skipped_case() {
    let mut compiled =
        bt! { Ctx => switch(|c: &Ctx| c.skip[3])<true => { leaf(0, &[S]) }, _ => { leaf(1, &[F]) }> };
    let mut loaded = DynTree::new(
        boxed(bt::Switch::new(
            |c: &Ctx| c.skip[3],
            |b: bool| if b { 0 } else { 1 },
            dynamic(vec![(boxed(leaf(0, &[S])), 1), (boxed(leaf(1, &[F])), 1)]),
        )),
        3,
    );
    // Leaf 0 is chosen and skipped; leaf 1 is chosen and fails.
    both(&mut compiled, &mut loaded, &[(skip_all, Outcome::Skipped), (skip_none, Outcome::Failure)]);
}

#[test]
fn run_once_then_skip_is_skipped_after_its_run() {
    let mut compiled = bt! { Ctx => sequence<run_once(then_skip = true)<{ leaf(0, &[R, S]) }>> };
    let mut loaded = DynTree::new(
        boxed(bt::Sequence::new(dynamic(vec![(
            boxed(bt::RunOnce::then_skip(DynChild::new(boxed(leaf(0, &[R, S]))))),
            2,
        )]))),
        3,
    );
    both(
        &mut compiled,
        &mut loaded,
        &[
            (nothing, Outcome::Running),
            (nothing, Outcome::Success),
            (nothing, Outcome::Skipped),
            (nothing, Outcome::Skipped),
        ],
    );
    let t = bt! { Ctx => run_once(then_skip = true)<{ leaf(0, &[S]) }> };
    assert_eq!(t.description().node(0).map(|n| n.args), Some("then_skip = true"));
}
