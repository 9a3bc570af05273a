//! Behaviour of the Nav2 example: the tree is Nav2's `navigate_to_pose_w_replanning_and_recovery`
//! node for node, the robot reaches every goal of the scenario, recoveries run in Nav2's order
//! (context recoveries first, then the round robin of navigation recoveries, which moves on across
//! activations), a goal update causes re-planning and interrupts a recovery, the recoveries run
//! out after six rounds, and a run is deterministic. Nav2's navigate-to-pose files load at run
//! time over the example's registry of Nav2's nodes, whose ports are Nav2's; each reaches its
//! goals, and the default one behaves exactly as the compiled trees.

#[path = "../examples/nav2_recovery/sim.rs"]
#[allow(dead_code)]
mod sim;
#[path = "../examples/nav2_recovery/tree.rs"]
#[allow(dead_code)]
mod tree;

use std::time::Duration;

use bt::{Exit, NodeId, Observer, Status, TreeDescription};
use sim::{
    Behavior, DOCK, Event, EventKind, KITCHEN, LAB, Layer, Obstacle, PlanError, Pos, Real, Robot, SEED, STORE,
};
use tree::{GIVE_UP_AFTER, NavTree, NavigateToPose, NavigateToPoseXml, Navigation};

// ----- running and observing ------------------------------------------------------------------

/// Which nodes started an activation (were ticked while not running) in each step.
#[derive(Default)]
struct Activations {
    running: Vec<bool>,
    /// Started in the step in progress.
    pending: Vec<NodeId>,
    /// `(time, node)` for every activation started.
    started: Vec<(Duration, NodeId)>,
}

impl Observer for Activations {
    fn ticked(&mut self, node: NodeId, status: Status) {
        if !self.running[node] {
            self.pending.push(node);
        }
        self.running[node] = status == Status::Running;
    }
    fn halted(&mut self, node: NodeId) {
        self.running[node] = false;
    }
}

/// A whole run, with every event and every node activation.
struct Run<T = NavigateToPose> {
    nav: Navigation<T>,
    events: Vec<Event>,
    activations: Activations,
}

impl<T: NavTree> Run<T> {
    fn of(mut nav: Navigation<T>) -> Self {
        let size = nav.tree.describe().len();
        let mut activations = Activations { running: vec![false; size], ..Activations::default() };
        let mut events = Vec::new();
        while nav.step_with(&mut activations).is_some() {
            let now = bt::Clock::now(&nav.robot);
            for node in activations.pending.drain(..) {
                activations.started.push((now, node));
            }
            while let Some(e) = nav.robot.events.pop() {
                events.push(e);
            }
            assert_eq!(nav.robot.events.dropped(), 0, "the event ring overflowed within one step");
        }
        Run { nav, events, activations }
    }
}

impl Run {
    /// The demo run.
    fn demo() -> Self {
        Run::of(Navigation::new(SEED))
    }
}

impl<T> Run<T> {
    /// Times at which node `id` started an activation.
    fn starts(&self, id: NodeId) -> Vec<Duration> {
        self.activations.started.iter().filter(|(_, n)| *n == id).map(|(t, _)| *t).collect()
    }

    fn count(&self, wanted: impl Fn(&EventKind) -> bool) -> usize {
        self.events.iter().filter(|e| wanted(&e.kind)).count()
    }
}

/// Ids of the tree's nodes, found in its description by kind and label.
struct Ids {
    round_robin: NodeId,
    /// ClearingActions, Spin, Wait, BackUp.
    recovery_actions: [NodeId; 4],
}

fn ids(desc: &TreeDescription) -> Ids {
    let nodes: Vec<_> = desc.nodes().collect();
    let rr = nodes.iter().position(|n| n.kind == "round_robin").expect("a round_robin node");
    let children: Vec<NodeId> =
        (rr + 1..nodes.len()).filter(|&i| nodes[i].depth == nodes[rr].depth + 1).collect();
    assert_eq!(children.len(), 4, "RecoveryActions has four children");
    Ids { round_robin: rr, recovery_actions: [children[0], children[1], children[2], children[3]] }
}

/// A robot at the dock with no obstacles appearing, and the dock's door blocked by two boxes:
/// the lab cannot be reached, and no recovery helps.
fn walled_in() -> Robot {
    let mut robot = Robot::new(DOCK.at, SEED, false);
    for x in [5, 6] {
        robot.obstacles.push(Obstacle { at: Pos::new(x, 8), kind: Real::Box, leaves_at: None });
    }
    robot
}

fn goal(place: sim::Place) -> sim::Goal {
    sim::Goal { place, update: None }
}

fn is_context_clear(e: &EventKind, layer: Layer) -> bool {
    matches!(e, EventKind::Cleared { name, layer: l, .. } if name.ends_with("-Context") && *l == layer)
}

// ----- the tree -------------------------------------------------------------------------------

