//! The trees of the specifications, built at run time with `bt::dynamic`: the nodes of the
//! runtime over run-time child lists, every node boxed with `saving` and given its id by its
//! position, with a description built alongside (leaked: one per tree, for the test's life).

use std::time::Duration;

use bt::dynamic::{DynBox, DynChild, DynChildren, DynTree, saving};
use bt::testing::{Context as Ctx, Script, Scripted, ScriptedCondition};
use bt::*;

use crate::random_tree::{Comp, Deco, KeywordLeaf, Spec};

/// Builds the tree `spec` describes.
pub fn build(spec: &Spec) -> DynTree<'static, Ctx> {
    let mut b = Builder { leaves: 0, conditions: 0, entries: Vec::new() };
    let (root, _) = b.node(spec, 0);
    let entries: &'static [NodeInfo] = Box::leak(b.entries.into_boxed_slice());
    let description: &'static TreeDescription =
        Box::leak(Box::new(TreeDescription::new("random", "Context", "random", entries)));
    DynTree::described(root, description)
}

struct Builder {
    leaves: usize,
    conditions: usize,
    entries: Vec<NodeInfo>,
}

fn info(kind: &'static str, depth: usize) -> NodeInfo {
    NodeInfo::keyword(kind, kind, "", depth as u16, 0, 1, 1)
}

impl Builder {
    fn condition(&mut self, answers: &[bool]) -> ScriptedCondition {
        self.conditions += 1;
        ScriptedCondition::new(self.conditions - 1, answers.to_vec())
    }

    fn leaf(&mut self) -> usize {
        self.leaves += 1;
        self.leaves - 1
    }

