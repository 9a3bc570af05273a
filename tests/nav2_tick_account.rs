//! What bt's rule "a node completes at most one activation of a child per tick" costs Nav2's
//! `navigate_to_pose_w_replanning_and_recovery` tree, goal by goal: Nav2's `RecoveryNode` ticks
//! its action again in the tick its recovery branch succeeded; bt's `recovery` does it on the next
//! tick. Every recovery round that succeeds is one tick (one step of the simulation, `DT`) more
//! than Nav2 takes. The tree has no `Repeat` or `RetryUntilSuccessful`, the other nodes the rule
//! concerns.
//!
//! `cargo test --test nav2_tick_account -- --nocapture` prints the account of the demo scenario
//! (seed 11) and of seeds 1 to 20; the README quotes it.

#[path = "../examples/nav2_recovery/deferred.rs"]
#[allow(dead_code)]
mod deferred;
#[path = "../examples/nav2_recovery/sim.rs"]
#[allow(dead_code)]
mod sim;
#[path = "../examples/nav2_recovery/tree.rs"]
#[allow(dead_code)]
mod tree;

use bt::{NodeId, Observer, Status};
use sim::{DT, EventKind, SEED};
use tree::{NavTree, Navigation};

/// The `recovery` nodes of the tree: each with its action's and its recovery branch's ids.
fn recoveries(nav: &Navigation) -> Vec<(NodeId, NodeId, NodeId)> {
    let desc = nav.tree.describe();
    let out = deferred::recoveries(desc);
    let all = desc.nodes().filter(|n| n.kind == "recovery").count();
    assert_eq!(out.len(), all, "a recovery node has two children");
    out
}

/// What every node returned in the step in progress, in order.
#[derive(Default)]
struct Step {
    ticked: Vec<(NodeId, Status)>,
}

impl Observer for Step {
    fn ticked(&mut self, node: NodeId, status: Status) {
        self.ticked.push((node, status));
    }
}

/// One goal's account.
#[derive(Default, Debug)]
struct Goal {
    ticks: u64,
    /// Recovery rounds that succeeded: bt ticks the action on the next tick.
    extra: u64,
    reached: bool,
}

/// Runs seed `seed`'s scenario; per goal, its ticks and its extra ticks.
fn account(seed: u64) -> Vec<Goal> {
    let mut nav = Navigation::new(seed);
    let recoveries = recoveries(&nav);
    let mut goals: Vec<Goal> = Vec::new();
    let mut current = 0;
    // An action whose recovery branch succeeded in the previous step, per recovery node.
    let mut owed: Vec<Option<NodeId>> = vec![None; recoveries.len()];
    let mut step = Step::default();
    while nav.step_with(&mut step).is_some() {
        while let Some(e) = nav.robot.events.pop() {
            match e.kind {
                EventKind::NavigationStarted { goal } => current = goal,
                EventKind::GoalReached { goal } => goals[goal].reached = true,
                _ => {}
            }
        }
        if goals.len() <= current {
            goals.resize_with(current + 1, Goal::default);
        }
        let g = &mut goals[current];
        g.ticks += 1;
        for (k, &(r, action, branch)) in recoveries.iter().enumerate() {
            // The action owed from the last step is ticked in this one, first thing in the node.
            if let Some(a) = owed[k].take() {
                let node_ticked = step.ticked.iter().any(|&(n, _)| n == r);
                let first = step.ticked.iter().find(|&&(n, _)| n == a || n == branch).map(|&(n, _)| n);
                assert!(
                    !node_ticked || first == Some(a),
                    "seed {seed}: the action comes first after a recovery"
                );
            }
            let branch_ok = step.ticked.iter().position(|&(n, s)| n == branch && s == Status::Success);
            let node_running = step.ticked.iter().rposition(|&(n, s)| n == r && s == Status::Running);
            if let (Some(b), Some(after)) = (branch_ok, node_running)
                && after > b
            {
                // Nav2 would tick the action now; bt leaves it for the next tick.
                assert!(
                    !step.ticked[b..after].iter().any(|&(n, _)| n == action),
                    "seed {seed}: the action ran in the tick its recovery succeeded"
                );
                g.extra += 1;
                owed[k] = Some(action);
            }
        }
        step.ticked.clear();
    }
    goals
}

fn print(label: &str, goals: &[Goal]) -> (u64, u64) {
    let (ticks, extra) = goals.iter().fold((0, 0), |(t, x), g| (t + g.ticks, x + g.extra));
    let per_goal: Vec<String> = goals
        .iter()
        .enumerate()
        .map(|(i, g)| {
            format!(
                "goal {i}: {} ticks, {} extra{}",
                g.ticks,
                g.extra,
                if g.reached { "" } else { " (failed)" }
            )
        })
        .collect();
    println!("nav2 tick account, {label}: {}", per_goal.join("; "));
    (ticks, extra)
}

#[test]
fn recoveries_cost_one_tick_each() {
    let demo = account(SEED);
    let (ticks, extra) = print("demo", &demo);
    assert!(extra > 0, "the demo runs recoveries that succeed");
    assert!(demo.iter().all(|g| g.reached), "the demo reaches every goal");
    println!("nav2 tick account, demo: {extra} extra ticks in {ticks}");
    let (mut all_ticks, mut all_extra, mut all_goals) = (0, 0, 0);
    for seed in 1..=20 {
        let goals = account(seed);
        let (t, x) = print(&format!("seed {seed}"), &goals);
        all_ticks += t;
        all_extra += x;
        all_goals += goals.len() as u64;
    }
    let ms = all_extra as f64 * DT.as_secs_f64() * 1000.0 / all_goals as f64;
    println!(
        "nav2 tick account: {all_extra} extra ticks in {all_ticks} ({:.2} %) over {all_goals} goals (seeds 1 to 20): {:.2} extra ticks, {ms:.0} ms of simulated time, per goal",
        100.0 * all_extra as f64 / all_ticks as f64,
        all_extra as f64 / all_goals as f64,
    );
}