/// navigation2's `navigate_to_pose_w_replanning_and_recovery.xml` (BehaviorTree.CPP format 4), its
/// elements in document order, indented by depth, with the attributes that name a node or set a
/// number.
const XML: &str = "\
RecoveryNode number_of_retries=6 name=NavigateRecovery
  PipelineSequence name=NavigateWithReplanning
    ProgressCheckerSelector
    GoalCheckerSelector
    PathHandlerSelector
    ControllerSelector
    PlannerSelector
    RateController hz=1.0
      RecoveryNode number_of_retries=1 name=ComputePathToPose
        Fallback name=FallbackComputePathToPose
          ReactiveSequence name=CheckIfNewPathNeeded
            Inverter
              GlobalUpdatedGoal
            IsGoalNearby
            TruncatePathLocal
            ValidatePath
          ComputePathToPose
        Sequence
          WouldAPlannerRecoveryHelp
          ClearEntireCostmap name=ClearGlobalCostmap-Context
    RecoveryNode number_of_retries=1 name=FollowPath
      FollowPath
      Sequence
        WouldAControllerRecoveryHelp
        ClearEntireCostmap name=ClearLocalCostmap-Context
  Sequence
    Fallback
      WouldAControllerRecoveryHelp
      WouldAPlannerRecoveryHelp
    ReactiveFallback name=RecoveryFallback
      GoalUpdated
      RoundRobin name=RecoveryActions
        Sequence name=ClearingActions
          ClearEntireCostmap name=ClearLocalCostmap-Subtree
          ClearEntireCostmap name=ClearGlobalCostmap-Subtree
        Spin
        Wait
        BackUp
";

/// A line of [`XML`]: depth, tag, attributes.
type Element<'a> = (usize, &'a str, Vec<(&'a str, &'a str)>);

/// The `bt!` keyword of a BehaviorTree.CPP control node, `None` for a leaf.
fn keyword(tag: &str) -> Option<&'static str> {
    Some(match tag {
        "RecoveryNode" => "recovery",
        "PipelineSequence" => "pipeline_sequence",
        "RateController" => "rate_controller",
        "Fallback" => "selector",
        "ReactiveSequence" => "reactive_sequence",
        "Inverter" => "invert",
        "Sequence" => "sequence",
        "ReactiveFallback" => "reactive_selector",
        "RoundRobin" => "round_robin",
        _ => return None,
    })
}

#[test]
fn the_tree_is_the_xml_node_for_node() {
    let tree = NavigateToPose::new();
    let desc = tree.description();
    assert_eq!(desc.name, "NavigateToPose");
    let nodes: Vec<_> = desc.nodes().collect();
    let xml: Vec<Element> = XML
        .lines()
        .map(|line| {
            let depth = (line.len() - line.trim_start().len()) / 2;
            let mut words = line.split_whitespace();
            let tag = words.next().unwrap();
            let attrs = words.map(|w| w.split_once('=').unwrap()).collect();
            (depth, tag, attrs)
        })
        .collect();
    assert_eq!(xml.len(), 38);
    assert_eq!(nodes.len(), 38, "{}", desc.text());

    for (i, ((depth, tag, attrs), node)) in xml.iter().zip(&nodes).enumerate() {
        let here = format!("node {i} (`{tag}`, `{}` `{}`)", node.kind, node.label);
        assert_eq!(usize::from(node.depth), *depth, "{here}: depth");
        // As many children as the element has child elements.
        let children =
            xml[i + 1..].iter().take_while(|(d, ..)| d > depth).filter(|(d, ..)| *d == depth + 1).count();
        assert_eq!(usize::from(node.children), children, "{here}: children");
        match keyword(tag) {
            Some(kw) => {
                assert_eq!(node.kind, kw, "{here}: kind");
                // The numbers of the XML are the keyword's arguments.
                for (attr, value) in attrs {
                    if matches!(*attr, "number_of_retries" | "hz") {
                        assert_eq!(node.args, *value, "{here}: {attr}");
                    }
                }
            }
            None => {
                assert_eq!(node.kind, "leaf", "{here}: kind");
                let rest = node.label.strip_prefix(tag).unwrap_or_else(|| panic!("{here}: label"));
                assert!(!rest.starts_with(char::is_alphanumeric), "{here}: label");
                // A leaf's XML name is one of its fields.
                for (attr, value) in attrs {
                    assert_eq!(*attr, "name");
                    assert!(node.label.contains(&format!("name: \"{value}\"")), "{here}: name {value}");
                }
            }
        }
    }
}

