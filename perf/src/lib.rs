//! Benchmark support for `bt`: the same behaviour written several ways, checksum-equal.
//!
//! * [`hungry`]: the hungry agent of the examples, as the `bt!` tree (a), by hand (b), as a
//!   `Box<dyn>` tree (c) and in `bonsai-bt` (d), plus the world alone (e), and as the `bt!` tree
//!   built from node kinds written outside the runtime, in the long form (f) and the short form
//!   (h).
//! * [`drone`]: a survey drone that decides mostly by the clock (timeouts, delays, a cooldown,
//!   retries, a rate controller), as a `bt!` tree (a), by hand (b) and as a `Box<dyn>` tree (c).
//! * [`nav2`]: Nav2's `navigate_to_pose_w_replanning_and_recovery` over a world after the
//!   example's, as a `bt!` tree (a), by hand (b) and as a `Box<dyn>` tree (c).
//! * [`soldier`]: a game soldier driven by an enum (`switch` on its stance), with perception as
//!   a `service` and guards with observer aborts, the same three ways.
//! * [`synthetic`]: a tree of a few hundred nodes, as a `bt` tree (a), by hand (b) and as a
//!   `Box<dyn>` tree (c), plus the world alone (e).
//! * [`events`]: the event log the newer trees' worlds share.
//! * [`dynkinds`]: more node kinds in the `Box<dyn>` style.
//! * [`dynbt`]: the classic `Box<dyn Node>` framework design, ported to Rust.
//! * [`counting_alloc`]: a counting global allocator for the zero-allocation test.
//!
//! Every variant implements [`Variant`]: a world and the thing that decides in it. One step is
//! the world's own update followed by one decision (one tree tick); both are separate
//! non-inlined calls, so every variant pays the same for the loop around them and a profiler
//! (`scripts/instructions.sh` uses callgrind) can count each call's cost on its own. The binary
//! `bt-perf-variants <tree> <variant> <steps>` runs one variant and prints its checksum.

pub mod counting_alloc;
pub mod drone;
pub mod dynbt;
pub mod dynkinds;
pub mod events;
pub mod hungry;
pub mod mission;
pub mod nav2;
pub mod soldier;
pub mod synthetic;

pub use counting_alloc::CountingAlloc;

/// One way of running a simulation: the world plus whatever makes the decisions in it.
///
/// Implementations mark both methods `#[inline(never)]`, so that every variant pays exactly the
/// same for the loop and the two calls of a step, and [`run`] measures what is inside them.
pub trait Variant {
    /// Short name, as the command line and the tables print it (`"bt"`, `"hand"`, …).
    const NAME: &'static str;
    /// The world's own update (the same code in every variant).
    fn update_world(&mut self);
    /// One decision: one tick of the tree (nothing, for the world-only variant).
    fn decide(&mut self);
    /// A hash of the world; equal across variants after the same number of steps.
    fn checksum(&self) -> u64;
}

/// Runs `steps` steps (world update, then decision) and returns the checksum.
#[inline(never)]
pub fn run<V: Variant>(v: &mut V, steps: u64) -> u64 {
    for _ in 0..steps {
        v.update_world();
        v.decide();
    }
    v.checksum()
}

/// Bytes of decision state of each benchmark tree: `(tree, bt!, hand-written)`. The `bt!` figure
/// is the size of the named tree's struct: the nodes (what each keeps across activations, leaves'
/// fields included; nodes and leaves that keep nothing take nothing) and the root's active state
/// (the state of the activations in progress, one block shared by the branches that never run at
/// once). The hand-written one is the size of the hand-written brain's struct.
pub fn state_sizes() -> [(&'static str, usize, usize); 10] {
    use synthetic::{seed1, seed2, seed3, seed4};
    [
        ("hungry", size_of::<hungry::world::AgentBrain>(), size_of::<hungry::hand::HandBrain>()),
        ("mission", size_of::<mission::MissionBrain>(), size_of::<mission::hand::HandMission>()),
        ("synthetic", size_of::<synthetic::bt_tree::SynthBrain>(), size_of::<synthetic::hand::HandBrain>()),
        ("synthetic1", size_of::<seed1::bt_tree::SynthBrain>(), size_of::<seed1::hand::HandBrain>()),
        ("synthetic2", size_of::<seed2::bt_tree::SynthBrain>(), size_of::<seed2::hand::HandBrain>()),
        ("synthetic3", size_of::<seed3::bt_tree::SynthBrain>(), size_of::<seed3::hand::HandBrain>()),
        ("synthetic4", size_of::<seed4::bt_tree::SynthBrain>(), size_of::<seed4::hand::HandBrain>()),
        ("drone", size_of::<drone::DroneBrain>(), size_of::<drone::hand::HandDrone>()),
        ("nav2", size_of::<nav2::Nav2Brain>(), size_of::<nav2::hand::HandNav>()),
        ("soldier", size_of::<soldier::SoldierBrain>(), size_of::<soldier::hand::HandSoldier>()),
    ]
}
