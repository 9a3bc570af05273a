//! The port fields of a leaf: [`Input`], [`Output`], [`InOut`], and what reading one says when it
//! finds nothing ([`ReadError`]).

use super::HasBlackboard;
use crate::blackboard::{Key, Missing};

/// Where a port's value comes from.
#[derive(Clone, Debug)]
enum Source<T> {
    Unbound,
    Value(T),
    Key(Key<T>, usize),
}

/// An input port: a literal, or a blackboard entry read on every access.
#[derive(Clone, Debug)]
pub struct Input<T>(Source<T>);

/// An output port: the blackboard entry the leaf writes.
#[derive(Clone, Debug)]
pub struct Output<T>(Option<(Key<T>, usize)>);

/// A port the leaf both reads and writes: a blackboard entry.
#[derive(Clone, Debug)]
pub struct InOut<T>(Option<(Key<T>, usize)>);

impl<T> Input<T> {
    /// The literal `value`.
    pub const fn value(value: T) -> Self {
        Input(Source::Value(value))
    }

    /// The blackboard entry `key`.
    pub const fn key(key: Key<T>) -> Self {
        Input(Source::Key(key, usize::MAX))
    }

    /// Not bound: reads give `None`.
    pub const fn unbound() -> Self {
        Input(Source::Unbound)
    }

    /// Parses `text` with `T`'s [`FromStr`](core::str::FromStr), once, when the tree is built (the
    /// XML import's literals of types that are not numbers or bools). Panics with `at` (the
    /// file and line) and the reason when `text` is not a `T`.
    pub fn parse(text: &str, at: &str) -> Self
    where
        T: core::str::FromStr,
        T::Err: core::fmt::Display,
    {
        match text.parse() {
            Ok(v) => Input(Source::Value(v)),
            Err(e) => panic!("{at}: `{text}` is not a valid `{}`: {e}", core::any::type_name::<T>()),
        }
    }

    /// Whether the port is bound to a literal or a key.
    pub fn is_bound(&self) -> bool {
        !matches!(self.0, Source::Unbound)
    }

    /// The value: the literal, or the entry's current value (`None` when unbound, absent or
    /// expired).
    #[inline]
    pub fn get<'a, C: HasBlackboard + ?Sized>(&'a mut self, ctx: &'a C) -> Option<&'a T>
    where
        T: 'static,
    {
        match &mut self.0 {
            Source::Value(v) => Some(v),
            Source::Key(k, slot) => ctx.blackboard().get_cached(*k, slot, ctx.now()),
            Source::Unbound => None,
        }
    }

    /// The value, or why there is none ([`ReadError`]): the port is unbound, or its entry is
    /// absent, expired, or holds another type. Costs what [`get`](Self::get) costs when the
    /// value is there.
    ///
    /// # Errors
    ///
    /// [`ReadError`], which says which entry and why.
    #[inline]
    pub fn try_get<'a, C: HasBlackboard + ?Sized>(&'a mut self, ctx: &'a C) -> Result<&'a T, ReadError>
    where
        T: 'static,
    {
        match &mut self.0 {
            Source::Value(v) => Ok(v),
            Source::Key(k, slot) => ctx
                .blackboard()
                .try_get_cached(*k, slot, ctx.now())
                .map_err(|why| ReadError::Missing { key: k.name(), why }),
            Source::Unbound => Err(ReadError::Unbound),
        }
    }
}

/// Why a port read found no value ([`Input::try_get`], [`InOut::try_get`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The port is bound to no literal and no entry.
    Unbound,
    /// The port's entry has no value of the port's type: why is [`Missing`]'s (absent,
    /// expired, or another type under the name, with both type names).
    Missing {
        /// The entry's name.
        key: &'static str,
        /// Why it has no value.
        why: Missing,
    },
}

impl core::fmt::Display for ReadError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReadError::Unbound => f.write_str("the port is bound to no value and no blackboard entry"),
            ReadError::Missing { key, why } => write!(f, "`{key}`: {why}"),
        }
    }
}

impl core::error::Error for ReadError {}

impl<T> Default for Input<T> {
    /// Unbound.
    fn default() -> Self {
        Input::unbound()
    }
}

impl<T> From<Key<T>> for Input<T> {
    fn from(key: Key<T>) -> Self {
        Input::key(key)
    }
}

