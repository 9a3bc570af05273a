//! The synthetic trees: fixed, randomly shaped trees of a few hundred nodes (sequences, selectors,
//! reactive sequences and selectors, parallels, repeats, retries, inverters, forced results,
//! preconditions, guards, timeouts, delays, cooldowns, conditions and multi-tick actions) over a
//! small world of counters that changes every tick, with a clock of 100 ms per tick.
//!
//! The tree is described once, in `tools/gen_tree` (seeded, so it never changes unless the seed
//! does), which writes it out three ways: as a `bt` tree ([`bt_tree`]), as plain `if`/`match` code
//! with explicit state ([`hand`]) and as a `Box<dyn>` tree ([`dyn_tree`]). The build writes that
//! code into `OUT_DIR` (perf/build.rs) for each of the generator's five seeds ([`seed0`] to
//! [`seed4`]); seed 0's variants are re-exported here. `cargo run -p gen_tree -- synthetic <dir>
//! --seed <i>` writes the same code, formatted, for reading. Leaves are the same
//! [`Check`] and [`Work`] types in every variant, and every `enter`/`exit` of a [`Work`] is hashed
//! into the world, so the checksum after N ticks pins down the exact sequence of decisions.
//!
//! # Why the leaves' constants are const generic parameters
//!
//! A leaf's constants (which counter, which bound, how many ticks, its id) never change. Code
//! written by hand holds them in its code: `Check::<3, 40>.check(w)` compiles to a compare
//! against an immediate, and the brain keeps only what changes (an action's ticks left). So does
//! the tree now: the constants are const generic parameters in every variant (`bt!`, hand and
//! `Box<dyn>`), as a `bt` user who wants constant leaves at no cost writes them — a
//! `Check<VAR, BELOW>` is zero-sized and a `Work<ID, VAR, TICKS, LIMIT>` keeps one byte. With the
//! constants as fields (`Check::new(3, 40)`, 8 bytes; `Work::new(..)`, 12), the `bt!` and
//! `Box<dyn>` trees kept them in their state and loaded them on every tick, and the hand-written
//! code kept each action's constants in its brain too.
//!
//! Fields (4306933) → parameters (30270fd), `scripts/instructions.sh 20000` with
//! `PROFILE=default` (Cargo's release profile), decide in instructions per tick, bt / hand / dyn:
//! seed 0 86.8 / 99.6 / 308.3 → 73.6 / 93.1 / 295.4 (bt/hand 0.871 → 0.790, bt/dyn 0.281 →
//! 0.249); seed 1 71.4 / 70.8 / 272.8 → 62.3 / 70.0 / 262.1 (1.008 → 0.890, 0.261 → 0.237);
//! seed 2 97.9 / 104.4 / 433.3 → 70.7 / 94.1 / 412.3 (0.937 → 0.751, 0.225 → 0.171); seed 3
//! 104.8 / 117.7 / 395.1 → 89.4 / 100.7 / 376.9 (0.890 → 0.887, 0.265 → 0.237); seed 4
//! 306.8 / 305.7 / 1148.2 → 247.7 / 263.4 / 1095.4 (1.003 → 0.940, 0.267 → 0.226). Under
//! `PROFILE=fat` (`lto = "fat"`, `codegen-units = 1`): seed 0 85.6 / 99.6 / 311.0 → 72.9 / 93.1 /
//! 298.1; seed 1 68.2 / 70.8 / 279.2 → 59.0 / 70.0 / 268.5; seed 2 94.9 / 104.6 / 443.1 → 68.9 /
//! 93.7 / 422.0; seed 3 101.4 / 117.7 / 400.9 → 87.0 / 100.7 / 382.6; seed 4 321.5 / 305.7 /
//! 1139.2 → 257.6 / 263.4 / 1086.4 (bt/hand 1.051 → 0.977, the seed that was above 1.05).
//!
//! Tree state (`bt-perf-variants sizes`), bt / hand, bytes: seed 0 1 372 / 1 400 → 193 / 688;
//! seed 1 1 508 / 1 400 → 212 / 616; seed 2 1 344 / 1 184 → 130 / 552; seed 3 1 396 / 1 360 →
//! 178 / 568; seed 4 1 416 / 1 304 → 217 / 632. Seeds 1 to 4 kept more state than their
//! hand-written code; `tests/state_size.rs` checks bt ≤ hand on every seed.

use bt::{Action, Condition, Exit, Status};

/// Number of counters in the world.
pub const VARS: usize = 32;

/// The synthetic world: counters in `0..100` that the world update overwrites at random and the
/// actions bump, and a hash of every action lifecycle event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SynthWorld {
    /// The counters read by conditions and changed by actions.
    pub vars: [u32; VARS],
    /// State of the world's own random generator.
    pub rng: u64,
    /// Hash of every `enter` and `exit` so far, in order.
    pub events: u64,
    /// Number of world updates so far.
    pub ticks: u64,
}

