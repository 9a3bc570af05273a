//! The dynamic blackboard of `bt`: shared data keyed by typed keys, with optional time-to-live.
//!
//! Use it through `bt::blackboard` (feature `alloc`, on by default). For the zero-cost alternative
//! keep your shared data as plain fields of your context, with [`Expiring`](bt_runtime::Expiring)
//! cells for values that expire.
//!
//! ```
//! use bt_blackboard::{Blackboard, Key};
//! use core::time::Duration;
//!
//! #[derive(Debug, Clone, Copy, PartialEq)]
//! struct Pos(i32, i32);
//!
//! const TARGET: Key<Pos> = Key::new("target");
//! const SEEN: Key<u32> = Key::new("seen");
//!
//! let s = Duration::from_secs;
//! let mut bb = Blackboard::new();
//! bb.set_for(TARGET, Pos(3, 4), s(10), s(5)); // valid until t = 15 s
//! bb.set(SEEN, 1);
//! assert_eq!(bb.get(TARGET, s(12)), Some(&Pos(3, 4)));
//! assert_eq!(bb.get(TARGET, s(16)), None); // expired
//! assert!(bb.contains(SEEN, s(16)));
//! *bb.get_mut(SEEN, s(16)).unwrap() += 1;
//! assert_eq!(bb.remove(SEEN), Some(2));
//! assert!(!bb.contains(SEEN, s(16)));
//! ```
//!
//! # Keys
//!
//! A [`Key<T>`] is a name and a type: `const FOOD: Key<Pos> = Key::new("food");`. The value type is
//! checked at compile time — `bb.get(FOOD, now)` is an `Option<&Pos>`, with no cast in user code. Two
//! keys with the same name but different types are different entries.
//!
//! # Cost
//!
//! Entries live in a vector searched linearly, comparing the name's pointer first (keys are usually
//! `const`s, so the same string) and the [`TypeId`]: no hashing, and for the handful of entries a
//! behavior tree shares this beats a hash map. The first `set` of a key allocates its slot; later
//! `set`s, `remove`s and every read reuse it and never allocate.
//!
//! Values are stored type-erased (`Box<dyn Any + Send + Sync>`, the only safe type erasure Rust
//! has), which is why this blackboard lives in its own crate, away from the statically dispatched
//! tick path of `bt-runtime`.
//!
//! # Seeing the values
//!
//! A blackboard stores values of any type, but it can only print those whose type it knows how
//! to print: the common ones — integers, floats, `bool`, `char`, `String`, `&'static str`,
//! `Duration` — and every type registered with [`Blackboard::show`] (its `Debug`) or, with the
//! feature `serde`, [`Blackboard::show_json`] (its `Debug` and its `Serialize`). `{:?}` prints
//! each entry with its value (an unregistered type prints as its type name in angle brackets), and
//! [`Blackboard::entries`] lists them, as text or JSON (what Groot2's monitor shows):
//!
//! ```
//! use bt_blackboard::{Blackboard, Key};
//!
//! #[derive(Debug)]
//! struct Pos(i32, i32);
//! struct Secret;
//!
//! let mut bb = Blackboard::new();
//! bb.set(Key::new("count"), 3u32);
//! bb.set(Key::new("secret"), Secret);
//! bb.set(Key::new("target"), Pos(3, 4));
//! let text = format!("{bb:?}");
//! assert!(text.starts_with(r#"{"count": 3, "secret": <"#) && text.ends_with(r#"Pos>}"#));
//! bb.show::<Pos>(); // from now on, and for the entries already set
//! assert!(format!("{bb:?}").ends_with(r#"Secret>, "target": Pos(3, 4)}"#));
//! ```
//!
//! The per-type table costs nothing on reads and writes: an entry finds its type's formatter once,
//! when its key is first set (or when the type is registered), and keeps it.
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::any::{Any, TypeId};
use core::time::Duration;

mod key;
mod lookup;
mod show;

pub use key::{Key, Missing};

pub use show::{EntryView, Show};

struct Entry {
    name: &'static str,
    ty: TypeId,
    /// `core::any::type_name` of the value's type.
    type_name: &'static str,
    /// How the value is shown, when its type is registered.
    show: Option<Show>,
    /// Holds an `Option<T>`: `None` after a `remove`, so the slot is reused without allocating.
    value: Box<dyn Any + Send + Sync>,
    /// Drops the value held in `value` (knows its type).
    drop_value: fn(&mut (dyn Any + Send + Sync)),
    present: bool,
    expires_at: Option<Duration>,
}

fn drop_value<T: 'static>(value: &mut (dyn Any + Send + Sync)) {
    if let Some(v) = value.downcast_mut::<Option<T>>() {
        *v = None;
    }
}

impl Entry {
    fn valid(&self, now: Duration) -> bool {
        self.present && self.expires_at.is_none_or(|t| now <= t)
    }
}