macro_rules! keyed_port {
    ($name:ident) => {
        impl<T> $name<T> {
            /// The blackboard entry `key`.
            pub const fn key(key: Key<T>) -> Self {
                $name(Some((key, usize::MAX)))
            }

            /// Not bound: writes are dropped, reads give `None`.
            pub const fn unbound() -> Self {
                $name(None)
            }

            /// Whether the port is bound to a key.
            pub fn is_bound(&self) -> bool {
                self.0.is_some()
            }

            /// Writes `value` to the entry (nothing when unbound). Allocates only the first time
            /// the entry is created.
            #[inline]
            pub fn set<C: HasBlackboard + ?Sized>(&mut self, ctx: &mut C, value: T)
            where
                T: Send + Sync + 'static,
            {
                if let Some((k, slot)) = &mut self.0 {
                    ctx.blackboard_mut().set_cached(*k, slot, value);
                }
            }

            /// Writes a copy of `value` to the entry (nothing when unbound), into the value it
            /// holds ([`Clone::clone_from`]): a `String` or a `Vec` reuses its buffer, so once
            /// the entry has held a value as long, writing allocates nothing.
            #[inline]
            pub fn set_from<C: HasBlackboard + ?Sized>(&mut self, ctx: &mut C, value: &T)
            where
                T: Clone + Send + Sync + 'static,
            {
                if let Some((k, slot)) = &mut self.0 {
                    let now = ctx.now();
                    let bb = ctx.blackboard_mut();
                    if let Some(held) = bb.get_mut_cached(*k, slot, now) {
                        held.clone_from(value);
                        return;
                    }
                    bb.set_cached(*k, slot, value.clone());
                }
            }
        }

        impl<T> Default for $name<T> {
            /// Unbound.
            fn default() -> Self {
                $name::unbound()
            }
        }

        impl<T> From<Key<T>> for $name<T> {
            fn from(key: Key<T>) -> Self {
                $name::key(key)
            }
        }
    };
}

keyed_port!(Output);
keyed_port!(InOut);

impl<T> InOut<T> {
    /// The entry's current value (`None` when unbound, absent or expired).
    #[inline]
    pub fn get<'a, C: HasBlackboard + ?Sized>(&'a mut self, ctx: &'a C) -> Option<&'a T>
    where
        T: 'static,
    {
        let (k, slot) = self.0.as_mut()?;
        ctx.blackboard().get_cached(*k, slot, ctx.now())
    }

    /// The entry's current value, or why there is none (see [`Input::try_get`]).
    ///
    /// # Errors
    ///
    /// [`ReadError`], which says which entry and why.
    #[inline]
    pub fn try_get<'a, C: HasBlackboard + ?Sized>(&'a mut self, ctx: &'a C) -> Result<&'a T, ReadError>
    where
        T: 'static,
    {
        let (k, slot) = self.0.as_mut().ok_or(ReadError::Unbound)?;
        ctx.blackboard()
            .try_get_cached(*k, slot, ctx.now())
            .map_err(|why| ReadError::Missing { key: k.name(), why })
    }

    /// The entry's current value, to change in place.
    #[inline]
    pub fn get_mut<'a, C: HasBlackboard + ?Sized>(&'a mut self, ctx: &'a mut C) -> Option<&'a mut T>
    where
        T: 'static,
    {
        let (k, slot) = self.0.as_mut()?;
        let now = ctx.now();
        ctx.blackboard_mut().get_mut_cached(*k, slot, now)
    }
}

/// A port type that can be bound to a blackboard key by name (what the XML import writes for
/// `port="{key}"`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a port, so it cannot be bound to a blackboard key",
    note = "declare the field as `bt::ports::Input<T>`, `Output<T>` or `InOut<T>`"
)]
pub trait BindKey {
    /// The port bound to the entry named `name`.
    fn bind_key(name: &'static str) -> Self;
}

impl<T> BindKey for Input<T> {
    fn bind_key(name: &'static str) -> Self {
        Input::key(Key::new(name))
    }
}

impl<T> BindKey for Output<T> {
    fn bind_key(name: &'static str) -> Self {
        Output::key(Key::new(name))
    }
}

impl<T> BindKey for InOut<T> {
    fn bind_key(name: &'static str) -> Self {
        InOut::key(Key::new(name))
    }
}

/// The port of the field it initializes, bound to the entry `name` (see [`BindKey`]).
pub fn key<P: BindKey>(name: &'static str) -> P {
    P::bind_key(name)
}
