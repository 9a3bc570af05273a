//! The hungry agent example, decided several ways over the same world.
//!
//! The world, the agent and the leaves are the example's own (`examples/hungry_agent/world.rs`,
//! included as [`world`]); [`World::update`] is the world's step in every variant. What differs is
//! what decides:
//!
//! * (a) [`HungryBt`]: the example's `bt!` tree, [`world::AgentBrain`];
//! * (b) [`HungryHand`]: the same decisions written by hand ([`hand`]);
//! * (c) [`HungryDyn`]: the classic `Box<dyn>` design ([`dyn_tree`]);
//! * (d) [`HungryBonsai`]: a `bonsai-bt` tree ([`bonsai`]);
//! * (e) [`HungryWorldOnly`]: no decisions at all;
//! * (f) [`HungryCustom`]: the `bt!` tree written with node kinds of the user's ([`custom`]):
//!   the same repeat, parallel, selector and sequence, defined outside the runtime through the
//!   public extension API;
//! * (g) [`HungryLoaded`]: the same tree loaded when the program runs, from the example's
//!   `agent.xml` over the example's registry of its leaves ([`world::registry`]): the runtime's
//!   own nodes over run-time lists of children (`bt::load`);
//! * (h) [`HungryShort`]: the tree of (f) with its repeat, selector and sequence in short form
//!   ([`short`], [`bt::short`]).
//!
//! Every variant counts its decisions in [`World::ticks`] the way [`World::decide`] does, so after
//! the same number of steps (a) to (d) and (f) to (h) have the same [`World::checksum`].

#[path = "../../../examples/hungry_agent/world.rs"]
pub mod world;

pub mod bonsai;
pub mod custom;
pub mod dyn_tree;
pub mod hand;
pub mod short;

use world::{DT, World};

/// Variant (a): the `bt!` tree of the example.
pub struct HungryBt {
    world: World,
}

impl Default for HungryBt {
    fn default() -> Self {
        Self::new()
    }
}

impl HungryBt {
    /// The example's world, with its tree.
    pub fn new() -> Self {
        HungryBt { world: World::new() }
    }

    /// The world.
    pub fn world(&self) -> &World {
        &self.world
    }
}

impl crate::Variant for HungryBt {
    const NAME: &'static str = "bt";
    #[inline(never)]
    fn update_world(&mut self) {
        self.world.update(DT);
    }
    #[inline(never)]
    fn decide(&mut self) {
        let _ = self.world.decide();
    }
    fn checksum(&self) -> u64 {
        self.world.checksum()
    }
}

/// Variant (b): the decisions written by hand.
pub struct HungryHand {
    world: World,
    brain: hand::HandBrain,
}

impl Default for HungryHand {
    fn default() -> Self {
        Self::new()
    }
}

impl HungryHand {
    /// The example's world (its tree unused) and the hand-written brain.
    pub fn new() -> Self {
        HungryHand { world: World::new(), brain: hand::HandBrain::new() }
    }

    /// The world.
    pub fn world(&self) -> &World {
        &self.world
    }
}

impl crate::Variant for HungryHand {
    const NAME: &'static str = "hand";
    #[inline(never)]
    fn update_world(&mut self) {
        self.world.update(DT);
    }
    #[inline(never)]
    fn decide(&mut self) {
        self.world.ticks += 1;
        let _ = self.brain.tick(&mut self.world.agent);
    }
    fn checksum(&self) -> u64 {
        self.world.checksum()
    }
}

/// Variant (c): `Box<dyn>` nodes.
pub struct HungryDyn {
    world: World,
    tree: crate::dynbt::BoxNode<world::Agent>,
}

impl Default for HungryDyn {
    fn default() -> Self {
        Self::new()
    }
}

impl HungryDyn {
    /// The example's world (its tree unused) and the boxed tree.
    pub fn new() -> Self {
        HungryDyn { world: World::new(), tree: dyn_tree::tree() }
    }

    /// The world.
    pub fn world(&self) -> &World {
        &self.world
    }
}

impl crate::Variant for HungryDyn {
    const NAME: &'static str = "dyn";
    #[inline(never)]
    fn update_world(&mut self) {
        self.world.update(DT);
    }
    #[inline(never)]
    fn decide(&mut self) {
        self.world.ticks += 1;
        let _ = self.tree.update(&mut self.world.agent);
    }
    fn checksum(&self) -> u64 {
        self.world.checksum()
    }
}

/// Variant (d): bonsai-bt.
pub struct HungryBonsai {
    world: World,
    brain: bonsai::BonsaiBrain,
}

impl Default for HungryBonsai {
    fn default() -> Self {
        Self::new()
    }
}

impl HungryBonsai {
    /// The example's world (its tree unused) and the bonsai tree.
    pub fn new() -> Self {
        HungryBonsai { world: World::new(), brain: bonsai::BonsaiBrain::new() }
    }

