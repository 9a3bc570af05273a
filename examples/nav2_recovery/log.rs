//! The log of a run: one line per step in which something worth telling happened, then a
//! summary.

use std::time::Duration;

use bt::{Exit, Status};

use crate::sim::{
    Behavior, Blocker, CELL, DT, Event, EventKind, HEIGHT, Layer, Pos, Real, Robot, SCENARIO, WIDTH,
};
use crate::tree::Navigation;
use bt::Clock;

/// The name of goal `goal` of the scenario, where it is `at` now (moved or not).
fn place_name(goal: usize, at: Pos) -> &'static str {
    match SCENARIO[goal].update {
        Some((_, place)) if place.at == at => place.name,
        _ => SCENARIO[goal].place.name,
    }
}

/// `mm:ss.s`.
fn clock(t: Duration) -> String {
    let tenths = t.as_millis() / 100;
    format!("{:02}:{:02}.{}", tenths / 600, tenths % 600 / 10, tenths % 10)
}

/// `12 cells (3.00 m)`.
fn cells(n: usize) -> String {
    format!("{n} cells ({:.2} m)", n as f32 * CELL)
}

/// `1 mark`, `3 marks`, `2 boxes`: `n` and the noun, in the plural unless `n` is 1.
fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Counters the log keeps for the summary.
#[derive(Default)]
struct Tally {
    replans: u32,
    route_changes: u32,
    context_local: u32,
    context_global: u32,
    /// Navigation recoveries, by kind: ClearingActions, Spin, Wait, BackUp, DriveOnHeading.
    navigation: [u32; 5],
    noise: u32,
    stale: u32,
    boxes: u32,
    people: u32,
}

/// Turns the robot's events into log lines: one line per step in which something worth telling
/// happened.
pub struct Log {
    /// The tree's description.
    tree: &'static bt::TreeDescription,
    /// How many navigation recoveries the tree's root allows (a `recovery(n)` root), if any.
    rounds: Option<u64>,
    verbose: bool,
    quiet: bool,
    /// Whether the robot is following a path (re-planning then is routine).
    following: bool,
    /// Why the next planning happens, when it is not routine.
    reason: Option<&'static str>,
    /// Whether the planning in progress is routine (its start was not printed).
    routine: bool,
    /// When the planning in progress started.
    planning_since: Duration,
    /// Whether a navigation recovery is in progress, and how many ran for this goal.
    recovering: bool,
    recoveries: u32,
    /// Whether FollowPath failed since it last started (the next start is a retry).
    follow_failed: bool,
    /// Whether the one retry of the FollowPath and ComputePathToPose recovery nodes was used
    /// (they count until their action succeeds or the pipeline fails).
    follow_retry_used: bool,
    plan_retry_used: bool,
    /// Whether a path was found in this step (the start of following is then "it").
    just_planned: bool,
    tally: Tally,
}

impl Log {
    /// A log of the runs of `tree`.
    pub fn new(tree: &'static bt::TreeDescription, verbose: bool, quiet: bool) -> Self {
        let root = tree.node(0);
        let rounds = root.filter(|n| n.kind == "recovery").and_then(|n| n.args.trim().parse().ok());
        Log {
            tree,
            rounds,
            verbose,
            quiet,
            following: false,
            reason: None,
            routine: false,
            planning_since: Duration::ZERO,
            recovering: false,
            recoveries: 0,
            follow_failed: false,
            follow_retry_used: false,
            plan_retry_used: false,
            just_planned: false,
            tally: Tally::default(),
        }
    }

    /// The lines before the run: the tree (made `how`), the map, the obstacles (from `seed`, or
    /// none), the goals.
    pub fn header(&self, seed: Option<u64>, how: &str) {
        if self.quiet {
            return;
        }
        let nodes = self.tree.len();
        if how.starts_with("loaded") {
            say!("The tree {} ({nodes} nodes, {how}) drives a", self.tree.name);
        } else {
            say!("Nav2's navigate_to_pose_w_replanning_and_recovery tree ({nodes} nodes, {how}) drives a");
        }
        let obstacles = match seed {
            Some(seed) => format!("obstacles from seed {seed}"),
            None => "no obstacles".to_string(),
        };
        say!(
            "robot on a {:.0} m × {:.2} m map of {CELL} m cells at 1 m/s, one tick per {} ms; {obstacles}.",
            WIDTH as f32 * CELL,
            HEIGHT as f32 * CELL,
            DT.as_millis()
        );
        let goals: Vec<String> = SCENARIO
            .iter()
            .map(|g| match g.update {
                Some((after, place)) => {
                    format!("{} (moved to {} after {} s)", g.place.name, place.name, after.as_secs())
                }
                None => g.place.name.to_string(),
            })
            .collect();
        say!("Goals: {}.", goals.join(", "));
        say!("Cells are (x, y), see --map; the routine re-planning once a second is shown with --verbose.\n");
    }