#[test]
fn every_rendering_shows_every_node() {
    let tree = NavigateToPose::new();
    let desc = tree.description();
    // As the program prints them (`--tree`, `--dot`, `--mermaid`): whole labels, since the leaves'
    // fields are the XML's attributes.
    let all = usize::MAX;
    let text = desc.text().max_label(all).to_string();
    let dot = desc.dot().max_label(all).to_string();
    let mermaid = desc.mermaid().max_label(all).to_string();
    // The text: one line per node, in order, each naming its node.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 38, "{text}");
    for (line, node) in lines.iter().zip(desc.nodes()) {
        let name = if node.kind == "leaf" { node.label.to_string() } else { node.kind.to_string() };
        assert!(line.contains(&name), "`{line}` does not show `{name}`");
    }
    // The graphs: 38 nodes, 37 edges, and the Nav2 names.
    assert_eq!(dot.matches(" -> ").count(), 37, "{dot}");
    assert_eq!(mermaid.matches(" --> ").count(), 37, "{mermaid}");
    for id in 0..38 {
        assert!(dot.contains(&format!("  n{id} [")), "dot lacks node {id}");
        assert!(mermaid.contains(&format!("  n{id}")), "mermaid lacks node {id}");
    }
    for name in [
        "pipeline_sequence",
        "rate_controller(1.0)",
        "round_robin",
        "recovery(6)",
        "ComputePathToPose",
        "ClearLocalCostmap-Subtree",
        "GoalUpdated",
        "BackUp",
    ] {
        for (what, rendering) in [("text", &text), ("dot", &dot), ("mermaid", &mermaid)] {
            assert!(rendering.contains(name), "the {what} rendering lacks {name}:\n{rendering}");
        }
    }
}

// ----- the scenario ---------------------------------------------------------------------------

#[test]
fn the_robot_reaches_every_goal() {
    let run = Run::demo();
    let nav = &run.nav;
    assert_eq!(nav.outcomes.len(), sim::SCENARIO.len());
    for (o, goal) in nav.outcomes.iter().zip(sim::SCENARIO) {
        let place = goal.update.map_or(goal.place, |(_, moved)| moved);
        assert_eq!(o.status, Status::Success, "goal {} ({})", o.goal + 1, place.name);
        assert_eq!((o.at, o.target), (place.at, place.at), "goal {} ({})", o.goal + 1, place.name);
        assert!(o.ended - o.started < GIVE_UP_AFTER);
    }
    assert_eq!(run.count(|e| matches!(e, EventKind::GoalReached { .. })), sim::SCENARIO.len());
    assert_eq!(run.count(|e| matches!(e, EventKind::NavigationFailed { .. })), 0);
    // And the way there was not clear: every kind of obstacle got in it.
    assert!(run.count(|e| matches!(e, EventKind::Noise { .. })) > 0);
    assert!(run.count(|e| matches!(e, EventKind::StaleMarks { .. })) > 0);
    assert!(run.count(|e| matches!(e, EventKind::Appeared(o) if o.kind == Real::Box)) > 0);
    assert!(run.count(|e| matches!(e, EventKind::Appeared(o) if o.kind == Real::Person)) > 0);
}

#[test]
fn without_obstacles_no_recovery_runs() {
    let run = Run::of(Navigation::with(sim::SCENARIO.to_vec(), Robot::new(DOCK.at, SEED, false)));
    assert!(run.nav.outcomes.iter().all(|o| o.status == Status::Success));
    assert_eq!(run.count(|e| matches!(e, EventKind::Cleared { .. })), 0);
    assert_eq!(run.count(|e| matches!(e, EventKind::BehaviorStarted(..))), 0);
    assert_eq!(run.count(|e| matches!(e, EventKind::FollowFailed { .. } | EventKind::PlanningFailed(_))), 0);
    // One FollowPath activation per goal: nothing ever interrupted it.
    assert_eq!(run.count(|e| matches!(e, EventKind::FollowStarted { .. })), sim::SCENARIO.len());
    // Re-planned once a second while far from the goal, so more plans than goals.
    assert!(run.nav.robot.stats.plans as usize > 3 * sim::SCENARIO.len());
}

#[test]
fn re_planning_happens_at_most_once_a_second_while_following() {
    let run = Run::of(Navigation::with(vec![goal(LAB)], Robot::new(DOCK.at, SEED, false)));
    let starts: Vec<Duration> = run
        .events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::PlanningStarted { .. }))
        .map(|e| e.at)
        .collect();
    assert!(starts.len() >= 4, "{starts:?}");
    for pair in starts.windows(2) {
        assert!(pair[1] - pair[0] >= Duration::from_secs(1), "{starts:?}");
    }
    // Once the goal is near (IsGoalNearby, 4 m) and the path valid, no more planning.
    let last = *starts.last().unwrap();
    let reached = run.events.iter().find(|e| matches!(e.kind, EventKind::GoalReached { .. })).unwrap().at;
    assert!(reached - last > Duration::from_secs(2), "planned at {last:?}, reached at {reached:?}");
}

// ----- recoveries -----------------------------------------------------------------------------

