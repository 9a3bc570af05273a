//! The leaves of the agent's tree, and the tree ([`AgentBrain`]).

use super::*;

macro_rules! feel {
    ($($(#[$doc:meta])* $name:ident => $need:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize, bt::Persist))]
        pub struct $name;

        impl Condition<Agent> for $name {
            fn check(&mut self, agent: &Agent) -> bool {
                agent.feel($need)
            }
        }
    )*};
}

feel! {
    /// True when mood is below [`LOW`]; notes the park on the blackboard.
    FeelBoring => Need::Mood;
    /// True when food is below [`LOW`]; notes the kitchen on the blackboard.
    FeelHungry => Need::Food;
    /// True when water is below [`LOW`]; notes the well on the blackboard.
    FeelThirsty => Need::Water;
    /// True when energy is below [`LOW`]; notes the bed on the blackboard.
    FeelTired => Need::Energy;
    /// True when money is below [`LOW`]; notes the office on the blackboard.
    FeelPoor => Need::Money;
}

/// Walks to the zone noted on the blackboard; succeeds on arrival, fails if the note is missing or
/// has expired on the way. Its exit stops the agent and wipes the note.
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize, bt::Persist))]
pub struct WalkTo;

impl Action<Agent> for WalkTo {
    fn condition(&mut self, agent: &Agent) -> bool {
        agent.can_walk()
    }
    fn enter(&mut self, agent: &mut Agent) {
        agent.start_walk();
    }
    fn execute(&mut self, agent: &mut Agent) -> Status {
        agent.walk()
    }
    fn exit(&mut self, agent: &mut Agent, how: Exit) {
        agent.end_walk(how);
    }
}

macro_rules! refill {
    ($($(#[$doc:meta])* $name:ident => $need:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize, bt::Persist))]
        pub struct $name;

        impl Action<Agent> for $name {
            fn condition(&mut self, agent: &Agent) -> bool {
                agent.can_refill($need)
            }
            fn enter(&mut self, agent: &mut Agent) {
                agent.start_refill($need);
            }
            fn execute(&mut self, agent: &mut Agent) -> Status {
                agent.refill($need)
            }
            fn exit(&mut self, agent: &mut Agent, how: Exit) {
                agent.end_refill($need, how);
            }
        }
    )*};
}

refill! {
    /// Eats in the kitchen until food is full (costs money).
    EatFood => Need::Food;
    /// Drinks at the well until water is full.
    DrinkWater => Need::Water;
    /// Rests in bed until energy is full.
    HaveRest => Need::Energy;
    /// Has fun in the park until mood is full (costs money).
    HaveFun => Need::Mood;
    /// Works at the office until money is full (tiring and boring).
    Work => Need::Money;
}

/// Runs for as long as the agent lives; fails when it has died.
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize, bt::Persist))]
pub struct Alive;

impl Action<Agent> for Alive {
    fn condition(&mut self, agent: &Agent) -> bool {
        agent.is_alive()
    }
    fn enter(&mut self, agent: &mut Agent) {
        agent.entered(Task::Alive);
    }
    fn execute(&mut self, _agent: &mut Agent) -> Status {
        Status::Running
    }
    fn exit(&mut self, agent: &mut Agent, how: Exit) {
        agent.exited(Task::Alive, how);
    }
}

// ----- the tree -----------------------------------------------------------------------------

bt! {
    /// The agent's mind: the classic hungry-agent tree (see the module docs for how it plays out).
    #[derive(Clone)]
    pub struct AgentBrain for Agent {
        repeat(parallel(1)<
            selector<
                sequence<FeelBoring, WalkTo, HaveFun>,
                sequence<FeelHungry, WalkTo, EatFood>,
                sequence<FeelThirsty, WalkTo, DrinkWater>,
                sequence<FeelTired, WalkTo, HaveRest>,
                sequence<FeelPoor, WalkTo, Work>,
            >,
            Alive,
        >)
    }
}

// ----- loading the tree from XML --------------------------------------------------------------

/// Builds a leaf without ports: refuses any attribute.
fn bare<A: Action<Agent> + Copy + Send + Sync + 'static>(
    a: A,
) -> impl Fn(&bt::load::Attributes<'_>) -> Result<bt::ActionNode<A>, String> + Send + Sync + 'static {
    move |attrs| match attrs.names().next() {
        Some(name) => Err(format!("no port `{name}`: the agent's leaves have none")),
        None => Ok(bt::ActionNode::new(a)),
    }
}

/// The agent's leaves, by their element names (`FeelHungry`, `WalkTo`, …), for trees loaded at
/// run time from BehaviorTree.CPP XML (`examples/hungry_agent/agent.xml` is [`AgentBrain`]'s).
pub fn registry() -> bt::load::Registry<Agent> {
    bt::load::Registry::new()
        .with_clock()
        .condition_with("FeelBoring", || FeelBoring)
        .condition_with("FeelHungry", || FeelHungry)
        .condition_with("FeelThirsty", || FeelThirsty)
        .condition_with("FeelTired", || FeelTired)
        .condition_with("FeelPoor", || FeelPoor)
        .node("WalkTo", bare(WalkTo))
        .node("EatFood", bare(EatFood))
        .node("DrinkWater", bare(DrinkWater))
        .node("HaveRest", bare(HaveRest))
        .node("HaveFun", bare(HaveFun))
        .node("Work", bare(Work))
        .node("Alive", bare(Alive))
}