    /// The node of `spec` at `depth`, with the number of nodes in its subtree.
    fn node(&mut self, spec: &Spec, depth: usize) -> (DynBox<'static, Ctx>, usize) {
        let ms = Duration::from_millis;
        let me = self.entries.len();
        match spec {
            Spec::Leaf(script) => {
                self.entries.push(NodeInfo::leaf("Scripted", depth as u16, 1, 1, None));
                let leaf = self.leaf();
                (saving(Scripted::new(leaf, Script::PerTick(script.clone()))), 1)
            }
            Spec::KeywordLeaf(kind) => {
                let (name, node) = match kind {
                    KeywordLeaf::Sleep(d) => ("sleep", saving(Sleep::new(ms(*d)))),
                    KeywordLeaf::AlwaysSuccess => ("always_success", saving(AlwaysSuccess)),
                    KeywordLeaf::AlwaysFailure => ("always_failure", saving(AlwaysFailure)),
                };
                self.entries.push(info(name, depth));
                (node, 1)
            }
            // A box or an embedded tree is not a node of its own here: its child stands for it.
            Spec::Decorator(Deco::Boxed | Deco::Subtree, child) => self.node(child, depth),
            Spec::Decorator(kind, child) => {
                self.entries.push(info(deco_name(kind), depth));
                self.entries[me].children = 1;
                let (child, size) = self.node(child, depth + 1);
                let c = DynChild::new(child);
                let node = match kind {
                    Deco::RepeatForever => saving(Repeat::forever(c)),
                    Deco::RepeatTimes(n) => saving(Repeat::times(*n, c)),
                    Deco::Invert => saving(Invert::new(c)),
                    Deco::ForceSuccess => saving(ForceSuccess::new(c)),
                    Deco::ForceFailure => saving(ForceFailure::new(c)),
                    Deco::Retry(n) => saving(Retry::new(*n, c)),
                    Deco::UntilFailure => saving(UntilFailure::new(c)),
                    Deco::UntilSuccess => saving(UntilSuccess::new(c)),
                    Deco::Timeout(d) => saving(Timeout::new(ms(*d), c)),
                    Deco::Delay(d) => saving(Delay::new(ms(*d), c)),
                    Deco::Cooldown(d) => saving(Cooldown::new(ms(*d), c)),
                    Deco::RunOnce => saving(RunOnce::new(c)),
                    Deco::Precondition(script) => saving(Precondition::new(self.condition(script), c)),
                    Deco::Guard(script) => saving(Guard::new(self.condition(script), c)),
                    Deco::GuardAbort(mode, script) => {
                        let cond = self.condition(script);
                        match mode {
                            0 => saving(Guard::with_abort(abort::Neither, cond, c)),
                            1 => saving(Guard::with_abort(abort::SelfOnly, cond, c)),
                            2 => saving(Guard::with_abort(abort::LowerPriority, cond, c)),
                            _ => saving(Guard::with_abort(abort::Both, cond, c)),
                        }
                    }
                    Deco::Service(d, script) => {
                        let leaf = self.leaf();
                        saving(Service::new(ms(*d), Scripted::new(leaf, Script::PerTick(script.clone())), c))
                    }
                    Deco::RateController(hz) => saving(RateController::new(f64::from(*hz), c)),
                    Deco::Boxed | Deco::Subtree => unreachable!("handled above"),
                };
                (node, 1 + size)
            }
            Spec::Composite(kind, specs) => {
                self.entries.push(info(comp_name(kind), depth));
                self.entries[me].children = specs.len() as u16;
                let children: Vec<(DynBox<'static, Ctx>, usize)> =
                    specs.iter().map(|s| self.node(s, depth + 1)).collect();
                let size = 1 + children.iter().map(|(_, s)| s).sum::<usize>();
                let n = children.len();
                let ch = DynChildren::new(children);
                let node = match kind {
                    Comp::Sequence => saving(Sequence::new(ch)),
                    Comp::Selector => saving(Selector::new(ch)),
                    Comp::ReactiveSequence => saving(ReactiveSequence::new(ch)),
                    Comp::ReactiveSelector => saving(ReactiveSelector::new(ch)),
                    Comp::MemSequence => saving(MemSequence::new(ch)),
                    Comp::MemSelector => saving(MemSelector::new(ch)),
                    Comp::AsyncSequence => saving(AsyncSequence::new(ch)),
                    Comp::Parallel(k) => saving(Parallel::new((*k).min(n), ch)),
                    Comp::Threshold(s, f) => saving(ThresholdParallel::new((*s).min(n), (*f).min(n), ch)),
                    Comp::ParallelAll(k) => saving(ParallelAll::new((*k).min(n), ch)),
                    Comp::Random(seed) => saving(Random::new(*seed, ch)),
                    Comp::IfThenElse => saving(IfThenElse::new(ch)),
                    Comp::TryCatch => saving(TryCatch::new(ch)),
                    Comp::WhileDoElse => saving(WhileDoElse::new(ch)),
                    Comp::PipelineSequence => saving(PipelineSequence::new(ch)),
                    Comp::RoundRobin => saving(RoundRobin::new(ch)),
                    Comp::Recovery(k) => saving(Recovery::new(*k, ch)),
                    Comp::Switch(script) => {
                        let script = script.clone();
                        let selector =
                            move |ctx: &Ctx| usize::from(script[ctx.tick() as usize % script.len()]);
                        let mapping = move |v: usize| (v % n) as u8;
                        saving(Switch::new(selector, mapping, ch))
                    }
                };
                (node, size)
            }
        }
    }
}

fn comp_name(kind: &Comp) -> &'static str {
    match kind {
        Comp::Sequence => "sequence",
        Comp::Selector => "selector",
        Comp::ReactiveSequence => "reactive_sequence",
        Comp::ReactiveSelector => "reactive_selector",
        Comp::MemSequence => "mem_sequence",
        Comp::MemSelector => "mem_selector",
        Comp::AsyncSequence => "async_sequence",
        Comp::Parallel(_) => "parallel",
        Comp::Threshold(..) => "threshold_parallel",
        Comp::ParallelAll(_) => "parallel_all",
        Comp::Random(_) => "random",
        Comp::IfThenElse => "if_then_else",
        Comp::TryCatch => "try_catch",
        Comp::WhileDoElse => "while_do_else",
        Comp::PipelineSequence => "pipeline_sequence",
        Comp::RoundRobin => "round_robin",
        Comp::Recovery(_) => "recovery",
        Comp::Switch(_) => "switch",
    }
}

fn deco_name(kind: &Deco) -> &'static str {
    match kind {
        Deco::RepeatForever | Deco::RepeatTimes(_) => "repeat",
        Deco::Invert => "invert",
        Deco::ForceSuccess => "force_success",
        Deco::ForceFailure => "force_failure",
        Deco::Retry(_) => "retry",
        Deco::UntilFailure => "until_failure",
        Deco::UntilSuccess => "until_success",
        Deco::Timeout(_) => "timeout",
        Deco::Delay(_) => "delay",
        Deco::Cooldown(_) => "cooldown",
        Deco::RunOnce => "run_once",
        Deco::Precondition(_) => "precondition",
        Deco::Guard(_) | Deco::GuardAbort(..) => "guard",
        Deco::Service(..) => "service",
        Deco::RateController(_) => "rate_controller",
        Deco::Boxed => "boxed",
        Deco::Subtree => "subtree",
    }
}