#[test]
fn a_context_recovery_runs_between_two_attempts_of_its_action() {
    let run = Run::demo();
    let e = &run.events;
    let mut follow = 0;
    let mut plan = 0;
    for (i, ev) in e.iter().enumerate() {
        // FollowPath fails, ClearLocalCostmap-Context runs, FollowPath starts again, in that order
        // and in nothing else of the tree in between.
        if matches!(ev.kind, EventKind::FollowFailed { .. })
            && e.get(i + 1).is_some_and(|c| is_context_clear(&c.kind, Layer::Local))
        {
            let retry = e[i + 2..]
                .iter()
                .find(|n| {
                    matches!(
                        n.kind,
                        EventKind::FollowStarted { .. }
                            | EventKind::FollowFailed { .. }
                            | EventKind::FollowSucceeded
                            | EventKind::FollowHalted
                    )
                })
                .expect("FollowPath after the context recovery");
            assert!(matches!(retry.kind, EventKind::FollowStarted { .. }), "{retry:?} after {ev:?}");
            assert!(retry.at > e[i + 1].at, "the recovery node retries its action on the next tick");
            follow += 1;
        }
        if matches!(ev.kind, EventKind::PlanningFailed(PlanError::NoValidPath))
            && e.get(i + 1).is_some_and(|c| is_context_clear(&c.kind, Layer::Global))
        {
            let retry =
                e[i + 2..].iter().find(|n| matches!(n.kind, EventKind::PlanningStarted { .. })).unwrap();
            assert!(retry.at > e[i + 1].at);
            plan += 1;
        }
    }
    assert!(follow >= 2, "FollowPath → ClearLocalCostmap-Context → FollowPath seen {follow} times");
    assert!(
        plan >= 1,
        "ComputePathToPose → ClearGlobalCostmap-Context → ComputePathToPose seen {plan} times"
    );
    // Every context recovery is one of these: they only run right after their action failed.
    let context = run.count(|k| is_context_clear(k, Layer::Local) || is_context_clear(k, Layer::Global));
    assert!(context >= follow + plan);
    for (i, ev) in e.iter().enumerate() {
        if is_context_clear(&ev.kind, Layer::Local) {
            assert!(matches!(e[i - 1].kind, EventKind::FollowFailed { .. }), "{:?}", e[i - 1]);
        }
        if is_context_clear(&ev.kind, Layer::Global) {
            assert!(matches!(e[i - 1].kind, EventKind::PlanningFailed(_)), "{:?}", e[i - 1]);
        }
    }
}

#[test]
fn navigation_recoveries_run_in_round_robin_across_activations() {
    let run = Run::demo();
    let ids = ids(run.nav.tree.description());
    // Which child of RecoveryActions started, in order, over the whole run.
    let mut children: Vec<(Duration, usize)> = Vec::new();
    for (k, &id) in ids.recovery_actions.iter().enumerate() {
        children.extend(run.starts(id).into_iter().map(|t| (t, k)));
    }
    children.sort();
    let order: Vec<usize> = children.iter().map(|&(_, k)| k).collect();
    assert!(order.len() >= 4, "only {order:?}: not every recovery ran");
    // ClearingActions, Spin, Wait, BackUp, ClearingActions, …: each activation of the round robin
    // takes the next child, across goals.
    for (i, &k) in order.iter().enumerate() {
        assert_eq!(k, i % 4, "recovery order {order:?}");
    }
    // One child per activation of RecoveryActions (none of them failed here).
    assert_eq!(run.starts(ids.round_robin).len(), order.len());
    // And the events agree: the costmaps, then each behavior, in that order.
    let kinds: Vec<&str> = run
        .events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Cleared { name: "ClearLocalCostmap-Subtree", .. } => Some("ClearingActions"),
            EventKind::BehaviorStarted(b, _) => Some(b.name()),
            _ => None,
        })
        .collect();
    let expected: Vec<&str> =
        (0..order.len()).map(|i| ["ClearingActions", "Spin", "Wait", "BackUp"][i % 4]).collect();
    assert_eq!(kinds, expected);
}

#[test]
fn a_navigation_recovery_only_follows_a_failed_context_recovery() {
    let run = Run::demo();
    let e = &run.events;
    let starts: Vec<usize> = e
        .iter()
        .enumerate()
        .filter(|(_, ev)| {
            matches!(
                ev.kind,
                EventKind::BehaviorStarted(..) | EventKind::Cleared { name: "ClearLocalCostmap-Subtree", .. }
            )
        })
        .map(|(i, _)| i)
        .collect();
    assert!(!starts.is_empty());
    for &i in &starts {
        // In the same step, an action failed for the second time: its recovery node had used its
        // one retry (the context recovery ran between the two failures), so the pipeline failed.
        let failure = e[..i].iter().rposition(|p| {
            matches!(p.kind, EventKind::FollowFailed { .. } | EventKind::PlanningFailed(_)) && p.at == e[i].at
        });
        let Some(f) = failure else {
            // A BackUp that failed hands over to ClearingActions in the same activation.
            assert!(matches!(e[i - 1].kind, EventKind::BehaviorEnded(Behavior::BackUp, Exit::Failure, _)));
            continue;
        };
        let follow = matches!(e[f].kind, EventKind::FollowFailed { .. });
        let layer = if follow { Layer::Local } else { Layer::Global };
        let previous = e[..f].iter().rposition(|p| {
            if follow {
                matches!(p.kind, EventKind::FollowFailed { .. })
            } else {
                matches!(p.kind, EventKind::PlanningFailed(_))
            }
        });
        let previous =
            previous.unwrap_or_else(|| panic!("{:?} at {:?}: the first failure", e[f].kind, e[f].at));
        assert!(
            e[previous..f].iter().any(|p| is_context_clear(&p.kind, layer)),
            "no {} context recovery between the failures at {:?} and {:?}",
            layer.name(),
            e[previous].at,
            e[f].at
        );
    }
}