/// Shared data keyed by [`Key`]s, with optional time-to-live (the classic expiring blackboard of game-AI frameworks).
///
/// Every read takes the current time `now` (from your [`Clock`](bt_runtime::Clock)): a value set
/// with time-to-live `ttl` at time `t` is readable while `now <= t + ttl`, and reads as absent after.
/// Expired values stay in memory until overwritten, removed or [`purge_expired`](Self::purge_expired).
///
/// Its `Debug` prints every entry holding a value, with the value and its expiry (see
/// [`show`](Self::show) for which values print).
#[derive(Default)]
pub struct Blackboard {
    entries: Vec<Entry>,
    /// The types registered with [`show`](Self::show), beyond the defaults.
    shows: Vec<(TypeId, Show)>,
}

impl Blackboard {
    /// An empty blackboard.
    pub const fn new() -> Self {
        Blackboard { entries: Vec::new(), shows: Vec::new() }
    }

    /// An empty blackboard with room for `n` keys before it allocates.
    pub fn with_capacity(n: usize) -> Self {
        Blackboard { entries: Vec::with_capacity(n), shows: Vec::new() }
    }

    #[inline]
    fn find<T: 'static>(&self, key: Key<T>) -> Option<usize> {
        let ty = TypeId::of::<T>();
        self.entries.iter().position(|e| {
            e.ty == ty
                && (core::ptr::eq(e.name.as_ptr(), key.name.as_ptr()) && e.name.len() == key.name.len()
                    || e.name == key.name)
        })
    }

    fn slot<T: Send + Sync + 'static>(&mut self, key: Key<T>) -> &mut Entry {
        let i = match self.find(key) {
            Some(i) => i,
            None => {
                let ty = TypeId::of::<T>();
                let show = self
                    .shows
                    .iter()
                    .find(|(t, _)| *t == ty)
                    .map(|(_, s)| *s)
                    .or_else(show::default_for::<T>);
                self.entries.push(Entry {
                    name: key.name,
                    ty,
                    type_name: core::any::type_name::<T>(),
                    show,
                    value: Box::new(None::<T>),
                    drop_value: drop_value::<T>,
                    present: false,
                    expires_at: None,
                });
                self.entries.len() - 1
            }
        };
        &mut self.entries[i]
    }

    fn store<T: Send + Sync + 'static>(&mut self, key: Key<T>, value: T, expires_at: Option<Duration>) {
        let e = self.slot(key);
        if let Some(v) = e.value.downcast_mut::<Option<T>>() {
            *v = Some(value);
        }
        e.present = true;
        e.expires_at = expires_at;
    }

    /// Whether entry `i` is the entry of `key` (a pointer comparison of the name, no string
    /// comparison).
    #[inline]
    fn is_at<T: 'static>(&self, i: usize, key: Key<T>) -> bool {
        self.entries.get(i).is_some_and(|e| {
            e.ty == TypeId::of::<T>()
                && core::ptr::eq(e.name.as_ptr(), key.name.as_ptr())
                && e.name.len() == key.name.len()
        })
    }

    /// The index of `key`'s entry, using and refreshing the cached index `slot`: when `slot`
    /// already points at the entry (the usual case once the entry exists), this compares a
    /// [`TypeId`] and a pointer and nothing else.
    #[inline]
    fn find_cached<T: 'static>(&self, key: Key<T>, slot: &mut usize) -> Option<usize> {
        if self.is_at(*slot, key) {
            return Some(*slot);
        }
        let i = self.find(key)?;
        *slot = i;
        Some(i)
    }

    /// Like [`get`](Self::get), with a cached entry index `slot` (start it at `usize::MAX`): once
    /// the entry exists and `slot` has found it, a read compares a type id and a name pointer, and
    /// never a string. This is how `bt::ports` reads a port on every tick.
    #[inline]
    pub fn get_cached<T: 'static>(&self, key: Key<T>, slot: &mut usize, now: Duration) -> Option<&T> {
        let i = self.find_cached(key, slot)?;
        let e = &self.entries[i];
        if !e.valid(now) {
            return None;
        }
        e.value.downcast_ref::<Option<T>>()?.as_ref()
    }

    /// Like [`get_mut`](Self::get_mut), with a cached entry index (see [`get_cached`](Self::get_cached)).
    #[inline]
    pub fn get_mut_cached<T: 'static>(
        &mut self,
        key: Key<T>,
        slot: &mut usize,
        now: Duration,
    ) -> Option<&mut T> {
        let i = self.find_cached(key, slot)?;
        let e = &mut self.entries[i];
        if !e.valid(now) {
            return None;
        }
        e.value.downcast_mut::<Option<T>>()?.as_mut()
    }

    /// Like [`set`](Self::set), with a cached entry index (see [`get_cached`](Self::get_cached)):
    /// allocates only the first time the key is set.
    #[inline]
    pub fn set_cached<T: Send + Sync + 'static>(&mut self, key: Key<T>, slot: &mut usize, value: T) {
        let i = match self.find_cached(key, slot) {
            Some(i) => i,
            None => {
                self.set(key, value);
                *slot = self.entries.len() - 1;
                return;
            }
        };
        let e = &mut self.entries[i];
        if let Some(v) = e.value.downcast_mut::<Option<T>>() {
            *v = Some(value);
        }
        e.present = true;
        e.expires_at = None;
    }

    /// Stores `value` under `key`, with no expiry (replacing any previous value).
    pub fn set<T: Send + Sync + 'static>(&mut self, key: Key<T>, value: T) {
        self.store(key, value, None);
    }

    /// Stores `value` under `key`, readable until `now + ttl` (inclusive).
    pub fn set_for<T: Send + Sync + 'static>(&mut self, key: Key<T>, value: T, now: Duration, ttl: Duration) {
        self.store(key, value, Some(now.saturating_add(ttl)));
    }

    /// The value under `key`, unless absent or expired at `now`.
    pub fn get<T: 'static>(&self, key: Key<T>, now: Duration) -> Option<&T> {
        self.try_get(key, now).ok()
    }

    /// The value under `key` mutably, unless absent or expired at `now`.
    pub fn get_mut<T: 'static>(&mut self, key: Key<T>, now: Duration) -> Option<&mut T> {
        let i = self.find(key)?;
        let e = &mut self.entries[i];
        if !e.valid(now) {
            return None;
        }
        e.value.downcast_mut::<Option<T>>()?.as_mut()
    }

    /// A copy of the value under `key`, or `default` if it is absent or expired at `now`.
    pub fn get_or<T: Clone + 'static>(&self, key: Key<T>, now: Duration, default: T) -> T {
        self.get(key, now).cloned().unwrap_or(default)
    }

    /// Whether a value is under `key` and not expired at `now`.
    pub fn contains<T: 'static>(&self, key: Key<T>, now: Duration) -> bool {
        self.find(key).is_some_and(|i| self.entries[i].valid(now))
    }

    /// When the value under `key` expires (`None` if absent or set without expiry).
    pub fn expires_at<T: 'static>(&self, key: Key<T>) -> Option<Duration> {
        self.find(key).map(|i| &self.entries[i]).filter(|e| e.present).and_then(|e| e.expires_at)
    }

    /// Removes the value under `key` and returns it, expired or not. The key's slot is kept, so
    /// setting it again does not allocate.
    pub fn remove<T: 'static>(&mut self, key: Key<T>) -> Option<T> {
        let i = self.find(key)?;
        let e = &mut self.entries[i];
        e.present = false;
        e.expires_at = None;
        e.value.downcast_mut::<Option<T>>()?.take()
    }

    /// Removes the value of the entry named `name`, whatever its type (BehaviorTree.CPP's
    /// `UnsetBlackboard`), and says whether it held one. `slot` caches the entry's index as in
    /// [`get_cached`](Self::get_cached) (start it at `usize::MAX`): once found, a call compares a
    /// name pointer and nothing else. The slot is kept, so setting the entry again does not
    /// allocate.
    pub fn unset_cached(&mut self, name: &'static str, slot: &mut usize) -> bool {
        let cached = self
            .entries
            .get(*slot)
            .is_some_and(|e| core::ptr::eq(e.name.as_ptr(), name.as_ptr()) && e.name.len() == name.len());
        if !cached {
            match self.entries.iter().position(|e| e.name == name) {
                Some(i) => *slot = i,
                None => return false,
            }
        }
        let e = &mut self.entries[*slot];
        let held = e.present;
        (e.drop_value)(&mut *e.value);
        e.present = false;
        e.expires_at = None;
        held
    }

    /// Drops every value that has expired at `now` (slots are kept).
    pub fn purge_expired(&mut self, now: Duration) {
        for e in &mut self.entries {
            if e.present && !e.valid(now) {
                e.present = false;
                e.expires_at = None;
                (e.drop_value)(&mut *e.value);
            }
        }
    }

    /// Number of keys holding a value (expired values included until purged).
    pub fn len(&self) -> usize {
        self.entries.iter().filter(|e| e.present).count()
    }

    /// Whether no key holds a value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The names of the keys holding a value that is valid at `now`.
    pub fn keys(&self, now: Duration) -> impl Iterator<Item = &'static str> + '_ {
        self.entries.iter().filter(move |e| e.valid(now)).map(|e| e.name)
    }

    /// Removes every value (slots are kept, so later `set`s do not allocate).
    pub fn clear(&mut self) {
        for e in &mut self.entries {
            e.present = false;
            e.expires_at = None;
            (e.drop_value)(&mut *e.value);
        }
    }
}

#[cfg(test)]
mod tests;