    /// Drains the robot's events and prints what they mean.
    pub fn step(&mut self, robot: &mut Robot) {
        let mut phrases: Vec<String> = Vec::new();
        let mut at = None;
        self.just_planned = false;
        while let Some(event) = robot.events.pop() {
            at.get_or_insert((event.at, event.robot));
            if let Some(phrase) = self.phrase(robot, event) {
                phrases.push(phrase);
            }
        }
        if let Some((t, pos)) = at
            && !phrases.is_empty()
            && !self.quiet
        {
            say!("{}  {:<8}  {}", clock(t), pos.to_string(), phrases.join(" → "));
        }
    }

    /// What `event` means, if it is worth a phrase.
    fn phrase(&mut self, robot: &Robot, event: Event) -> Option<String> {
        let t = &mut self.tally;
        Some(match event.kind {
            EventKind::NavigationStarted { goal } => {
                let place = SCENARIO[goal].place;
                self.reason = Some("new goal");
                self.recoveries = 0;
                self.follow_failed = false;
                self.follow_retry_used = false;
                self.plan_retry_used = false;
                format!("goal {}/{}: {} {}", goal + 1, SCENARIO.len(), place.name, place.at)
            }
            EventKind::GoalUpdated { goal, to } => {
                self.reason = Some("goal updated");
                format!("the goal moves to {} {to}", place_name(goal, to))
            }
            EventKind::GoalReached { goal } => {
                self.following = false;
                format!("reached {}", place_name(goal, robot.goal()))
            }
            EventKind::NavigationFailed { goal } => {
                self.following = false;
                format!("navigation to {} FAILED", place_name(goal, robot.goal()))
            }
            EventKind::Noise { at } => {
                t.noise += 1;
                format!("sensor noise: a phantom obstacle at {at} in the local costmap")
            }
            EventKind::StaleMarks { from, to } => {
                t.stale += 1;
                format!("stale marks across the path in the global costmap at {from}–{to}")
            }
            EventKind::Appeared(o) => match o.leaves_at {
                Some(leaves) => {
                    t.people += 1;
                    format!(
                        "a person steps onto the path at {} (for {:.1} s)",
                        o.at,
                        (leaves - event.at).as_secs_f32()
                    )
                }
                None => {
                    t.boxes += 1;
                    format!("a box is dropped on the path at {}", o.at)
                }
            },
            EventKind::Left { at } => format!("the person at {at} walks away"),
            EventKind::PlanningStarted { planner, goal } => {
                self.planning_since = event.at;
                self.recovering = false;
                let why = self.reason.take();
                self.routine = why.is_none();
                if self.routine {
                    t.replans += 1;
                    if !self.verbose {
                        return None;
                    }
                }
                match why {
                    Some("new goal") => format!("planning with {planner}"),
                    Some(why) => format!("planning to {goal} ({why})"),
                    None => format!("re-planning to {goal} (1 Hz)"),
                }
            }
            EventKind::PlanningSucceeded { cells: n, same_route } => {
                let took = (event.at - self.planning_since).as_secs_f32();
                self.plan_retry_used = false;
                self.just_planned = true;
                if self.routine && !same_route {
                    t.route_changes += 1;
                }
                if self.routine && same_route && !self.verbose {
                    return None;
                }
                let route = match (self.following, same_route) {
                    (false, _) => "",
                    (true, true) => ", the same route",
                    (true, false) => ", a new route",
                };
                format!("path found in {took:.2} s: {}{route}", cells(n))
            }
            EventKind::PlanningFailed(code) => {
                self.reason = Some("retry");
                let took = (event.at - self.planning_since).as_secs_f32();
                let then =
                    if self.plan_retry_used { "; its one retry is used up: the pipeline fails" } else { "" };
                format!("planning fails after {took:.2} s: {}{then}", code.name())
            }
            EventKind::PlanningCancelled => "planning cancelled".to_string(),
            EventKind::FollowStarted { controller, cells: n } => {
                self.following = true;
                self.recovering = false;
                if self.reason == Some("after the recovery") {
                    self.reason = None;
                }
                if std::mem::take(&mut self.follow_failed) {
                    format!("following again, {} to go", cells(n))
                } else if self.just_planned {
                    format!("following it with {controller}")
                } else {
                    format!("following {} with {controller}", cells(n))
                }
            }
            EventKind::Progress { to_go } => format!("on the way, {} to go", cells(to_go)),
            EventKind::FollowFailed { code, blocked } => {
                self.following = false;
                self.follow_failed = true;
                let what = match blocked {
                    Some((p, Blocker::Real(Real::Box))) => format!(": a box at {p}"),
                    Some((p, Blocker::Real(Real::Person))) => format!(": a person at {p}"),
                    Some((p, Blocker::Phantom)) => format!(": a phantom mark at {p}"),
                    Some((p, Blocker::Wall)) => format!(": a wall at {p}"),
                    None => String::new(),
                };
                let then = if self.follow_retry_used {
                    "; its one retry is used up: the pipeline fails"
                } else {
                    ""
                };
                format!("FollowPath fails: {}{what}{then}", code.name())
            }
            EventKind::FollowSucceeded | EventKind::FollowHalted => {
                self.following = false;
                return None;
            }
            EventKind::Cleared { name, layer, removed } => {
                let cleared = format!(
                    "{name} clears the {} costmap ({})",
                    layer.name(),
                    count(removed, "mark", "marks")
                );
                if name.ends_with("-Context") {
                    match layer {
                        Layer::Local => {
                            t.context_local += 1;
                            self.follow_retry_used = true;
                        }
                        Layer::Global => {
                            t.context_global += 1;
                            self.plan_retry_used = true;
                        }
                    }
                    cleared
                } else if layer == Layer::Local {
                    t.navigation[0] += 1;
                    self.navigation_recovery("ClearingActions", cleared)
                } else {
                    cleared
                }
            }
            EventKind::BehaviorStarted(b, amount) => {
                let (i, what) = match b {
                    Behavior::Spin => (1, format!("Spin {amount:.2} rad")),
                    Behavior::Wait => (2, format!("Wait {amount} s")),
                    Behavior::BackUp => (3, format!("BackUp {amount:.2} m")),
                    Behavior::DriveOnHeading => (4, format!("DriveOnHeading {amount:.2} m")),
                };
                t.navigation[i] += 1;
                self.navigation_recovery(&what, String::new())
            }
            EventKind::BehaviorEnded(b, how, code) => match how {
                Exit::Success => format!("{} done", b.name()),
                Exit::Failure => format!("{} fails: {}", b.name(), code.name()),
                Exit::Halted => format!("{} interrupted", b.name()),
            },
        })
    }