    /// The world.
    pub fn world(&self) -> &World {
        &self.world
    }
}

impl crate::Variant for HungryBonsai {
    const NAME: &'static str = "bonsai";
    #[inline(never)]
    fn update_world(&mut self) {
        self.world.update(DT);
    }
    #[inline(never)]
    fn decide(&mut self) {
        self.world.ticks += 1;
        self.brain.tick(&mut self.world.agent);
    }
    fn checksum(&self) -> u64 {
        self.world.checksum()
    }
}

/// Variant (e): the world alone, no decisions.
pub struct HungryWorldOnly {
    world: World,
}

impl Default for HungryWorldOnly {
    fn default() -> Self {
        Self::new()
    }
}

impl HungryWorldOnly {
    /// The example's world; nothing decides in it.
    pub fn new() -> Self {
        HungryWorldOnly { world: World::new() }
    }
}

impl crate::Variant for HungryWorldOnly {
    const NAME: &'static str = "world";
    #[inline(never)]
    fn update_world(&mut self) {
        self.world.update(DT);
    }
    #[inline(never)]
    fn decide(&mut self) {}
    fn checksum(&self) -> u64 {
        self.world.checksum()
    }
}

/// Variant (f): the example's tree written with node kinds of the user's ([`custom`]).
pub struct HungryCustom {
    world: World,
    brain: custom::CustomBrain,
}

impl Default for HungryCustom {
    fn default() -> Self {
        Self::new()
    }
}

impl HungryCustom {
    /// The example's world (its tree unused) and the tree of user-written node kinds.
    pub fn new() -> Self {
        HungryCustom { world: World::new(), brain: custom::CustomBrain::new() }
    }

    /// The world.
    pub fn world(&self) -> &World {
        &self.world
    }
}

impl crate::Variant for HungryCustom {
    const NAME: &'static str = "custom";
    #[inline(never)]
    fn update_world(&mut self) {
        self.world.update(DT);
    }
    #[inline(never)]
    fn decide(&mut self) {
        self.world.ticks += 1;
        let _ = self.brain.tick(&mut self.world.agent);
    }
    fn checksum(&self) -> u64 {
        self.world.checksum()
    }
}

/// Variant (h): the example's tree written with node kinds of the user's in short form
/// ([`short`]).
pub struct HungryShort {
    world: World,
    brain: short::ShortBrain,
}

impl Default for HungryShort {
    fn default() -> Self {
        Self::new()
    }
}

impl HungryShort {
    /// The example's world (its tree unused) and the tree of short-form node kinds.
    pub fn new() -> Self {
        HungryShort { world: World::new(), brain: short::ShortBrain::new() }
    }

    /// The world.
    pub fn world(&self) -> &World {
        &self.world
    }
}

impl crate::Variant for HungryShort {
    const NAME: &'static str = "short";
    #[inline(never)]
    fn update_world(&mut self) {
        self.world.update(DT);
    }
    #[inline(never)]
    fn decide(&mut self) {
        self.world.ticks += 1;
        let _ = self.brain.tick(&mut self.world.agent);
    }
    fn checksum(&self) -> u64 {
        self.world.checksum()
    }
}

/// The example's tree in BehaviorTree.CPP XML, as `--tree-file` loads it.
pub const AGENT_XML: &str = include_str!("../../../examples/hungry_agent/agent.xml");

/// Variant (g): the example's tree loaded at run time from [`AGENT_XML`].
pub struct HungryLoaded {
    world: World,
    tree: bt::dynamic::DynTree<'static, world::Agent>,
}

impl Default for HungryLoaded {
    fn default() -> Self {
        Self::new()
    }
}

impl HungryLoaded {
    /// The example's world (its compiled tree unused) and the tree loaded from [`AGENT_XML`].
    ///
    /// # Panics
    ///
    /// If the file does not load (a test checks that it does).
    pub fn new() -> Self {
        let tree = match world::registry().load_str("agent.xml", AGENT_XML) {
            Ok(tree) => tree,
            Err(e) => panic!("examples/hungry_agent/agent.xml does not load: {e}"),
        };
        HungryLoaded { world: World::new(), tree }
    }

    /// The world.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The loaded tree.
    pub fn tree(&self) -> &bt::dynamic::DynTree<'static, world::Agent> {
        &self.tree
    }
}

impl crate::Variant for HungryLoaded {
    const NAME: &'static str = "loaded";
    #[inline(never)]
    fn update_world(&mut self) {
        self.world.update(DT);
    }
    #[inline(never)]
    fn decide(&mut self) {
        self.world.ticks += 1;
        let _ = self.tree.tick(&mut self.world.agent);
    }
    fn checksum(&self) -> u64 {
        self.world.checksum()
    }
}