#[test]
fn six_navigation_recoveries_then_the_tree_fails() {
    let run = Run::of(Navigation::with(vec![goal(LAB)], walled_in()));
    let o = run.nav.outcomes[0];
    assert_eq!(o.status, Status::Failure);
    assert!(o.ended - o.started < GIVE_UP_AFTER, "the tree gave up on its own");
    let recoveries: Vec<&str> = run
        .events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Cleared { name: "ClearLocalCostmap-Subtree", .. } => Some("ClearingActions"),
            EventKind::BehaviorStarted(b, _) => Some(b.name()),
            _ => None,
        })
        .collect();
    assert_eq!(recoveries, ["ClearingActions", "Spin", "Wait", "BackUp", "ClearingActions", "Spin"]);
    // Each round: planning fails, the context recovery clears the global costmap, planning fails
    // again; so 7 rounds (the first attempt and 6 retries) of two failures each.
    assert_eq!(run.count(|e| matches!(e, EventKind::PlanningFailed(PlanError::NoValidPath))), 14);
    assert_eq!(run.count(|e| is_context_clear(e, Layer::Global)), 7);
    assert_eq!(run.count(|e| matches!(e, EventKind::FollowStarted { .. })), 0);
}

#[test]
fn no_recovery_runs_when_none_would_help() {
    // A box on the goal: GOAL_OCCUPIED, which neither WouldA…RecoveryHelp accepts.
    let mut robot = Robot::new(DOCK.at, SEED, false);
    robot.obstacles.push(Obstacle { at: LAB.at, kind: Real::Box, leaves_at: None });
    let run = Run::of(Navigation::with(vec![goal(LAB)], robot));
    assert_eq!(run.nav.outcomes[0].status, Status::Failure);
    assert_eq!(run.count(|e| matches!(e, EventKind::PlanningFailed(PlanError::GoalOccupied))), 1);
    assert_eq!(run.count(|e| matches!(e, EventKind::Cleared { .. } | EventKind::BehaviorStarted(..))), 0);
    assert_eq!(
        run.nav.robot.bb.0.get(sim::keys::COMPUTE_PATH_ERROR_CODE, Duration::ZERO),
        Some(&PlanError::GoalOccupied)
    );
}

// ----- goal updates ---------------------------------------------------------------------------

#[test]
fn a_goal_update_causes_re_planning() {
    let run = Run::demo();
    let e = &run.events;
    let updated =
        e.iter().position(|ev| matches!(ev.kind, EventKind::GoalUpdated { .. })).expect("an update");
    let EventKind::GoalUpdated { goal, to } = e[updated].kind else { unreachable!() };
    assert_eq!((goal, to), (2, STORE.at));
    // Before it, the robot planned for the kitchen.
    let before = e[..updated].iter().rev().find_map(|ev| match ev.kind {
        EventKind::PlanningStarted { goal, .. } => Some(goal),
        _ => None,
    });
    assert_eq!(before, Some(KITCHEN.at));
    // After it, GlobalUpdatedGoal makes the next check of CheckIfNewPathNeeded fail: the next
    // planning is for the store room, within the rate controller's period, and succeeds.
    let next =
        e[updated..].iter().position(|ev| matches!(ev.kind, EventKind::PlanningStarted { .. })).unwrap();
    let plan = e[updated + next];
    assert!(matches!(plan.kind, EventKind::PlanningStarted { goal, .. } if goal == STORE.at));
    assert!(
        plan.at - e[updated].at <= Duration::from_secs(1) + sim::DT,
        "re-planned {:?} later",
        plan.at - e[updated].at
    );
    let result = e[updated + next..].iter().find(|ev| matches!(ev.kind, EventKind::PlanningSucceeded { .. }));
    assert!(matches!(result.unwrap().kind, EventKind::PlanningSucceeded { same_route: false, .. }));
    assert_eq!(run.nav.outcomes[2].at, STORE.at);
}

