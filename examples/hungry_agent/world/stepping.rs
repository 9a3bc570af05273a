//! The agent and its mind, stepped together ([`World`]).

use super::*;

/// What decides for the agent: the compiled tree [`AgentBrain`], or a tree loaded at run time
/// from an XML file ([`registry`]).
pub trait Brain {
    /// One decision.
    fn tick(&mut self, agent: &mut Agent) -> Status;
    /// Interrupts what runs.
    fn halt(&mut self, agent: &mut Agent);
}

impl Brain for AgentBrain {
    fn tick(&mut self, agent: &mut Agent) -> Status {
        (**self).tick(agent)
    }
    fn halt(&mut self, agent: &mut Agent) {
        (**self).halt(agent)
    }
}

impl Brain for bt::dynamic::DynTree<'static, Agent> {
    fn tick(&mut self, agent: &mut Agent) -> Status {
        bt::dynamic::DynTree::tick(self, agent)
    }
    fn halt(&mut self, agent: &mut Agent) {
        bt::dynamic::DynTree::halt(self, agent)
    }
}

/// The agent and its mind, stepped together.
pub struct World<B = AgentBrain> {
    /// The agent (the tree's context).
    pub agent: Agent,
    /// Its behavior tree.
    pub brain: B,
    /// Number of decisions (tree ticks) so far.
    pub ticks: u64,
}

impl Default for World {
    fn default() -> Self {
        Self::new()
    }
}

impl World {
    /// The demo world.
    pub fn new() -> Self {
        Self::with_agent(Agent::new())
    }

    /// A world around `agent`, with a fresh tree.
    pub fn with_agent(agent: Agent) -> Self {
        World::with_brain(agent, AgentBrain::new())
    }
}

impl<B: Brain> World<B> {
    /// A world around `agent`, decided by `brain` (idle).
    pub fn with_brain(agent: Agent, brain: B) -> Self {
        World { agent, brain, ticks: 0 }
    }

    /// Game time.
    pub fn now(&self) -> Duration {
        self.agent.now()
    }

    /// The physics of one step of `dt` (no decision).
    pub fn update(&mut self, dt: Duration) {
        self.agent.update(dt);
    }

    /// One decision: ticks the tree once.
    pub fn decide(&mut self) -> Status {
        self.ticks += 1;
        self.brain.tick(&mut self.agent)
    }

    /// One step: [`update`](Self::update) by [`DT`], then [`decide`](Self::decide). The tree only
    /// returns `Failure` once the agent has died.
    pub fn step(&mut self) -> Status {
        self.update(DT);
        self.decide()
    }

    /// Interrupts the tree (end of the simulation): the running actions exit with `Halted`.
    pub fn stop(&mut self) {
        self.brain.halt(&mut self.agent);
    }

    /// FNV-1a hash of the whole state: time, position, needs, health, activity, blackboard,
    /// counters and ticks. Equal for two simulations that took the same decisions.
    pub fn checksum(&self) -> u64 {
        let a = &self.agent;
        let mut h = Fnv::new();
        h.u64(a.now().as_nanos() as u64);
        h.f32(a.pos.x);
        h.f32(a.pos.y);
        for v in a.needs {
            h.f32(v);
        }
        h.f32(a.health);
        h.u64(match a.activity {
            Activity::Idle => 0,
            Activity::Walking(z) => 1 + z as u64,
            Activity::Refilling(n) => 10 + n as u64,
        });
        let target = a.blackboard.target.get();
        h.u64(target.get(a.now()).map_or(u64::MAX, |z| *z as u64));
        h.u64(target.expires_at().map_or(u64::MAX, |t| t.as_nanos() as u64));
        for c in a.stats.completed {
            h.u64(c.into());
        }
        h.u64(a.stats.walks.into());
        h.u64(a.stats.walks_abandoned.into());
        h.u64(self.ticks);
        h.0
    }
}

impl World {
    /// The whole state as a JSON value (feature `serde`): the agent (its clock included), the
    /// number of decisions, and the brain's saved state (see `bt::BehaviorTree::save`). Call it
    /// between steps, when the event ring has been drained.
    #[cfg(feature = "serde")]
    pub fn save(&self) -> serde_json::Value {
        serde_json::json!({
            "agent": self.agent,
            "ticks": self.ticks,
            "brain": self.brain.save(&self.agent),
        })
    }

    /// A world saved by [`save`](Self::save), with a fresh brain restored from it: it continues
    /// exactly as the saved one would have.
    #[cfg(feature = "serde")]
    pub fn load(mut saved: serde_json::Value) -> Result<World, String> {
        let mut take = |key: &str| {
            saved.get_mut(key).map(serde_json::Value::take).ok_or(format!("no `{key}` in the saved state"))
        };
        let agent: Agent = serde_json::from_value(take("agent")?).map_err(|e| e.to_string())?;
        let ticks = serde_json::from_value(take("ticks")?).map_err(|e| e.to_string())?;
        let brain = take("brain")?;
        let mut world = World { agent, brain: AgentBrain::new(), ticks };
        world.brain.restore(brain, &world.agent).map_err(|e| e.to_string())?;
        Ok(world)
    }
}

/// 64-bit FNV-1a.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn u64(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn f32(&mut self, v: f32) {
        self.u64(v.to_bits().into());
    }
}