impl SynthWorld {
    /// A world in its initial state for `seed`.
    pub fn new(seed: u64) -> Self {
        let mut w = SynthWorld { vars: [0; VARS], rng: seed, events: 0xcbf2_9ce4_8422_2325, ticks: 0 };
        for _ in 0..VARS * 4 {
            w.update();
        }
        w.ticks = 0;
        w
    }

    /// The world's own step, the same in every variant: one counter gets a new random value.
    #[inline]
    pub fn update(&mut self) {
        self.rng = self.rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let i = (self.rng >> 59) as usize;
        self.vars[i] = ((self.rng >> 33) % 100) as u32;
        self.ticks += 1;
    }

    /// Records a lifecycle event.
    #[inline]
    pub fn record(&mut self, event: u64) {
        self.events = (self.events ^ event).wrapping_mul(0x0000_0100_0000_01b3);
    }

    /// A hash of the whole world state.
    pub fn checksum(&self) -> u64 {
        let mut h = self.events ^ self.rng.rotate_left(17) ^ self.ticks;
        for v in self.vars {
            h = (h ^ u64::from(v)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        h
    }
}

/// The world's clock: 100 ms per update, for the time-based nodes.
impl bt::Clock for SynthWorld {
    #[inline]
    fn now(&self) -> core::time::Duration {
        core::time::Duration::from_millis(100 * self.ticks)
    }
}

/// A condition leaf: counter `VAR` is below `BELOW`. Its constants are const generic parameters,
/// so it is zero-sized: the tree holds them in its code, as the hand-written code does (see the
/// module's docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct Check<const VAR: u8, const BELOW: u32>;

impl<const VAR: u8, const BELOW: u32> Condition<SynthWorld> for Check<VAR, BELOW> {
    #[inline]
    fn check(&mut self, w: &SynthWorld) -> bool {
        w.vars[VAR as usize % VARS] < BELOW
    }
}

/// A multi-tick action: runs for `TICKS` ticks while counter `VAR` stays below `LIMIT` (its
/// internal condition), bumping the counter every tick; succeeds or fails at the end depending on
/// the next counter. Every `enter` and `exit` is recorded in the world with the action's `ID`. Its
/// constants are const generic parameters: it keeps only the ticks it has left (one byte).
#[derive(Clone, Copy, Debug, Default)]
pub struct Work<const ID: u16, const VAR: u8, const TICKS: u8, const LIMIT: u32> {
    left: u8,
}

impl<const ID: u16, const VAR: u8, const TICKS: u8, const LIMIT: u32> Work<ID, VAR, TICKS, LIMIT> {
    /// Action `ID` over counter `VAR`, lasting `TICKS` ticks while the counter is below `LIMIT`.
    pub const fn new() -> Self {
        Work { left: 0 }
    }
}

impl<const ID: u16, const VAR: u8, const TICKS: u8, const LIMIT: u32> Action<SynthWorld>
    for Work<ID, VAR, TICKS, LIMIT>
{
    #[inline]
    fn condition(&mut self, w: &SynthWorld) -> bool {
        w.vars[VAR as usize % VARS] < LIMIT
    }

    #[inline]
    fn enter(&mut self, w: &mut SynthWorld) {
        self.left = TICKS;
        w.record(u64::from(ID) << 2);
    }

    // Forced inline: inside the one large function a `bt!` tree's tick becomes, LLVM sees this
    // call site as cold and declines to inline a method of this size (it inlines it into the
    // hand-written variant's small per-node functions anyway); see benches/README.md.
    #[inline(always)]
    fn execute(&mut self, w: &mut SynthWorld) -> Status {
        let v = &mut w.vars[VAR as usize % VARS];
        *v = (*v + 7) % 100;
        if self.left > 1 {
            self.left -= 1;
            Status::Running
        } else {
            self.left = 0;
            Status::from_bool(!w.vars[(VAR as usize + 1) % VARS].is_multiple_of(4))
        }
    }

    #[inline]
    fn exit(&mut self, w: &mut SynthWorld, how: Exit) {
        let how = match how {
            Exit::Success => 1,
            Exit::Failure => 2,
            Exit::Halted => 3,
        };
        w.record((u64::from(ID) << 2) | how);
    }
}

/// The seed of the world used by the benchmarks and the checksum test.
pub const WORLD_SEED: u64 = 0x5eed_0000_0000_0002;

/// Declares the module of one seed's tree: its three generated variants and their [`Variant`]s.
///
/// [`Variant`]: crate::Variant
macro_rules! seed {
    ($(#[$doc:meta])* $seed:ident, $i:literal) => {
        $(#[$doc])*
        pub mod $seed {
            use super::{Check, SynthWorld, WORLD_SEED, Work};

            /// Variant (a): the synthetic tree as a `bt!` tree.
            pub mod bt_tree {
                include!(concat!(env!("OUT_DIR"), "/synthetic", $i, "_bt_tree.rs"));
            }

            /// Variant (b): the synthetic tree written as plain code — one tick and one halt
            /// function per node, with if/match control flow and explicit state (a `u8` per
            /// sequence/selector, two bit masks per parallel, a flag per repeat (and a counter
            /// for a counted one), per precondition and per action). No framework.
            #[allow(clippy::all, unused_variables, unused_imports, dead_code)]
            pub mod hand {
                include!(concat!(env!("OUT_DIR"), "/synthetic", $i, "_hand.rs"));
            }

            /// Variant (c): the synthetic tree built from `Box<dyn Node>` nodes (the classic
            /// design).
            pub mod dyn_tree {
                include!(concat!(env!("OUT_DIR"), "/synthetic", $i, "_dyn_tree.rs"));
            }

            /// Variant (a) on this tree: the `bt!` tree.
            pub struct SynthBt {
                world: SynthWorld,
                tree: bt_tree::SynthBrain,
            }

            impl Default for SynthBt {
                fn default() -> Self {
                    Self::new()
                }
            }

            impl SynthBt {
                /// The world and the tree, both in their initial state.
                pub fn new() -> Self {
                    SynthBt { world: SynthWorld::new(WORLD_SEED), tree: bt_tree::SynthBrain::new() }
                }

                /// The tree.
                pub fn tree_mut(&mut self) -> &mut bt_tree::SynthBrain {
                    &mut self.tree
                }
            }

            impl crate::Variant for SynthBt {
                const NAME: &'static str = "bt";
                #[inline(never)]
                fn update_world(&mut self) {
                    self.world.update();
                }
                #[inline(never)]
                fn decide(&mut self) {
                    let _ = self.tree.tick(&mut self.world);
                }
                fn checksum(&self) -> u64 {
                    self.world.checksum()
                }
            }

            /// Variant (b) on this tree: plain code.
            pub struct SynthHand {
                world: SynthWorld,
                brain: hand::HandBrain,
            }

            impl Default for SynthHand {
                fn default() -> Self {
                    Self::new()
                }
            }

            impl SynthHand {
                /// The world and the brain, both in their initial state.
                pub fn new() -> Self {
                    SynthHand { world: SynthWorld::new(WORLD_SEED), brain: hand::HandBrain::new() }
                }
            }

            impl crate::Variant for SynthHand {
                const NAME: &'static str = "hand";
                #[inline(never)]
                fn update_world(&mut self) {
                    self.world.update();
                }
                #[inline(never)]
                fn decide(&mut self) {
                    let _ = self.brain.tick(&mut self.world);
                }
                fn checksum(&self) -> u64 {
                    self.world.checksum()
                }
            }

            /// Variant (c) on this tree: `Box<dyn>` nodes.
            pub struct SynthDyn {
                world: SynthWorld,
                tree: crate::dynbt::BoxNode<SynthWorld>,
            }

            impl Default for SynthDyn {
                fn default() -> Self {
                    Self::new()
                }
            }

            impl SynthDyn {
                /// The world and the tree, both in their initial state.
                pub fn new() -> Self {
                    SynthDyn { world: SynthWorld::new(WORLD_SEED), tree: dyn_tree::tree() }
                }
            }

            impl crate::Variant for SynthDyn {
                const NAME: &'static str = "dyn";
                #[inline(never)]
                fn update_world(&mut self) {
                    self.world.update();
                }
                #[inline(never)]
                fn decide(&mut self) {
                    let _ = self.tree.update(&mut self.world);
                }
                fn checksum(&self) -> u64 {
                    self.world.checksum()
                }
            }
        }
    };
}

seed!(
    /// The tree of seed 0, the one the tables report first.
    seed0, "0"
);
seed!(
    /// The tree of seed 1.
    seed1, "1"
);
seed!(
    /// The tree of seed 2.
    seed2, "2"
);
seed!(
    /// The tree of seed 3.
    seed3, "3"
);
seed!(
    /// The tree of seed 4.
    seed4, "4"
);

pub use seed0::{SynthBt, SynthDyn, SynthHand, bt_tree, dyn_tree, hand};

/// Variant (e) on the synthetic tree: the world alone, no decisions.
pub struct SynthWorldOnly {
    world: SynthWorld,
}

impl Default for SynthWorldOnly {
    fn default() -> Self {
        Self::new()
    }
}

impl SynthWorldOnly {
    /// The world in its initial state.
    pub fn new() -> Self {
        SynthWorldOnly { world: SynthWorld::new(WORLD_SEED) }
    }
}

impl crate::Variant for SynthWorldOnly {
    const NAME: &'static str = "world";
    #[inline(never)]
    fn update_world(&mut self) {
        self.world.update();
    }
    #[inline(never)]
    fn decide(&mut self) {}
    fn checksum(&self) -> u64 {
        self.world.checksum()
    }
}