#[test]
fn a_goal_update_interrupts_a_recovery() {
    let mut nav = Navigation::with(vec![goal(LAB)], walled_in());
    let inside = Pos::new(9, 5);
    let mut events = Vec::new();
    // Run until the round robin has started Wait, then move the goal inside the dock.
    while !events.iter().any(|e: &Event| matches!(e.kind, EventKind::BehaviorStarted(Behavior::Wait, _))) {
        let _ = nav.step().expect("the navigation is still running");
        events.extend(std::iter::from_fn(|| nav.robot.events.pop()));
    }
    let _ = nav.step();
    nav.update_goal(inside);
    let updated_at = bt::Clock::now(&nav.robot);
    while nav.step().is_some() {
        events.extend(std::iter::from_fn(|| nav.robot.events.pop()));
    }
    // GoalUpdated succeeds in the ReactiveFallback on the next tick: Wait is halted.
    let halted =
        events.iter().find(|e| matches!(e.kind, EventKind::BehaviorEnded(Behavior::Wait, ..))).unwrap();
    assert_eq!(halted.kind, EventKind::BehaviorEnded(Behavior::Wait, Exit::Halted, sim::BehaviorError::None));
    assert!(halted.at - updated_at <= sim::DT);
    // The recovery counts as done: the pipeline starts again, plans for the new goal, and gets there.
    let plan =
        events.iter().find(|e| e.at >= halted.at && matches!(e.kind, EventKind::PlanningStarted { .. }));
    assert!(matches!(plan.unwrap().kind, EventKind::PlanningStarted { goal, .. } if goal == inside));
    assert_eq!(nav.outcomes[0].status, Status::Success);
    assert_eq!(nav.robot.pos, inside);
    assert!(!events.iter().any(|e| matches!(e.kind, EventKind::BehaviorStarted(Behavior::BackUp, _))));
}

// ----- determinism ----------------------------------------------------------------------------

#[test]
fn a_run_is_deterministic() {
    let (a, b) = (Run::demo(), Run::demo());
    assert_eq!(a.events, b.events);
    assert_eq!(a.activations.started, b.activations.started);
    assert_eq!(a.nav.robot.checksum(), b.nav.robot.checksum());
    assert_eq!(a.nav.outcomes, b.nav.outcomes);
    // Another seed, other obstacles.
    let c = Run::of(Navigation::new(SEED + 1));
    assert_ne!(a.nav.robot.checksum(), c.nav.robot.checksum());
    let obstacles = |r: &Run| -> Vec<Event> {
        r.events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::Noise { .. } | EventKind::Appeared(_)))
            .copied()
            .collect()
    };
    assert_ne!(obstacles(&a), obstacles(&c));
}

// ----- the same tree from Nav2's XML ----------------------------------------------------------

/// `NavigateToPoseXml`, compiled from Nav2's XML file with the same leaf types, describes the
/// same tree as `NavigateToPose`, node by node: kind, arguments, depth, children and the leaves'
/// ports. Labels differ: the XML's leaves are labelled by their element and attributes.
#[test]
fn the_xml_tree_describes_the_same_tree() {
    let (written, xml) = (NavigateToPose::new(), NavigateToPoseXml::new());
    let (written, xml) = (written.description(), xml.description());
    assert_eq!(xml.name, "NavigateToPoseXml");
    assert_eq!((written.len(), xml.len()), (38, 38));
    for (i, (w, x)) in written.nodes().zip(xml.nodes()).enumerate() {
        let here = format!("node {i} (`{}` / `{}`)", w.label, x.label);
        assert_eq!((w.kind, w.args, w.depth, w.children), (x.kind, x.args, x.depth, x.children), "{here}");
        let ports = |n: &bt::NodeInfo| -> Vec<String> {
            n.ports.iter().map(|p| format!("{:?} {} {}", p.direction, p.name, p.type_name)).collect()
        };
        assert_eq!(ports(&w), ports(&x), "{here}: ports");
        if w.kind == "leaf" {
            // The XML's leaves are labelled by their element: the written leaf's type.
            let element = x.label.split(' ').next().unwrap();
            assert!(w.label.starts_with(element), "{here}: label");
        }
    }
    // Every XML leaf with attributes has ports; the selectors have three each.
    let leaf_ports: Vec<usize> = xml.nodes().filter(|n| n.kind == "leaf").map(|n| n.ports.len()).collect();
    assert_eq!(&leaf_ports[..5], [3; 5]);
}

/// The two trees behave the same: over several seeds, the same events at the same times (the
/// example's log is written from them), the same node activations, the same outcomes and the
/// same final state.
#[test]
fn the_xml_tree_behaves_the_same() {
    for seed in [SEED, SEED + 1, SEED + 2, 7] {
        let written = Run::of(Navigation::new(seed));
        let xml = Run::of(Navigation::<NavigateToPoseXml>::of(seed));
        assert!(!written.events.is_empty());
        assert_eq!(written.events, xml.events, "seed {seed}: events");
        assert_eq!(written.activations.started, xml.activations.started, "seed {seed}: activations");
        assert_eq!(written.nav.outcomes, xml.nav.outcomes, "seed {seed}: outcomes");
        assert_eq!(written.nav.robot.checksum(), xml.nav.robot.checksum(), "seed {seed}: checksum");
    }
    // The demo reaches its goals either way.
    let xml = Run::of(Navigation::<NavigateToPoseXml>::of(SEED));
    assert!(xml.nav.outcomes.iter().all(|o| o.status == Status::Success));
    assert_eq!(xml.nav.outcomes.len(), sim::SCENARIO.len());
}

