//! The event log the worlds of the newer benchmark trees share: every action's enter and exit
//! (with how it ended) and every root status, folded into one hash (FNV-1a), with counters. Two
//! variants end with the same hash only if they called the same leaves in the same order and
//! halted the same actions at the same ticks.

use bt::{Exit, Status};

/// What happened, hashed, and counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Events {
    /// The hash of every event so far.
    pub log: u64,
    /// Actions entered.
    pub entered: u32,
    /// Actions that ended halted.
    pub halted: u32,
    /// Actions that failed.
    pub failed: u32,
}

impl Default for Events {
    fn default() -> Self {
        Self::new()
    }
}

impl Events {
    /// Nothing happened yet.
    pub const fn new() -> Self {
        Events { log: 0xcbf2_9ce4_8422_2325, entered: 0, halted: 0, failed: 0 }
    }

    /// Folds one value into the hash.
    #[inline]
    pub fn mix(&mut self, v: u64) {
        self.log = (self.log ^ v).wrapping_mul(0x0000_0100_0000_01b3);
    }

    /// An action (numbered `act`) starts.
    #[inline(never)]
    pub fn enter(&mut self, act: u8) {
        self.entered += 1;
        self.mix(act as u64);
    }

    /// An action ends, `how`.
    #[inline(never)]
    pub fn exit(&mut self, act: u8, how: Exit) {
        match how {
            Exit::Halted => self.halted += 1,
            Exit::Failure => self.failed += 1,
            Exit::Success => {}
        }
        self.mix(0x100 * act as u64 + how as u64);
    }

    /// The root's status after a decision.
    #[inline]
    pub fn note(&mut self, status: Status) {
        self.mix(0x1_0000 | status as u64);
    }

    /// The hash with the counters folded in.
    pub fn checksum(&self) -> u64 {
        let mut h = *self;
        h.mix(self.entered as u64);
        h.mix(self.halted as u64);
        h.mix(self.failed as u64);
        h.log
    }
}

/// Declares unit action types whose `enter` and `exit` log the event `$act` of `$ctx.events`
/// and whose `execute` is `$exec` (with `$r` the context).
#[macro_export]
#[doc(hidden)]
macro_rules! logged_actions {
    ($ctx:ty; $($(#[$doc:meta])* $name:ident: $act:expr, |$r:ident| $exec:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl bt::Action<$ctx> for $name {
            #[inline]
            fn enter(&mut self, r: &mut $ctx) {
                r.events.enter($act as u8);
            }
            #[inline]
            fn execute(&mut self, $r: &mut $ctx) -> bt::Status {
                $exec
            }
            #[inline]
            fn exit(&mut self, r: &mut $ctx, how: bt::Exit) {
                r.events.exit($act as u8, how);
            }
        }
    )*};
}

/// Declares unit condition types over `$ctx` whose check is `$ctx::$method`.
#[macro_export]
#[doc(hidden)]
macro_rules! conditions_of {
    ($ctx:ty; $($(#[$doc:meta])* $name:ident => $method:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl bt::Condition<$ctx> for $name {
            #[inline]
            fn check(&mut self, r: &$ctx) -> bool {
                r.$method()
            }
        }
    )*};
}

/// Declares a benchmark variant: a world (`$ctx`, with `update`, `note` and `checksum`) and the
/// brain that decides in it (`$brain`, built by `$make`, ticked by `$tick`).
#[macro_export]
#[doc(hidden)]
macro_rules! tree_variant {
    ($(#[$doc:meta])* $name:ident, $short:literal, $ctx:ty, $brain:ty, $make:expr, |$b:ident, $r:ident| $tick:expr) => {
        $(#[$doc])*
        pub struct $name {
            world: $ctx,
            brain: $brain,
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl $name {
            /// The world at its start, and the brain.
            pub fn new() -> Self {
                $name { world: <$ctx>::new(), brain: $make }
            }

            /// The world.
            pub fn world(&self) -> &$ctx {
                &self.world
            }

            /// The brain (its size is the tree's state).
            pub fn brain(&self) -> &$brain {
                &self.brain
            }
        }

        impl $crate::Variant for $name {
            const NAME: &'static str = $short;
            #[inline(never)]
            fn update_world(&mut self) {
                self.world.update();
            }
            #[inline(never)]
            fn decide(&mut self) {
                let ($b, $r) = (&mut self.brain, &mut self.world);
                let status: bt::Status = $tick;
                $r.note(status);
            }
            fn checksum(&self) -> u64 {
                self.world.checksum()
            }
        }
    };
}

/// Declares the world-only variant of a tree: the world's update, nobody deciding.
#[macro_export]
#[doc(hidden)]
macro_rules! world_only {
    ($(#[$doc:meta])* $name:ident, $ctx:ty) => {
        $(#[$doc])*
        #[derive(Default)]
        pub struct $name {
            world: $ctx,
        }

        impl $name {
            /// The world at its start; nothing decides.
            pub fn new() -> Self {
                $name { world: <$ctx>::new() }
            }
        }

        impl $crate::Variant for $name {
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
    };
}