    /// The phrase of a navigation recovery (a child of `RecoveryActions` starting), numbered
    /// within the goal.
    fn navigation_recovery(&mut self, what: &str, then: String) -> String {
        let first = !std::mem::replace(&mut self.recovering, true);
        if first {
            self.recoveries += 1;
            // The pipeline failed: its recovery nodes start over, and it plans again.
            self.follow_retry_used = false;
            self.plan_retry_used = false;
            self.reason = Some("after the recovery");
        }
        let head = if first {
            match self.rounds {
                Some(n) => {
                    format!("navigation recovery {}/{n}: RecoveryActions runs {what}", self.recoveries)
                }
                None => format!("navigation recovery {}: RecoveryActions runs {what}", self.recoveries),
            }
        } else {
            format!("then {what}")
        };
        if then.is_empty() { head } else { format!("{head} → {then}") }
    }

    /// The summary after the run, which took `elapsed` of wall time and started `deferred` retries
    /// one tick later than Nav2 would (see `deferred.rs`).
    pub fn summary<T>(&self, nav: &Navigation<T>, elapsed: Duration, deferred: usize) {
        let robot = &nav.robot;
        let t = &self.tally;
        let s = robot.stats;
        let steps = robot.steps;
        let reached = nav.outcomes.iter().filter(|o| o.status == Status::Success).count();
        if !self.quiet {
            say!();
        }
        say!("simulated    {} in {steps} steps of {} ms (one tick each)", clock(robot.now()), DT.as_millis());
        say!(
            "wall time    {:.2} ms ({:.0} ns per step: simulation + tree tick{})",
            elapsed.as_secs_f64() * 1e3,
            elapsed.as_secs_f64() * 1e9 / steps.max(1) as f64,
            if self.quiet { "" } else { " + log" }
        );
        say!("goals        {reached} of {} reached", nav.goals.len());
        say!("driven       {}", cells(s.driven as usize));
        say!(
            "planning     {}, {}; {} at 1 Hz, {} of them a new route",
            count(s.plans, "path", "paths"),
            count(s.plans_failed, "failure", "failures"),
            count(t.replans, "routine re-plan", "routine re-plans"),
            t.route_changes
        );
        say!(
            "obstacles    {}, {}, {}, {}",
            count(t.noise, "phantom mark (noise)", "phantom marks (noise)"),
            count(t.stale, "stale bar", "stale bars"),
            count(t.boxes, "box", "boxes"),
            count(t.people, "person", "people")
        );
        say!(
            "recoveries   context: {} local, {} global; navigation: ClearingActions {}, Spin {}, Wait {}, BackUp {}",
            t.context_local,
            t.context_global,
            t.navigation[0],
            t.navigation[1],
            t.navigation[2],
            t.navigation[3]
        );
        if t.navigation[4] > 0 {
            say!("             DriveOnHeading {}", t.navigation[4]);
        }
        say!(
            "retries      {} after a successful recovery, each started one tick ({} ms) after Nav2 would start it",
            deferred,
            DT.as_millis()
        );
        say!("checksum     {:#018x}", robot.checksum());
    }
}