// ----- Nav2's trees loaded at run time --------------------------------------------------------

/// Nav2's navigate-to-pose files in the corpus, and whether each has recovery branches.
const NAV2_FILES: [(&str, bool); 4] = [
    ("navigation2__navigate_to_pose_w_replanning_and_recovery.xml", true),
    ("navigation2__navigate_w_replanning_and_recovery.xml", true),
    ("navigation2__navigate_w_replanning_distance.xml", false),
    ("navigation2__navigate_w_replanning_only_if_path_becomes_invalid.xml", false),
];

fn load(file: &str) -> bt::dynamic::DynTree<'static, Robot> {
    let path = format!("{}/tests/xml/corpus/{file}", env!("CARGO_MANIFEST_DIR"));
    tree::registry().load(&path).unwrap_or_else(|e| panic!("{file}:\n{e}"))
}

fn reached(run: &Run<impl NavTree>) -> usize {
    run.nav.outcomes.iter().filter(|o| o.status == Status::Success).count()
}

/// Every Nav2 navigate-to-pose file loads and reaches the five goals of the scenario when nothing
/// gets in the way; the two with recovery branches also reach them through the obstacles of
/// several seeds. The two without recoveries fail a navigation exactly when an obstacle makes
/// `FollowPath` or `ComputePathToPose` fail (Nav2's controller and planner fail there too, and
/// nothing in those trees recovers).
#[test]
fn every_nav2_navigate_to_pose_file_reaches_its_goals() {
    for (file, recovers) in NAV2_FILES {
        let calm = Run::of(Navigation::over(load(file), SEED, false));
        assert_eq!(reached(&calm), sim::SCENARIO.len(), "{file}, no obstacles");
        for seed in [SEED, SEED + 1, SEED + 2, 7] {
            let run = Run::of(Navigation::over(load(file), seed, true));
            assert_eq!(run.nav.outcomes.len(), sim::SCENARIO.len(), "{file}, seed {seed}");
            if recovers {
                assert_eq!(reached(&run), sim::SCENARIO.len(), "{file}, seed {seed}");
                continue;
            }
            for (i, e) in run.events.iter().enumerate() {
                if matches!(e.kind, EventKind::NavigationFailed { .. }) {
                    let why = run.events[..i].iter().rev().find(|e| {
                        matches!(e.kind, EventKind::FollowFailed { .. } | EventKind::PlanningFailed(_))
                    });
                    assert!(
                        why.is_some_and(|w| w.at == e.at),
                        "{file}, seed {seed}: a failure without a cause"
                    );
                }
            }
        }
    }
}

/// The default tree loaded at run time gives the same events at the same times, the same node
/// activations, the same outcomes and the same final state as the two compiled trees, over
/// several seeds.
#[test]
fn the_loaded_tree_behaves_as_the_compiled_ones() {
    let file = NAV2_FILES[0].0;
    assert_eq!(load(file).description().len(), NavigateToPose::new().description().len());
    for seed in [SEED, SEED + 1, SEED + 2, 7] {
        let written = Run::of(Navigation::new(seed));
        let loaded = Run::of(Navigation::over(load(file), seed, true));
        assert!(!written.events.is_empty());
        assert_eq!(written.events, loaded.events, "seed {seed}: events");
        assert_eq!(written.activations.started, loaded.activations.started, "seed {seed}: activations");
        assert_eq!(written.nav.outcomes, loaded.nav.outcomes, "seed {seed}: outcomes");
        assert_eq!(written.nav.robot.checksum(), loaded.nav.robot.checksum(), "seed {seed}: checksum");
    }
}

