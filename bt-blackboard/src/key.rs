//! Typed keys, and why a read found nothing.

use core::fmt;
use core::marker::PhantomData;
use core::time::Duration;

/// A typed blackboard key: a name and the type of the value stored under it.
pub struct Key<T> {
    pub(crate) name: &'static str,
    ty: PhantomData<fn() -> T>,
}

impl<T> Key<T> {
    /// A key named `name` for values of type `T`; usable in `const`s.
    pub const fn new(name: &'static str) -> Self {
        Key { name, ty: PhantomData }
    }

    /// The key's name.
    pub const fn name(&self) -> &'static str {
        self.name
    }
}

impl<T> Clone for Key<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Key<T> {}

impl<T> fmt::Debug for Key<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Key<{}>({:?})", core::any::type_name::<T>(), self.name)
    }
}

/// Why [`Blackboard::try_get`](crate::Blackboard::try_get) found no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// Nothing was ever set under the key's name, or it was removed.
    Absent,
    /// A value was set, but its time-to-live ran out at the given time.
    Expired {
        /// When the value expired.
        at: Duration,
    },
    /// A value is set under the key's name, but of another type: the key reads a `wanted`, the
    /// entry holds a `stored` (two keys with one name and two types are two entries).
    WrongType {
        /// `core::any::type_name` of the value set under the name.
        stored: &'static str,
        /// `core::any::type_name` of the key's type.
        wanted: &'static str,
    },
}

impl fmt::Display for Missing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Missing::Absent => f.write_str("no value under this key"),
            Missing::Expired { at } => write!(f, "the value expired at {at:?}"),
            Missing::WrongType { stored, wanted } => {
                write!(f, "the value under this name is a `{stored}`, not a `{wanted}`")
            }
        }
    }
}
