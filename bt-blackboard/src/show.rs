//! Printing a blackboard's values: the per-type table of formatters (see the crate docs,
//! "Seeing the values").

use core::any::{Any, TypeId};
use core::fmt;
use core::time::Duration;

use crate::{Blackboard, Entry};

/// A stored value, type-erased: the `Option<T>` an entry holds.
type Erased = dyn Any + Send + Sync;

/// How the values of one type are shown: its `Debug`, and with the feature `serde` its JSON.
/// Made by [`Blackboard::show`] and [`Blackboard::show_json`]; the common types have one by
/// default.
#[derive(Clone, Copy)]
pub struct Show {
    debug: fn(&Erased, &mut fmt::Formatter<'_>) -> fmt::Result,
    #[cfg(feature = "serde")]
    json: fn(&Erased) -> serde_json::Value,
}

impl fmt::Debug for Show {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Show")
    }
}

fn debug_of<T: fmt::Debug + 'static>(v: &Erased, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match v.downcast_ref::<Option<T>>() {
        Some(Some(v)) => fmt::Debug::fmt(v, f),
        _ => f.write_str("None"),
    }
}

#[cfg(feature = "serde")]
fn json_of_debug<T: fmt::Debug + 'static>(v: &Erased) -> serde_json::Value {
    match v.downcast_ref::<Option<T>>() {
        Some(Some(v)) => serde_json::Value::String(alloc::format!("{v:?}")),
        _ => serde_json::Value::Null,
    }
}

#[cfg(feature = "serde")]
fn json_of_serialize<T: serde::Serialize + 'static>(v: &Erased) -> serde_json::Value {
    match v.downcast_ref::<Option<T>>() {
        Some(Some(v)) => serde_json::to_value(v).unwrap_or(serde_json::Value::Null),
        _ => serde_json::Value::Null,
    }
}

#[cfg(feature = "serde")]
fn json_of_duration(v: &Erased) -> serde_json::Value {
    match v.downcast_ref::<Option<Duration>>() {
        Some(Some(d)) => serde_json::Value::from(d.as_secs_f64()),
        _ => serde_json::Value::Null,
    }
}

impl Show {
    /// Shows `T` with its `Debug` (and as JSON, its `Debug` text as a string).
    pub fn debug<T: fmt::Debug + 'static>() -> Show {
        Show {
            debug: debug_of::<T>,
            #[cfg(feature = "serde")]
            json: json_of_debug::<T>,
        }
    }

    /// Shows `T` with its `Debug`, and as JSON with its `Serialize` (feature `serde`).
    #[cfg(feature = "serde")]
    pub fn json<T: fmt::Debug + serde::Serialize + 'static>() -> Show {
        Show { debug: debug_of::<T>, json: json_of_serialize::<T> }
    }
}

/// The show of the common types, or `None`. Looked up once per entry, when its key is first set.
pub(crate) fn default_for<T: 'static>() -> Option<Show> {
    macro_rules! common {
        ($($t:ty),*) => {
            $(
                if TypeId::of::<T>() == TypeId::of::<$t>() {
                    #[cfg(feature = "serde")]
                    return Some(Show::json::<$t>());
                    #[cfg(not(feature = "serde"))]
                    return Some(Show::debug::<$t>());
                }
            )*
        };
    }
    common!(
        i8,
        i16,
        i32,
        i64,
        i128,
        isize,
        u8,
        u16,
        u32,
        u64,
        u128,
        usize,
        f32,
        f64,
        bool,
        char,
        alloc::string::String,
        &'static str
    );
    if TypeId::of::<T>() == TypeId::of::<Duration>() {
        return Some(Show {
            debug: debug_of::<Duration>,
            #[cfg(feature = "serde")]
            json: json_of_duration,
        });
    }
    None
}

/// One entry of a blackboard, as [`Blackboard::entries`] lists it: its name, its type, its
/// expiry, and its value as text (`Debug`, which [`value`](Self::value) returns) or JSON.
#[derive(Clone, Copy)]
pub struct EntryView<'a> {
    entry: &'a Entry,
}