/// The registered leaves have Nav2's ports: the names and directions of their models in
/// `nav2_tree_nodes.xml`, and the model's default wherever it gives one.
#[test]
fn the_registered_leaves_have_nav2_ports() {
    use bt::ports::Ports;
    use tree::*;
    let leaves: Vec<(&str, &[bt::PortInfo])> = vec![
        ("PlannerSelector", PlannerSelector::PORTS),
        ("ControllerSelector", ControllerSelector::PORTS),
        ("GoalCheckerSelector", GoalCheckerSelector::PORTS),
        ("ProgressCheckerSelector", ProgressCheckerSelector::PORTS),
        ("PathHandlerSelector", PathHandlerSelector::PORTS),
        ("GlobalUpdatedGoal", GlobalUpdatedGoal::PORTS),
        ("GoalUpdated", GoalUpdated::PORTS),
        ("GoalReached", GoalReached::PORTS),
        ("IsGoalNearby", IsGoalNearby::PORTS),
        ("TimeExpired", TimeExpired::PORTS),
        ("DistanceTraveled", DistanceTraveled::PORTS),
        ("PathExpiringTimer", PathExpiringTimer::PORTS),
        ("ComputePathToPose", ComputePathToPose::PORTS),
        ("FollowPath", FollowPath::PORTS),
        ("TruncatePathLocal", TruncatePathLocal::PORTS),
        ("TruncatePath", TruncatePath::PORTS),
        ("ValidatePath", ValidatePath::PORTS),
        ("WouldAPlannerRecoveryHelp", WouldAPlannerRecoveryHelp::PORTS),
        ("WouldAControllerRecoveryHelp", WouldAControllerRecoveryHelp::PORTS),
        ("ClearEntireCostmap", ClearEntireCostmap::PORTS),
        ("ClearCostmapAroundRobot", ClearCostmapAroundRobot::PORTS),
        ("ClearCostmapExceptRegion", ClearCostmapExceptRegion::PORTS),
        ("ClearCostmapAroundPose", ClearCostmapAroundPose::PORTS),
        ("Spin", Spin::PORTS),
        ("Wait", Wait::PORTS),
        ("BackUp", BackUp::PORTS),
        ("DriveOnHeading", DriveOnHeading::PORTS),
        ("CancelSpin", CancelSpin::PORTS),
        ("CancelWait", CancelWait::PORTS),
        ("CancelBackUp", CancelBackUp::PORTS),
        ("CancelDriveOnHeading", CancelDriveOnHeading::PORTS),
        ("CancelControl", CancelControl::PORTS),
    ];
    let text = std::fs::read_to_string(format!(
        "{}/tests/xml/corpus/navigation2__nav2_tree_nodes.xml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let registry = tree::registry();
    for (id, ports) in leaves {
        assert!(registry.knows(id), "{id} is registered");
        let model = doc
            .descendants()
            .find(|n| n.attribute("ID") == Some(id))
            .unwrap_or_else(|| panic!("{id}: a model"));
        let mut names: Vec<&str> = Vec::new();
        for p in model.children().filter(|n| n.is_element()) {
            let name = p.attribute("name").unwrap();
            names.push(name);
            let ours = ports.iter().find(|q| q.name == name).unwrap_or_else(|| panic!("{id}: port `{name}`"));
            let output = p.tag_name().name() == "output_port";
            let dir = format!("{:?}", ours.direction);
            assert_eq!(output, dir != "Input", "{id}.{name}: direction {dir}");
            if let Some(default) = p.attribute("default") {
                let theirs = default.trim_matches('"');
                let ours = ours.default.unwrap_or_else(|| panic!("{id}.{name}: Nav2's default `{theirs}`"));
                let same = match (theirs.parse::<f64>(), ours.parse::<f64>()) {
                    (Ok(a), Ok(b)) => a == b,
                    _ => theirs == ours || (theirs.contains("infinity") && ours == "inf"),
                };
                assert!(same, "{id}.{name}: default `{ours}`, Nav2's `{theirs}`");
            }
        }
        let extra: Vec<&str> = ports.iter().map(|p| p.name).filter(|n| !names.contains(n)).collect();
        assert!(extra.is_empty(), "{id}: ports Nav2 does not have: {extra:?}");
    }
    // The decorators take their models' attributes, and refuse others.
    for (id, attrs) in [
        ("DistanceController", r#"distance="0.5" global_frame="map" robot_base_frame="base_link""#),
        (
            "SpeedController",
            r#"min_rate="0.2" max_rate="2.0" min_speed="0.1" max_speed="1.0" goal="{goal}" goals="{goals}""#,
        ),
        ("GoalUpdatedController", r#"goal="{goal}" goals="{goals}""#),
        ("SingleTrigger", ""),
        ("PathLongerOnApproach", r#"path="{path}" prox_len="2.0" length_factor="1.5""#),
    ] {
        let xml = |a: &str| {
            format!(
                r#"<root BTCPP_format="4"><BehaviorTree ID="T"><{id} {a}><Wait/></{id}></BehaviorTree></root>"#
            )
        };
        registry.load_str("t.xml", &xml(attrs)).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(registry.load_str("t.xml", &xml(r#"bogus="1""#)).is_err(), "{id} refuses `bogus`");
    }
}

/// Nav2's own node models (`navigation2__nav2_tree_nodes.xml`, read as a sibling file) agree with
/// the ports of the registry's leaves in every navigate-to-pose file: the same names, directions
/// and, where both sides have a known type, types.
#[test]
fn nav2_models_agree_with_the_registry() {
    let dir = format!("{}/tests/xml/corpus", env!("CARGO_MANIFEST_DIR"));
    let registry = tree::registry().with_files([format!("{dir}/navigation2__nav2_tree_nodes.xml")]);
    for (file, _) in NAV2_FILES {
        let tree = bt_xml::load_among(
            std::path::Path::new(&format!("{dir}/{file}")),
            None,
            &[format!("{dir}/navigation2__nav2_tree_nodes.xml").into()],
        )
        .unwrap();
        assert!(tree.models.iter().any(|m| m.id == "ComputePathToPose"), "{file}: Nav2's models are read");
        registry.load(format!("{dir}/{file}")).unwrap_or_else(|e| panic!("{file}:\n{e}"));
    }
}
