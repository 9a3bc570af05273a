//! Counts and durations of built-in nodes read from blackboard entries (BehaviorTree.CPP's
//! `num_attempts="{n}"`, `msec="{t}"`).

use core::time::Duration;

use super::HasBlackboard;
use crate::ReadParam;
use crate::blackboard::Key;

/// The count of a built-in node (`repeat`, `retry`) read from an `i32` blackboard entry each
/// time the node needs it: BehaviorTree.CPP's `num_cycles="{n}"` and `num_attempts="{n}"`, which
/// `bt_xml!` and `bt!`'s `retry("{n}")` build, in a [`FromContext`](crate::FromContext). A
/// negative value means no limit (`u32::MAX`), as BehaviorTree.CPP's `-1`; an entry without a
/// value fails the node (BehaviorTree.CPP throws).
///
/// It keeps the entry's name and the index the entry was last found at, as a port does: a read
/// compares a type id and a pointer, and allocates nothing.
#[derive(Clone, Debug)]
pub struct CountEntry {
    key: Key<i32>,
    slot: usize,
}

impl CountEntry {
    /// The entry named `name`.
    pub const fn new(name: &'static str) -> Self {
        CountEntry { key: Key::new(name), slot: usize::MAX }
    }

    /// The entry's name.
    pub const fn name(&self) -> &'static str {
        self.key.name()
    }
}

fn count(v: i32) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

impl<C: HasBlackboard + ?Sized> ReadParam<C, u32> for CountEntry {
    #[inline]
    fn read(&mut self, ctx: &C) -> Option<u32> {
        ctx.blackboard().get_cached(self.key, &mut self.slot, ctx.now()).map(|&v| count(v))
    }

    fn peek(&self, ctx: &C) -> Option<u32> {
        ctx.blackboard().get(self.key, ctx.now()).map(|&v| count(v))
    }
}

/// The duration of a built-in node (`timeout`, `delay`, `sleep`) read from a `u32` blackboard
/// entry of milliseconds each time the node needs it: BehaviorTree.CPP's `msec="{t}"` and
/// `delay_msec="{t}"`, which `bt_xml!` and `bt!`'s `timeout("{t}")` build, in a
/// [`FromContext`](crate::FromContext). An entry without a value fails the node (a timeout times
/// its child out); BehaviorTree.CPP throws.
#[derive(Clone, Debug)]
pub struct MillisEntry {
    key: Key<u32>,
    slot: usize,
}

impl MillisEntry {
    /// The entry named `name`.
    pub const fn new(name: &'static str) -> Self {
        MillisEntry { key: Key::new(name), slot: usize::MAX }
    }

    /// The entry's name.
    pub const fn name(&self) -> &'static str {
        self.key.name()
    }
}

impl<C: HasBlackboard + ?Sized> ReadParam<C, Duration> for MillisEntry {
    #[inline]
    fn read(&mut self, ctx: &C) -> Option<Duration> {
        let ms = ctx.blackboard().get_cached(self.key, &mut self.slot, ctx.now())?;
        Some(Duration::from_millis(u64::from(*ms)))
    }

    fn peek(&self, ctx: &C) -> Option<Duration> {
        ctx.blackboard().get(self.key, ctx.now()).map(|&ms| Duration::from_millis(u64::from(ms)))
    }
}