impl<'a> EntryView<'a> {
    /// The key's name.
    pub fn name(&self) -> &'static str {
        self.entry.name
    }

    /// The value's type, as `core::any::type_name` writes it.
    pub fn type_name(&self) -> &'static str {
        self.entry.type_name
    }

    /// When the value expires, if it was set with a time-to-live.
    pub fn expires_at(&self) -> Option<Duration> {
        self.entry.expires_at
    }

    /// Whether the value's type is shown (registered or common): else it prints as its type name.
    pub fn is_shown(&self) -> bool {
        self.entry.show.is_some()
    }

    /// The value, to print with `{:?}`: its `Debug` when its type is shown, else its type name in
    /// angle brackets (`<my_crate::Secret>`).
    pub fn value(&self) -> impl fmt::Debug + 'a {
        ShownValue(self.entry)
    }

    /// The value as JSON (feature `serde`): its `Serialize` for types registered with
    /// [`Blackboard::show_json`] and the common types (a `Duration` in seconds), its `Debug` text
    /// as a string for types registered with [`Blackboard::show`], and `null` for the others (as
    /// BehaviorTree.CPP exports a value without a JSON converter).
    #[cfg(feature = "serde")]
    pub fn to_json(&self) -> serde_json::Value {
        match self.entry.show {
            Some(show) => (show.json)(&*self.entry.value),
            None => serde_json::Value::Null,
        }
    }
}

impl fmt::Debug for EntryView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entry")
            .field("name", &self.name())
            .field("value", &ShownValue(self.entry))
            .field("expires_at", &self.expires_at())
            .finish()
    }
}

struct ShownValue<'a>(&'a Entry);

impl fmt::Debug for ShownValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.show {
            Some(show) => (show.debug)(&*self.0.value, f)?,
            None => write!(f, "<{}>", self.0.type_name)?,
        }
        if let Some(at) = self.0.expires_at {
            write!(f, " (until {at:?})")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Blackboard {
    /// Every entry holding a value (expired ones until purged), with its value and expiry:
    /// `{"food": Pos(3, 4) (until 15s), "seen": 1}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.entries.iter().filter(|e| e.present).map(|e| (e.name, ShownValue(e))))
            .finish()
    }
}

impl Blackboard {
    /// Prints the values of type `T` with their `Debug` (see the crate docs, "Seeing the
    /// values"): from now on, and the entries of that type already set. With the feature `serde`,
    /// their JSON is their `Debug` text; [`show_json`](Self::show_json) gives them their own.
    pub fn show<T: fmt::Debug + Send + Sync + 'static>(&mut self) -> &mut Self {
        self.register(TypeId::of::<T>(), Show::debug::<T>())
    }

    /// Prints the values of type `T` with their `Debug`, and exports them as JSON with their
    /// `Serialize` (feature `serde`), as Groot2's monitor shows them.
    #[cfg(feature = "serde")]
    pub fn show_json<T: fmt::Debug + serde::Serialize + Send + Sync + 'static>(&mut self) -> &mut Self {
        self.register(TypeId::of::<T>(), Show::json::<T>())
    }

    fn register(&mut self, ty: TypeId, show: Show) -> &mut Self {
        match self.shows.iter_mut().find(|(t, _)| *t == ty) {
            Some(slot) => slot.1 = show,
            None => self.shows.push((ty, show)),
        }
        for e in self.entries.iter_mut().filter(|e| e.ty == ty) {
            e.show = Some(show);
        }
        self
    }

    /// Every entry holding a value valid at `now`, in the order the keys were first set.
    pub fn entries(&self, now: Duration) -> impl Iterator<Item = EntryView<'_>> + '_ {
        self.entries.iter().filter(move |e| e.valid(now)).map(|entry| EntryView { entry })
    }

    /// The entries valid at `now` as one JSON object, `{name: value}` (feature `serde`; see
    /// [`EntryView::to_json`]), with its keys in order. When two entries share a name (different
    /// types), the one set first is kept. An empty blackboard is `null`, as BehaviorTree.CPP
    /// exports one.
    #[cfg(feature = "serde")]
    pub fn to_json(&self, now: Duration) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        for e in self.entries(now) {
            if !map.contains_key(e.name()) {
                map.insert(e.name().into(), e.to_json());
            }
        }
        if map.is_empty() { serde_json::Value::Null } else { serde_json::Value::Object(map) }
    }
}
